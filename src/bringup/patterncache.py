"""Compiled regular expressions kept between runs.

``re`` parses and compiles a pattern in Python, and bringup's rules are patterns: a scan
compiles ~500 of them, the same work on every run, ~0.08 s of a small repo's 0.35 s scan
(a fifth). What the compiler makes of a pattern is the matcher's program (a list of integers)
with the flags and the groups' names; this module keeps those in bringup's cache and hands
them straight to the matcher (``_sre.compile``, what ``re.compile`` ends with) on later
runs, where a pattern then costs microseconds.

Only two kinds of pattern come here, both bounded sets (a pattern built from a repo's text
would grow the file without end): ``lazyre``'s, constants of bringup's modules, and the
tables the scan builds from the registered backends' words (``backends.per_registry``:
the vocabulary's big alternations), each under its source,
flags and whether it is guarded (``firstchar``: the guard is kept with the program, and not
worked out again). The table's key holds bringup's version, the interpreter's (``sys.version``,
``_sre.MAGIC``: the program is in the interpreter's own format, and the matcher checks it
again when it is loaded) and the guard's source file (an edited guard is a new table). Whatever
is unexpected (an interpreter without these internals, an entry the matcher refuses, a file
that cannot be read or written) falls back to ``re.compile``: the cache is an optimisation.
A run that compiled something new writes the whole table at exit (``atexit``, which
``bringup``'s own exit runs too).
"""

from __future__ import annotations

import atexit
import re
import sys
from pathlib import Path
from typing import Optional, Union

import msgspec

from bringup import cache

try:
    if sys.version_info >= (3, 14):  # pragma: no cover - checked on CPython 3.9-3.13 only
        raise ImportError("the compiler's internals are unchecked on this interpreter")
    import _sre  # type: ignore[import-not-found]

    if sys.version_info >= (3, 11):
        from re import _compiler, _parser  # type: ignore[attr-defined]
    else:  # pragma: no cover - the modules were renamed in 3.11
        import sre_compile as _compiler
        import sre_parse as _parser
except ImportError:  # pragma: no cover - not CPython
    _sre = None

PATTERNS = cache.Kind("regex", "msgpack", keep=4)
"""The table of one bringup version on one interpreter."""

Entry = tuple[str, int, list[int], int, dict[str, int], list[Optional[str]]]
"""What ``_sre.compile`` takes: the pattern (as given to it), its flags with the inline ones,
the program, the number of groups less one, group name -> number, number -> name."""


class _Table:
    """This process's table: loaded at the first pattern, written at exit when it grew (to
    the directory it was loaded from)."""

    def __init__(self) -> None:
        self.where: Optional[Path] = None
        """Where the table was loaded from; None without a cache directory (no ``HOME``)."""
        self.entries: Optional[dict[str, Entry]] = None
        self.grown = False
        self.saving = False
        self.new: dict[str, Entry] = {}
        """The entries this process compiled (``grown``)."""


_table = _Table()


_GUARD_SOURCE = Path(__file__).parent / "scan" / "firstchar.py"
"""``firstchar``'s file, named without importing it (importing ``bringup.scan`` would import
the whole scanner into commands that never scan)."""


def _key() -> str:
    magic = str(getattr(_sre, "MAGIC", ""))
    return cache.fingerprint([_GUARD_SOURCE], ["regex", sys.version, magic])


def _guarded(source: str, flags: int) -> str:
    from bringup.scan.firstchar import guarded

    return guarded(source, flags)


def _decode(data: bytes) -> dict[str, Entry]:
    return msgspec.msgpack.decode(data, type=dict[str, Entry])


def _directory() -> Optional[Path]:
    """The cache directory, or None where there is none: no ``XDG_CACHE_HOME`` or ``HOME`` and
    no home in the password database (a container's unnamed user), where ``Path.home()``
    raises; every pattern is then compiled as ``re`` compiles it."""
    try:
        return cache.directory()
    except (RuntimeError, KeyError, OSError):
        return None


def _entries() -> dict[str, Entry]:
    if _table.entries is None:
        _table.where = _directory()
        loaded = None
        if _table.where is not None:
            loaded = cache.load(PATTERNS, _key(), _table.where, _decode, (msgspec.DecodeError,))
        _table.entries = loaded if loaded is not None else {}
    return _table.entries


def _save() -> None:
    if _table.entries is not None and _table.grown and _table.where is not None:
        cache.store(PATTERNS, _key(), _table.where, msgspec.msgpack.encode(_table.entries))
        _table.grown = False


def _program(pattern: str, flags: int) -> Entry:
    """What ``re.compile(pattern, flags)`` gives the matcher, made as it makes it."""
    parsed = _parser.parse(pattern, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]
    names = dict(parsed.state.groupdict)
    numbered: list[Optional[str]] = [None] * parsed.state.groups
    for name, number in names.items():
        numbered[number] = name
    return pattern, int(flags | parsed.state.flags), code, parsed.state.groups - 1, names, numbered


def _load(entry: Entry, source: str, guard: bool) -> re.Pattern[str]:
    """The entry's matcher, once it is seen to be the entry of ``source``: the matcher checks
    the program but not the pattern it names nor its group names (a table swapped or edited
    by hand would give another pattern's matches)."""
    pattern, flags, code, groups, names, numbered = entry
    if (not guard and pattern != source) or len(numbered) != groups + 1:
        raise ValueError("the entry is not this pattern's")
    if any(
        not 0 < number < len(numbered) or numbered[number] != name for name, number in names.items()
    ):
        raise ValueError("the entry's group names do not agree")
    compiled: re.Pattern[str] = _sre.compile(pattern, flags, code, groups, names, tuple(numbered))
    return compiled


def compile(
    source: str, flags: Union[int, re.RegexFlag] = 0, *, guard: bool = False
) -> re.Pattern[str]:
    """``re.compile(source, flags)``, behind its first-character guard with ``guard``
    (``firstchar.guarded``), from the table when this interpreter compiled it before."""
    if _sre is None:  # pragma: no cover - not CPython
        return re.compile(_guarded(source, int(flags)) if guard else source, flags)
    key = f"{int(flags)}:{guard}:{source}"
    entries = _entries()
    found = entries.get(key)
    if found is not None:
        try:
            return _load(found, source, guard)
        except (RuntimeError, TypeError, ValueError, OverflowError):  # refused: made again
            del entries[key]
    pattern = _guarded(source, int(flags)) if guard else source
    compiled = re.compile(pattern, flags)
    try:
        entries[key] = _program(pattern, int(flags))
    except Exception:  # internals of another version: no entry, no harm
        return compiled
    _keep(key, entries[key])
    return compiled


def _keep(key: str, entry: Entry) -> None:
    """``entry`` new in this process's table: written at exit."""
    _table.new[key] = entry
    _table.grown = True
    if not _table.saving:
        _table.saving = True
        atexit.register(_save)


def grown() -> dict[str, Entry]:
    """The entries this process compiled: what a forked copy, which leaves without writing
    the table, hands back to the process that forked it (``adopt``)."""
    return dict(_table.new)


def adopt(compiled: dict[str, Entry]) -> None:
    """Entries a forked copy compiled (its ``grown``), kept as if compiled here: the next run
    loads them instead of compiling them again in its copies."""
    entries = _entries()
    for key, entry in compiled.items():
        if key not in entries:
            entries[key] = entry
            _keep(key, entry)


def forget() -> None:
    """Drop this process's table: the next pattern loads it again (from the cache directory
    of then)."""
    _table.entries = None
    _table.grown = False
    _table.new = {}
