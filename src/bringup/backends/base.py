"""What a backend is: the ``Backend`` protocol every accelerator backend (and the CPU)
implements, and the plain data it is made of.

A backend is data plus named entry points: what it owns (subjects, fact keys, chip names, doc
vocabulary, failure-signature namespace) and where its code is (``module:attribute`` of its
collectors and report importers, imported only when a probe runs). So the catalogue, the
solver, the planner and the scan can ask a backend without importing the probe.

Imports ``model``, ``subjects`` and ``versions`` only.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Optional, Protocol

from bringup.model.source import Source
from bringup.subjects import Subject
from bringup.versions import Scheme


def keys_of(module: ModuleType) -> frozenset[str]:
    """The fact keys a backend's ``keys`` module defines (its upper-case string constants)."""
    return frozenset(v for k, v in vars(module).items() if k.isupper() and isinstance(v, str))


@dataclass(frozen=True)
class DeviceFacts:
    """How the host's devices of one backend are read into solver subjects.

    ``count_subject``/``kind_subject``: the subjects for how many and which (``npu_count`` and
    ``chip``; ``gpu_count`` and ``compute_capability``). ``kind_field``: the ``Accelerator``
    field that holds the kind. ``tool_fact``: the vendor tool's own answer (ok / absent /
    timed_out); ``count_fact``: a count the tool gave without describing devices;
    ``pci_fact``: devices counted on the PCI bus, which needs no driver. ``none``: how "no
    device" reads. ``name_fact``: a device a pasted report names without the tool's table."""

    count_subject: str
    kind_subject: str
    kind_field: str
    tool_fact: str
    count_fact: str
    pci_fact: str
    none: str
    name_fact: str = ""


@dataclass(frozen=True)
class Activation:
    """How to make a toolkit the active one in an environment, as data an argv runner can
    apply (no ``source`` of a script): variables to set, and directories to put in front of
    PATH-like variables. ``script`` names the vendor's own script when there is one, for
    people; ``source`` is where these values come from."""

    variables: Mapping[str, str] = field(default_factory=dict)
    prepend: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    script: Optional[str] = None
    source: Optional[str] = None


@dataclass(frozen=True)
class Packages:
    """A toolkit release as the vendor publishes it for the user to install (root, vendor
    downloads): the package files, the first of them the installer ``argv`` runs and the
    rest installed beside it on a device host; ``source``: where the file names come from."""

    files: tuple[str, ...]
    argv: tuple[str, ...]
    source: Source


