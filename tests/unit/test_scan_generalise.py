"""Classes of statements the fresh scan10 repos showed unread (issue 11), each tested on the
real lines quoted with repository, commit, file and line."""

from __future__ import annotations

from pathlib import Path

import msgspec

from bringup.model import file_source
from bringup.scan.borrowed import borrowed, installs_repo, route_images
from bringup.scan.ci import extract_ci
from bringup.scan.cios import runner_os
from bringup.scan.dockerfile import extract_dockerfile
from bringup.scan.extraction import SourceFile
from bringup.scan.makefile import extract_makefile
from bringup.scan.pkgimports import package_imports
from bringup.scan.scopes import REPO, Scopes
from bringup.scan.shell import extract_shell
from bringup.scan.wheelnames import read_wheel_name

TQ = "Ascend/TransferQueue@b75d570d"


def test_a_package_needs_what_its_modules_import_at_the_top(tmp_path: Path) -> None:
    # TQ transfer_queue/client.py:16-24: torch is imported by the package, requirements.txt
    # leaves it to the user; zmq is the distribution pyzmq; asyncio is the standard library.
    package = tmp_path / "transfer_queue"
    package.mkdir()
    (package / "__init__.py").write_text("import os\n\nfrom .client import TransferQueueClient\n")
    (package / "client.py").write_text(
        "import asyncio\nimport os\nimport threading\nfrom typing import Any, Callable\n\n"
        "import torch\nimport zmq\nimport zmq.asyncio\nfrom tensordict import TensorDict\n"
    )
    # an import under try or in a sub-package is optional or a feature's, not the package's
    (package / "metrics.py").write_text("try:\n    import ray\nexcept ImportError:\n    pass\n")
    (package / "vision").mkdir()
    (package / "vision" / "model.py").write_text("import einops\n")
    found = {
        (r.subject, r.spec, r.source.ref, r.source.line)
        for r in package_imports(tmp_path, "TransferQueue", "TransferQueue", [])
    }
    assert found == {
        ("torch", "", "TransferQueue/transfer_queue/client.py", 6),
        ("pypi:pyzmq", "", "TransferQueue/transfer_queue/client.py", 7),
        ("pypi:tensordict", "", "TransferQueue/transfer_queue/client.py", 9),
    }


def test_only_the_package_named_after_the_repo_is_read(tmp_path: Path) -> None:
    # ascend-transformer-boost@(scan8) torch_atb/__init__.py:14 imports torch, but torch_atb is
    # the optional Python API beside the root CMake build, not the repo's library.
    (tmp_path / "torch_atb").mkdir()
    (tmp_path / "torch_atb" / "__init__.py").write_text("import torch\nimport torch_npu\n")
    (tmp_path / "CMakeLists.txt").write_text("project(atb)\n")
    assert package_imports(tmp_path, ".", "ascend-transformer-boost", ["pypi:torch-atb"]) == []
    # the distribution's name counts where the root builds no native library first
    (tmp_path / "CMakeLists.txt").unlink()
    found = package_imports(tmp_path, ".", "ascend-transformer-boost", ["pypi:torch-atb"])
    assert [r.subject for r in found] == ["torch", "torch_npu"]


def test_a_repo_without_a_root_build_is_made_of_its_top_level_parts() -> None:
    # DIOPI README.md:49-53 builds with `cd impl && cmake .. -DIMPL_OPT=torch`; the root has no
    # build file, impl/ has CMakeLists.txt and a README, diopi_test/ requirements.txt and a
    # README (what the README's `python main.py --mode run_test` needs).
    rels = [
        "README.md",
        "impl/CMakeLists.txt",
        "impl/README.md",
        "impl/cuda/CMakeLists.txt",
        "impl/scripts/build_impl.sh",
        "diopi_test/README.md",
        "diopi_test/requirements.txt",
        "examples/x/CMakeLists.txt",
    ]
    # impl/CMakeLists.txt:59-60 picks one vendor's directory by option
    texts = {
        "impl/CMakeLists.txt": "if (${IMPL_OPT} IN_LIST IMPL_CUDA)\n  add_subdirectory(cuda)\n",
        # README.md:23-24, the component list (links cut)
        "README.md": "- [impl]：对接硬件芯片。\n- [diopi_test]：用于保证算子功能正确性。\n",
    }
    scopes = Scopes(rels, texts)
    assert scopes.of("impl/CMakeLists.txt") == REPO
    assert scopes.of("diopi_test/requirements.txt") == REPO
    assert scopes.of("impl/cuda/CMakeLists.txt") == "impl"
    assert scopes.of("examples/x/CMakeLists.txt") == "examples/x"
    # with a build at the root, or a README that does not name it, impl/ is a sub-project
    assert Scopes([*rels, "CMakeLists.txt"], texts).of("impl/CMakeLists.txt") == "impl"
    assert Scopes(rels, {"README.md": "# DIOPI\n"}).of("impl/CMakeLists.txt") == "impl"


