"""The Dockerfile ``up`` writes makes its venv on the environment's Python: outsider15 D17
(/work/outsider15/repro.sh, "D17"): NVlabs/stylegan2-ada-pytorch's environment 1 (README.md:65
"64-bit Python 3.7 and PyTorch 1.7.1", CUDA 13 here) got ``uv venv --seed /opt/bringup-env``
on ubuntu22.04's python3 (3.10), for which torch 1.7.1 has no wheel."""

from __future__ import annotations

import json

from bringup.model.resolution import Environment, Pin
from bringup.model.snapshot import PythonInstall, Snapshot, Toolkit
from bringup.model.source import Source
from bringup.run.dockerfile import dockerfile_text
from bringup.run.environments import environment_spec

README = Source(kind="file", ref="README.md", line=65)
HERE = Source(kind="command", ref="/py37/bin/python3 --version")


def _text(python: str, toolkit: bool) -> str:
    pins = [
        Pin(subject="python", version=python, origin="installed", source=HERE, installed=True),
        Pin(subject="torch", version="1.7.1", origin="release", source=README),
    ]
    toolkits: tuple[Toolkit, ...] = ()
    if toolkit:
        pins.append(Pin(subject="cuda", version="13.0.88", origin="installed", source=HERE))
        toolkits = (
            Toolkit(kind="cuda", version="13.0.88", path="/usr/local/cuda-13.0", source=HERE),
        )
    environment = Environment(index=1, components=("stylegan2-ada-pytorch",), pins=tuple(pins))
    snapshot = Snapshot(
        taken_at="2026-12-06T00:00:00Z",
        origin="replay",
        pythons=(
            PythonInstall(path="/py37/bin/python3", version=python, origin="pyenv", source=HERE),
        ),
        toolkits=toolkits,
    )
    return dockerfile_text(environment, snapshot, environment_spec(environment, snapshot, ()))


def _venv(text: str) -> list[str]:
    line = next(x for x in text.splitlines() if x.startswith("RUN [") and '"venv"' in x)
    return list(json.loads(line[len("RUN ") :]))


def test_the_image_venv_is_on_the_environments_python() -> None:
    for toolkit in (True, False):  # the CUDA image (system python3), the Python image
        text = _text("3.7.16", toolkit)
        assert _venv(text) == [
            *("python3", "-m", "uv", "venv", "--python", "3.7", "--seed", "/opt/bringup-env")
        ]
        assert '"torch==1.7.1"' in text
