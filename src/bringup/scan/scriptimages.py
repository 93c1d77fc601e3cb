"""The vendor toolkit image a script runs or pulls: the stack the repo is built with.

A repo that builds inside a vendor's container names the image in a script rather than a
Dockerfile (``docker_image="swr.cn-south-1.myhuaweicloud.com/ascendhub/cann:8.3.rc1.alpha002-
910b-ubuntu22.04-py3.11"`` and ``docker run ... $docker_image``, an Ascend C template's
env_setup.sh:6, outsider12 #4): its tag states the toolkit release, chip, OS and Python, as
the same image in a ``FROM`` line does (``images``), yet the scan said "no version is stated
anywhere in the repo". Soft, as a base image's facts are: what the container carries, not what
the host must have. Only an image a backend's reader claims is read (a CANN or CUDA image), so
an ordinary ``name:tag`` word is no image; a word with ``://`` is a URL."""

from __future__ import annotations

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import LogicalLine, joined_lines
from bringup.scan.extraction import SourceFile
from bringup.scan.images import image_facts, readers, split_image

_WORD = lazyre.compile(r"[^\s\"'=()`;|&<>{}]+")
"""The words of a line a reference can be: split at blanks, quotes, ``=`` and shell syntax
(``: "${BASE_IMAGE:=nvidia/cuda:12.8.0-devel-ubuntu22.04}"``, uccl-project/uccl build.sh:196)."""


def _vendor_image(word: str) -> bool:
    """Whether ``word`` is an image reference with a tag that a backend's reader claims."""
    if "/" not in word or ":" not in word or "://" in word or "$" in word:
        return False
    repository, tag = split_image(word)
    if tag == "latest" and not word.endswith(":latest"):
        return False  # no tag: a path with a port or a colon, not a pinned image
    words = f"image {repository}:{tag}"
    return any(reader(repository, tag, words) for reader in readers())


def script_images(file: SourceFile, joined: list[LogicalLine] | None = None) -> list[Requirement]:
    """The facts of each vendor image the script names, soft, cited where it is named. A
    subject the script's images give several values of (a build matrix: ``nvidia/cuda:12.8.0``
    for one target, ``13.0.1`` for another, uccl build.sh:196-208) states none. ``joined``: the
    text's ``joined_lines``, if split already."""
    found: list[Requirement] = []
    for line in joined_lines(file.text) if joined is None else joined:
        # an image reference holds a ``/`` and a ``:`` (``_vendor_image``): a line without
        # both names none, and most lines are passed over here, not word by word
        if "/" not in line.text or ":" not in line.text or line.text.lstrip().startswith("#"):
            continue
        for word in _WORD.finditer(line.text):
            if not _vendor_image(word.group(0)):
                continue
            number = line.line_at(word.start())
            for fact in image_facts(word.group(0)):
                found.append(
                    file.requirement(
                        fact.subject, fact.spec, number, text=fact.words,
                        confidence="medium", hard=False,
                    )
                )  # fmt: skip
    values: dict[str, set[str]] = {}
    for requirement in found:
        values.setdefault(requirement.subject, set()).add(requirement.spec)
    return [r for r in found if len(values[r.subject]) == 1]
