"""CUDA container images: ``nvidia/cuda:12.4.1-devel-ubuntu22.04`` (CUDA, cuDNN, OS) and
``pytorch/pytorch:2.1.0-cuda12.1-cudnn8-devel`` (torch and the CUDA it was built with), as
NVIDIA and PyTorch tag them on Docker Hub."""

from __future__ import annotations

import re
from typing import Optional

from bringup.scan.images import ImageFact, os_facts

_CUDA_TAG = re.compile(
    r"^(?P<cuda>\d+\.\d+(?:\.\d+)?)(?:-cudnn(?P<cudnn>\d*))?-(?P<flavour>base|runtime|devel)"
)
_TORCH_TAG = re.compile(
    r"^(?P<torch>\d+\.\d+\.\d+)-cuda(?P<cuda>\d+\.\d+)(?:-cudnn(?P<cudnn>\d+))?"
)


def tag_values(cuda: str, python: str, chip: Optional[str]) -> dict[str, str]:
    """The ``nvidia/cuda`` tag's values: the full toolkit version (``12.4`` is ``12.4.0``)."""
    return {"cuda": cuda if cuda.count(".") >= 2 else f"{cuda}.0"}


def read_image(repository: str, tag: str, words: str) -> Optional[list[ImageFact]]:
    """The facts of a CUDA or PyTorch image, or None when ``repository`` is neither."""
    name = repository.rsplit("/", 1)[-1].lower()
    facts: list[ImageFact] = []
    if name == "cuda":
        match = _CUDA_TAG.match(tag)
        if match is not None:
            facts.append(ImageFact("cuda", f"=={match.group('cuda')}", words))
            if match.group("cudnn"):
                facts.append(ImageFact("cudnn", f"=={match.group('cudnn')}.*", words))
            facts.extend(os_facts(tag, words))
        return facts
    if name == "pytorch" and repository.lower().startswith("pytorch/"):
        match = _TORCH_TAG.match(tag)
        if match is not None:
            facts.append(ImageFact("torch", f"=={match.group('torch')}", words))
            facts.append(ImageFact("cuda", f"=={match.group('cuda')}.*", words))
            if match.group("cudnn"):
                facts.append(ImageFact("cudnn", f"=={match.group('cudnn')}.*", words))
        return facts
    return None
