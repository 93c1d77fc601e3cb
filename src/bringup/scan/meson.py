"""Meson builds: ``meson.build`` and the wraps of ``subprojects/``, read as the Meson manual
documents them (mesonbuild.com Reference-manual ``project()``/``dependency()``;
Wrap-dependency-system-manual), nothing more.

- ``project(..., meson_version: '>= 0.64.0')``: the least Meson the build configures with
  (older ones stop), a hard floor of ``pypi:meson`` (Meson is a Python distribution; the
  README's ``pip install meson`` states the same need);
- ``dependency('ucx', version: '>=1.22', required: false)``: a library found on the system
  (pkg-config, CMake or a custom lookup), a ``system_package`` with its version; with
  ``required: false`` the build goes on without it, an ``optional`` feature (as CMake's
  ``find_package`` without ``REQUIRED``); one with a ``fallback:`` subproject, or one a wrap
  provides (``meson_wraps``), is built from the downloaded source when missing, the wrap's need;
  ``threads``/``dl`` are the C library's and the compiler's, ``python3``/``cuda``/``pybind11``
  subjects of their own (``_SUBJECTS``);
- a ``.wrap`` file in ``subprojects/`` (an ini file): ``[wrap-file]`` downloads
  ``source_url``, ``[wrap-git]`` clones ``url`` with git: one ``network`` need each, "<name>
  from <host>", soft (Meson uses the system's copy first), and ``git`` for a clone.

- ``cuda_arch_list = '80,86,89,90'``: a string the build assigns to a variable named as a
  backend's architecture list (``Vocabulary.architecture_variables``, in Meson's lower case)
  is the architectures it targets unless told otherwise; the oldest of all it assigns is the
  least device it runs on (nixl meson.build:249-251, the default of ``-Dnixl_cuda_arch_list=auto``).

The ``meson.build`` files of ``subprojects/`` are the subprojects' own (patch directories of
wraps), not the repo's build: the walk leaves them out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import urlsplit

import msgspec

from bringup import lazyre
from bringup.model import Requirement, Step
from bringup.scan.architectures import listed, listing, lowest_architecture
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.scopenames import TEST_FRAMEWORKS, TESTS
from bringup.scan.scopes import OPTIONAL
from bringup.scan.walk import RepoFile

MESON = "meson"
"""The file kind ``walk`` gives meson.build."""
WRAP = "mesonwrap"
"""The file kind ``walk`` gives a ``subprojects/*.wrap``."""
_CALL = lazyre.compile(r"(?<![\w.])(project|dependency)[ \t]{0,8}\(")
"""A call of ``project()`` or of the ``dependency()`` function (not a subproject's method,
``prometheus_sub.dependency('core')``, nor ``declare_dependency``)."""
_STRING = lazyre.compile(r"'((?:[^'\\\n]|\\.){0,300})'")
_KWARG = lazyre.compile(r"^([a-z_]{1,30})[ \t\n]{0,20}:")
_FLOOR = lazyre.compile(r"^>=?[ \t]{0,4}(\d{1,4}(?:\.\d{1,4}){0,3})$")
_SUBJECTS = {
    "threads": "",
    "dl": "",
    "": "",
    "python3": "",
    "cuda": "",
    "pybind11": "pypi:pybind11",
}
"""Dependency names that are no system package: the thread and dl libraries of libc, the
Python and CUDA lookups (read elsewhere as subjects of their own), pybind11 (its pkg-config
file ships in the Python distribution, as cmake's ``find_package(pybind11)``)."""


def _close(text: str, start: int) -> int:
    """The offset of the ``)`` closing the call whose ``(`` is at ``start - 1``; strings
    and comments skipped; ``len(text)`` when unclosed."""
    depth, at = 1, start
    while at < len(text):
        char = text[at]
        if char == "'":
            end = text.find("'", at + 1)
            while end > 0 and text[end - 1] == "\\":
                end = text.find("'", end + 1)
            at = len(text) if end < 0 else end
        elif char == "#":
            end = text.find("\n", at)
            at = len(text) if end < 0 else end
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return at
        at += 1
    return at


def _arguments(text: str, start: int, end: int) -> list[tuple[str, str, int]]:
    """The arguments of a call as (keyword or "", value text, offset), split at the commas
    outside brackets and strings."""
    found, depth, begin, at = [], 0, start, start
    while at <= end:
        char = text[at] if at < end else ","
        if char == "'":
            matched = _STRING.match(text, at)
            at = matched.end() - 1 if matched else at
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            raw = text[begin:at]
            offset = begin + len(raw) - len(raw.lstrip())
            piece = raw.strip()
            key = _KWARG.match(piece)
            if key is not None:
                found.append((key.group(1), piece[key.end() :].strip(), offset))
            elif piece:
                found.append(("", piece, offset))
            begin = at + 1
        at += 1
    return found


def _strings(value: str) -> list[str]:
    return [m.group(1) for m in _STRING.finditer(value)]


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _project(file: SourceFile, arguments: list[tuple[str, str, int]]) -> list[Requirement]:
    """The ``meson_version`` floor of a ``project()`` call."""
    for key, value, offset in arguments:
        wanted = _strings(value) if key == "meson_version" else []
        floor = _FLOOR.match(wanted[0].strip()) if wanted else None
        if floor is not None:
            text = f"meson_version: '{wanted[0]}': the least Meson the build configures with"
            line = _line(file.text, offset)
            return [file.requirement("pypi:meson", f">={floor.group(1)}", line, text=text)]
    return []


def _dependency(
    file: SourceFile, arguments: list[tuple[str, str, int]], line: int
) -> list[Requirement]:
    """The system package a ``dependency()`` call looks for, none when a subproject
    ``fallback:`` builds it or its name is no package (``_SUBJECTS``)."""
    names = _strings(arguments[0][1]) if arguments and not arguments[0][0] else []
    keys = {key: value for key, value, _ in arguments if key}
    if not names or "fallback" in keys or "allow_fallback" in keys:
        return []
    name = names[0]
    subject = _SUBJECTS.get(name.lower(), "system_package")
    if not subject:
        return []
    versions = "".join(v.replace(" ", "") for v in _strings(keys.get("version", "")))
    spec = name + versions if subject == "system_package" else versions
    hard = keys.get("required", "true").strip() != "false"
    text = f"dependency('{name}'): the build looks it up on the system"
    need = file.requirement(subject, spec, line, text=text, hard=hard)
    if name.lower() in TEST_FRAMEWORKS:
        return [msgspec.structs.replace(need, feature=TESTS)]
    return [need if hard else msgspec.structs.replace(need, feature=OPTIONAL)]


_ASSIGNED = lazyre.compile(
    r"^[ \t]{0,40}([a-z_]\w{0,60})[ \t]{0,8}=[ \t]{0,8}'([\w.,; +-]{1,200})'[ \t]*$", re.M
)
"""``name = 'string'`` on a line of its own."""


def _architectures(file: SourceFile) -> list[Requirement]:
    """The least device the architecture lists the build assigns target."""
    archs: list[tuple[str, int]] = []
    target = None
    for assigned in _ASSIGNED.finditer(file.text):
        named = listing(assigned.group(1).upper())
        found = listed(assigned.group(2)) if named is not None else []
        if found:
            target = named
            archs.extend((arch, _line(file.text, assigned.start(1))) for arch in found)
    lowest = lowest_architecture(archs)
    if target is None or lowest is None:
        return []
    spec, line, names = lowest
    text = f"builds for {target.label} architectures " + ", ".join(names)
    return [file.requirement(target.subject, spec, line, text=text, confidence="medium")]


_TESTED = lazyre.compile(r"^[ \t]{0,40}(?:test|benchmark)[ \t]{0,8}\(|subdir\('tests?'\)", re.M)
"""A test the build defines, or the test folder it enters (fribidi meson.build:78-79 ``if
get_option('tests') / subdir('test')``): ``meson test`` has something to run."""


def _default_steps(file: SourceFile) -> tuple[Step, ...]:
    """Configure, build and test as the Meson manual does (mesonbuild.com Quick-guide:
    ``meson setup builddir``, ``meson compile -C builddir``, ``meson test -C builddir``):
    a Meson project's steps when nothing else in the repo says how (outsider16 D4: fribidi's
    build and its 8 tests, which its CI runs, were never planned)."""
    source = file.source(1)
    argvs = [("meson", "setup", "build"), ("meson", "compile", "-C", "build")]
    if _TESTED.search(file.text):
        argvs.append(("meson", "test", "-C", "build"))
    return tuple(
        Step(name=" ".join(argv), kind="test" if "test" in argv else "build", argv=argv,
             source=source)
        for argv in argvs
    )  # fmt: skip


def extract_meson(file: SourceFile) -> Extraction:
    """The Meson floor, the system packages and the device architectures one ``meson.build``
    states; at the top level, the default steps."""
    found: list[Requirement] = _architectures(file)
    text = file.text
    for call in _CALL.finditer(text):
        if text.rfind("#", text.rfind("\n", 0, call.start()) + 1, call.start()) >= 0:
            continue
        arguments = _arguments(text, call.end(), _close(text, call.end()))
        if call.group(1) == "project":
            found.extend(_project(file, arguments))
        else:
            found.extend(_dependency(file, arguments, _line(text, call.start())))
    steps = _default_steps(file) if file.rel == "meson.build" else ()
    return Extraction(requirements=tuple(found), default_steps=steps)


_SECTION = lazyre.compile(r"^\[(wrap-file|wrap-git|wrap-hg|wrap-svn|provide)\]$")
_KEY = lazyre.compile(r"^([A-Za-z_][\w-]{0,60})[ \t]{0,8}=[ \t]{0,8}(\S.{0,500}?)[ \t]*$")
_FETCHED = {"wrap-file": "source_url", "wrap-git": "url", "wrap-hg": "url", "wrap-svn": "url"}
"""The key naming what each kind of wrap downloads."""


def _wrap(text: str) -> tuple[str, int, dict[str, tuple[str, int]]]:
    """A wrap's kind, the line of its section and its keys (``[provide]``'s as ``provide:``)."""
    keys: dict[str, tuple[str, int]] = {}
    kind, opened, section = "", 0, ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        header = _SECTION.match(line)
        if header is not None:
            section = header.group(1)
            if section != "provide" and not kind:
                kind, opened = section, number
            continue
        pair = _KEY.match(line) if section and not line.startswith(("#", ";")) else None
        if pair is not None:
            prefix = "provide:" if section == "provide" else ""
            keys.setdefault(prefix + pair.group(1), (pair.group(2), number))
    return kind, opened, keys


def extract_wrap(file: SourceFile) -> Extraction:
    """The download of one wrap, and git for a ``[wrap-git]``."""
    kind, opened, keys = _wrap(file.text)
    url, line = keys.get(_FETCHED.get(kind, ""), ("", 0))
    host = urlsplit(url).hostname if "://" in url else None
    if not host:
        return Extraction()
    name = file.rel.rsplit("/", 1)[-1][: -len(".wrap")]
    how = "clones" if kind != "wrap-file" else "downloads"
    text = f"{kind} {how} {url}: the subproject Meson builds when the system lacks {name}"
    found = [file.requirement("network", f"{name} from {host}", line, text=text, hard=False)]
    if kind == "wrap-git":
        text = f"[wrap-git] {name}: Meson clones it with git"
        found.append(file.requirement("system_package", "git", opened, text=text, hard=False))
    return Extraction(requirements=tuple(found))


_LISTED = lazyre.compile(r"[\w+.-]{1,100}")


def _provided(texts: Mapping[str, tuple[RepoFile, str]]) -> frozenset[str]:
    """The dependency names the repo's wraps provide: each wrap's own name, its
    ``[provide]`` keys and the names of ``dependency_names``."""
    names: set[str] = set()
    for entry, text in texts.values():
        if entry.kind != WRAP:
            continue
        names.add(entry.path.name[: -len(".wrap")].lower())
        for key, (value, _) in _wrap(text)[2].items():
            if key == "provide:dependency_names":
                names.update(n.lower() for n in _LISTED.findall(value))
            elif key.startswith("provide:"):
                names.add(key[len("provide:") :].lower())
    return frozenset(names)


def meson_wraps(
    requirements: list[Requirement], texts: Mapping[str, tuple[RepoFile, str]]
) -> list[Requirement]:
    """``requirements`` less the system packages a ``meson.build`` looks up that a wrap of
    the repo provides: Meson falls back to the wrap, whose download is the need."""
    provided = _provided(texts)
    if not provided:
        return requirements
    out = []
    for requirement in requirements:
        entry = texts.get(requirement.source.ref or "")
        named = re.split(r"[<>=!]", requirement.spec, maxsplit=1)[0].lower()
        kept = entry is None or entry[0].kind != MESON or requirement.subject != "system_package"
        if kept or named not in provided:
            out.append(requirement)
    return out
