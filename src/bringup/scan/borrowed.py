"""What the repo's CI and container images state that none of the repo's own files do.

CI (``scopes.CI``) and the repo's images (``scopes.DOCKER``) are features of their own: their
pins are the versions they happen to use. Where the repo's docs, manifests and build files
never name a subject, though, the runners and the images its maintainers build on are the
repo's only word on it (omni-infer names its torch==2.5.1 only in the Dockerfile that
installs it, tools/docker/Dockerfile.vllm-omni.source:31; torchtitan-npu its CPU and Ubuntu
22.04 only in its CI image, .ci/gitcode.dockerfile:2; causal-conv1d in its runner matrix,
.github/workflows/publish.yaml:41). Borrowed as soft needs of low confidence, for subjects the
repo never names:

- the CPUs of a matrix of runners of a workflow that builds or tests the repo (``cios``), the
  chip a runner's label names (``ci``: a backend's ``runner_labels``),
  and their OS where a matrix runs the build on several (pytorch_scatter
  .github/workflows/building.yml:13 ``os: [ubuntu-22.04, macos-14, windows-2022, …]``):
  every job on ``ubuntu-latest`` is the CI service's default machine, no word on the OS
  (mindnlp .github/workflows/ci_pipeline.yaml:25, torch-harmonics .github/workflows/
  tests.yml:15, Fuser .github/workflows/lint.yml:18: the truths record no OS there);
- the platform, toolkit, device and Python an image of the repo is built on or installs (a
  base image's tag, a toolkit installer run in it);
- the device architectures a CI job's environment builds for (``TORCH_CUDA_ARCH_LIST``,
  ``ci.architectures``): where the repo states no compute capability, the oldest one its
  wheels are built for is the least device they run on;
- the driver a CI job checks with the backend's status command (``- run: nvidia-smi``,
  facebookresearch/xformers .github/workflows/gpu_test_gh.yml:50): the job's machine has the
  devices and their driver; where the repo never names the driver but names its toolkit
  (CUDA), that check is its only word on it (``statuscheck``). A repo that never names the
  toolkit runs that backend as an option (flash-linear-attention's Ascend CI,
  .github/workflows/ascend-a2-ci.yml:112 ``npu-smi info``, beside a torch_npu extra);
- the versions a CI matrix builds a framework for (``torch-version:``), where the repo names
  that framework without a version (``_version_matrix``);
- the frameworks (torch) an image that installs the repo itself (``pip install -e .``)
  installs beside it, when the repo names none: the repo's install recipe. An image that only
  prepares an environment (catlass Dockerfile.atlasa2 clones the repo and builds nothing)
  states no package of the repo's; the other packages an image installs are the image's.

A container file of a sub-project or an example is that scope's (``Scopes``), never borrowed.
The OS, toolkit and CPU an image is built on are the repo's only where building in that
image is the repo's route: a CI image (``.ci/``, the runners' OS) or one that installs the
repo, and its layers.
A deployment image (ascend-npu-exporter build/Dockerfile:1 ``FROM ubuntu:18.04``, copying the
built binary), a dev container (instant-ngp .devcontainer/Dockerfile:1) or an optional image of
released packages (cuvs Dockerfile:26) lends none (``route_images``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.ci import BUILDS_FOR
from bringup.scan.clones import clone_dir
from bringup.scan.commands import joined_lines
from bringup.scan.scopenames import CI
from bringup.scan.statuscheck import CHECKS, driver_toolkits
from bringup.subjects import display_name, scope_of

_RUNNERS = ("CI: runs-on:", "CI: os:")
_TARGETS = f"CI: {BUILDS_FOR} "
_IMAGE_NAMED = ("FROM image ", "CI: image ")
_IMAGE_SCOPES = frozenset({"toolkit", "hardware", "platform", "host"})
_COMMAND_END = lazyre.compile(r"[\n&|;]")
_PIP_INSTALL = lazyre.compile(r"\bpip3?\s+install\b")
_THIS_DIRECTORY = lazyre.compile(r"(?:^|\s)[\"']?\.(?:\[[^\]\s]*\])?[\"']?(?=\s|$)")
_SETUP_INSTALL = lazyre.compile(r"\bsetup\.py\s+(?:install|develop|bdist_wheel)\b")
_CD = lazyre.compile(r"^\s*(?:RUN\s+)?cd\s+(\S+)", re.IGNORECASE)
_COPY_REPO = lazyre.compile(r"^\s*(?:COPY|ADD)\s+(?:--\S+\s+)*\./?\s+(\S+)\s*$", re.IGNORECASE)
"""The repo's own checkout copied into the image (``COPY . /vllm-workspace/vllm-ascend/``)."""
_GIT_CLONE = lazyre.compile(r"\bgit\s+clone\s")