@dataclass(frozen=True)
class Vocabulary:
    """How docs, build files and package lists name this backend's things; the scan reads
    with the union of every registered backend's vocabulary.

    ``subject_patterns``: (subject, regex) for names in prose ("CANN", "NVIDIA driver"),
    tried before the generic ones. ``unversioned``: subjects a bare need counts for ("install
    CANN"). ``names``: a name as written in a table cell, a CMake package, a CI key, a conda
    or wheel name -> subject (lower case). ``toolkit_subject``: what "the toolkit" or
    "kernels" means in text about this backend. ``chips``: (family, regex) for chip names.
    ``markers``: a regex of words that make text about this backend. ``device_words``: the
    nouns for one device (``NPU``); ``vendor_words``: words that may qualify them ("Ascend",
    "昇腾"). ``generations``: the knowledge base topic whose rows name the backend's device
    generations (``details.architecture``, ``gpus``), each read as its lowest device kind value;
    ``architectures``: other spellings of a generation (capitalised: a proper name) -> the name
    those rows give it ("Ada" -> "Ada Lovelace"). ``products`` (any case): names -> the value
    of the backend's device kind subject (compute capability). ``device_env``:
    variables that choose devices (``ASCEND_RT_VISIBLE_DEVICES``), the first set by
    ``bringup up`` to every device seen; ``device_programs``:
    programs that only run with a device; ``toolkit_programs``: programs that need the toolkit
    only; ``tools``: its query tools, never a step (``npu-smi``). ``setup_markers``: a regex
    for script or recipe text that sets the toolkit up (sourcing its environment script, its
    install root). ``code_markers``: a regex of identifiers that make source code about this
    backend; ``code_modules``: Python modules whose ``is_available()`` asks for its device.
    ``torch_adapters``: the Python distributions that run PyTorch on its devices (torch_npu):
    a repo whose code imports one supports those devices, and its torch needs one there.
    ``device_packages``: Python distributions (canonical names) that work on its devices only
    (flash_attn): a repo that needs one needs those devices. ``device_modules``: Python
    modules (import names) that exist for its devices alone (``vllm_ascend``): a test that
    imports one, or a ``torch_adapters`` module, at module level needs one of them. A framework
    with CPU builds (MindSpore) is not one: its test needs a device where it targets one.
    ``driver_queries``: (module, call) for calls that ask the driver for its devices and raise
    where it is absent: a test, fixture or pytest hook that makes one with no fallback for
    that error needs a device (``scan.driverqueries``).
    ``local_builds``: a regex of the PEP 440 local labels of its wheel builds (``cu118`` in
    ``torch==2.1.0+cu118``).
    ``installers``: (regex, subject) for the file names of its installers a guide runs
    (``Ascend-hdk-910b-npu-driver_25.0.rc1_linux-aarch64.run``), group ``v`` the version.
    ``wheel_indexes``: (regex, subject) for package index URLs that choose a toolkit build,
    the regex's two groups the major and minor version (PyTorch's ``/whl/cu121``, or uv's
    ``UV_TORCH_BACKEND=cu130`` that picks that index).
    ``home_variables``: variables that point at the toolkit's root (``CUDA_HOME``);
    ``path_versions``: regexes whose group 1 is the toolkit version in an install path
    (``cuda-12.1``); ``compilers``: its compilers -> subject (``nvcc`` -> ``cuda``);
    ``version_variables``: (regex, subject) for CMake variables holding a version;
    ``build_languages``: CMake languages that need its toolkit (``CUDA``);
    ``cmake_packages``: ``find_package`` names (lower case) of the toolkit's own CMake packages
    -> subject (``asc`` -> ``cann``), read in build files only, apart from ``names``;
    ``chip_variables``: variables that name the chip a build targets (``SOC_VERSION``).
    ``runner_labels``: CI runner label words -> chip family (``a2`` -> ``910B``);
    ``chip_architectures``: a chip architecture number a kernel compiler flag names -> the
    chip families it runs on; ``chip_architecture_flags``: a regex of such flags, group 1 the
    number (``--npu-arch=dav-2201``); ``model_chip_flags``: a regex of a model converter's
    flag naming the one chip its output runs on, group 1 the chip as the flag spells it
    (``atc --soc_version=Ascend310``: the offline model loads on that SoC alone);
    ``extensions``: build-script names that need the toolkit (``CUDAExtension`` -> ``cuda``);
    ``image_readers``: ``module:function`` reading its container image tags
    (``bringup.scan.images.ImageReader``). ``classifiers``: (regex, subject) for trove
    classifiers naming toolkit releases, groups major and optional minor. ``collectives``:
    its collective-communication libraries (a repo named after one is a comm repo).
    ``libraries``: a library as a build links it (lower case, no ``lib`` prefix or suffix:
    ``-lnvrtc``, ``hccl``) -> (subject that provides it, why). ``library_wheels``: a regex
    of the Python distributions the vendor ships its libraries in, group ``lib`` the library
    (``nvidia-nccl-cu12``): installing one installs that library. ``architecture_variables``:
    variables (CMake or shell) listing the device architectures a build targets
    (``CMAKE_CUDA_ARCHITECTURES``); ``architecture_flags``: a regex of compiler flags naming
    one, group 1 its number (``sm_80``); either sets the backend's device kind subject.
    ``status_command``: the command that shows its devices' health and memory (``npu-smi
    info``); ``launch_blocking``: the variable that makes its kernel launches synchronous
    (``CUDA_LAUNCH_BLOCKING``); ``device_log``: where its runtime logs (``plog``).
    ``device_nodes``: glob patterns under ``/dev`` of its device files (``davinci[0-9]*``).
    ``driver_home``: the folder its driver installs to (``/usr/local/Ascend/driver``): a
    container that mounts it, or a library path that names it, uses the host's driver.
    ``variable_prefixes``: how the variables that configure it begin (``HCCL_``): a probe
    records them, with its chip variables and what its activation sets.
    ``version_forms``: subject -> a regex every version of that subject's own package
    matches; a version outside it is another numbering of the same product (a release
    train's number, not the package's) and states no version of the subject.
    ``stack``: a regex for words naming the vendor's whole software stack at once ("install
    the latest <vendor> software stack"): an unversioned need of its driver and its toolkit.
    ``chip_shorthands``: a short name that, where only a chip can be meant (a chip table's row,
    before a device count), stands for a product name its ``chips`` know.
    ``capability_mentions``: a regex for a device architecture named in prose, with a group
    ``arch`` (an architecture number, ``80``) or ``cc`` (the version of its device kind
    subject, ``8.0``)."""

    subject_patterns: tuple[tuple[str, str], ...] = ()
    unversioned: tuple[str, ...] = ()
    names: Mapping[str, str] = field(default_factory=dict)
    toolkit_subject: Optional[str] = None
    chips: tuple[tuple[str, str], ...] = ()
    markers: str = ""
    device_words: tuple[str, ...] = ()
    vendor_words: tuple[str, ...] = ()
    generations: str = ""
    architectures: Mapping[str, str] = field(default_factory=dict)
    products: Mapping[str, str] = field(default_factory=dict)
    device_env: tuple[str, ...] = ()
    device_programs: tuple[str, ...] = ()
    toolkit_programs: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    setup_markers: str = ""
    code_markers: str = ""
    code_modules: tuple[str, ...] = ()
    torch_adapters: tuple[str, ...] = ()
    device_packages: tuple[str, ...] = ()
    device_modules: tuple[str, ...] = ()
    driver_queries: tuple[tuple[str, str], ...] = ()
    local_builds: str = ""
    wheel_indexes: tuple[tuple[str, str], ...] = ()
    library_wheels: str = ""
    installers: tuple[tuple[str, str], ...] = ()
    home_variables: tuple[str, ...] = ()
    path_versions: tuple[str, ...] = ()
    compilers: Mapping[str, str] = field(default_factory=dict)
    version_variables: tuple[tuple[str, str], ...] = ()
    build_languages: tuple[str, ...] = ()
    cmake_packages: Mapping[str, str] = field(default_factory=dict)
    chip_variables: tuple[str, ...] = ()
    runner_labels: Mapping[str, str] = field(default_factory=dict)
    chip_architectures: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    chip_architecture_flags: str = ""
    model_chip_flags: str = ""
    extensions: Mapping[str, str] = field(default_factory=dict)
    image_readers: tuple[str, ...] = ()
    classifiers: tuple[tuple[str, str], ...] = ()
    collectives: tuple[str, ...] = ()
    libraries: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    architecture_variables: tuple[str, ...] = ()
    architecture_flags: str = ""
    status_command: str = ""
    launch_blocking: str = ""
    device_log: str = ""
    device_nodes: tuple[str, ...] = ()
    driver_home: str = ""
    variable_prefixes: tuple[str, ...] = ()
    version_forms: Mapping[str, str] = field(default_factory=dict)
    stack: str = ""
    chip_shorthands: Mapping[str, str] = field(default_factory=dict)
    capability_mentions: str = ""


