"""The subject catalogue: for every requirement subject (python, gcc, chip, a toolkit...) its
version scheme, scope, display name, fact key, aliases and owning backend. The one place every
layer asks what a subject is.

The catalogue is the generic subjects below plus what each registered backend contributes
(``bringup.backends``); it is built on first use, so a backend added by entry point takes
part like a built-in one.

Python distributions: the frameworks that compatibility tables are about (torch, vllm and the
backends' adapters: every subject of scope ``python_package``) are named bare, with ``_`` for
any run of ``-_.`` (a framework ``foo-bar`` is ``foo_bar`` however ``Foo.Bar`` is spelled), because
knowledge-base rules speak of them that way. Every other distribution is ``pypi:`` plus its
PEP 503 normalised name (``pypi:my-lib``); ``python_subject`` applies the convention.
CMake packages found by ``find_package`` are ``cmake:<Name>`` as written.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from typing import Literal, Optional

import msgspec

from bringup import lazyre

Scope = Literal[
    "host", "toolkit", "python_package", "system_tool", "hardware", "platform", "driver", "setting"
]
"""``hardware``/``platform``/``driver``: fixed, checked against the machine (a driver only
changes when the user allows it). The rest are chosen per environment: ``host`` (the Python
interpreter), ``toolkit`` (a vendor toolkit: needed by device and toolkit steps only),
``python_package``, ``system_tool`` (compilers, build tools) and ``setting`` (set by a flag,
the oldest that fits is picked)."""

FIXED_SCOPES: frozenset[Scope] = frozenset({"hardware", "platform", "driver"})

Provider = Literal["host", "toolkit", "index", "system"]
"""Where a subject comes from: the ``host`` itself (the chip, glibc, the driver, the system
compiler), a vendor ``toolkit`` installer (a backend's toolkit subjects), the Python package
``index`` (torch, and tools published there too: cmake, ninja, pybind11, setuptools), or a
``system`` package (clang, lld, zlib). A need the index meets is installed into the environment: an
action, never a blocker."""

_PROVIDER_OF_SCOPE: dict[Scope, Provider] = {
    "host": "host",
    "toolkit": "toolkit",
    "python_package": "index",
    "system_tool": "system",
    "hardware": "host",
    "platform": "host",
    "driver": "host",
    "setting": "host",
}


class Subject(msgspec.Struct, frozen=True, kw_only=True):
    """One requirement subject. ``fact_key``: the snapshot fact that holds the host's value
    (a fixed subject) or installed copy (a chosen one). ``aliases``: short names accepted by
    ``--what-if``. ``device_only``: a fixed subject only device steps need (a build needs no
    device). ``toolkit_kinds``: ``Toolkit.kind`` values of the snapshot that install it.
    ``minimum``: in prose a bare version means "this or newer" (a compiler, a driver, a count);
    ``single_part``: a one-number version ("GCC 9", "C++ 17") is a version, not noise.
    ``backend``: the backend that contributed it, empty for the generic ones.
    ``provider``: where it comes from (``Provider``); empty: what its scope implies."""

    name: str
    scheme: str
    scope: Scope
    display: str = ""
    fact_key: Optional[str] = None
    aliases: tuple[str, ...] = ()
    device_only: bool = False
    toolkit_kinds: tuple[str, ...] = ()
    minimum: bool = False
    single_part: bool = False
    backend: str = ""
    provider: Optional[Provider] = None

    @property
    def display_name(self) -> str:
        return self.display or self.name

    @property
    def provided_by(self) -> Provider:
        return self.provider or _PROVIDER_OF_SCOPE[self.scope]


def _s(name: str, scheme: str, scope: Scope, display: str = "", **more: object) -> Subject:
    return msgspec.convert(
        {"name": name, "scheme": scheme, "scope": scope, "display": display, **more},
        type=Subject,
    )


GENERIC: tuple[Subject, ...] = (
    _s("arch", "name", "hardware", "arch", fact_key="host.arch"),
    _s("chip", "name", "hardware", "chip", device_only=True),
    _s(
        "glibc",
        "numeric",
        "platform",
        "glibc",
        fact_key="host.glibc",
        aliases=("libc",),
        minimum=True,
    ),
    _s("os", "name", "platform", "OS", fact_key="host.os.id"),
    _s("os_version", "numeric", "platform", "OS version", fact_key="host.os.version_id"),
    _s("distro", "name", "platform"),
    _s("glibcxx", "numeric", "platform", "GLIBCXX", fact_key="toolchain.libstdcxx.glibcxx_max"),
    _s("cxxabi", "numeric", "platform", "CXXABI", fact_key="toolchain.libstdcxx.cxxabi_max"),
    _s("python", "pep440", "host", "Python", fact_key="python.default.version"),
    _s(
        "gcc",
        "numeric",
        "system_tool",
        "GCC",
        provider="host",
        fact_key="toolchain.gcc.version",
        minimum=True,
        single_part=True,
    ),
    _s(
        "clang",
        "numeric",
        "system_tool",
        "Clang",
        fact_key="toolchain.clang.version",
        minimum=True,
        single_part=True,
    ),
    *(
        _s(name, "numeric", "system_tool", display, provider="index", fact_key=key, minimum=True)
        for name, display, key in (
            ("cmake", "CMake", "toolchain.cmake.version"),
            ("ninja", "Ninja", "toolchain.ninja.version"),
        )
    ),
    _s("cxx_standard", "cxx_standard", "setting", "C++ standard", minimum=True, single_part=True),
    *(_s(name, "pep440", "python_package") for name in ("torch", "torchvision", "torchaudio")),
    *(_s(name, "pep440", "python_package") for name in ("vllm", "triton")),
)
"""Subjects every host has, whatever its accelerators."""

_SEPARATORS = lazyre.compile(r"[-_.]+")

_SHOWN_FIRST: tuple[Scope, ...] = (
    "toolkit",
    "driver",
    "host",
    "system_tool",
    "setting",
    "python_package",
)
"""The scopes a table of subjects shows first, in this order: what decides an environment (the
backends' toolkits and drivers, the interpreter), then how it builds, then the frameworks."""


class Catalogue:
    """Subjects by name, built from the generic ones and the backends' contributions; a name
    contributed twice is an error (two backends cannot own one subject)."""

    def __init__(self, subjects: Iterable[Subject]) -> None:
        by_name: dict[str, Subject] = {}
        for subject in subjects:
            if subject.name in by_name:
                owner = by_name[subject.name].backend or "the generic subjects"
                raise ValueError(f"subject {subject.name!r} is already defined by {owner}")
            by_name[subject.name] = subject
        self._by_name: Mapping[str, Subject] = by_name
        self._aliases = {alias: s.name for s in by_name.values() for alias in s.aliases}
        self._scopes: dict[str, frozenset[str]] = {}
        self._order: dict[str, tuple[int, int]] = {}

    def get(self, name: str) -> Optional[Subject]:
        return self._by_name.get(name)

    def __iter__(self) -> Iterator[Subject]:
        return iter(self._by_name.values())

    def names(self, *scopes: Scope) -> frozenset[str]:
        """The subjects of the given scopes."""
        key = ",".join(sorted(scopes))
        if key not in self._scopes:
            self._scopes[key] = frozenset(
                s.name for s in self._by_name.values() if s.scope in scopes
            )
        return self._scopes[key]

    def alias(self, name: str) -> str:
        return self._aliases.get(name, name)

    def order(self, name: str) -> tuple[int, int, str]:
        """Where ``name`` goes in a table of subjects (see ``display_order``)."""
        if not self._order:
            self._order = {
                s.name: (_SHOWN_FIRST.index(s.scope), position)
                for position, s in enumerate(self._by_name.values())
                if s.scope in _SHOWN_FIRST
            }
        rank, position = self._order.get(name, (len(_SHOWN_FIRST), 0))
        return rank, position, name


@functools.cache
def catalogue() -> Catalogue:
    """The catalogue of the registered backends (built once; ``reset`` after registering)."""
    from bringup.backends import registered  # deferred: backends contribute their subjects

    return Catalogue([*GENERIC, *(s for b in registered() for s in b.subjects)])


def reset() -> None:
    """Forget the built catalogue, after the set of backends changed (a test, a plug-in)."""
    catalogue.cache_clear()


def subject(name: str) -> Optional[Subject]:
    return catalogue().get(name)


def scheme_for(name: str) -> str:
    """The version scheme of ``name``; anything not catalogued (``pypi:…``, ``cmake:…``, a bare
    distribution name) is a Python distribution: PEP 440."""
    found = catalogue().get(name)
    return found.scheme if found is not None else "pep440"


def has_own_scheme(name: str) -> bool:
    """Whether ``name`` is a catalogued subject other than a Python distribution."""
    found = catalogue().get(name)
    return found is not None and found.scope != "python_package"


def display_name(name: str) -> str:
    found = catalogue().get(name)
    return found.display_name if found is not None else name


def scope_of(name: str) -> Optional[Scope]:
    found = catalogue().get(name)
    return found.scope if found is not None else None


def names(*scopes: Scope) -> frozenset[str]:
    return catalogue().names(*scopes)


def display_order(name: str) -> tuple[int, int, str]:
    """A sort key for tables of subjects: the scopes of ``_SHOWN_FIRST`` in that order, each in
    catalogue order (the generic subjects, then each backend's as registered); every other
    subject (a plain Python distribution, hardware) after them, alphabetically."""
    return catalogue().order(name)


def frameworks() -> frozenset[str]:
    """Python distributions named bare as subjects (see the module docstring)."""
    return catalogue().names("python_package")


NEEDS = frozenset({"submodule", "env_var", "system_package", "network"})
"""Subjects that are not versions: a submodule to fetch, an environment variable to set, a
system package or tool to install, the network while building. Their ``spec`` names the thing
(a path, a variable, a tool, a URL); ``bringup.solve.needs`` turns them into checks."""


_EXAMPLE_SCOPES: tuple[Scope, ...] = ("toolkit", "driver", "hardware", "python_package")
_GENERIC_EXAMPLES = ("python", "gcc", "glibc", "chip", "torch")


def examples() -> tuple[str, ...]:
    """Subject names for a hint: each backend's first toolkit, driver, device count and
    Python package, then the common generic ones."""
    found: dict[str, None] = {}
    backend_subjects = [s for s in catalogue() if s.backend]
    for backend in dict.fromkeys(s.backend for s in backend_subjects):
        for scope in _EXAMPLE_SCOPES:
            first = next(
                (s for s in backend_subjects if (s.backend, s.scope) == (backend, scope)), None
            )
            if first is not None:
                found.setdefault(first.name)
    found.update(dict.fromkeys(_GENERIC_EXAMPLES))
    return tuple(found)


def python_subject(distribution: str) -> str:
    """The subject for a Python distribution name as written anywhere (``Torch`` -> ``torch``,
    ``My_Lib`` -> ``pypi:my-lib``)."""
    lowered = distribution.strip().lower()
    bare = _SEPARATORS.sub("_", lowered)
    if bare in frameworks():
        return bare
    return "pypi:" + _SEPARATORS.sub("-", lowered)


_ECOSYSTEM_NAME = lazyre.compile(r"^(?:pypi|cmake|conda):[A-Za-z0-9_][A-Za-z0-9._+\-]*$")


def is_subject(name: str) -> bool:
    """Whether ``name`` is one a requirement can have: a catalogued subject (``gcc``, ``chip``, a
    backend's toolkit, a framework named bare such as ``torch``), or a package of an ecosystem by a
    name it allows (``pypi:numpy``, ``cmake:FooOps``, ``conda:mkl``)."""
    return catalogue().get(name) is not None or bool(_ECOSYSTEM_NAME.match(name))


@functools.lru_cache(maxsize=4096)
def canonical_subject(name: str) -> str:
    """One spelling per subject: ``pypi:Foo-Bar`` and ``foo_bar`` are the same thing
    (PEP 503 names with ``_`` as the separator, as the knowledge base writes them).
    Memoised: a check asks it ~13,000 times of a few hundred names."""
    text = name.strip().lower()
    if text.startswith("pypi:"):
        text = text[len("pypi:") :]
    return _SEPARATORS.sub("_", text)


def what_if_alias(name: str) -> str:
    """The subject a ``--what-if`` short name (``libc``, a backend's ``cc``) stands for."""
    return catalogue().alias(name)


def is_fixed(name: str, *, allow_driver_change: bool = False) -> bool:
    scope = scope_of(name)
    if scope == "driver":
        return not allow_driver_change
    return scope in FIXED_SCOPES


def is_minimum(name: str) -> bool:
    """Whether a bare version of ``name`` in prose means "this or newer"."""
    found = catalogue().get(name)
    return found is not None and found.minimum


def single_part_ok(name: str) -> bool:
    """Whether a one-number version of ``name`` ("GCC 9") is a version."""
    found = catalogue().get(name)
    return found is not None and found.single_part


def is_device_only(name: str) -> bool:
    found = catalogue().get(name)
    return found is not None and found.device_only


def block_scope(name: str) -> Literal["all", "device"]:
    """Which steps a violated fixed subject stops: device steps only, or everything."""
    return "device" if is_device_only(name) else "all"


def provider_of(name: str) -> Provider:
    """Where ``name`` comes from; anything not catalogued is a Python distribution (``pypi:…``,
    a bare name), from the index, or a package of another ecosystem (``cmake:…``, ``conda:…``)."""
    found = catalogue().get(name)
    if found is not None:
        return found.provided_by
    return "system" if ":" in name and not name.startswith("pypi:") else "index"


def from_index(name: str) -> bool:
    """Whether a version of ``name`` the machine lacks is installed from the package index
    (so the index's releases are open to the solver, not only the knowledge base's)."""
    return provider_of(name) == "index"


def is_distribution(name: str) -> bool:
    """A Python distribution (torch, numpy): PEP 440 versions, not Python itself,
    nor a package of another ecosystem (``cmake:FooOps``, ``conda:mkl``)."""
    return name != "python" and ":" not in name and scheme_for(name) == "pep440"
