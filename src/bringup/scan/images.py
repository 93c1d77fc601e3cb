"""Container image references whose tags encode the stack: ``ascendai/cann:8.1.rc1-910b-
ubuntu22.04-py3.10`` (CANN, chip, OS, Python), ``nvidia/cuda:12.4.1-devel-ubuntu22.04``,
``pytorch/pytorch:2.1.0-cuda12.1-cudnn8-devel``, ``python:3.10-slim``.

What an image brings is what the repo is built and tested with, not what the host must have
(the container carries its own CANN or CUDA; the host needs a driver that serves it), so
these are soft requirements. Tag formats: Ascend/cann-container-image, NVIDIA and PyTorch
Docker Hub tags (see ``/work/shared/facts``: CANN container tags use lower-case ``rc``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

_CANN_TAG = re.compile(
    r"^(?P<cann>\d+\.\d+\.(?:rc\d+|\d+)(?:\.(?:alpha|beta)\d+)?(?:-beta\.\d+)?)"
    r"(?:-(?P<chip>910b|a2|a3|310p|310b|910|950))?"
    r"(?:-(?P<os>[a-z]+)(?P<os_version>[\d.]+))?(?:-py(?P<python>\d+\.\d+))?",
    re.IGNORECASE,
)
_CHIPS = {
    "910b": "910B",
    "a2": "910B",
    "a3": "910_93",
    "310p": "310P",
    "310b": "310B",
    "910": "910",
    "950": "950",
}
_CUDA_TAG = re.compile(
    r"^(?P<cuda>\d+\.\d+(?:\.\d+)?)(?:-cudnn(?P<cudnn>\d*))?-(?P<flavour>base|runtime|devel)"
)
_TORCH_TAG = re.compile(
    r"^(?P<torch>\d+\.\d+\.\d+)-cuda(?P<cuda>\d+\.\d+)(?:-cudnn(?P<cudnn>\d+))?"
)
_PYTHON_TAG = re.compile(r"^(?P<python>3\.\d+)(?:\.\d+)?(?:-|$)")


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


_OS = re.compile(
    r"-(ubuntu|openeuler|centos|rockylinux|ubi|debian|kylin)(\d+(?:\.\d+)?)(?=-|$)", re.I
)


def _os_facts(tag: str, words: str) -> list[ImageFact]:
    """The distribution an image is built on (``ubuntu22.04`` -> os ubuntu, 22.04)."""
    match = _OS.search(tag)
    if match is None:
        return []
    name, version = match.group(1).lower(), match.group(2)
    return [ImageFact("os", name, words), ImageFact("os_version", f"=={version}", words)]


def image_facts(reference: str) -> list[ImageFact]:
    """What an image tag says about CANN, chip, OS, Python, CUDA, cuDNN and torch."""
    repository, tag = split_image(reference.strip())
    name = repository.rsplit("/", 1)[-1].lower()
    words = f"image {repository}:{tag}"
    facts: list[ImageFact] = []
    if name in ("cann", "ascend-toolkit", "ascend-cann", "cann-toolkit") or (
        "ascend" in repository.lower() and _CANN_TAG.match(tag)
    ):
        match = _CANN_TAG.match(tag)
        if match is None:
            return []
        version = re.sub(r"rc(?=\d)", "RC", match.group("cann"), flags=re.IGNORECASE)
        facts.append(ImageFact("cann", f"=={version}", words))
        if match.group("chip"):
            facts.append(ImageFact("chip", _CHIPS[match.group("chip").lower()], words))
        if match.group("python"):
            facts.append(ImageFact("python", f"=={match.group('python')}.*", words))
        return facts + _os_facts(tag, words)
    if name == "cuda":
        match = _CUDA_TAG.match(tag)
        if match is not None:
            facts.append(ImageFact("cuda", f"=={match.group('cuda')}", words))
            if match.group("cudnn"):
                facts.append(ImageFact("cudnn", f"=={match.group('cudnn')}.*", words))
            facts.extend(_os_facts(tag, words))
        return facts
    if name == "pytorch" and repository.lower().startswith("pytorch/"):
        match = _TORCH_TAG.match(tag)
        if match is not None:
            facts.append(ImageFact("torch", f"=={match.group('torch')}", words))
            facts.append(ImageFact("cuda", f"=={match.group('cuda')}.*", words))
            if match.group("cudnn"):
                facts.append(ImageFact("cudnn", f"=={match.group('cudnn')}.*", words))
        return facts
    if name == "python" and "/" not in repository.replace("library/", ""):
        match = _PYTHON_TAG.match(tag)
        if match is not None:
            facts.append(ImageFact("python", f"=={match.group('python')}.*", words))
    return facts