def test_a_python_package_directory_stays_a_project_of_its_own() -> None:
    # msit (first set): msit/setup.py beside msprechecker/pyproject.toml, no root build: two
    # sibling tools, neither a part of the other's build.
    rels = ["msprechecker/pyproject.toml", "msprechecker/README.md", "msit/setup.py"]
    assert Scopes(rels, {}).of("msprechecker/pyproject.toml") == "msprechecker"


def test_a_setup_script_that_clones_a_release_onto_pythonpath_needs_it() -> None:
    # MindSpeed-Core-MS (scan10 checkout) auto_convert_llm.sh:5,26,36,45,68: the clones it
    # puts on PYTHONPATH are its dependencies at the release the branch names; the one it only
    # hands to a tool (MindSpeed-LLM) is not; every clone needs the network.
    text = (
        "git clone -b 1.0.0 https://gitee.com/ascend/MindSpeed-LLM.git --depth=1\n"
        "git clone -b core_r0.6.0 https://github.com/NVIDIA/Megatron-LM.git --depth=1\n"
        "git clone https://gitee.com/mindspore/msadapter.git -b master\n"
        "git clone -b v4.47.0 https://github.com/huggingface/transformers.git --depth=1\n"
        "export PYTHONPATH=${MindSpeed_Core_MS_PATH}/msadapter/mindtorch:"
        "${MindSpeed_Core_MS_PATH}/Megatron-LM/:${MindSpeed_Core_MS_PATH}/transformers/src/:"
        "$PYTHONPATH\n"
    )
    file = SourceFile(ref="auto_convert_llm.sh", rel="auto_convert_llm.sh", text=text)
    found = [(r.subject, r.spec, r.source.line) for r in extract_shell(file).requirements]
    assert ("pypi:megatron-core", "==0.6.0", 2) in found
    assert ("pypi:msadapter", "", 3) in found
    assert ("pypi:transformers", "==4.47.0", 4) in found
    assert not any(subject == "pypi:mindspeed-llm" for subject, _, _ in found)
    assert ("network", "https://gitee.com/ascend/MindSpeed-LLM.git", 1) in found


def test_a_wheel_name_with_a_placeholder_build_still_names_its_release() -> None:
    # AscendSpeed (scan10 checkout) README.md:49-51: the wheels to download, their builds left
    # to the reader; a valid name (torch's) reads as before.
    found = {
        (w.distribution, w.spec, w.interpreters)
        for w in (
            read_wheel_name("apex-0.1_ascend_XXXX-cp37-cp37m-linux_XXXX.whl"),
            read_wheel_name("torch-1.11.0+cpu-cp37-cp37m-linux_XXXXX.whl"),
            read_wheel_name("torch_npu-1.11.0.post1.devXXXX-cp37-cp37m-linux_XXXX.whl"),
        )
        if w is not None
    }
    assert found == {
        ("apex", "==0.1.*", frozenset({"cp37"})),
        # the local label is a build of the release, no part of the need (PEP 440)
        ("torch", "==1.11.0", frozenset({"cp37"})),
        ("torch_npu", "==1.11.0.*", frozenset({"cp37"})),
    }
    # a name that is no wheel's at all says nothing
    assert read_wheel_name("torch_npu-XXXX.whl") is None


