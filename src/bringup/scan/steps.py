"""Turning commands into steps, with what each needs to run.

What a step needs comes first from the command itself (``ASCEND_RT_VISIBLE_DEVICES=0,1``,
``torchrun --nproc_per_node 8``, ``msprof``), then from the words around it: the heading and
the paragraph before a README code block ("needs one NPU", "只需要 CANN toolkit", "runs on
any machine"), then from the block (a ``source .../set_env.sh`` line means the toolkit).
"""

from __future__ import annotations

import re

from bringup.model import DeviceKind, Step, StepNeeds
from bringup.scan.commands import Command, command_needs, step_kind, step_name
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import Vendor, chips_in, device_counts, vendor_of

_TOOLKIT = re.compile(r"toolkit|工具包|开发套件", re.IGNORECASE)
_NO_DEVICE = re.compile(
    r"\bonly\b|\bjust\b|\benough\b|(?:no|without(?:\s+an?)?)\s+(?:NPU|GPU|device)s?\b|"
    r"does\s+not\s+need\s+an?\s+(?:NPU|GPU)|仅|只|无需|不需要|不依赖",
    re.IGNORECASE,
)
_ANYWHERE = re.compile(
    r"any\s+machine|on\s+(?:the\s+|a\s+)?CPU|CPU[- ]only|no\s+hardware|without\s+hardware|"
    r"(?:no|without(?:\s+an?)?)\s+(?:NPU|GPU|device)s?\b|wherever|laptop|"
    r"任意机器|任何机器|CPU\s*上|纯\s*CPU|(?:无需|不需要)\s*(?:NPU|GPU|昇腾|加速卡|卡|硬件)",
    re.IGNORECASE,
)
_NEEDS_DEVICE = re.compile(
    r"(?:needs?|requires?|on)\s+an?\s+(?:Ascend\s+)?(NPU|GPU)|需要\s*(?:昇腾\s*)?(NPU|GPU|卡)",
    re.IGNORECASE,
)
_SET_ENV = re.compile(r"set_env\.sh|setenv\.bash|/Ascend/")


def _kind(vendor: Vendor) -> DeviceKind | None:
    return {"ascend": "npu", "nvidia": "gpu"}.get(vendor or "")


def context_needs(context: str, vendor: Vendor) -> StepNeeds | None:
    """What the words around a command say it needs; ``None`` when they do not say."""
    vendor = vendor_of(context) or vendor
    if _TOOLKIT.search(context) and _NO_DEVICE.search(context):
        return StepNeeds(toolkit=True, device_kind=_kind(vendor))
    if _ANYWHERE.search(context):
        return StepNeeds()
    counts = device_counts(context, vendor)
    if counts:
        count = counts[0]
        return StepNeeds(
            devices=int(count.spec[2:]),
            device_kind="npu" if count.subject == "npu_count" else "gpu",
            chips=tuple(chips_in(context)),
        )
    single = _NEEDS_DEVICE.search(context)
    if single is not None:
        word = next(group for group in single.groups() if group).upper()
        kind: DeviceKind | None = "gpu" if word == "GPU" else "npu" if word == "NPU" else None
        return StepNeeds(
            devices=1, device_kind=kind or _kind(vendor), chips=tuple(chips_in(context))
        )
    if _ANYWHERE.search(context):
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
    for command in commands:
        program = command.argv[0] if command.argv else ""
        if (
            program in ("source", ".")
            and len(command.argv) > 1
            and _SET_ENV.search(command.argv[1])
        ):
            toolkit = True
            continue
        if program == "cd" and len(command.argv) == 2 and command.plain:
            cwd = _join(cwd, command.argv[1])
            continue
        kind = step_kind(command.argv)
        if kind is None or not command.plain:
            continue
        needs = command_needs(command)
        if needs == StepNeeds() or (needs.devices and needs.device_kind is None):
            chosen = around or needs
            if needs.devices and chosen.devices == 0:
                chosen = StepNeeds(devices=needs.devices, device_kind=_kind(vendor))
            needs = chosen
            if toolkit and needs == StepNeeds():
                needs = StepNeeds(toolkit=True, device_kind=_kind(vendor))
        steps.append(
            Step(
                name=step_name(command.argv),
                kind=kind,
                argv=command.argv,
                source=file.source(command.line),
                cwd=cwd,
                needs=needs,
            )
        )
    return steps


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
