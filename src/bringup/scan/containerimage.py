"""The container image a step's script runs, and whether the plan has it: a script that starts
``docker run ... $IMAGE`` runs only where that image exists. NVlabs/stylegan2-ada-pytorch
@d72cc7d docker_run.sh:13 ``IMAGE="${IMAGE:-sg2ada:latest}"``, :18-19 ``docker run ... --gpus
all ... $IMAGE $@``, :21 "Unknown container image" otherwise; its README.md:99 builds it
(``docker build --tag sg2ada:latest .``) in a Docker section the plan does not run, so the
script's step, run after the plan's installs, failed with an empty log (outsider15 D12).

An image the guide builds, where no step of the plan builds it, is the user's to build first:
the step's input, saying the command and its line. An image no command of the guide builds is
pulled by ``docker run`` itself: nothing to say."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.model import Step
from bringup.nearwords import search_near

IMAGE_INPUT = "container image"
"""The words of a step's input that is an image to build (``reason_wording``, ``check_rows``)."""
_RUN = lazyre.compile(r"\b(?:nvidia-docker|docker|podman)\s+run\s+([^\n]*)")
_RUN_STARTS = ("nvidia-docker", "docker", "podman")
"""What every ``_RUN`` match starts with (``nearwords``: its ``\\b`` was tried at every
character of a script)."""
_BUILD = lazyre.compile(r"\b(?:docker|podman)\s+(?:image\s+)?build\b[^\n]*")
_TAG = lazyre.compile(r"(?:^|\s)(?:-t|--tag)(?:=|\s+)(\S+)")
_SUBSHELL = lazyre.compile(r"\$\([^()\n]*\)|`[^`\n]*`")
_VARIABLE = lazyre.compile(r"^\$\{?([A-Za-z_]\w*)\}?$")
_VALUED = frozenset(
    {"-v", "--volume", "-e", "--env", "-w", "--workdir", "-u", "--user", "--name", "-p",
     "--publish", "--network", "--net", "--shm-size", "--gpus", "--runtime", "--device",
     "--ipc", "--entrypoint", "--mount", "--env-file", "-h", "--hostname", "--cpus", "-m",
     "--memory", "--platform", "--pid", "--ulimit", "--cap-add", "--security-opt", "-l",
     "--label", "--add-host", "--group-add"}
)  # fmt: skip
"""``docker run`` options that take the next word as their value."""


def script_image(text: str) -> Optional[str]:
    """The image the first ``docker run`` of the script ``text`` starts (its first word that
    is no option nor an option's value), a variable read from the script's assignment
    (``IMAGE="${IMAGE:-sg2ada:latest}"``: its default); None when it cannot be told."""
    joined = text.replace("\\\n", " ")
    run = search_near(_RUN, joined, _RUN_STARTS)
    if run is None:
        return None
    words = _SUBSHELL.sub("x", run.group(1)).split()
    index = 0
    while index < len(words) and words[index].startswith("-"):
        index += 2 if words[index] in _VALUED else 1
    if index >= len(words):
        return None
    image = words[index].strip("'\"")
    variable = _VARIABLE.match(image)
    return _assigned(joined, variable.group(1)) if variable is not None else image


def _assigned(text: str, name: str) -> Optional[str]:
    """The value the script gives ``name`` (``NAME=value``, ``NAME="${NAME:-value}"``)."""
    found = re.search(rf"^\s*(?:export\s+)?{re.escape(name)}=(\S+)", text, re.MULTILINE)
    if found is None:
        return None
    value = found.group(1).strip("'\"")
    default = re.fullmatch(r"\$\{\w+:?-([^{}]+)\}", value)
    value = default.group(1) if default is not None else value
    return None if "$" in value or not value else value


def built_images(commands: Collection[tuple[str, ...]]) -> set[str]:
    """The images ``docker build --tag X`` commands (argv) build."""
    return {
        tag.group(1).strip("'\"")
        for argv in commands
        for tag in [_TAG.search(" " + " ".join(argv))]
        if argv[:2] in (("docker", "build"), ("podman", "build")) and tag is not None
    }


def with_image(
    step: Step,
    text: Optional[str],
    guide: str,
    read: Callable[[str], Optional[str]],
    before: Sequence[Step],
) -> Step:
    """``step`` needing, as its input, the image its script runs (``text``) when the guide
    (the file ``guide``, read by ``read``) builds that image and no step ``before`` it does."""
    image = script_image(text) if text and step.kind in ("run", "test") else None
    guide_text = read(guide) if guide and image is not None else None
    if image is None or not guide_text or step.needs.inputs:
        return step
    if image in built_images([s.argv for s in before]):
        return step
    for match in _BUILD.finditer(guide_text):
        tag = _TAG.search(match.group(0))
        if tag is not None and tag.group(1).strip("'\"") == image:
            line = guide_text.count("\n", 0, match.start()) + 1
            said = f"{IMAGE_INPUT} {image}, built by `{match.group(0).strip()}` ({guide}:{line})"
            needs = msgspec.structs.replace(step.needs, inputs=(said,))
            return msgspec.structs.replace(step, needs=needs)
    return step
