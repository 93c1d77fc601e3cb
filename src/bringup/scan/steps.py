"""Turning commands into steps, with what each needs to run.

What a step needs comes first from the command itself (a device-choosing variable,
``torchrun --nproc_per_node 8``, a program that needs a device), then from the words around
it: the heading and the paragraph before a README code block ("needs one card", "只需要
toolkit", "runs on any machine"), then from the block (sourcing a backend's environment
script means the toolkit). The device and vendor words are the registered backends'. The
words its reader fills in first (``/PATH/TO/model``) are what it needs too (``fillins``).
"""

from __future__ import annotations

import os
import posixpath
import re
from typing import NamedTuple, Optional

import msgspec

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend
from bringup.model import DeviceKind, Step, StepNeeds
from bringup.scan.blockwords import another_launch, said_to_fail, second_ways
from bringup.scan.clonedlists import after_clone, cloned_folders
from bringup.scan.commands import Command, pip_install_targets
from bringup.scan.devicecounts import device_counts
from bringup.scan.devices import chips_in
from bringup.scan.envprefix import prefix_notes
from bringup.scan.extraction import SourceFile
from bringup.scan.fillins import fill_ins
from bringup.scan.prose_vocabulary import Vendor, vendor_of
from bringup.scan.stepkinds import (
    command_needs,
    launched_count,
    prepares_data,
    step_kind,
    step_name,
)

_TOOLKIT = lazyre.compile(r"toolkit|工具包|开发套件", re.IGNORECASE)


class _Words(NamedTuple):
    no_device: re.Pattern[str]
    anywhere: re.Pattern[str]
    needs_device: re.Pattern[str]
    setup: Optional[re.Pattern[str]]
    kinds: dict[str, str]


def _compile(registered: tuple[Backend, ...]) -> _Words:
    """The phrases about devices, with every backend's device and vendor words."""
    devices = [w for b in registered for w in b.vocabulary.device_words]
    vendors = [w for b in registered for w in b.vocabulary.vendor_words]
    device = "|".join(map(re.escape, devices))
    latin = "".join(f"{re.escape(w)}\\s+|" for w in vendors if w.isascii())
    han = "".join(f"{re.escape(w)}\\s*|" for w in vendors if not w.isascii())
    setups = [b.vocabulary.setup_markers for b in registered if b.vocabulary.setup_markers]
    kinds: dict[str, str] = {}
    for backend in registered:
        for word in backend.vocabulary.device_words:
            kinds.setdefault(word.upper(), backend.device_kind)
    flags = re.IGNORECASE
    return _Words(
        no_device=patterncache.compile(
            rf"\bonly\b|\bjust\b|\benough\b|(?:no|without(?:\s+an?)?)\s+(?:{device}|device)s?\b|"
            rf"does\s+not\s+need\s+an?\s+(?:{device})|仅|只|无需|不需要|不依赖",
            flags,
        ),
        anywhere=patterncache.compile(
            r"any\s+machine|on\s+(?:the\s+|a\s+)?CPU|CPU[- ]only|\(\s*CPU\s*\)|no\s+hardware|"
            r"without\s+hardware|"
            rf"(?:no|without(?:\s+an?)?)\s+(?:{device}|device)s?\b|wherever|laptop|"
            rf"任意机器|任何机器|CPU\s*上|纯\s*CPU|(?:无需|不需要)\s*(?:{device}|{han}加速卡|卡|硬件)",
            flags,
        ),
        needs_device=patterncache.compile(
            rf"(?:needs?|requires?|on)\s+an?\s+(?:{latin[:-1] or '(?!)'})?({device})|"
            rf"需要\s*(?:{han[:-1] or '(?!)'})?({device}|卡)|"
            # the machine a guide's command runs on: "在GPU服务器执行以下命令", "在NPU训练服务器上
            # 执行" (Ascend/mindx-science@8e312c0 pinn_module/pinn_inference/README.md:57,75),
            # "on the NPU server"
            rf"在\s*(?:{han[:-1] or '(?!)'})?({device})\s*\w{{0,4}}?(?:服务器|机器|节点|环境)|"
            rf"\bon\s+(?:the|an?|your)\s+({device})\s+(?:server|machine|node|host|box)s?\b",
            flags,
        ),
        setup=patterncache.compile("|".join(setups)) if setups else None,
        kinds=kinds,
    )


words = backends.per_registry(_compile)


def _kind(vendor: Vendor) -> DeviceKind | None:
    backend = backends.by_vendor(vendor) if vendor else None
    return backend.device_kind if backend is not None else None


