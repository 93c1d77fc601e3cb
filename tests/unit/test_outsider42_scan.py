"""Outsider 23's scan defects (tests/data/outsider42/REPORT.md): each case keeps only the real
lines it needs, with its repository, commit and path:line beside them."""

from __future__ import annotations

from pathlib import Path

import msgspec

from bringup.model import Step, file_source
from bringup.model.plan import Reason
from bringup.report.reason_wording import reason_text
from bringup.scan import scan_stack
from bringup.scan.builtruns import device_programs, runs_built_program
from bringup.scan.cmake import extract_cmake
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.localpaths import with_local_paths
from bringup.scan.pkgimports import package_imports
from bringup.scan.scopes import OPTIONAL


def _found(text: str, rel: str = "README.md") -> dict[str, tuple[str, int | None]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return {r.subject: (r.spec, r.source.line) for r in extract_docs(file).requirements}


def test_a_row_of_the_driver_and_firmware_states_the_drivers_version() -> None:
    # D1: Ascend/Megatron-LM@57f9d1c README.md:41-51 (the table's header cells shortened); the
    # row's first cell names both, as hicann/shmem's column "驱动固件" does
    text = (
        "## 准备环境\n\n"
        "- 推荐使用的版本\n\n"
        "  | 配套        | 版本 |\n"
        "  | ---------- | ---- |\n"
        "  | 固件与驱动   | [22.0.RC3]"
        "(https://www.hiascend.com/hardware/firmware-drivers?tag=commercial) |\n"
        "  | CANN       | [6.1.RC1]"
        "(https://www.hiascend.com/software/cann/commercial?version=6.1.RC1) |\n"
        "  | PyTorch    | [1.8.1](https://gitee.com/ascend/pytorch/tree/master/)|\n"
    )
    found = _found(text)
    assert found["ascend_driver"] == (">=22.0.RC3", 7)
    # released with that driver; the firmware's own numbering is another, unstated
    assert found["ascend_firmware"] == ("", 7)
    assert found["cann"] == ("==6.1.RC1", 8)
    # a row naming neither states no driver
    assert "ascend_driver" not in _found(text.replace("固件与驱动", "文档"))


def test_a_requirements_file_the_checkout_lacks_is_missing() -> None:
    # D5: Felix-fz/Atlas200_YOLOv5_DVPP_AIPP@bd2d9f0 README.md:36-38 clones yolov5 and installs
    # its list; the checkout holds no requirements.txt (its files: README.md, build.sh, src/...)
    source = file_source("README.md", 38)
    argv = ("pip", "install", "-r", "requirements.txt")
    step = Step(name="i", kind="install", argv=argv, source=source)
    files = {"README.md", "build.sh", "src/main.cpp", "src/CMakeLists.txt"}
    assert with_local_paths(step, files).needs.missing == ("requirements.txt",)
    # the cases that stay: a list the checkout has where the step runs, one by URL or variable
    assert with_local_paths(step, {*files, "requirements.txt"}).needs.missing == ()
    in_docs = msgspec.structs.replace(step, cwd="docs")
    assert with_local_paths(in_docs, {"docs/requirements.txt"}).needs.missing == ()
    # a list of another name is none the walk records (requirements/dev.in, pip-tools' input)
    for listed in ("https://example.org/r.txt", "$REQS", "{requirements_file}", "dev.in"):
        other = Step(name="i", kind="install", argv=("pip", "install", "-r", listed), source=source)
        assert with_local_paths(other, files).needs.missing == ()


def test_a_missing_requirements_file_is_not_run_here() -> None:
    # the step said in words: a list is installed from, not run
    reason = Reason(kind="missing", subject=".", need="requirements.txt")
    assert reason_text(reason) == "installs from requirements.txt, which the repo does not have"


def _imported(tmp_path: Path, name: str, text: str) -> dict[str, int | None]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return {r.subject: r.source.line for r in package_imports(tmp_path, ".", "repo", [])}


def test_megatron_core_is_only_the_import_of_megatron_core(tmp_path: Path) -> None:
    # D3: Ascend/Megatron-LM@57f9d1c bugfix.py:5-7,186,205 (a repo of top-level scripts; its
    # README.md:57-62 clones NVIDIA/Megatron-LM at a commit): megatron.model is Megatron-LM's
    # source tree, which the megatron-core wheel does not ship (it packs megatron.core only)
    text = (
        "import numpy as np\n"
        "import torch\n"
        "import torch_npu\n"
        "import megatron\n"
        "from megatron.model.module import fp32_to_float16, float16_to_fp32, conversion_helper\n"
    )
    found = _imported(tmp_path, "bugfix.py", text)
    assert found == {"pypi:numpy": 1, "torch": 2, "torch_npu": 3}
    # an import of megatron.core is the distribution's (a constructed line added)
    found = _imported(tmp_path, "bugfix.py", text + "from megatron.core import mpu\n")
    assert found["pypi:megatron-core"] == 6


# dfm/extending-jax@371dca9 CMakeLists.txt:1-2,14-29 (its pybind11 lines cut)
_PROBED_CUDA = """cmake_minimum_required(VERSION 3.15...3.26)
project(${SKBUILD_PROJECT_NAME} LANGUAGES C CXX)
# Include the CUDA extensions if possible
include(CheckLanguage)
check_language(CUDA)

if(CMAKE_CUDA_COMPILER)
  enable_language(CUDA)
  include_directories(${CMAKE_CUDA_TOOLKIT_INCLUDE_DIRECTORIES})
  pybind11_add_module(
    gpu_ops
    ${CMAKE_CURRENT_LIST_DIR}/lib/kernels.cc.cu
    ${CMAKE_CURRENT_LIST_DIR}/lib/gpu_ops.cc)
  install(TARGETS gpu_ops LIBRARY DESTINATION .)
else()
  message(STATUS "Building without CUDA")
endif()
"""
# dfm/extending-jax@371dca9 README.md:436-440 (the GPU section's sentence, one line)
_GPU_SECTION = (
    "## Defining an XLA custom call on the GPU\n\n"
    "The custom call on the GPU isn't terribly different from the CPU version above, but the "
    "syntax is somewhat different and there's a heck of a lot more boilerplate required. Since "
    "we need to compile and link CUDA code, there are also a few more packaging steps, but "
    "we'll get to that in the next section.\n"
)


def test_a_language_enabled_under_its_compiler_probe_is_optional(tmp_path: Path) -> None:
    # D8: the build goes on without CUDA; the tutorial's sentence is the optional feature's
    file = SourceFile(ref="CMakeLists.txt", rel="CMakeLists.txt", text=_PROBED_CUDA)
    (cuda,) = [r for r in extract_cmake(file).requirements if r.subject == "cuda"]
    assert (cuda.hard, cuda.feature) == (False, OPTIONAL)
    (tmp_path / "CMakeLists.txt").write_text(_PROBED_CUDA, encoding="utf-8")
    (tmp_path / "README.md").write_text(_GPU_SECTION, encoding="utf-8")
    (component,) = scan_stack([str(tmp_path)]).components
    assert [r for r in component.requirements if r.subject == "cuda" and not r.feature] == []
    # the case that stays: a build that enables CUDA outright needs it
    outright = _PROBED_CUDA.replace("if(CMAKE_CUDA_COMPILER)", "if(TRUE)")
    (tmp_path / "CMakeLists.txt").write_text(outright, encoding="utf-8")
    (component,) = scan_stack([str(tmp_path)]).components
    assert [r.hard for r in component.requirements if r.subject == "cuda" and not r.feature]


def test_a_target_linking_opencv_modules_needs_opencv() -> None:
    # D6: Felix-fz/Atlas200_YOLOv5_DVPP_AIPP@bd2d9f0 src/CMakeLists.txt:47-49,85-89, no
    # find_package; the headers from the host's folder
    includes = (
        "include_directories(\n"
        "    $ENV{HOME}/ascend_ddk/${ARCH}/include/\n"
        "    $ENV{HOME}/ascend_ddk/${ARCH}/include/opencv4\n"
        ")\n"
    )
    text = includes + (
        'if(target STREQUAL "Simulator_Function")\n'
        "    target_link_libraries(main funcsim)\n"
        "else()\n"
        "    target_link_libraries(main ascendcl acl_dvpp stdc++ opencv_highgui  opencv_core "
        "opencv_imgproc opencv_imgcodecs opencv_calib3d opencv_features2d opencv_videoio "
        "pthread)\n"
        "endif()\n"
    )
    file = SourceFile(ref="src/CMakeLists.txt", rel="src/CMakeLists.txt", text=text)
    (opencv,) = [r for r in extract_cmake(file).requirements if r.subject == "cmake:OpenCV"]
    assert (opencv.spec, opencv.source.line, opencv.hard) == ("", 8, True)
    # a file that says nothing of where OpenCV is may link the repo's own build of it
    # (the same link alone)
    alone = SourceFile(
        ref="src/CMakeLists.txt", rel="src/CMakeLists.txt", text=text[len(includes) :]
    )
    assert "cmake:OpenCV" not in {r.subject for r in extract_cmake(alone).requirements}
    # a find of the package names the same subject (a constructed line)
    found = SourceFile(ref="CMakeLists.txt", rel="CMakeLists.txt", text="find_package(OpenCV)\n")
    assert [r.subject for r in extract_cmake(found).requirements] == ["cmake:OpenCV"]
    # a library of another name is no OpenCV (the same line's ascendcl, pthread)
    other = text.replace("opencv_", "cv_")
    plain = SourceFile(ref="src/CMakeLists.txt", rel="src/CMakeLists.txt", text=other)
    assert "cmake:OpenCV" not in {r.subject for r in extract_cmake(plain).requirements}


def test_a_build_script_that_runs_its_device_program_needs_the_device() -> None:
    # D6: Felix-fz/Atlas200_YOLOv5_DVPP_AIPP@bd2d9f0 build.sh:12-21 (comments cut) and
    # src/CMakeLists.txt:65,88 (the executable and its link, arguments shortened)
    script = 'cd build\n\ncmake ..\n\nmake\n\necho "=============================="\n\n./main\n'
    cmake = (
        "add_executable(main\n        utils.cpp\n        main.cpp)\n"
        "target_link_libraries(main ascendcl acl_dvpp stdc++ opencv_core pthread)\n"
    )
    files = {"build.sh": script, "src/CMakeLists.txt": cmake}
    programs = device_programs(files, files.get)
    assert programs == {"main": {"src": "npu"}}
    source = file_source("README.md", 61)
    step = Step(name="b", kind="build", argv=("bash", "build.sh"), source=source)
    needs = runs_built_program(step, script, programs, "build.sh").needs
    assert (needs.devices, needs.device_kind) == (1, "npu")
    # the cases that stay: a script that only builds, a program that links no device runtime
    built_only = script.replace("./main\n", "")
    assert runs_built_program(step, built_only, programs, "build.sh") is step
    # reread43: another project's program of the same name (constructed: the same project
    # moved under samples/npu/, the script under tools/cpu/ beside a project of its own)
    elsewhere = device_programs({"samples/npu/src/CMakeLists.txt": cmake}, {
        "samples/npu/src/CMakeLists.txt": cmake}.get)  # fmt: skip
    assert runs_built_program(step, script, elsewhere, "tools/cpu/build.sh") is step
    assert runs_built_program(step, script, elsewhere, "samples/npu/build.sh").needs.devices == 1
    plain = {"src/CMakeLists.txt": cmake.replace("ascendcl acl_dvpp ", "")}
    assert device_programs(plain, plain.get) == {}
