"""``bringup scan --write``: a ``bringup.toml`` drafted from a scan, one entry per thing found,
each with a comment citing where it was found, for the user to correct and keep.

Written by hand (strings escaped as TOML basic strings, which JSON string syntax is a subset
of), read back by ``manifest.load_manifest`` in the tests."""

from __future__ import annotations

import json
import os
import re
from collections import defaultdict

from bringup.model import Component, Requirement, Step
from bringup.redaction import redact_secrets, shortened
from bringup.utf8text import utf8

_HEADER = """\
# bringup.toml for {name}: drafted by `bringup scan --write` from what the scan found.
# Each entry cites where it was found. Edit freely: what is written here overrides the scan
# (the [[requirements]] entries of a subject replace everything the scan found for it;
# `ignore = true` drops a subject). Set trusted = true to let bringup run this repo's
# commands without asking.
"""


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
"""Characters a TOML comment cannot hold; a line end among them would end the comment."""


def _text(value: str) -> str:
    """``value`` as UTF-8 text with its secrets redacted (the draft is meant to be committed;
    a password in a README's ``pip install --index-url`` is not copied into it): bytes of a
    file name that is not UTF-8 (kept as surrogates) are written ``\\xNN``, which TOML can
    hold and a reader can see."""
    return utf8(redact_secrets(value))


def _string(value: str) -> str:
    return json.dumps(_text(value), ensure_ascii=False)


def _array(values: tuple[str, ...]) -> str:
    return "[" + ", ".join(_string(v) for v in values) + "]"


def _comment(text: str) -> str:
    """``text`` as one TOML comment line. Paths and words come from the repo: a file named
    ``a\\n[[steps]]\\nargv = [...]`` must not write a table into the draft."""
    return "# " + _CONTROL.sub(" ", _text(text))


def _cite(requirement: Requirement) -> str:
    words = shortened(requirement.text or "", 70)
    return _comment(f"{requirement.source} ({requirement.confidence}): {words}")


def _kept(requirement: Requirement, root: str) -> list[str]:
    """The words an entry was read from, the file and line of the repo where, and how sure
    the reading was when it was not sure: a draft vouches for no more than the scan did."""
    lines = []
    if requirement.text:
        lines.append(f"text = {_string(requirement.text)}")
    source = requirement.source
    if source.kind == "file" and root:
        # from the manifest's folder, however both were given (``scan upwork/tbs --write``
        # cites ``upwork/tbs/README.md``: outsider19 D14)
        where = os.path.relpath(source.ref, root)
        if not where.startswith(".."):
            cited = f"{where}:{source.line}" if source.line else where
            lines.append(f"source = {_string(cited)}")
    if requirement.confidence != "high":
        lines.append(f"confidence = {_string(requirement.confidence)}")
    return lines


def _needs(step: Step) -> str:
    parts: list[str] = []
    needs = step.needs
    if needs.devices:
        parts.append(f"devices = {needs.devices}")
    if needs.device_kind:
        parts.append(f"device_kind = {_string(needs.device_kind)}")
    if needs.chips:
        parts.append(f"chips = {_array(needs.chips)}")
    if needs.toolkit:
        parts.append("toolkit = true")
    if needs.network:
        parts.append("network = true")
    return "{ " + ", ".join(parts) + " }" if parts else "{}"


def _preferred(found: list[Requirement]) -> list[str]:
    """The releases the entry prefers, each cited: soft as the scan read them, so a check
    after ``scan --write`` plans as one without the draft did (outsider19 D13: the draft
    lost torch-batch-svd's "with CUDA 10.2", and the two gave two plans)."""
    prefers = [p for r in found for p in r.prefers]
    if not prefers:
        return []
    cited = [_comment(f"prefers {p.value} ({p.source})") for p in prefers]
    return [*cited, f"prefers = {_array(tuple(dict.fromkeys(p.value for p in prefers)))}"]


def draft_manifest(component: Component) -> str:
    """The text of a ``bringup.toml`` stating what the scan found for ``component``."""
    lines = [_HEADER.format(name=_CONTROL.sub(" ", _text(component.name)))]
    lines.append(f"name = {_string(component.name)}")
    lines.append(f"role = {_string(component.role)}")
    lines.append("trusted = false")
    lines.append(f"depends_on = {_array(component.depends_on)}")
    grouped: dict[tuple[str, str, bool], list[Requirement]] = defaultdict(list)
    for requirement in component.requirements:
        grouped[(requirement.subject, requirement.spec, requirement.hard)].append(requirement)
    for (subject, spec, hard), found in sorted(
        grouped.items(), key=lambda item: (item[0][0], not item[0][2])
    ):
        lines.append("")
        lines.append("[[requirements]]")
        lines.extend(_cite(r) for r in found)
        if not spec:
            lines.append("# no version is stated anywhere: write the one you need")
        lines.append(f"subject = {_string(subject)}")
        lines.append(f"spec = {_string(spec)}")
        if not hard:
            lines.append("hard = false")
        lines.extend(_kept(found[0], component.path))
        lines.extend(_preferred(found))
    for step in component.steps:
        lines.append("")
        publishes = step.needs.publishes
        if publishes is not None:  # with trusted = true, up would run it unasked
            lines.append(_comment(f"not a step: {step.name} ({step.source}) publishes or deploys"))
            lines.append(_comment(f"({publishes.command} at {publishes.source}); run it yourself"))
            continue
        lines.append("[[steps]]")
        lines.append(_comment(str(step.source)))
        lines.append(f"name = {_string(step.name)}")
        lines.append(f"kind = {_string(step.kind)}")
        lines.append(f"argv = {_array(step.argv)}")
        if step.cwd != ".":
            lines.append(f"cwd = {_string(step.cwd)}")
        lines.append(f"needs = {_needs(step)}")
    return "\n".join(lines) + "\n"