def context_needs(context: str, vendor: Vendor) -> StepNeeds | None:
    """What the words around a command say it needs; ``None`` when they do not say."""
    vendor = vendor_of(context) or vendor
    said = words()
    if _TOOLKIT.search(context) and said.no_device.search(context):
        return StepNeeds(toolkit=True, device_kind=_kind(vendor))
    if said.anywhere.search(context):
        return StepNeeds()
    counts = device_counts(context, vendor)
    if counts:
        count = counts[0]
        return StepNeeds(
            devices=int(count.spec[2:]),
            device_kind=count.subject.removesuffix("_count"),
            chips=tuple(chips_in(context)),
        )
    single = said.needs_device.search(context)
    if single is not None:
        word = next(group for group in single.groups() if group).upper()
        kind: DeviceKind | None = said.kinds.get(word)
        return StepNeeds(
            devices=1, device_kind=kind or _kind(vendor), chips=tuple(chips_in(context))
        )
    if said.anywhere.search(context):
        return StepNeeds()
    return None


def steps_from_commands(
    file: SourceFile,
    commands: list[Command],
    *,
    context: str = "",
    vendor: Vendor = None,
    cwd: str = ".",
) -> list[Step]:
    """The runnable steps among ``commands`` (consecutive lines of one block or script),
    tracking ``cd`` and ``source`` as a reader would."""
    steps: list[Step] = []
    around = context_needs(context, vendor) if context else None
    toolkit = False
    setup = words().setup
    installed: set[str] = set()
    own = _own_clones(file, commands)
    other_ways = second_ways(commands)
    # a list inside the repo's own fresh clone is the repo's (review36), another clone's is input
    cloned = {k: v for k, v in cloned_folders(commands).items() if (k,) not in own}
    for command in commands:
        program = command.argv[0] if command.argv else ""
        if program == "cd" and command.argv[1:] in own:  # into a fresh clone of this repo
            continue
        if (
            program in ("source", ".")
            and len(command.argv) > 1
            and setup is not None
            and setup.search(command.argv[1])
        ):
            toolkit = True
            continue
        if program == "cd" and len(command.argv) == 2 and command.plain:
            cwd = _join(cwd, command.argv[1])
            continue
        kind = step_kind(command.argv)
        if kind is None and prepares_data(command.argv, context):
            kind = "run"
        if kind is None or not command.plain or said_to_fail(file, command.line):
            continue
        if command.line in other_ways:  # the route takes the way before the "or"
            continue
        if kind == "install" and _alternative(command.argv, installed):
            continue
        chosen_over = another_launch(command.argv, steps) if kind == "run" else None
        needs = command_needs(command)
        if needs == StepNeeds() or (needs.devices and needs.device_kind is None):
            chosen = around or needs
            if needs.devices and chosen.devices == 0:
                chosen = StepNeeds(devices=needs.devices, device_kind=_kind(vendor))
            elif launched_count(command.argv) is not None:  # the argv runs, not the words
                chosen = msgspec.structs.replace(chosen, devices=needs.devices)
            needs = chosen
            if kind in ("build", "install") and needs.devices:  # the code built runs on them
                needs = StepNeeds(toolkit=True, device_kind=needs.device_kind)
            if toolkit and needs == StepNeeds():
                needs = StepNeeds(toolkit=True, device_kind=_kind(vendor))
        inputs = fill_ins(command.argv)
        if inputs:
            needs = msgspec.structs.replace(needs, inputs=inputs)
        argv = own_script(command.argv)
        step = after_clone(
            Step(
                name=step_name(argv),
                kind=kind,
                argv=argv,
                source=file.source(command.line),
                cwd=cwd,
                needs=needs,
                notes=prefix_notes(command.env),
            ),
            cloned,
            file,
        )
        if chosen_over is None:
            steps.append(step)
        elif needs.devices < steps[chosen_over].needs.devices:  # the choice on fewer devices
            steps[chosen_over] = step
    return steps