def installs_repo(text: str, repo_name: str = "") -> bool:
    """Whether a container file's commands install the repo it runs in: ``pip install -i
    <index> -e .`` (omni-infer tools/docker/Dockerfile.vllm-omni.source:51), ``python setup.py
    install``. Each command (split at line ends, ``&``, ``|``, ``;``) is read once from its
    ``pip install`` on: one pattern spanning the command retried from every ``pip install`` of
    a long line in quadratic time. An install in a folder the file cloned another project
    into is that project's (``RUN cd flash-attention/hopper && python setup.py install``
    after ``git clone …/flash-attention.git``, ModelTC/lightx2v Dockerfile:31-35; ``git clone
    …/vllm.git && cd vllm && … pip install -e .``, Dockerfile:21-23); a clone of the repo
    itself (``repo_name``, nunchaku docker/Dockerfile:54-58) is the repo's, as is the folder
    the file copies the build context into (vllm-project/vllm-ascend@5e390744 Dockerfile:69
    ``COPY . /vllm-workspace/vllm-ascend/``, :77 ``pip install -e
    /vllm-workspace/vllm-ascend/``)."""
    others = _cloned_others(text, repo_name)
    copies = {m.group(1).rstrip("/") for m in map(_COPY_REPO.match, text.splitlines()) if m}
    for line in joined_lines(text):
        folder: list[str] = []
        for command in _COMMAND_END.split(line.text):
            moved = _CD.match(command)
            if moved is not None:
                folder = moved.group(1).strip("'\"").lower().split("/")
                continue
            pip = _PIP_INSTALL.search(command)
            installs = _SETUP_INSTALL.search(command) is not None or (
                pip is not None
                and (
                    _THIS_DIRECTORY.search(command, pip.end()) is not None
                    or not copies.isdisjoint(_targets(command[pip.end() :]))
                )
            )
            if installs and others.isdisjoint(folder):
                return True
    return False


def _targets(arguments: str) -> set[str]:
    """The paths a ``pip install``'s arguments name, extras and a trailing slash dropped."""
    return {word.strip("'\"").split("[")[0].rstrip("/") for word in arguments.split()}


def _cloned_others(text: str, repo_name: str) -> frozenset[str]:
    """The folders (lower case) ``text``'s ``git clone`` commands clone projects other than
    ``repo_name`` into."""
    folders = (
        clone_dir(command[clone.end() :].split())
        for command in _COMMAND_END.split(text)
        for clone in [_GIT_CLONE.search(command)]
        if clone is not None
    )
    names = (f.rsplit("/", 1)[-1].lower() for f in folders)
    return frozenset(n for n in names if n and n != repo_name.lower())


_FRAMEWORKS = "frameworks"


def _family(subject: str) -> str:
    """The fact a subject is part of: the OS and its release are one (a repo that names its
    OS chose it, whatever release an image runs), the frameworks another (a repo that names
    torch chose its stack; the torchvision an image adds is the image's)."""
    if subject == "os_version":
        return "os"
    return _FRAMEWORKS if scope_of(subject) == "python_package" else subject


