"""The environment an install or build guide has the user set up: ``source`` of an
environment script (a toolkit's ``set_env.sh``, the repo's own) and ``export`` of a location
(``export ATB_BUILD_DEPENDENCY_PATH=...``, ``export LD_LIBRARY_PATH=<lib>:$LD_LIBRARY_PATH``).
Each is an ``env_var`` requirement: the later steps run in that environment.

A toolkit's script (a backend's ``setup_markers``) sets the toolkit's home variable, so its
requirement is that variable (``ASCEND_HOME_PATH``), the one the build reads and the probed
shell shows; another script is named by its path. Only a guide's own steps are read (the
caller's choice): a script that sources its environment itself needs nothing of the user.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend
from bringup.model import Requirement
from bringup.scan.commands import Command
from bringup.scan.extraction import SourceFile
from bringup.subjects import display_name

_ENV_SCRIPT = lazyre.compile(r"(?:^|/)(?:set_?env|setenv|env)[\w.-]*\.(?:sh|bash)$", re.IGNORECASE)
"""An environment script by its name (``set_env.sh``, ``setenv.bash``); a virtual
environment's ``activate`` or a shell's rc file is not one."""
_EXAMPLE_DIR = lazyre.compile(r"(?:^|/)(?:examples?|demos?|benchmarks?|samples?)/", re.IGNORECASE)
"""An example's own settings (``source examples/fsdp2/env_config.sh``, MindSpeed-LLM
docs/zh/pytorch/training/fsdp2_quick_start.md:129): what that example runs with."""
_LOCATION = lazyre.compile(r"^[A-Za-z_]\w*_(?:HOME|ROOT|PATH|DIR|PREFIX)$|^PYTHONPATH$")

_COMPUTED = lazyre.compile(r"\$\(|`|^\.")
"""``$(realpath ../third-party/llvm-project)``, ``./build``: a value the block computes or
one relative to where it runs (AscendNPU-IR installing_guide.md:144 ``LLVM_SOURCE_DIR``)."""


class _Setup(NamedTuple):
    markers: re.Pattern[str]
    variable: str
    stated: re.Pattern[str]
    """A sentence telling the user to set the toolkit's environment up ("安装完成后需要配置CANN
    环境变量", memfabric_hybrid doc/installation.md:56)."""


def _compile(registered: tuple[Backend, ...]) -> tuple[_Setup, ...]:
    return tuple(
        _Setup(
            patterncache.compile(b.vocabulary.setup_markers),
            b.vocabulary.home_variables[0],
            patterncache.compile(
                rf"(?:配置|设置|生效|\bset(?:\s+up)?\b|\bconfigure\b|\bsource\b)[^.。;\uff1b]{{0,30}}"
                rf"(?<![A-Za-z]){re.escape(display_name(b.vocabulary.toolkit_subject))}(?![A-Za-z])\s*"
                rf"(?:的)?\s*(?:环境变量|environment(?:\s+variables)?)",
                re.IGNORECASE,
            ),
        )
        for b in registered
        if b.vocabulary.setup_markers
        and b.vocabulary.home_variables
        and b.vocabulary.toolkit_subject
    )


_setups = backends.per_registry(_compile)


def _toolkit_variable(path: str) -> Optional[str]:
    return next((s.variable for s in _setups() if s.markers.search(path)), None)


def environment_setup(file: SourceFile, commands: list[Command]) -> list[Requirement]:
    """An ``env_var`` requirement per environment script sourced and location exported."""
    found: list[Requirement] = []
    for command in commands:
        argv = command.argv
        if argv[:1] in (("source",), (".",)) and len(argv) > 1:
            path = argv[1]
            variable = _toolkit_variable(path)
            if variable is not None:
                text = f"source {path}"  # the line's own words; the spec names what it sets
                found.append(file.requirement("env_var", variable, command.line, text=text))
            elif _ENV_SCRIPT.search(path) and not _EXAMPLE_DIR.search(path):
                text = f"source {path}"
                found.append(file.requirement("env_var", path, command.line, text=text))
        elif argv[:1] == ("export",):
            for part in argv[1:]:
                name, _, value = part.partition("=")
                # a value computed in the block is the guide's own shell variable
                if _LOCATION.match(name) and "/" in value and not _COMPUTED.search(value):
                    text = f"export {part}"[:200]
                    found.append(file.requirement("env_var", name, command.line, text=text))
    return found


def environment_stated(file: SourceFile, paragraph: list[tuple[int, str]]) -> list[Requirement]:
    """The toolkit environment a guide's sentence tells the user to set up, as the toolkit's
    home variable."""
    for line, words in paragraph:
        for setup in _setups():
            if setup.stated.search(words):
                text = f"{words[:200]}: sets {setup.variable}"
                return [
                    file.requirement(
                        "env_var", setup.variable, line, text=text, confidence="medium"
                    )
                ]
    return []


_GATE = lazyre.compile(r"环境变量|environment", re.IGNORECASE, guard=True)


def environment_words(text: str) -> bool:
    """Whether a document has any word ``environment_stated`` looks for (one search of it)."""
    return _GATE.search(text) is not None
