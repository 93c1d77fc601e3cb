"""Facts a repo states only in its CI runners and container images (issue 11, class M5 of
/work/notes/scan9-analysis.md), each tested on the real lines quoted with repository,
commit, file and line."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.borrowed import installs_repo
from bringup.scan.ci import extract_ci
from bringup.scan.dockerfile import extract_dockerfile
from bringup.scan.extraction import SourceFile
from bringup.scan.images import image_facts
from bringup.scan.repo import scan_repo
from bringup.scan.scopes import DOCKER, Scopes
from cpuclock import cpu_seconds

OMNI = "omni-ai-npu/omni-infer@c8bc2bbbaa1084139a8e70405c4873632c0dab79"
TITAN = "hicann/torchtitan-npu@e0aecaf0af1364115ee826631f6a51630f39a9a1"
CONV = "Dao-AILab/causal-conv1d@0d2252d161f25f7907bbd05985c08ab98d255874"
CATLASS = "hicann/catlass@0dfcf9df304f297361edab86448ac5ea6aed1647"
APEX = "NVIDIA/apex@6424da3b4faa6c8f062da4a48c424fff3f02d42d"

OMNI_BASE = "registry-cbu.huawei.com/openeuler/openeuler-aarch64:22.03-lts"
"""OMNI tools/docker/Dockerfile.openEuler.py311.CANNdev.910c:20 (after ``FROM``)."""
TITAN_CI = "swr.cn-north-4.myhuaweicloud.com/ci_cann/ubuntu22.04_arm:9.0.0-beta.1-910b-py3.11"
"""TITAN .ci/gitcode.dockerfile:2 (after ``FROM``)."""


def facts(reference: str, platform: str = "") -> list[tuple[str, str]]:
    return [(f.subject, f.spec) for f in image_facts(reference, platform)]


def test_a_base_image_named_after_its_distribution_and_cpu_states_both() -> None:
    assert facts(OMNI_BASE) == [
        ("os", "openeuler"),
        ("os_version", "==22.03"),
        ("arch", "aarch64"),
    ]
    # the CANN CI's image: the toolkit tag under a registry path named for CANN, the OS and
    # CPU in the image's name; ``-py3.11`` is the Python, not an OS called "py"
    assert facts(TITAN_CI) == [
        ("cann", "==9.0.0-beta.1"),
        ("chip", "910B"),
        ("python", "==3.11.*"),
        ("os", "ubuntu"),
        ("os_version", "==22.04"),
        ("arch", "aarch64"),
    ]
    # an official distribution image, and a FROM --platform flag naming the CPU
    assert facts("ubuntu:22.04", "linux/arm64") == [
        ("os", "ubuntu"),
        ("os_version", "==22.04"),
        ("arch", "aarch64"),
    ]
    # a platform left to a build argument names nothing; a Python image states no OS
    assert facts("ubuntu:22.04", "$BUILDPLATFORM") == [("os", "ubuntu"), ("os_version", "==22.04")]
    assert facts("python:3.10-slim") == [("python", "==3.10.*")]


def test_a_dockerfile_reads_the_platform_of_its_base_image() -> None:
    text = "# Usage: rename this file to Dockerfile\n\nFROM " + OMNI_BASE + "\n"
    rel = "tools/docker/Dockerfile.openEuler.py311.CANNdev.910c"
    found = extract_dockerfile(SourceFile(ref=rel, rel=rel, text=text)).requirements
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found] == [
        ("os", "openeuler", 3, False),
        ("os_version", "==22.03", 3, False),
        ("arch", "aarch64", 3, False),
    ]


def test_a_runner_matrix_names_the_cpus_the_repo_is_built_on() -> None:
    # CONV .github/workflows/publish.yaml:33-44 and 143: wheels built on each runner of the
    # matrix (an x64 and an Arm hosted runner), by a workflow that runs setup.py
    workflow = (
        "jobs:\n  build_wheels:\n    name: Build Wheel\n    strategy:\n      matrix:\n"
        "        os: [ubuntu-22.04, ubuntu-22.04-arm]\n"
        '        python-version: ["3.10", "3.11", "3.12", "3.13"]\n'
        "  publish_package:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n"
        "          python setup.py sdist --dist-dir=dist\n"
    )
    rel = ".github/workflows/publish.yaml"
    found = extract_ci(SourceFile(ref=rel, rel=rel, text=workflow)).requirements
    platform = [(r.subject, r.spec, r.source.line) for r in found if r.subject in ("os", "arch")]
    assert platform == [("arch", "aarch64,x86_64", 6), ("os", "linux", 6), ("os", "linux", 9)]
    # x64 runners alone name no CPU: nothing chosen, nothing stated
    plain = workflow.replace(", ubuntu-22.04-arm", "")
    found = extract_ci(SourceFile(ref=rel, rel=rel, text=plain)).requirements
    assert [r.subject for r in found if r.subject == "arch"] == []


# pytorch/ao@36027d82d1ad9949597ea16002ff4940374b1b94 .github/workflows/regression_test_aarch64.yml
# :13-18 and :33-42 (cut): the matrix key runs-on names is "runner", its labels a self-hosted
# PyTorch runner's words split by dots
_AO_AARCH64 = """jobs:
  test-cpu-ops:
    strategy:
      matrix:
        runner: [macos-14, linux.arm64.2xlarge]
    runs-on: ${{matrix.runner}}
    steps:
      - name: Install requirements mac
        if: runner.os == 'macOS'
        run: |
          conda activate venv
          pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu
          pip install -r dev-requirements.txt
          USE_CPP=1 TORCHAO_BUILD_KLEIDIAI=1 pip install . --no-build-isolation
