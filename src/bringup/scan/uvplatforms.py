"""The platforms a ``pyproject.toml`` limits uv's lock to: ``[tool.uv] environments`` (and
``required-environments``), a list of PEP 508 markers, each an environment the project
resolves for ("只在 Ascend NPU(linux-aarch64)跑 … environments = ["sys_platform == 'linux' and
platform_machine == 'aarch64'"]", hicann/cann-bench pyproject.toml:56-57). Where every
environment names its CPU (``platform_machine == 'X'``), those CPUs are the project's
``arch`` any-of. Soft: a claim of where the lock resolves, not a check of the machine. (Its
``sys_platform`` is left to the OS the docs state: a lock for Linux says little of which.)
"""

from __future__ import annotations

from typing import Any

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.locate import line_of_table, line_of_value
from bringup.scan.platforms import arch_names
from bringup.tomlfile import line_of

_KEYS = ("environments", "required-environments")
_MACHINE = lazyre.compile(r"""\bplatform_machine\s{0,3}==\s{0,3}["']([\w.-]{1,20})["']""")


def uv_platforms(file: SourceFile, uv: Any) -> list[Requirement]:
    """The ``arch`` the ``[tool.uv]`` table ``uv`` limits the lock to."""
    if not isinstance(uv, dict):
        return []
    start = line_of_table(file.text, "tool.uv") or 1
    for key in _KEYS:
        markers = uv.get(key)
        if not isinstance(markers, list) or not markers:
            continue
        if not all(isinstance(m, str) for m in markers):
            continue
        machines = [arch_names(" ".join(_MACHINE.findall(m))) for m in markers]
        if not all(machines):
            continue
        line = line_of(file.text, key, start=start) or start
        line = line_of_value(file.text, markers[0], line) or line
        spec = ",".join(dict.fromkeys(a for named in machines for a in named))
        words = f"uv resolves for: {'; '.join(markers)}"[:200]
        return [file.requirement("arch", spec, line, text=words, hard=False)]
    return []