def _borrowable(requirement: Requirement, images: Mapping[str, bool]) -> bool:
    text, ref = requirement.text or "", requirement.source.ref or ""
    if not requirement.spec:  # a version left to a build argument (op-plugin's nnal) says none
        return False
    if text.startswith(_RUNNERS):
        # one OS is where the CI service runs jobs; a matrix of several is the repo's support;
        # a runner named for its chip (``runs-on: tps-ascend-ci-910b``, DeepLink-org/
        # DeepLinkExt .github/workflows/static.yml:86) is the device the repo is tested on
        return requirement.subject in ("arch", "chip") or (
            requirement.subject == "os" and "," in requirement.spec
        )
    if text.startswith(_TARGETS):
        # the devices the wheels a job builds run on (``ci.architectures``)
        return True
    if ref not in images and not text.startswith("CI: image "):
        return False
    if _flavour(requirement):
        return False
    if scope_of(requirement.subject) in _IMAGE_SCOPES:
        return True
    return images.get(ref, False) and _family(requirement.subject) == _FRAMEWORKS


_FLAVOURS = frozenset({"cudnn"})


def _flavour(requirement: Requirement) -> bool:
    """Whether ``requirement`` is a library an image's tag names as its flavour (the
    ``-cudnn8-`` of ``nvidia/cuda:12.1.1-cudnn8-devel-ubuntu22.04``): NVIDIA ships each CUDA
    image with and without cuDNN ("a runtime image that also includes cuDNN is available",
    https://aws.amazon.com/marketplace/pp/prodview-djg56ohlelt76; the tag list of
    https://github.com/MassGrid/Dockerfile_cuda, ``10.0-runtime`` beside
    ``10.0-cudnn7-runtime``), and torch's own Linux wheels bring their cuDNN as the
    ``nvidia-cudnn-cu12`` distribution (https://pypi.org/pypi/torch/2.5.0/json,
    ``requires_dist``). A repo whose own files never name cuDNN does not link it: the flavour
    is the image's (chitu Dockerfile:1, OpenPCDet docker/Dockerfile:1, alphafold3-pytorch-npu
    Dockerfile:3, MinkowskiEngine docker/Dockerfile:9: four repos that name no cuDNN, built
    on such images; none of their truths records one)."""
    text = requirement.text or ""
    return requirement.subject in _FLAVOURS and text.startswith(_IMAGE_NAMED)


def route_images(docker: list[Requirement], images: Mapping[str, bool]) -> list[Requirement]:
    """The repo's images' needs less what those beside its build route are built on (their
    OS, C library, toolkit and CPU): an image is on the route where it, or an image
    beside it (its layers: omni-infer tools/docker/Dockerfile.vllm-omni.source:19 ``FROM
    ${BASE_IMAGE}`` installs the repo on the openEuler base that
    Dockerfile.openEuler.py311.CANNdev.910c:20 builds), installs the repo. The CUDA and cuDNN
    of a base image (``FROM nvidia/cuda:${CUDA_VER}-devel-ubuntu24.04``, rapidsai/cuvs
    Dockerfile:18-26, an optional image of released packages) are inside that image, and the
    CPU and glibc of one a CI job builds wheels in (``quay.io/pypa/manylinux_2_28_x86_64``,
    pyg-team/pyg-lib .github/workflows/docker/Dockerfile:2; NVIDIA/MatX
    docker/dli_lab/lab.Dockerfile:2) are where that image runs: no need of the repo's.
    The device an image is made for (``cann:8.5.0-910b-…``, hicann/catlass
    Dockerfile.atlasa2:1, one image per product) is the host's, as its driver is, and stays."""
    routes = {ref.rpartition("/")[0] for ref, installs in images.items() if installs}
    return [
        r
        for r in docker
        if not _built_on(r.subject) or (r.source.ref or "").rpartition("/")[0] in routes
    ]


def ci_images(ci: list[Requirement], images: Mapping[str, bool]) -> list[Requirement]:
    """The CI scope's needs less what the images its jobs run in are built on, as
    ``route_images`` has the repo's own images': the OS, glibc and toolkit read off a job's
    image (``image: rocm/pytorch:rocm7.2.2_ubuntu22.04_…``, fla-org/flash-linear-attention@
    bc3b101d .github/workflows/amd-mi300.yml:20; ``FROM quay.io/pypa/manylinux_2_28_aarch64``,
    DrivingSDK ci/docker/ARM/Dockerfile:1) are that image's, not the repo's to borrow. The
    runners a matrix names and the device an image is made for stay (``_borrowable``)."""
    named = [r for r in ci if (r.text or "").startswith(_IMAGE_NAMED)]
    kept = route_images(named, images)
    return [r for r in ci if r in kept or r not in named]


