"""Container image references whose tags encode the stack: a vendor toolkit image (toolkit,
chip, OS, Python: each backend reads its own, ``Vocabulary.image_readers``),
``python:3.10-slim``.

What an image brings is what the repo is built and tested with, not what the host must have
(the container carries its own toolkit; the host needs a driver that serves it), so these are
soft requirements.
"""

from __future__ import annotations

import importlib
import re
from typing import Callable, NamedTuple, Optional

from bringup import backends, lazyre

_PYTHON_TAG = lazyre.compile(r"^(?P<python>3\.\d+)(?:\.\d+)?(?:-|$)")


class ImageFact(NamedTuple):
    subject: str
    spec: str
    words: str


def split_image(reference: str) -> tuple[str, str]:
    """``(repository, tag)``; a registry port is not a tag, a digest is dropped."""
    reference = reference.split("@", 1)[0]
    slash = reference.rfind("/")
    colon = reference.rfind(":")
    if colon > slash:
        return reference[:colon], reference[colon + 1 :]
    return reference, "latest"


_OS = lazyre.compile(
    r"-(ubuntu|openeuler|centos|rockylinux|ubi|debian|kylin)(\d+(?:\.\d+)?)(?=-|$)", re.I
)


def os_facts(tag: str, words: str) -> list[ImageFact]:
    """The distribution an image is built on (``ubuntu22.04`` -> os ubuntu, 22.04)."""
    match = _OS.search(tag)
    if match is None:
        return []
    name, version = match.group(1).lower(), match.group(2)
    return [ImageFact("os", name, words), ImageFact("os_version", f"=={version}", words)]


ImageReader = Callable[[str, str, str], Optional[list[ImageFact]]]
"""A backend's reader: ``(repository, tag, words)`` -> the facts of one of its images, or
None when the image is not one of its own."""


def _load(target: str) -> ImageReader:
    module, _, attribute = target.partition(":")
    reader: ImageReader = getattr(importlib.import_module(module), attribute)
    return reader


readers = backends.per_registry(
    lambda registered: tuple(
        _load(target) for b in registered for target in b.vocabulary.image_readers
    )
)


def image_facts(reference: str) -> list[ImageFact]:
    """What an image tag says about the toolkit, chip, OS, Python and frameworks."""
    repository, tag = split_image(reference.strip())
    name = repository.rsplit("/", 1)[-1].lower()
    words = f"image {repository}:{tag}"
    for reader in readers():
        found = reader(repository, tag, words)
        if found is not None:
            return found
    facts: list[ImageFact] = []
    if name == "python" and "/" not in repository.replace("library/", ""):
        match = _PYTHON_TAG.match(tag)
        if match is not None:
            facts.append(ImageFact("python", f"=={match.group('python')}.*", words))
    return facts