class Backend(Protocol):
    """One accelerator backend (or the CPU). ``vendor`` is the ``Accelerator.vendor`` its
    collectors write (None for the CPU); ``device_kind`` what its devices are called in
    ``StepNeeds`` (``npu``, ``gpu``; ``cpu``). ``collectors``/``report_importers``:
    ``module:attribute`` of each, loaded lazily by ``bringup.backends``. ``driver_subject``:
    what ``--what-if driver=`` means on a host of this backend. ``ladder_rungs``:
    ``module:attribute`` of each tuple of ``bringup.ladder.Rung`` it adds to ``bringup
    ladder`` (imported when a ladder runs or lists). ``signature_namespace``: the prefix of
    its failure-signature ids and facts (``ascend.``; environment variables it records are
    ``<namespace>env.NAME``). ``packages``: subject -> ``module:function`` of ``(version, chip,
    arch) -> Packages``, the vendor package files of a release of that subject.
    ``toolkit_prefixes``: how the ``Toolkit.kind`` values its collectors write begin.
    ``fact_keys``: the snapshot fact keys its collectors write (failure signatures may quote
    them). ``predicates``: modules whose import registers its failure-signature predicates
    (``bringup.triage.predicates.predicate``). ``schemes``: the version schemes of its
    vendor's release trains by name, registered with ``bringup.versions`` when the backends
    load (its subjects may name them). ``image_tag``: ``module:function`` of ``(toolkit version,
    Python X.Y, chip family or None) -> values`` filling the tag rule of its base image (the
    ``kb/data/images/base_images.toml`` row of its name) for an environment pinning its
    toolkit."""

    @property
    def name(self) -> str: ...
    @property
    def vendor(self) -> Optional[str]: ...
    @property
    def device_kind(self) -> str: ...
    @property
    def subjects(self) -> tuple[Subject, ...]: ...
    @property
    def collectors(self) -> Mapping[str, str]: ...
    @property
    def report_importers(self) -> Mapping[str, str]: ...
    @property
    def devices(self) -> Optional[DeviceFacts]: ...
    @property
    def driver_subject(self) -> Optional[str]: ...
    @property
    def ladder_rungs(self) -> tuple[str, ...]: ...
    @property
    def packages(self) -> Mapping[str, str]: ...
    @property
    def toolkit_prefixes(self) -> tuple[str, ...]: ...
    @property
    def signature_namespace(self) -> str: ...
    @property
    def fact_keys(self) -> frozenset[str]: ...
    @property
    def predicates(self) -> tuple[str, ...]: ...
    @property
    def vocabulary(self) -> Vocabulary: ...
    @property
    def schemes(self) -> Mapping[str, Scheme]: ...
    @property
    def image_tag(self) -> Optional[str]: ...

    def activation(self, toolkit_path: str) -> Activation:
        """The environment that makes the toolkit installed at ``toolkit_path`` active."""
        ...