def test_the_ci_runners_oses_are_the_repos_when_nothing_else_names_one() -> None:
    # rusty1s/pytorch_scatter@648dda3c .github/workflows/building.yml:13, a matrix of runners
    # that builds the wheels on each OS
    workflow = (
        "jobs:\n  wheel:\n    runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n"
        "        os: [ubuntu-22.04, macos-14, windows-2022, ubuntu-22.04-arm]\n"
        "    steps:\n    - run: python setup.py bdist_wheel\n"
    )
    file = SourceFile(
        ref=".github/workflows/building.yml", rel=".github/workflows/building.yml", text=workflow
    )
    ci = list(extract_ci(file).requirements)
    assert [(r.subject, r.spec, r.source.line) for r in borrowed([], {"ci": ci}, {})] == [
        ("arch", "aarch64,x86_64", 6),
        ("os", "linux,macos,windows", 6),
    ]
    # a repo that names its OS itself keeps its own word
    own = [msgspec.structs.replace(r, source=file_source("README.md", 1)) for r in ci]
    assert borrowed(own, {"ci": ci}, {}) == []
    # TransferQueue .github/workflows/run-tests.yml:18 `runs-on: ubuntu-latest`, a job that
    # runs `pip install -e ".[test,build,yuanrong]"` and `pytest tests`: the CI service's
    # default machine, no word on the OS (mindnlp .github/workflows/ci_pipeline.yaml:25)
    workflow = (
        "jobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n    - run: |\n"
        '        pip install -e ".[test,build,yuanrong]"\n        pytest tests\n'
    )
    file = SourceFile(
        ref=".github/workflows/run-tests.yml", rel=".github/workflows/run-tests.yml", text=workflow
    )
    ci = list(extract_ci(file).requirements)
    assert [(r.subject, r.spec) for r in ci] == [("os", "linux")]
    assert borrowed([], {"ci": ci}, {}) == []
    # torchtitan-npu .github/workflows/deploy-docs.yml: a docs job builds nothing of the repo
    docs = (
        "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n"
        "    - run: pip install -r .github/mkdocs/requirements_gh_pages.txt\n"
    )
    assert runner_os("ubuntu-latest", docs) is None
    assert runner_os("${{ matrix.os }}", workflow) is None


def test_an_image_beside_the_build_route_lends_the_repo_no_os_toolkit_or_cpu() -> None:
    # rapidsai/cuvs@ff0c8076bf2f8d354bc21039ebffa14a1c9128a3:Dockerfile:18 and :26, an optional
    # image of released conda packages (the main route is ./build.sh): its Ubuntu and its CUDA
    # (inside the image) are no needs of the repo's
    text = "ARG CUDA_VER=12.9.1\nFROM nvidia/cuda:${CUDA_VER}-devel-ubuntu24.04\n"
    image = list(
        extract_dockerfile(SourceFile(ref="Dockerfile", rel="Dockerfile", text=text)).requirements
    )
    assert {(r.subject, r.spec) for r in image} >= {
        ("os", "ubuntu"), ("os_version", "==24.04"), ("cuda", "==12.9.1")
    }  # fmt: skip
    assert route_images(image, {"Dockerfile": False}) == []
    # the base of ModelTC/lightx2v@0591c35e Dockerfile:1 in an image that does not install the
    # repo: CUDA and cuDNN are inside it, its torch is the image's framework (kept: borrowed()
    # weighs it); pyg-team/pyg-lib@764e3a49 .github/workflows/docker/Dockerfile:2, a wheel
    # image for x86_64: where it runs and the glibc it has, not the repo's CPUs or C library
    for base, read, kept_subjects in (
        (
            "FROM pytorch/pytorch:2.7.1-cuda12.8-cudnn9-devel AS base\n",
            {"cuda", "cudnn"},
            ["torch"],
        ),
        ("FROM quay.io/pypa/manylinux_2_28_x86_64:2026.05.02-2\n", {"arch", "glibc"}, []),
    ):
        other = list(
            extract_dockerfile(
                SourceFile(ref="Dockerfile", rel="Dockerfile", text=base)
            ).requirements
        )
        assert read <= {r.subject for r in other}
        kept = route_images(other, {"Dockerfile": False})
        assert [r.subject for r in kept] == kept_subjects
    # an image that installs the repo is a build route: omni-infer@c8bc2bbbaa1084139a8e70405c48
    # 73632c0dab79:tools/docker/Dockerfile.vllm-omni.source:51
    installs = installs_repo(
        "    pip install -i ${PIP_INDEX_URL} --trusted-host ${PIP_TRUSTED_HOST} -e ."
    )
    assert route_images(image, {"Dockerfile": installs}) == image
    lent = {
        r.subject
        for r in borrowed(
            [],
            {"docker": route_images(image, {"Dockerfile": installs})},
            {"Dockerfile": installs},
        )
    }
    assert {"os", "os_version"} <= lent