"""


def test_a_runner_matrix_is_the_matrix_key_runs_on_names() -> None:
    rel = ".github/workflows/regression_test_aarch64.yml"
    found = extract_ci(SourceFile(ref=rel, rel=rel, text=_AO_AARCH64)).requirements
    platform = [(r.subject, r.spec, r.source.line) for r in found if r.subject in ("os", "arch")]
    assert platform == [("arch", "aarch64", 5), ("os", "macos,linux", 5)]
    # the same labels under a key no runs-on names are no runners of the job
    other = _AO_AARCH64.replace("runner: [", "target: [")
    found = extract_ci(SourceFile(ref=rel, rel=rel, text=other)).requirements
    assert [r for r in found if r.subject in ("os", "arch")] == []


def test_a_container_file_in_an_example_is_the_examples_own() -> None:
    scopes = Scopes(
        [
            "setup.py",
            "examples/docker/Dockerfile",  # APEX, beside examples/docker/README.md
            "examples/docker/README.md",
            "tools/docker/Dockerfile.vllm-omni.source",  # OMNI, no README of its own
            "tools/docker/build_vllm.sh",
            "docker/devel/Dockerfile",  # op-plugin's development image and its guide
            "docker/devel/README.md",
            "Dockerfile.atlasa2",  # CATLASS, at the top
        ],
        {},
    )
    assert scopes.of("examples/docker/Dockerfile") == "examples/docker"
    assert scopes.of("tools/docker/Dockerfile.vllm-omni.source") == DOCKER
    assert scopes.of("docker/devel/README.md") == scopes.of("docker/devel/Dockerfile") == DOCKER
    assert scopes.of("Dockerfile.atlasa2") == DOCKER


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def test_what_only_the_repos_images_state_is_the_repos_soft_need(tmp_path: Path) -> None:
    # OMNI pyproject.toml:12-17 names Python and three packages, no OS, CPU, toolkit or torch;
    # tools/docker/Dockerfile.openEuler.py311.CANNdev.910c:20 and :80-81 build the base image,
    # tools/docker/Dockerfile.vllm-omni.source:30-31 and :50-51 install torch and the repo.
    _write(
        tmp_path,
        {
            "pyproject.toml": '[project]\nname = "omni_infer"\nversion = "0.1.0"\n'
            'requires-python = ">=3.10"\ndependencies = [\n    "ansible>=8.0",\n'
            '    "pyyaml>=6.0",\n    "chardet",\n]\n',
            "tools/docker/Dockerfile.openEuler.py311.CANNdev.910c": f"FROM {OMNI_BASE}\n\n"
            "RUN source ~/.bashrc && \\\n    cd /copy_data/ascend_pkg/nnal && \\\n"
            "    ./Ascend-cann-nnal_8.1.RC1_linux-aarch64.run -q --install\n",
            "tools/docker/Dockerfile.vllm-omni.source": "ARG BASE_IMAGE\nFROM ${BASE_IMAGE}\n"
            "RUN unset http_proxy https_proxy && \\\n    pip install -i ${PIP_INDEX_URL} "
            "--trusted-host ${PIP_TRUSTED_HOST} ml-dtypes tornado compressed-tensors==0.9.4 "
            "torch==2.5.1 build pytz pybind11\nRUN cd /workspace/omni_infer && \\\n"
            "    pip install -i ${PIP_INDEX_URL} --trusted-host ${PIP_TRUSTED_HOST} -e .\n",
        },
    )
    own = scan_repo(tmp_path, "omni-infer").component.requirements
    borrowed = {(r.subject, r.spec, r.hard, r.confidence) for r in own if r.confidence == "low"}
    assert borrowed == {
        ("os", "openeuler", False, "low"),
        ("os_version", "==22.03", False, "low"),
        ("arch", "aarch64", False, "low"),
        ("nnal", "==8.1.RC1", False, "low"),
        ("torch", "==2.5.1", False, "low"),  # a framework of the image that installs the repo
    }
    # the image's other packages are the image's: pyyaml stays pyproject's, pytz is not borrowed
    assert {r.subject for r in own} >= {"pypi:pyyaml"}
    assert "pypi:pytz" not in {r.subject for r in own}


def test_an_image_that_only_prepares_an_environment_states_no_package(tmp_path: Path) -> None:
    # CATLASS Dockerfile.atlasa2:1 and 20-24: the base image and the stack, then a clone of the
    # repo that builds nothing; README.md:101-110 names the CPU and the OS
    _write(
        tmp_path,
        {
            "README.md": "# CATLASS\n\n## 💻 软硬件配套说明\n\n"
            "CATLASS所需的软硬件环境依赖如下：\n\n"
            "- CPU架构：`aarch64`/`x86_64`\n"
            "- 系统：CANN支持的Linux（进行[兼容性查询](https://www.hiascend.com/hardware/"
            "compatibility)）\n",
            "Dockerfile.atlasa2": "FROM swr.cn-south-1.myhuaweicloud.com/ascendhub/cann:8.5.0-"
            "910b-ubuntu22.04-py3.11\nWORKDIR /opt\nRUN pip install --no-cache-dir \\\n"
            "    torch==2.9.0 \\\n    torch_npu==2.9.0\n"
            "RUN git clone https://gitcode.com/cann/catlass.git\n",
        },
    )
    own = scan_repo(tmp_path, "catlass").component.requirements
    borrowed = {(r.subject, r.spec) for r in own if r.source.ref == "catlass/Dockerfile.atlasa2"}
    # the OS, CPU and CANN the README names keep the image's out; no framework is borrowed
    assert borrowed == {("chip", "910B"), ("python", "==3.11.*")}


# Dao-AILab/causal-conv1d .github/workflows/publish.yaml:36-70, cut: the matrix's exclude
# drops the Arm runner for torch 2.6.0; it names no runner or version the CI uses.
CAUSAL_CONV1D_EXCLUDE = """jobs:
  build_wheels:
    runs-on: ${{ matrix.os }}
    strategy:
      matrix:
        os: [ubuntu-22.04, ubuntu-22.04-arm]
        torch-version: ["2.6.0", "2.7.1"]
        exclude:
          - torch-version: "2.6.0"
            os: ubuntu-22.04-arm
    steps:
      - run: python setup.py bdist_wheel --dist-dir=dist
