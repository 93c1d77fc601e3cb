"""A Dockerfile per environment, written and never run: the vendor base image that matches
the environment's toolkit (CANN by version/chip/OS/Python, ``nvidia/cuda`` by CUDA/OS, the
official Python image otherwise), then the same venv and pins ``up`` made here. The image
tags follow the vendors' published naming rules, kept with their sources in
``kb/data/images/base_images.toml``."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Optional

import msgspec

from bringup.model.resolution import Environment
from bringup.model.snapshot import Snapshot
from bringup.run.environments import EnvironmentSpec

IMAGES = Path(__file__).resolve().parent.parent / "kb" / "data" / "images" / "base_images.toml"


class Image(msgspec.Struct, frozen=True, kw_only=True):
    backend: str
    repository: str
    tag: str
    source: str
    defaults: dict[str, str] = {}
    published: tuple[str, ...] = ()
    mirrors: tuple[str, ...] = ()
    note: str = ""


class ImageTable(msgspec.Struct, frozen=True):
    topic: str
    image: tuple[Image, ...]


@lru_cache(maxsize=1)
def images() -> dict[str, Image]:
    table = msgspec.toml.decode(IMAGES.read_bytes(), type=ImageTable)
    return {i.backend: i for i in table.image}


def base_image(
    environment: Environment, spec: EnvironmentSpec, chip: Optional[str]
) -> tuple[str, Image, bool]:
    """The base image reference, its table row, and whether the tag is a published one."""
    short_python = ".".join(spec.python.split(".")[:2])
    cann, cuda = environment.pin("cann"), environment.pin("cuda")
    if cann is not None:
        row = images()["ascend"]
        values = {**row.defaults, "cann": cann.version.lower(), "python": short_python}
        if chip:
            values["chip"] = chip.lower()
    elif cuda is not None:
        row = images()["cuda"]
        version = cuda.version if cuda.version.count(".") >= 2 else f"{cuda.version}.0"
        values = {**row.defaults, "cuda": version}
    else:
        row = images()["cpu"]
        values = {**row.defaults, "python": short_python}
    tag = row.tag.format(**values)
    return f"{row.repository}:{tag}", row, tag in row.published


def dockerfile_text(environment: Environment, snapshot: Snapshot, spec: EnvironmentSpec) -> str:
    chips = sorted({a.family for a in snapshot.devices("ascend") if a.family})
    image, row, published = base_image(environment, spec, chips[0] if chips else None)
    lines = [
        f"# bringup environment {spec.index} ({', '.join(spec.components)}),"
        " written by `bringup up` and not run.",
        f"# Base image: {row.repository}, tag by the published rule '{row.tag}' ({row.source}).",
    ]
    if not published:
        lines.append("# This tag is not among the published tags we know: check that it exists.")
    if row.note:
        lines.append(f"# {row.note}")
    lines.append(f"FROM {image}")
    if row.backend == "cuda":  # the CUDA images carry no Python
        lines.append(
            "RUN apt-get update && apt-get install -y --no-install-recommends"
            " python3 python3-pip && rm -rf /var/lib/apt/lists/*"
        )
    lines += [
        'RUN ["python3", "-m", "pip", "install", "uv"]',
        'RUN ["python3", "-m", "uv", "venv", "--seed", "/opt/bringup-env"]',
    ]
    if spec.requirements:
        argv = [
            "python3",
            "-m",
            "uv",
            "pip",
            "install",
            "--python",
            "/opt/bringup-env/bin/python",
            *spec.requirements,
        ]
        lines.append("RUN " + json.dumps(argv))
    lines += ['ENV VIRTUAL_ENV=/opt/bringup-env PATH="/opt/bringup-env/bin:$PATH"']
    return "\n".join(lines) + "\n"


def write_dockerfile(
    environment: Environment, snapshot: Snapshot, spec: EnvironmentSpec, target: Path
) -> Path:
    target.write_text(dockerfile_text(environment, snapshot, spec), encoding="utf-8")
    return target
