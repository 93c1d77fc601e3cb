"""Makefiles: the conventional targets (``all``, ``build``, ``test``, ``check``, ``install``,
``test-<device>`` ...) as ``make <target>`` steps, with what their recipes show they need, the
``pip install`` pins of recipes and what they download. Recipes are read, never run."""

from __future__ import annotations

import re

from bringup import backends, lazyre
from bringup.model import DeviceKind, Requirement, Step, StepKind, StepNeeds
from bringup.scan.commandneeds import requirements_of
from bringup.scan.commands import Command
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.fetches import WORDS, fetched
from bringup.scan.kernelheaders import kernel_headers
from bringup.scan.makecompilers import make_compilers
from bringup.scan.makeflags import last_values, makefile_flags
from bringup.scan.makeos import uname_branches
from bringup.scan.makerules import read_makefile, recipe_commands
from bringup.scan.makerunners import runs_elsewhere, without_runner
from bringup.scan.makevars import stopping_variables
from bringup.scan.stepkinds import command_needs

_STEP_TARGET = lazyre.compile(
    r"^(?:all|build|compile|install|develop|unittest|ut|check[\w-]*|test[\w-]*|"
    r"[\w-]*[-_]test[s]?)$"
)


def _device_target(target: str) -> DeviceKind | None:
    """The device kind a target's name asks for (``test-<device>``, ``bench_<device>``: a backend's
    device word)."""
    for backend in backends.registered():
        if any(word.lower() in target for word in backend.vocabulary.device_words):
            return backend.device_kind
    return None


def _toolkit_recipe(recipe: list[tuple[int, str]]) -> DeviceKind | None:
    """The device kind of the backend whose toolkit a recipe sets up, if one does."""
    for backend in backends.registered():
        markers = backend.vocabulary.setup_markers
        if markers and any(re.search(markers, text) for _, text in recipe):
            return backend.device_kind
    return None


def _kind(target: str) -> StepKind:
    if "test" in target or "check" in target or target == "ut":
        return "test"
    return "install" if target in ("install", "develop") else "build"


def _download(file: SourceFile, command: Command) -> list[Requirement]:
    """What a conventional target's recipe downloads (``fetches.fetched``): ``make install``
    running ``pip install torch==1.11.0+cpu torchvision==0.12.0+cpu -f https://download.
    pytorch.org/whl/torch_stable.html`` (Algebraic-Programming/pytorch-hccl-tests
    Makefile:104) needs that index, as a build script's download does."""
    url = fetched(command)
    if url is None:
        return []
    return [file.requirement("network", url, command.line, text=WORDS + url, confidence="medium")]


def extract_makefile(file: SourceFile) -> Extraction:
    """Steps for the conventional targets of a Makefile."""
    directory = file.rel.rpartition("/")[0] or "."
    steps: list[Step] = []
    requirements: list[Requirement] = [
        *uname_branches(file),
        *stopping_variables(file),
        *makefile_flags(file),
        *kernel_headers(file),
        *make_compilers(file),
    ]
    values = last_values(file.text)
    for rule in read_makefile(file.text).rules:
        target, recipe = rule.target, list(rule.recipe)
        if not _STEP_TARGET.match(target):
            continue
        argv: tuple[str, ...] = ("make", target)
        if runs_elsewhere((text for _, text in recipe), values):
            unwrapped = without_runner([text for _, text in recipe], values)
            if unwrapped is None:
                continue
            argv = unwrapped
        commands = recipe_commands(rule)
        for command in commands:
            requirements.extend(requirements_of(command, file.source(command.line), hard=True))
            requirements.extend(_download(file, command))
        needs = max(
            (command_needs(c) for c in commands), key=lambda n: n.devices, default=StepNeeds()
        )
        kind = _device_target(target)
        toolkit = _toolkit_recipe(recipe) if kind is None and needs.devices == 0 else None
        if kind is not None and needs.devices == 0:
            needs = StepNeeds(devices=1, device_kind=kind)
        elif toolkit is not None:
            needs = StepNeeds(toolkit=True, device_kind=toolkit)
        steps.append(
            Step(
                name=f"make {target}",
                kind=_kind(target),
                argv=argv,
                source=file.source(rule.line),
                cwd=directory,
                needs=needs,
            )
        )
    return Extraction(requirements=tuple(requirements), steps=tuple(steps))