def test_a_makefiles_uname_branches_are_its_os_support_list() -> None:
    # a public Makefile (code-search file id 29850917539, lines 3 and 7-13, a flex-based
    # compiler's build) choosing its compiler on Darwin and on Linux
    both = (
        "SOURCES=$(wildcard src/*.cpp)\n\nifeq ($(shell uname -s),Darwin)\n    CC=g++-4.8\n"
        "endif\n\nifeq ($(shell uname -s),Linux)\n    CC=g++\nendif\n"
    )
    found = extract_makefile(SourceFile(ref="Makefile", rel="Makefile", text=both)).requirements
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found] == [
        ("os", "macos,linux", 3, False)
    ]
    assert [(a.value, a.source.line) for a in found[0].any_of] == [("macos", 3), ("linux", 7)]
    # the variable form with a branch that stops the build (written here, not quoted)
    guard = (
        "UNAME_S := $(shell uname -s)\n"
        "ifneq ($(UNAME_S),Linux)\n  $(error only Linux is supported)\nendif\n"
    )
    found = extract_makefile(SourceFile(ref="Makefile", rel="Makefile", text=guard)).requirements
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found] == [("os", "linux", 2, True)]
    # $(OS) is the environment's, not uname's: nothing
    other = "ifeq ($(OS),Windows_NT)\n  X=1\nendif\n"
    assert not extract_makefile(SourceFile(ref="Makefile", rel="Makefile", text=other)).requirements


def test_a_workflow_that_builds_the_docs_says_nothing_of_where_the_repo_runs() -> None:
    # pytorch/ao @ 36027d8 .github/workflows/doc_build.yml:1, 26, 45 (it installs the repo to
    # build its docs); the same job named for the tests is the repo's word
    workflow = (
        "name: Build Docs\n"
        "jobs:\n"
        "  build_docs:\n"
        "    runs-on: ubuntu-latest\n"
        "    steps:\n"
        "      - run: |\n"
        "          python -m pip install -e . --no-build-isolation\n"
    )
    assert runner_os("ubuntu-latest", workflow) is None
    assert runner_os("ubuntu-latest", workflow.replace("Build Docs", "Run tests")) == "linux"


def test_a_module_that_runs_as_a_script_is_a_command_not_the_package(tmp_path: Path) -> None:
    # ModelTC/lightx2v@0591c35e lightx2v/api_server.py:7 "import uvicorn" and :95
    # 'if __name__ == "__main__":' (the server the package can be run as); Ascend-AgentSDK
    # @76c518e8 agentic_rl/start.py:27-30 "import hydra" ... "import ray" and :151 likewise.
    # What such a module imports is that command's need; a module without one is the package's
    package = tmp_path / "lightx2v"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "api_server.py").write_text(
        "import argparse\nimport uvicorn\n\n\ndef main():\n    pass\n\n\n"
        'if __name__ == "__main__":\n    main()\n'
    )
    (package / "start.py").write_text("import hydra\nimport ray\n\nif __name__ == '__main__':\n")
    (package / "core.py").write_text("import torch\n")
    found = [r.subject for r in package_imports(tmp_path, ".", "lightx2v", [])]
    assert found == ["torch"]
