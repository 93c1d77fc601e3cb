"""The built-in triage data, checked once and then read back from bringup's cache.

Reading the built-in signature files, the FaultDiag faults, the FAQ entries, the fallback's
rules and its observers checks every record (RE2 compiles each pattern, each record is placed
at its line, each pattern's literals are counted): about 45 ms, a third of ``bringup
explain``'s start-up on a small log. The checked result depends only on the package's data
files and the code that reads them (and the RE2 that checked the patterns), so it is kept
(msgpack, ``bringup.cache``) under a key made from every file of the package and RE2's module
(path, size, modification time): an edit to a data file or to the code, or another RE2, is a miss,
and the files are read and checked again. Overlays are read and checked on every run.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple, Optional

import msgspec

from bringup import cache
from bringup.triage.fallbackrules import Rules
from bringup.triage.findings import Observer
from bringup.triage.signatures import BUILTIN_DIR, Signature, SignatureFile, read_file

PACKAGE = Path(__file__).resolve().parent.parent
CACHE = cache.Kind("triage", "builtin", keep=2)
"""One entry per version of the package in use."""


class Builtin(NamedTuple):
    """What every ``bringup explain`` without overlays loads: the signature files of
    ``BUILTIN_DIR`` (in name order), the FaultDiag faults and the vendors' FAQ entries as
    signatures, the fallback's rules and the observers."""

    files: tuple[SignatureFile, ...]
    faults: tuple[Signature, ...]
    faq: tuple[Signature, ...]
    rules: Rules
    observers: tuple[Observer, ...]


_decoder = msgspec.msgpack.Decoder(Builtin)
_encoder = msgspec.msgpack.Encoder()


@functools.cache
def builtin_data() -> Builtin:
    """The built-in data, from the cache when it was stored for these very files."""
    import re2

    where = cache.directory()
    engine = Path(re2.__file__)  # the RE2 that checked the patterns
    key = cache.fingerprint(paths=[engine, *package_files()], parts=["triage-builtin"])
    found = cache.load(CACHE, key, where, _decoder.decode, (msgspec.DecodeError,))
    if found is not None:
        return found
    data = _read()
    cache.store(CACHE, key, where, _encoder.encode(data))
    return data


def builtin_files(directory: Path) -> Optional[tuple[SignatureFile, ...]]:
    """The checked files of ``directory`` when it is the built-in signature directory."""
    return builtin_data().files if directory.resolve() == BUILTIN_DIR else None


def package_files(root: Path = PACKAGE) -> Iterator[Path]:
    """Every file of the package but compiled bytecode: its code and its data."""
    for directory, subdirs, names in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
        yield from (Path(directory) / name for name in sorted(names))


def _read() -> Builtin:
    from bringup.triage.fallback import observers
    from bringup.triage.fallbackrules import read_rules
    from bringup.triage.faq import faq_signatures
    from bringup.triage.faultdiag import faultdiag_signatures

    files = tuple(read_file(path) for path in sorted(BUILTIN_DIR.glob("*.toml")))
    rules = read_rules()
    return Builtin(files, faultdiag_signatures(), faq_signatures(), rules, observers(rules=rules))
