"""What a repository needs (requirements), what it does (steps), and the repo itself."""

from __future__ import annotations

from typing import Literal, Optional

import msgspec

from bringup.model.facts import Fact
from bringup.model.source import Confidence, Source

Role = Literal["ops", "comm", "inference", "training", "toolchain", "samples", "other"]
StepKind = Literal["build", "test", "run", "convert", "install"]
DeviceKind = str
"""What a backend calls its devices (``Backend.device_kind``, a short word such as ``cpu``)."""


class Alternative(msgspec.Struct, frozen=True, kw_only=True):
    """One value of an any-of requirement (a chip of a support list) and where it was read."""

    value: str
    source: Source


class Requirement(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """``subject`` names what is required: a host or toolkit component (``python``, ``gcc``,
    ``cmake``, ``glibc``, ``cxx_standard``, a backend's toolkit or driver subject), a device
    fact (a backend's device-count subject, ``chip``, ``compute_capability``) or a Python
    distribution (``pypi:torch``). ``spec`` is a specifier in the subject's version scheme
    (``>=7.0,<8``); empty means the requirement was stated with no version at all, which is
    a finding in its own right. ``text`` keeps the words as found.

    A support list (chips, architectures, OSes) is one requirement whose ``spec`` names every
    value any of which will do (``910B,910_93``); ``any_of`` keeps where each value was
    read, and ``also_at`` where the same statement is repeated.

    ``feature`` names the optional feature the statement belongs to whatever its file's
    scope (an extra of a manifest: ``extra:vllm``; a linter's pin: ``development``; a CMake
    package the build looks for but goes on without: ``optional``); empty when the file's
    scope decides.

    ``prefers`` keeps the releases the repo names within ``spec`` for an interpreter it
    creates, folded into this floor (``conda create -n paddlemix python=3.10`` beside
    ``python_requires>=3.6``): the ones its pinned packages were chosen for, which the solver
    prefers to the newest the floor admits; for another subject, the releases the repo shows
    in use beside an unversioned need (``scan.shownbeside``, ``scan.unversioned``: "tested with
    CUDA 10.2"), which the solver takes after a release this machine has."""

    subject: str
    spec: str
    component: str
    source: Source
    confidence: Confidence = "high"
    hard: bool = True
    text: Optional[str] = None
    any_of: tuple[Alternative, ...] = ()
    also_at: tuple[Source, ...] = ()
    feature: str = ""
    prefers: tuple[Alternative, ...] = ()
    direct: str = ""
    """A Python distribution installed from a URL, not a package index, as an installer is
    given it: ``clip @ git+https://github.com/openai/CLIP.git@main`` where a name is written
    (PyPI's ``clip`` is another project), the bare URL where none is (the name guessed from
    its repository may not be the distribution's: tiny-cuda-nn's is ``tinycudann``)."""
    extension_of: str = ""
    """For a C++ standard: the framework whose C++ extension is compiled at it, as the file
    states (``torch``: a setup.py that builds only ``torch.utils.cpp_extension`` extensions, a
    CMake target that links ``${TORCH_LIBRARIES}``). The flag sets that extension's standard
    exactly, whatever the repo's other targets use, so the framework's rows on the standard
    (kb torch_cxx) bound the framework the repo can take (``solve.extensionstandard``); for
    the repo as a whole the standard stays a floor."""

    @property
    def unversioned(self) -> bool:
        return not self.spec.strip()


class Publishing(msgspec.Struct, frozen=True, kw_only=True):
    """A command of a step's own recipe that publishes, deploys or pushes (``twine upload
    --skip-existing dist/*``), and its line."""

    command: str
    source: Source


class StepNeeds(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What a step needs to run: nothing, the toolkit only, or N devices (of some chips).
    ``inputs``: the words of its command the user fills in first (``/PATH/TO/LLAMA3/llama3-8b``,
    ``<path/to/checkpoint>``, a ``$MODEL_PATH`` nothing sets); ``missing``: the files it runs
    that the checkout lacks. Either keeps it from running as written; so does ``publishes``:
    what its own recipe (the Makefile targets it makes, the script it runs) sends away.
    ``in_environment``: its recipe, as read, installs into the environment only (``install:
    pip install -r requirements.txt``), not into a build's install prefix."""

    devices: int = 0
    device_kind: Optional[DeviceKind] = None
    chips: tuple[str, ...] = ()
    toolkit: bool = False
    network: bool = False
    inputs: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    publishes: Optional[Publishing] = None
    in_environment: bool = False
    device_at: Optional[Source] = None
    """Where the device need is read when a file the step runs says it (a test file's
    ``.cuda()``): shown beside the need on the step it blocks (outsider14 D2)."""
    mocked_at: Optional[Source] = None
    """Where a test file it runs stands a mock in for the device library it imports
    (``scan.testmocks``: gpustat/test_gpustat.py:259 ``nvidia_mock(pynvml)``): it runs on the
    CPU and takes none of the repo's device requirements (outsider19 D6)."""
    rewrites: tuple[str, ...] = ()
    """The checkout's folders the script it runs removes or configures anew, each with the
    line (``build/ (scripts/run_tests.sh:36)``): after a step that builds there, it would
    undo that build (``plan.stepneeds.rewritten``, outsider15 D2)."""


class Step(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A build or test command of a repo. ``argv`` is a list, never a shell string; it runs
    only with the user's consent."""

    name: str
    kind: StepKind
    argv: tuple[str, ...]
    source: Source
    cwd: str = "."
    needs: StepNeeds = StepNeeds()
    notes: tuple[str, ...] = ()
    """What bringup says beside the command wherever it is shown: what it changed in the
    command as read, and why (``plan.isolation``: a silent rewrite, outsider18 D13); what the
    command's build script writes outside the environment (``plan.homewrites``, D14)."""


class Scope(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A part of a repo with needs of its own, beside the repo's: a sub-project directory
    (``benchmarks/x``, which can be brought up alone) or a feature (``ci``, ``tests``, a doc
    page). Its requirements never decide the repo's verdict."""

    name: str
    feature: bool = False
    requirements: tuple[Requirement, ...] = ()
    steps: tuple[Step, ...] = ()


class RoutePart(msgspec.Struct, frozen=True, kw_only=True):
    """A folder the repo's own build route builds, so its build files speak for the repo
    (not a sub-project): ``how`` it is built (``script``: the build script enters it and
    builds there; ``add_subdirectory``: a CMake file of the route adds it) and the line."""

    folder: str
    how: str
    source: Source


class OwnDistribution(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A Python distribution the repo itself builds (``pypi:NAME`` or a framework's subject),
    cited where a build file at its top names it (``scan.owndists``)."""

    subject: str
    source: Source


class Component(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A repository in the stack. ``findings`` hold what the scan noticed that is not a
    requirement: unreadable files, contradictions, unversioned mentions. ``requirements``
    and ``steps`` are the repo scope's; ``scopes`` hold the rest ("also, for X"). ``role``
    has no default: ``other`` is an answer the text shows, so the JSON always carries it."""

    name: str
    path: str
    role: Role
    requirements: tuple[Requirement, ...] = ()
    steps: tuple[Step, ...] = ()
    depends_on: tuple[str, ...] = ()
    trusted: bool = False
    findings: tuple[Fact, ...] = ()
    scopes: tuple[Scope, ...] = ()
    route: tuple[RoutePart, ...] = ()
    """The folders the repo's build route builds, each with why (``scan.mainroute``)."""
    distributions: tuple[OwnDistribution, ...] = ()
    """The Python distributions the build files at the repo's top name: the repo's own
    package, which is not a requirement of it; a repo that IS a device-only plugin needs
    those devices (``solve.nodevice``)."""
