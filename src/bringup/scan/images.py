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


_DISTROS = r"ubuntu|openeuler|centos|rockylinux|almalinux|ubi|debian|kylin|euleros|fedora"
_OS = lazyre.compile(rf"(?:^|[-_/])({_DISTROS})[-_]?(\d+(?:\.\d+)?)(?![\d])(?=$|[-_.])", re.I)
"""A distribution and its release inside a tag or an image name: ``…-ubuntu22.04-py3.11``,
``ci_cann/ubuntu22.04_arm`` (torchtitan-npu .ci/gitcode.dockerfile:2)."""
_DISTRO_IMAGE = lazyre.compile(rf"^({_DISTROS})(?:[-_](?:aarch64|arm64|x86_64|amd64))?$", re.I)
"""An image named after its distribution, its release the tag (``ubuntu:22.04``,
``openeuler/openeuler-aarch64:22.03-lts``, omni-infer tools/docker/Dockerfile.openEuler…:20)."""
_RELEASE = lazyre.compile(r"^(\d+(?:\.\d+)?)(?=$|[-_.](?!\d))")
_ARCH = lazyre.compile(r"(?:^|[-_/])(aarch64|arm64|arm|x86_64|amd64)(?=$|[-_/])", re.I)
_MANYLINUX = lazyre.compile(r"(?:^|[-_/])manylinux_(2)_(\d{1,3})(?=$|[-_:])")
"""A manylinux image (``quay.io/pypa/manylinux_2_28_x86_64``, facebookresearch/xformers
.github/workflows/wheels_build.yml:50; pyg-team/pyg-lib .github/workflows/docker/Dockerfile:2):
the wheels built in it run on glibc 2.28 or newer (PEP 600), the repo's glibc floor."""
ARCH_NAMES = {"arm64": "aarch64", "arm": "aarch64", "x64": "x86_64", "amd64": "x86_64"}
"""Other spellings of a CPU in image tags and runner labels -> the name the probe reports."""


def os_facts(tag: str, words: str) -> list[ImageFact]:
    """The distribution an image tag names (``ubuntu22.04`` -> os ubuntu, 22.04)."""
    match = _OS.search(tag)
    if match is None:
        return []
    name, version = match.group(1).lower(), match.group(2)
    return [ImageFact("os", name, words), ImageFact("os_version", f"=={version}", words)]


def platform_facts(repository: str, tag: str, words: str) -> list[ImageFact]:
    """The distribution and CPU an image's name or tag names: a base image built for one
    architecture (``…_arm``, ``…-aarch64``) says which one the repo's image runs on."""
    name = repository.rsplit("/", 1)[-1]
    distro, release = _DISTRO_IMAGE.match(name), _RELEASE.match(tag)
    if distro is not None and release is not None:
        facts = [ImageFact("os", distro.group(1).lower(), words),
                 ImageFact("os_version", f"=={release.group(1)}", words)]  # fmt: skip
    else:
        facts = os_facts(name, words) or os_facts(tag, words)
    arch = _ARCH.search(name) or _ARCH.search(tag)
    if arch is not None:
        spelled = arch.group(1).lower()
        facts.append(ImageFact("arch", ARCH_NAMES.get(spelled, spelled), words))
    manylinux = _MANYLINUX.search(name)
    if manylinux is not None:
        facts.append(ImageFact("glibc", f">={manylinux.group(1)}.{manylinux.group(2)}", words))
    return facts


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


def image_facts(reference: str, platform_flag: str = "") -> list[ImageFact]:
    """What an image tag says about the toolkit, chip, OS, Python and frameworks; a
    Dockerfile's ``FROM --platform=linux/arm64`` names the CPU the image is for."""
    repository, tag = split_image(reference.strip())
    name = repository.rsplit("/", 1)[-1].lower()
    words = f"image {repository}:{tag}"
    platform = platform_facts(repository, tag, words)
    flagged = _ARCH.search(platform_flag) if "$" not in platform_flag else None
    if flagged is not None and all(fact.subject != "arch" for fact in platform):
        spelled = flagged.group(1).lower()
        stated = f"--platform={platform_flag} {words}"
        platform.append(ImageFact("arch", ARCH_NAMES.get(spelled, spelled), stated))
    for reader in readers():
        found = reader(repository, tag, words)
        if found is not None:
            named = {fact.subject for fact in found}
            return found + [fact for fact in platform if fact.subject not in named]
    facts = platform
    if name == "python" and "/" not in repository.replace("library/", ""):
        match = _PYTHON_TAG.match(tag)
        if match is not None:
            facts.append(ImageFact("python", f"=={match.group('python')}.*", words))
    return facts
