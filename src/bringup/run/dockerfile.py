"""A Dockerfile per environment, written and never run: the base image of the backend whose
toolkit the environment pins (its tag filled by the backend: ``Backend.image_tag``), the
official Python image otherwise, then the same venv and pins ``up`` made here. The image
tags follow the vendors' published naming rules, kept with their sources in
``kb/data/images/base_images.toml``."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import msgspec

from bringup import backends
from bringup.model.resolution import Environment
from bringup.model.snapshot import Snapshot
from bringup.redaction import redact_secrets
from bringup.run.environments import EnvironmentSpec
from bringup.run.installcommands import install_commands

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
    python: bool = True
    """Whether the image has a ``python3`` (else the Dockerfile installs the system one)."""


class ImageTable(msgspec.Struct, frozen=True):
    topic: str
    image: tuple[Image, ...]


@lru_cache(maxsize=1)
def images() -> dict[str, Image]:
    table = msgspec.toml.decode(IMAGES.read_bytes(), type=ImageTable)
    return {i.backend: i for i in table.image}


class Base(msgspec.Struct, frozen=True, kw_only=True):
    """The base image an environment's Dockerfile starts from: ``image`` by the vendor's
    published rule, its table ``row``, whether the tag is a ``published`` one, and the
    chip family the tag names when none of this host's devices said it (``assumed``)."""

    image: str
    row: Image
    published: bool
    assumed: str = ""


def base_image(environment: Environment, spec: EnvironmentSpec, snapshot: Snapshot) -> Base:
    """The base image: the first backend (registry order) with an image whose toolkit the
    environment pins, for the first chip family of its devices here (the row's default,
    said as assumed, where this host has none); the CPU's image otherwise."""
    short_python = ".".join(spec.python.split(".")[:2])
    row, values = images()["cpu"], {"python": short_python}
    assumed = ""
    for item in backends.registered():
        toolkit = item.vocabulary.toolkit_subject
        pin = environment.pin(toolkit) if toolkit and item.name in images() else None
        if pin is not None:
            chips = sorted({a.family for a in snapshot.devices(item.vendor or "") if a.family})
            row = images()[item.name]
            values = backends.image_tag(item, pin.version, short_python, next(iter(chips), None))
            assumed = "" if chips or "chip" not in row.defaults else row.defaults["chip"]
            break
    tag = row.tag.format(**{**row.defaults, **values})
    return Base(
        image=f"{row.repository}:{tag}", row=row, published=tag in row.published, assumed=assumed
    )


def dockerfile_text(environment: Environment, snapshot: Snapshot, spec: EnvironmentSpec) -> str:
    """The Dockerfile. A tag the published rule makes but the published list lacks is not
    pulled as if it existed (outsider23 D20: ``cann:9.1.0-910b-ubuntu22.04-py3.13``): the
    base is a build argument with no default, the rule's tag and the published ones named."""
    base = base_image(environment, spec, snapshot)
    row = base.row
    lines = [
        f"# bringup environment {spec.index} ({', '.join(spec.components)}),"
        " written by `bringup up` and not run.",
        f"# Base image: {row.repository}, tag by the published rule '{row.tag}' ({row.source}).",
    ]
    if base.assumed:
        lines.append(
            f"# Chip family '{base.assumed}' is assumed (the rule's default): this host has"
            " no device to say it; use the device host's family."
        )
    if row.note:
        lines.append(f"# {row.note}")
    if base.published:
        lines.append(f"FROM {base.image}")
    else:
        known = ", ".join(row.published) or "none listed"
        lines += [
            f"# The rule gives {base.image}, which is not among the published tags we know"
            f" ({known}): give an image that exists,",
            "#   docker build --build-arg BASE_IMAGE=<image> ...",
            "ARG BASE_IMAGE",
            "FROM ${BASE_IMAGE}",
        ]
    if not row.python:
        lines.append(
            "RUN apt-get update && apt-get install -y --no-install-recommends"
            " python3 python3-pip && rm -rf /var/lib/apt/lists/*"
        )
    lines += [
        'RUN ["python3", "-m", "pip", "install", "uv"]',
        "RUN " + json.dumps(venv_command(spec)),
    ]
    install = ["python3", "-m", "uv", "pip", "install", "--python", "/opt/bringup-env/bin/python"]
    installs = install_commands(spec, install, [])
    said = [[redact_secrets(word) for word in argv] for argv in installs]
    if said != installs:  # an image keeps each RUN line in its history, for all who pull it
        lines.append(
            "# A requirement's URL holds credentials, left out here (redacted): give them"
            " at build time (a build secret), not in a layer."
        )
    lines += ["RUN " + json.dumps(argv) for argv in said]
    lines += ['ENV VIRTUAL_ENV=/opt/bringup-env PATH="/opt/bringup-env/bin:$PATH"']
    return "\n".join(lines) + "\n"


def venv_command(spec: EnvironmentSpec) -> list[str]:
    """The image's venv, on the environment's Python (its minor version: uv takes the image's
    own where it matches, else fetches one), not whatever ``python3`` the base image has: a
    torch 1.7.1 environment on Python 3.7 got ubuntu22.04's 3.10, for which torch 1.7.1 has no
    wheel (outsider15 D17). With no Python known, the image's."""
    minor = ".".join(spec.python.split(".")[:2])
    pinned = ["--python", minor] if minor.count(".") == 1 else []
    return ["python3", "-m", "uv", "venv", *pinned, "--seed", "/opt/bringup-env"]


def write_dockerfile(
    environment: Environment, snapshot: Snapshot, spec: EnvironmentSpec, target: Path
) -> Path:
    target.write_text(dockerfile_text(environment, snapshot, spec), encoding="utf-8")
    return target