"""


def test_a_matrix_exclude_names_no_runner_or_version() -> None:
    rel = ".github/workflows/publish.yaml"
    found = extract_ci(SourceFile(ref=rel, rel=rel, text=CAUSAL_CONV1D_EXCLUDE)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found if r.subject != "os"] == [
        ("arch", "aarch64,x86_64", 6),
        ("torch", "==2.6.0 || ==2.7.1", 7),
    ]


def test_a_ci_matrix_versions_a_framework_the_repo_names_without_one(tmp_path: Path) -> None:
    # CONV pyproject.toml:1-3 requires torch with no version; .github/workflows/publish.yaml:41-44
    # builds the wheels for five torch releases (the blind truth cites :43 as the repo's torch).
    _write(
        tmp_path,
        {
            "pyproject.toml": '[build-system]\nrequires = ["setuptools", "wheel", "torch"]\n'
            'build-backend = "setuptools.build_meta"\n',
            ".github/workflows/publish.yaml": "jobs:\n  build_wheels:\n"
            "    runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n"
            "        os: [ubuntu-22.04, ubuntu-22.04-arm]\n"
            '        python-version: ["3.10", "3.11", "3.12", "3.13"]\n'
            '        torch-version: ["2.6.0", "2.7.1", "2.8.0", "2.9.1", "2.10.0"]\n'
            '        cuda-version: ["11.8.0", "12.9.1", "13.0.1"]\n'
            "    steps:\n      - run: python setup.py bdist_wheel --dist-dir=dist\n",
        },
    )
    own = scan_repo(tmp_path, "causal-conv1d").component.requirements
    torch = {(r.spec, r.source.line, r.hard, r.confidence) for r in own if r.subject == "torch"}
    assert torch == {
        ("", 2, True, "high"),
        ("==2.6.0 || ==2.7.1 || ==2.8.0 || ==2.9.1 || ==2.10.0", 8, False, "low"),
    }
    # a framework the repo pins keeps the CI's matrix out (the pin is the repo's word)
    pinned = tmp_path / "pyproject.toml"
    pinned.write_text(pinned.read_text().replace('"torch"]', '"torch>=2.4"]'))
    own = scan_repo(tmp_path, "causal-conv1d").component.requirements
    assert [r.spec for r in own if r.subject == "torch"] == [">=2.4"]


def test_a_workflow_of_many_container_jobs_is_read_in_time() -> None:
    # hostile input: 900 jobs (120 KB), each a runner and an image; whether the workflow
    # builds the repo is asked of the file once, not once a line
    job = (
        "  j{n}:\n    runs-on: ubuntu-22.04\n    container:\n"
        "      image: nvidia/cuda:12.4.0-devel-ubuntu22.04\n"
        "    steps:\n      - run: pip install .\n"
    )
    workflow = "jobs:\n" + "".join(job.format(n=n) for n in range(900))
    rel = ".github/workflows/build.yml"
    started = cpu_seconds()
    found = extract_ci(SourceFile(ref=rel, rel=rel, text=workflow)).requirements
    assert cpu_seconds() - started < 2
    assert len(found) == 3600


LIGHTX2V = "ModelTC/lightx2v@0591c35e7b6f9cbb02dfb12f80acae7a81e6ba3e"
NUNCHAKU = "mit-han-lab/nunchaku@4132b3bffdb7d520ecb30ac6983ee482a39f9362"


def test_an_image_that_installs_only_the_projects_it_clones_does_not_install_the_repo() -> None:
    # LIGHTX2V Dockerfile:21-23 and 31-35: its image builds vllm and flash-attention from their
    # clones; the pytorch/pytorch:2.7.1-cuda12.8-cudnn9-devel it starts from (Dockerfile:1) is
    # that image's, not the repo's CUDA
    image = (
        "FROM pytorch/pytorch:2.7.1-cuda12.8-cudnn9-devel AS base\n"
        "RUN git clone https://github.com/vllm-project/vllm.git && cd vllm \\\n"
        "    && python use_existing_torch.py && pip install -r requirements/build.txt \\\n"
        "    && pip install --no-cache-dir --no-build-isolation -v -e .\n"
        "RUN git clone https://github.com/Dao-AILab/flash-attention.git --recursive\n"
        "RUN cd flash-attention && python setup.py install && rm -rf build\n"
        "RUN cd flash-attention/hopper && python setup.py install && rm -rf build\n"
    )
    assert not installs_repo(image, "lightx2v")
    # the same image cloning the repo itself installs it (NUNCHAKU docker/Dockerfile:54-58)
    own = (
        "RUN git clone https://github.com/mit-han-lab/nunchaku.git \\\n"
        "    && cd nunchaku \\\n"
        "    && git submodule init \\\n"
        "    && NUNCHAKU_INSTALL_MODE=ALL python setup.py develop\n"
    )
    assert installs_repo(own, "nunchaku")
    # an install from the repo's own folder after a clone elsewhere is still the repo's
    assert installs_repo(image + "RUN cd /workspace/lightx2v && pip install -e .\n", "lightx2v")


def test_a_borrowed_need_says_whose_it_is(tmp_path: Path) -> None:
    # IDEA-Research/GroundingDINO@856dde2: Dockerfile:1 and :30 build on the image and install
    # the repo; requirements.txt:1-2 name torch and torchvision (setup.py:85's CUDA_HOME left
    # out here): no file of the repo's own names CUDA, so the image's is borrowed while its
    # torch stays its own; the cuDNN the tag names is the image's flavour, never borrowed
    _write(
        tmp_path,
        {
            "requirements.txt": "torch\ntorchvision\n",
            "Dockerfile": "FROM pytorch/pytorch:2.1.2-cuda12.1-cudnn8-runtime\n"
            "ARG DEBIAN_FRONTEND=noninteractive\n"
            "RUN cd GroundingDINO/ && python -m pip install .\n",
        },
    )
    own = scan_repo(tmp_path, "GroundingDINO").component.requirements
    cuda = [r for r in own if r.subject == "cuda"]
    assert [(r.spec, r.confidence) for r in cuda] == [("==12.1.*", "low")]
    assert (cuda[0].text or "").endswith(
        "; borrowed from the docker scope: the repo's own files name no CUDA"
    )
    assert not [r for r in own if r.subject == "cudnn"]
    assert not [r for r in own if r.subject == "torch" and r.source.ref.endswith("Dockerfile")]


def test_what_a_ci_jobs_image_is_built_on_is_that_images(tmp_path: Path) -> None:
    # Ascend/DrivingSDK@e667017e requirements.txt:1-2 and ci/docker/ARM/Dockerfile:1, the
    # manylinux image its CI builds wheels in; fla-org/flash-linear-attention@bc3b101d
    # .github/workflows/amd-mi300.yml:13-20, a job's container (its later lines cut). Neither
    # repo's own files name a glibc or an OS, and neither image is the repo's to borrow.
    _write(
        tmp_path,
        {
            "requirements.txt": "numpy==1.23\nprotobuf==4.25.8\n",
            "ci/docker/ARM/Dockerfile": "FROM quay.io/pypa/manylinux_2_28_aarch64:latest\n",
            ".github/workflows/amd-mi300.yml": "jobs:\n  test-mi300:\n    if: false\n"
            "    name: Test MI300 (PyTorch 2.10 / ROCm 7.2)\n    runs-on:\n"
            "      group: amd-mi300\n    container:\n"
            "      image: rocm/pytorch:rocm7.2.2_ubuntu22.04_py3.10_pytorch_release_2.10.0\n",
        },
    )
    own = scan_repo(tmp_path, "DrivingSDK").component.requirements
    assert {"glibc", "os", "os_version"}.isdisjoint(r.subject for r in own)


def test_the_cudnn_flavour_of_a_cuda_image_is_the_images(tmp_path: Path) -> None:
    # thu-pacman/chitu@6261b7a0 Dockerfile:1, :27-31 (the image copies the repo in and
    # installs it); its requirements name torch and no cuDNN: the image's CUDA is borrowed,
    # the cudnn8 flavour of its tag stays in the docker scope
    _write(
        tmp_path,
        {
            "requirements-build.txt": "torch\n",
            "Dockerfile": "FROM nvidia/cuda:12.1.1-cudnn8-devel-ubuntu22.04 AS base\n"
            "WORKDIR /workspace/cinfer\n"
            "COPY . .\n"
            "RUN --mount=type=cache,target=/root/.cache/pip \\\n"
            "    TORCH_CUDA_ARCH_LIST=8.6 CINFER_WITH_CYTHON=1 pip install --no-build-isolation"
            " .[quant]\n",
        },
    )
    scan = scan_repo(tmp_path, "chitu")
    own = scan.component.requirements
    assert [r.spec for r in own if r.subject == "cuda"] == ["==12.1.1"]
    assert not [r for r in own if r.subject == "cudnn"]
    docker = [s for s in scan.component.scopes if s.name == DOCKER]
    assert [r.spec for s in docker for r in s.requirements if r.subject == "cudnn"] == ["==8.*"]