def _own_clones(file: SourceFile, commands: list[Command]) -> set[tuple[str, ...]]:
    """The ``cd`` arguments that enter a clone of this repo made by ``commands``: a guide
    that starts with ``git clone .../verl.git`` then ``cd verl`` (montehoover/verl@9c46ae8
    docs/README_vllm0.7.md:15-17) runs its next lines at the checkout's root, not in the
    package folder ``verl/`` that happens to share the name. The repo's name is its
    checkout's folder (``file.ref`` less ``file.rel``), matched as package names are, case,
    ``-``, ``_`` and ``.`` aside: a renamed repo's guide clones its new name
    (``LlamaFactory.git`` into a checkout of hiyouga/LLaMA-Factory@ff6d4d12 README.md:526-529,
    whose ``pip install -e .`` was no step, outsider9 #11). A fork checked out under another
    folder is still the clone when its top level holds the package the name is
    (``_own_packages``)."""
    root = file.ref[: -len(file.rel)].rstrip("/") if file.ref.endswith(file.rel) else ""
    name = _plain(posixpath.basename(root))
    found: set[tuple[str, ...]] = set()
    if not name:  # "." and ".." are none
        return found
    names = {name}
    if any(c.argv[:2] == ("git", "clone") for c in commands):
        names |= _own_packages(root)
    for command in commands:
        if command.argv[:2] != ("git", "clone"):
            continue
        # the line, not the argv: a docs template's ``--branch |vllm_ascend_version|``
        # (vllm-ascend docs/source/installation.md:223) reads as pipes that cut the URL off
        after = command.text.split("clone", 1)[1]
        url = _URL.search(after)
        if url is not None and _plain(_repo_name(url.group(0))) in names:
            rest = after[url.end() :].split()[:1]
            named = rest[0] if rest and _FOLDER.fullmatch(rest[0]) else _repo_name(url.group(0))
            found.add((named.rstrip("/"),))
    return found


_URL = lazyre.compile(r"(?:[a-z+]{2,12}://|git@)[^\s|;&]+")
_FOLDER = lazyre.compile(r"[\w.][\w./-]*")


def _own_packages(root: str) -> set[str]:
    """The plain names of the Python packages at the checkout's top level: lvhaojieming/
    MIndSpeed@faadbe7, a fork of MindSpeed-LLM, holds ``mindspeed_llm/__init__.py``, so its
    guide's ``git clone https://gitcode.com/ascend/MindSpeed-LLM.git`` then ``cd
    ../MindSpeed-LLM`` and ``pip3 install -r requirements.txt``
    (docs/zh/pytorch/training/install_guide.md:95-104) run in this checkout (outsider20 D16)."""
    try:
        folders = [e.name for e in os.scandir(root) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return set()
    return {_plain(f) for f in folders if os.path.isfile(os.path.join(root, f, "__init__.py"))}


def _plain(name: str) -> str:
    return re.sub(r"[-_.]+", "", name.lower())


def _repo_name(url: str) -> str:
    """The folder ``git clone URL`` makes, as the URL spells it."""
    return url.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1].removesuffix(".git")


_NAME = lazyre.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*")
_PREVIEW = lazyre.compile(r"^--pre$|/nightly(?:/|$)")


def _alternative(argv: tuple[str, ...], installed: set[str]) -> bool:
    """Whether a ``pip install`` is a variant of one the block already has, or a preview
    build: "pip install openrlhf", then "openrlhf[vllm]", "openrlhf[vllm_latest]" under
    "# 3. Install OpenRLHF (choose one)" (OpenRLHF/OpenRLHF@3c3be62:README.md:300-304); "pip
    install --pre torch ... --index-url .../whl/nightly/cu126" after the stable install
    (pytorch/torchtune@bd2a0fc:docs/source/install.rst:19-22). A guide offers them to pick
    from; running them all would reinstall one distribution over another. ``installed`` is
    the block's names so far, added to."""
    targets = pip_install_targets(argv)
    if targets is None:
        return False
    names = {m.group(0).lower().replace("_", "-") for m in map(_NAME.match, targets[0]) if m}
    again = bool(names & installed)
    installed |= names
    return again or any(_PREVIEW.search(arg) for arg in argv)


def _join(cwd: str, target: str) -> str:
    if target.startswith(("/", "~")) or target == "-":
        return cwd
    parts = [] if cwd == "." else cwd.split("/")
    for part in target.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if parts:
                parts.pop()
            continue
        parts.append(part)
    return "/".join(parts) or "."


_BARE_SCRIPT = lazyre.compile(r"[\w.+-]{1,100}\.(?:sh|bash)")


def own_script(argv: tuple[str, ...]) -> tuple[str, ...]:
    """``argv`` with a shell script named bare as its program (fribidi README.md:37 "Start with
    running the `autogen.sh` script") run by ``bash``: as a command word the shell looks it up
    on ``PATH``, where the repo's script is not ("not found", outsider16 D4), and a script may
    lack its executable bit; the sentence means the repo's file."""
    if argv and _BARE_SCRIPT.fullmatch(argv[0]):
        return ("bash", *argv)
    return argv
