"""The packages a guide's ``conda install`` puts into its environment: ``conda install -c
conda-forge openmpi mpi4py`` needs OpenMPI, which no ``pip install`` brings (review39: read as
conda making the environment, which bringup does itself, OpenMPI appeared nowhere). Only
``conda create``, ``conda env`` and ``conda activate`` make or enter an environment
(``runtools._ENV_ACTIONS``); an install names what the environment needs.

Each package is ``conda:<name>``, as an ``environment.yml``'s are (``conda_env``); a name that
stands for a subject of its own (``pytorch``, ``python``, a toolkit) is left to the readers of
that subject (``routeneeds`` reads ``conda install python=3.10``)."""

from __future__ import annotations

from collections.abc import Iterable

from bringup import backends
from bringup.model import Requirement
from bringup.scan.commands import Command, run_program
from bringup.scan.conda_env import CONDA_SUBJECTS, match_spec
from bringup.scan.extraction import SourceFile
from bringup.subjects import scheme_for
from bringup.versions import InvalidSpecifier, SpecifierSet

ENV_MANAGERS = frozenset({"conda", "mamba", "micromamba"})
"""The conda environment managers (``runtools`` names one a guide makes an environment with)."""
_VALUED = frozenset(
    {"-c", "--channel", "-n", "--name", "-p", "--prefix", "--file", "--solver", "--platform"}
)
"""``conda install``'s options that take the next word as their value."""
_PACKAGE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")


def conda_installs(file: SourceFile, commands: Iterable[Command]) -> list[Requirement]:
    """One ``conda:<name>`` requirement per package a ``conda install`` (``mamba``,
    ``micromamba``) of the guide's build steps names, at its first place."""
    found: dict[str, Requirement] = {}
    for command in commands:
        manager, args = run_program(command.argv)
        if manager not in ENV_MANAGERS or args[:1] != ("install",):
            continue
        skip = False
        for word in args[1:]:
            if skip or word.startswith("-"):
                skip = not skip and word in _VALUED
                continue
            name, spec = match_spec(word)
            if not name or set(name) - _PACKAGE:
                break  # past the packages: a redirection's file
            if name == "pip" or name in CONDA_SUBJECTS or name in backends.names():
                continue
            try:
                SpecifierSet(spec, scheme_for(f"conda:{name}"))
            except InvalidSpecifier:
                spec = ""
            found.setdefault(
                name,
                file.requirement(
                    f"conda:{name}",
                    spec,
                    command.line,
                    text=f"{file.rel} runs conda: {command.text.strip()[:160]}",
                    confidence="medium",
                ),
            )
    return list(found.values())