@dataclass(frozen=True)
class DeclaredBackend:
    """A backend that is all data (every built-in one): the fields of ``Backend``, with
    activation from ``activate``, a function of the toolkit path."""

    name: str
    vendor: Optional[str]
    device_kind: str
    subjects: tuple[Subject, ...] = ()
    collectors: Mapping[str, str] = field(default_factory=dict)
    report_importers: Mapping[str, str] = field(default_factory=dict)
    devices: Optional[DeviceFacts] = None
    driver_subject: Optional[str] = None
    ladder_rungs: tuple[str, ...] = ()
    packages: Mapping[str, str] = field(default_factory=dict)
    toolkit_prefixes: tuple[str, ...] = ()
    signature_namespace: str = ""
    fact_keys: frozenset[str] = frozenset()
    predicates: tuple[str, ...] = ()
    vocabulary: Vocabulary = Vocabulary()
    activate: Optional[ActivationRule] = None
    schemes: Mapping[str, Scheme] = field(default_factory=dict)
    image_tag: Optional[str] = None

    def activation(self, toolkit_path: str) -> Activation:
        return self.activate.apply(toolkit_path) if self.activate is not None else Activation()


@dataclass(frozen=True)
class ActivationRule:
    """Activation written as templates over the toolkit's directory: ``{root}`` in a value
    becomes the toolkit path (``ASCEND_HOME_PATH={root}``, PATH += ``{root}/bin``)."""

    variables: Mapping[str, str] = field(default_factory=dict)
    prepend: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    script: Optional[str] = None
    source: Optional[str] = None

    def apply(self, root: str) -> Activation:
        root = root.rstrip("/")
        return Activation(
            variables={k: v.format(root=root) for k, v in self.variables.items()},
            prepend={k: tuple(p.format(root=root) for p in v) for k, v in self.prepend.items()},
            script=posixpath.normpath(self.script.format(root=root)) if self.script else None,
            source=self.source,
        )
