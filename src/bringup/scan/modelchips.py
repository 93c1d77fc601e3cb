"""The chip a script converts a model for: a hard need of the repo that runs the model.

A model converter builds an offline model for one chip (CANN's ATC: ``atc ... --soc_version=
Ascend310``), and the model loads on that chip alone ("ModelCheckCompatibility failed,
supported socVersion=Ascend910B2, but the model socVersion=Ascend910B", modelscope/FunASR
issue 2676). A repo whose script converts for the Ascend 310 (1171800323/photo-translator-
ascend@ee32d8b atc.sh:18, atc_fixed.sh:17; "推理部分运行在昇腾310上", README.md:5) needs that
chip, not "runs here" on a host with no NPU nor fits a 910B target (outsider12 #3). Every
script is read for it, as the conversion is rarely the repo's one top-level script; the
chips of several scripts or flags are alternatives (``anyof`` unites them into one list).
The flag is each backend's ``model_chip_flags``; a value that names no chip the backends
know (``Ascend${chip_name}``) states nothing."""

from __future__ import annotations

import re

import msgspec

from bringup import backends, patterncache
from bringup.backends.base import Backend
from bringup.model import Requirement
from bringup.scan.commands import LogicalLine, joined_lines
from bringup.scan.devices import chips_in, chips_in_value
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.kernelchips import chip_list
from bringup.scan.scriptimages import script_images
from bringup.scan.shell import extract_shell


def _compile(registered: tuple[Backend, ...]) -> re.Pattern[str] | None:
    flags = [b.vocabulary.model_chip_flags for b in registered if b.vocabulary.model_chip_flags]
    return patterncache.compile("|".join(f"(?:{f})" for f in flags)) if flags else None


_flag = backends.per_registry(_compile)


def model_chips(file: SourceFile, joined: list[LogicalLine] | None = None) -> list[Requirement]:
    """One hard requirement naming each chip the script converts models for (none if it
    converts none for a chip it names). ``joined``: the text's ``joined_lines``, if split
    already."""
    flag = _flag()
    if flag is None or flag.search(file.text) is None:
        return []
    places: dict[str, int] = {}
    said: list[str] = []
    for line in joined_lines(file.text) if joined is None else joined:
        if line.text.lstrip().startswith("#"):
            continue
        for match in flag.finditer(line.text):
            value = next(g for g in match.groups() if g)
            chips = chips_in_value(value) or chips_in(value)
            for chip in chips:
                places.setdefault(chip, line.line_at(match.start()))
            if chips:
                said.append(match.group(0))
    text = f"{', '.join(dict.fromkeys(said))}: the converted model loads on that chip alone"
    return chip_list(file, places, text, hard=True)


def extract_script(file: SourceFile) -> Extraction:
    """What a shell script needs (``shell.extract_shell``), the chips it converts models for
    and the vendor images it runs (``scriptimages``)."""
    joined = joined_lines(file.text)  # split once for the three readers
    found = extract_shell(file, joined)
    more = model_chips(file, joined) + script_images(file, joined)
    if not more:
        return found
    return msgspec.structs.replace(found, requirements=found.requirements + tuple(more))
