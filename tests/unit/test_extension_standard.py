"""A ``-std=c++NN`` belongs to the torch extension that states it (scan.extensionstd), and
there it bounds the torch the repo can take (solve.extensionstandard, kb torch_cxx.toml): a
torch extension forced to C++14 takes a torch before 2.1 and conflicts with ``torch>=2.1``
(outsider22 D10; left42), while a repo's other targets keep their own standard (DeepGEMM)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from bringup.kb import load_knowledge_base
from bringup.model import Component, Requirement, file_source
from bringup.model.resolution import Resolution
from bringup.scan.repo import scan_repo
from bringup.solve import SolveOptions, knowledge_catalogue, solve
from bringup.solve.extensionstandard import framework_bound
from solve_inputs import host

# MightyChaos/dqtorch@707e615fd96998718c83c6fabf5e907cd8916fa7 setup.py:1-3, 7-9, 38-41, 43-55
# (cut to the lines the -std flag and its extension need)
DQTORCH_SETUP = (
    "import os\n"
    "from setuptools import setup\n"
    "from torch.utils.cpp_extension import BuildExtension, CUDAExtension\n"
    "nvcc_flags = [\n"
    "    '-O3', '-std=c++14',\n"
    "]\n"
    "setup(\n"
    "    name=LIB_NAME, # package name, import this to use python API\n"
    '    install_requires=["torch>=1.12"],\n'
    "    ext_modules=[\n"
    "        CUDAExtension(\n"
    "            name='_quaternion_cuda', # extension name, import this to use CUDA API\n"
    "            extra_compile_args={\n"
    "                'nvcc': nvcc_flags,\n"
    "            }\n"
    "        ),\n"
    "    ],\n"
    ")\n"
)
# LittleReal/Deeplearning-Note@3855c5f51a6ebd44e4a139409673a87a74ae09c2
# operators/custom_op/example/cpp_op/setup.py:1-2, 7, 9-10
NOTE_SETUP = (
    "from setuptools import setup\n"
    "from torch.utils.cpp_extension import BuildExtension, CppExtension\n"
    "setup(name='example_op_api',\n"
    "      ext_modules=[CppExtension('example_op_api', sources=['example_op.cpp'], "
    "extra_compile_args=['-std=c++14'])],\n"
    "      cmdclass={'build_ext':BuildExtension})\n"
)
# ClementPinard/Pytorch-Correlation-extension@04f877da0278e307ef4f061503eef6b6d906f746
# setup.py:3, 10, 27-31, 45 (the builder chosen into a name of its own)
CORRELATION_SETUP = (
    "from torch.utils.cpp_extension import BuildExtension, CUDAExtension, CppExtension\n"
    "cxx_args = ['-std=c++17', '-fopenmp']\n"
    "def launch_setup():\n"
    "    if CPU_ONLY:\n"
    "        Extension = CppExtension\n"
    "    else:\n"
    "        Extension = CUDAExtension\n"
    "    Extension('spatial_correlation_sampler_backend', sources)\n"
)
# rusty1s/pytorch_cluster@01a51d47eaaf3040fa5a11e5c7daeb56c4b097b4 CMakeLists.txt:1-3, 15, 23-24;
# "set(CMAKE_CXX_STANDARD 14) ... doesn't work for PyTorch 2.2.2 ... unless C++17 is used"
# (rusty1s/pytorch_cluster#229)
CLUSTER_CMAKE = (
    "cmake_minimum_required(VERSION 3.0)\n"
    "project(torchcluster)\n"
    "set(CMAKE_CXX_STANDARD 14)\n"
    "find_package(Torch REQUIRED)\n"
    "add_library(${PROJECT_NAME} SHARED ${OPERATOR_SOURCES})\n"
    "target_link_libraries(${PROJECT_NAME} PRIVATE ${TORCH_LIBRARIES} Python3::Python)\n"
)
# deepseek-ai/DeepGEMM@54e22612409371d6364144b69086735beb54e98b setup.py:8, 17, 28-29, 102, 106,
# 111 and README.md:31, 36 (its kernels are JIT-compiled at C++20)
DEEPGEMM_SETUP = (
    "import torch\n"
    "from torch.utils.cpp_extension import CUDAExtension, CUDA_HOME\n"
    "cxx_flags = ['-std=c++17', '-O3', '-fPIC', '-Wno-psabi', '-Wno-deprecated-declarations',\n"
    "             f'-D_GLIBCXX_USE_CXX11_ABI={int(torch.compiled_with_cxx11_abi())}']\n"
    "def get_ext_modules():\n"
    "    return [CUDAExtension(name='deep_gemm._C',\n"
    "                          extra_compile_args=cxx_flags)]\n"
)
DEEPGEMM_README = "- Compilers with C++20 support\n- PyTorch 2.1 or higher\n"
# pytorch/pytorch#103371: the libtorch example's CMakeLists, which fails with
# "#error C++17 or later compatible compiler is required to use PyTorch."
EXAMPLE_CMAKE = (
    "find_package(Torch REQUIRED)\n"
    "add_executable(example-app example-app.cpp)\n"
    'target_link_libraries(example-app "${TORCH_LIBRARIES}")\n'
    "set_property(TARGET example-app PROPERTY CXX_STANDARD 14)\n"
)


def _repo(tmp_path: Path, name: str, files: dict[str, str]) -> Component:
    root = tmp_path / name
    root.mkdir()
    for path, text in files.items():
        (root / path).write_text(text, encoding="utf-8")
    return scan_repo(root, name).component


def _standards(component: Component) -> list[tuple[str, str, int | None]]:
    return [
        (r.spec, r.extension_of, r.source.line)
        for r in component.requirements
        if r.subject == "cxx_standard"
    ]


def _resolution(component: Component, *extra: Requirement) -> Resolution:
    kb = load_knowledge_base()
    requirements = (*component.requirements, *extra)
    component = msgspec.structs.replace(component, requirements=requirements)
    return solve([component], host(), kb.rules(chips=()), knowledge_catalogue(kb), SolveOptions())


def _solve(component: Component) -> tuple[str, str | None]:
    resolution = _resolution(component)
    (verdict,) = resolution.verdicts
    torch = next((e.pin("torch") for e in resolution.environments), None)
    return verdict.status, str(torch.version) if torch is not None else None


def _release(version: str | None) -> tuple[int, ...]:
    return tuple(int(part) for part in str(version).split(".")[:2])


def test_a_setup_py_of_torch_extensions_only_states_their_standard(tmp_path: Path) -> None:
    cases = {"dqtorch": DQTORCH_SETUP, "note": NOTE_SETUP, "corr": CORRELATION_SETUP}
    found = {n: _standards(_repo(tmp_path, n, {"setup.py": t})) for n, t in cases.items()}
    assert found == {
        "dqtorch": [(">=14", "torch", 5)],
        "note": [(">=14", "torch", 4)],
        "corr": [(">=17", "torch", 2)],
    }


def test_a_cmake_standard_is_the_torch_target_s_where_it_sets_it(tmp_path: Path) -> None:
    cluster = _repo(tmp_path, "cluster", {"CMakeLists.txt": CLUSTER_CMAKE})
    example = _repo(tmp_path, "example", {"CMakeLists.txt": EXAMPLE_CMAKE})
    assert _standards(cluster) == [(">=14", "torch", 3)]
    assert _standards(example) == [(">=14", "torch", 4)]


def test_a_standard_with_no_torch_target_stays_the_repo_s_floor(tmp_path: Path) -> None:
    # CLUSTER_CMAKE without its target_link_libraries line: nothing says torch compiles at it
    unlinked = CLUSTER_CMAKE.rsplit("target_link_libraries", 1)[0]
    assert _standards(_repo(tmp_path, "unlinked", {"CMakeLists.txt": unlinked})) == [
        (">=14", "", 3)
    ]


def test_a_torch_extension_at_cxx14_takes_a_torch_before_2_1(tmp_path: Path) -> None:
    status, version = _solve(_repo(tmp_path, "dqtorch", {"setup.py": DQTORCH_SETUP}))
    assert status != "blocked"
    assert (1, 12) <= _release(version) < (2, 1)


def test_beside_torch_2_1_or_newer_it_is_a_conflict_citing_both_lines(tmp_path: Path) -> None:
    cluster = _repo(tmp_path, "cluster", {"CMakeLists.txt": CLUSTER_CMAKE})
    # constructed: the repo also asking for a torch its target's standard rules out
    newer = Requirement(
        subject="torch", spec=">=2.1", component="cluster", source=file_source("setup.py", 1)
    )
    resolution = _resolution(cluster, newer)
    (verdict,) = resolution.verdicts
    assert verdict.status == "blocked"
    cited = {(o.kind, str(o.source), o.detail) for o in verdict.obstacles}
    assert cited == {
        ("conflict", "setup.py:1", ">=2.1"),
        ("conflict", "cluster/CMakeLists.txt:3", "<2.1"),
    }


def test_deepgemm_s_cxx17_extension_beside_its_cxx20_kernels_is_no_conflict(
    tmp_path: Path,
) -> None:
    repo = _repo(tmp_path, "DeepGEMM", {"setup.py": DEEPGEMM_SETUP, "README.md": DEEPGEMM_README})
    status, version = _solve(repo)
    assert status != "blocked"
    # C++17 is refused from torch 2.14 (torch_cxx torch-2.14-cxx20): the newest it builds with
    assert (2, 1) <= _release(version) < (2, 14)


def test_the_bound_is_the_releases_no_row_rules_out() -> None:
    rules = load_knowledge_base().rules(chips=())

    def spec(standard: str) -> str | None:
        bound = framework_bound(rules, "torch", standard)
        return bound[0] if bound is not None else None

    assert [spec(s) for s in ("20", "17", "14", "11")] == [None, "<2.14", "<2.1", "<1.5"]


def test_a_script_naming_two_standards_states_none_for_its_extension(tmp_path: Path) -> None:
    # constructed: dqtorch's setup.py with DeepGEMM's C++17 flags beside its own C++14 ones;
    # which one an extension gets is the script's choice (a platform, a torch release)
    both = DQTORCH_SETUP.replace(
        "nvcc_flags = [", DEEPGEMM_SETUP.split("\n")[2] + "\n    ]\nnvcc_flags = ["
    )
    found = _standards(_repo(tmp_path, "both", {"setup.py": both}))
    assert [extension for _, extension, _ in found] == [""]