def _built_on(subject: str) -> bool:
    """Whether ``subject`` is part of what an image is built on: its OS, its C library (the
    glibc of a manylinux image), its toolkit or its CPU."""
    return _family(subject) in ("os", "arch", "glibc") or scope_of(subject) == "toolkit"


def borrowed(
    own: list[Requirement],
    elsewhere: Mapping[str, Sequence[Requirement]],
    images: Mapping[str, bool],
) -> list[Requirement]:
    """The needs of CI and the repo's images (``elsewhere``, by scope) on facts ``own`` never
    names, soft and of low confidence, their words saying whose they are: beside the image's
    torch and CUDA, which stay in its scope, its cuDNN read as the repo's looked misfiled
    (GroundingDINO@856dde2 Dockerfile:1); ``images`` maps each container file's ref to
    whether it installs the repo."""
    named = {_family(r.subject) for r in own}
    toolkits = {r.subject for r in own if scope_of(r.subject) == "toolkit"}
    unversioned = {r.subject for r in own if scope_of(r.subject) == "python_package"}
    unversioned -= {r.subject for r in own if r.spec}
    return [
        msgspec.structs.replace(r, hard=False, confidence="low", text=_whose(r, scope, named))
        for scope, found in elsewhere.items()
        for r in found
        if (
            _family(r.subject) not in named
            and (_borrowable(r, images) or (scope == CI and _checked_driver(r, toolkits)))
        )
        or (r.subject in unversioned and (_version_matrix(r) or _companion(r, images)))
    ]


def _checked_driver(requirement: Requirement, toolkits: set[str]) -> bool:
    """Whether ``requirement`` is a CI job's status check of a driver whose toolkit the repo
    names (``toolkits``)."""
    toolkit = driver_toolkits().get(requirement.subject)
    return (requirement.text or "").endswith(CHECKS) and toolkit in toolkits


def _whose(requirement: Requirement, scope: str, named: set[str]) -> str:
    """The words as written, then whose they are and why the repo's needs hold them."""
    name = display_name(requirement.subject)
    says = f"no version of {name}" if _family(requirement.subject) in named else f"no {name}"
    written = requirement.text or requirement.spec
    return f"{written}; borrowed from the {scope} scope: the repo's own files name {says}"


def _companion(requirement: Requirement, images: Mapping[str, bool]) -> bool:
    """A project an image that installs the repo clones at a release and installs beside it
    (vllm-project/vllm-ascend@5e390744 Dockerfile:50-60 clones vLLM at ``v0.22.1``, the tag
    ``.github/vllm-release-tag.commit`` also holds): where the repo names that project with no
    version (README.md:67 "vLLM (the same version as vllm-ascend)"), the release it is built
    against is its only word on which one."""
    text, ref = requirement.text or "", requirement.source.ref or ""
    return bool(requirement.spec) and text.startswith("cloned: ") and images.get(ref, False)


def _version_matrix(requirement: Requirement) -> bool:
    """A CI matrix's versions of a framework (``torch-version: ["2.6.0", …, "2.10.0"]``,
    causal-conv1d .github/workflows/publish.yaml:43): the releases the maintainers build the
    repo's wheels for. Where the repo names the framework and never a version of it
    (causal-conv1d pyproject.toml:2 ``requires = [… "torch" …]``; the same shape in
    state-spaces/mamba, pyproject.toml ``dependencies = ["torch", …]`` beside its
    publish.yaml:47 torch-version matrix), they are its only word on which ones work."""
    text = requirement.text or ""
    return (
        bool(requirement.spec)
        and text.startswith("CI: ")
        and not text.startswith((*_RUNNERS, "CI: image "))
    )
