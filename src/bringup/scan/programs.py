"""The programs and variables the registered backends name, gathered once per registry: the
tools a step may run without being the repo's own (``stepkinds``), the programs that need a
device or a toolkit, the package indexes that choose a toolkit build, the vendor installers and
the installed trees a wheel may already lie in (``commandneeds``)."""

from __future__ import annotations

import re
from typing import NamedTuple

from bringup import backends, patterncache
from bringup.backends.base import Backend


def _installed_tree(homes: frozenset[str]) -> str:
    """A wheel under an installed tree a variable names (``pip3 install --user
    "$ASCEND_INSTALL_PATH/compiler/lib64/te-0.4.0-py3-none-any.whl"``, hicann/ge
    scripts/build.sh:204, the toolkit's own wheel; a package's installer putting its tools'
    wheels in place from ``${install_path}/tools/``): a file the toolkit or the package's install
    already put on the machine, no distribution to get. The variable is a toolkit's home
    (``homes``: the vocabularies' ``home_variables``) or an install path; never ``$HOME`` or
    another program's home (``$CONDA_HOME``), where a guide's download step puts a wheel to get."""
    named = "|".join(re.escape(h) for h in sorted(homes))
    return rf"^[\"']?\$\{{?(?:{named}|[A-Za-z_]*(?i:install)[A-Za-z_]*)\}}?/"


class _Programs(NamedTuple):
    """The backends' programs and variables, gathered once per registry. ``wheel_indexes``:
    package indexes that choose a toolkit build (``/whl/cu118``), one choice among several
    (soft)."""

    tools: frozenset[str]
    device: dict[str, str]
    toolkit: dict[str, str]
    device_env: dict[str, str]
    wheel_indexes: tuple[tuple[re.Pattern[str], str], ...]
    installers: tuple[tuple[re.Pattern[str], str], ...]
    installed_tree: re.Pattern[str]


def _gather(registered: tuple[Backend, ...]) -> _Programs:
    device: dict[str, str] = {}
    toolkit: dict[str, str] = {}
    device_env: dict[str, str] = {}
    for backend in registered:
        words = backend.vocabulary
        for program in words.device_programs:
            device.setdefault(program, backend.device_kind)
        for program in words.toolkit_programs:
            toolkit.setdefault(program, backend.device_kind)
        for name in words.device_env:
            device_env.setdefault(name, backend.device_kind)
    return _Programs(
        tools=frozenset(t for b in registered for t in b.vocabulary.tools),
        device=device,
        toolkit=toolkit,
        device_env=device_env,
        wheel_indexes=tuple(
            (patterncache.compile(rx), subject)
            for b in registered
            for rx, subject in b.vocabulary.wheel_indexes
        ),
        installers=tuple(
            (patterncache.compile(rx), subject)
            for b in registered
            for rx, subject in b.vocabulary.installers
        ),
        installed_tree=patterncache.compile(
            _installed_tree(frozenset(v for b in registered for v in b.vocabulary.home_variables))
        ),
    )


known_programs = backends.per_registry(_gather)
