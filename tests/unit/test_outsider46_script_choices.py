"""Outsider 27's D6 (tests/data/outsider46/REPORT.md): ``cuda ==11.8.*`` and the nightly cu118
index were read from the ``else`` arm of a development script that takes it only when called
with an argument (``setup.sh 1``). An arm the script takes only on a non-default argument is
that choice's; the default arm is the script's route (``scan.shellarms.optional_arms``)."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.shell import extract_shell
from bringup.scan.shellarms import optional_arms

# source: https://github.com/huggingface/optimum-quanto/blob/e33f820/setup.sh (1-17)
SETUP = """#!/bin/bash

NIGHTLY=${1:-0}
VENV=".venv"
if [ ! -d "${VENV}" ]; then
    python3 -m venv ${VENV}
fi
. ${VENV}/bin/activate
if [ "$NIGHTLY" -eq "0" ]; then
    pip install --upgrade torch torchvision torchaudio
else
    pip install --upgrade --pre torch torchvision torchaudio --index-url https://download.pytorch.org/whl/nightly/cu118
fi
# Build tools
pip install ruff pytest build
# For examples
pip install accelerate transformers datasets
"""


def _needs(text: str) -> set[tuple[str, str, int]]:
    file = SourceFile(ref="setup.sh", rel="setup.sh", text=text)
    return {(r.subject, r.spec, r.source.line or 0) for r in extract_shell(file).requirements}


def test_the_arm_of_a_non_default_argument_is_a_choice_not_a_need() -> None:
    assert optional_arms(SETUP.splitlines()) == frozenset({11, 12})
    needs = _needs(SETUP)
    assert not {n for n in needs if n[2] in (11, 12)}
    assert not {n for n in needs if n[0] == "cuda"}


def test_the_default_arm_is_the_scripts_route() -> None:
    # the same script defaulting to the nightly arm: what that arm sets up is read again
    flipped = SETUP.replace("NIGHTLY=${1:-0}", "NIGHTLY=${1:-1}")
    assert optional_arms(flipped.splitlines()) == frozenset({9, 10})
    assert any(n[0] == "cuda" and n[2] == 12 for n in _needs(flipped))


def test_a_test_of_an_argument_without_a_default_chooses_nothing() -> None:
    bare = SETUP.replace("NIGHTLY=${1:-0}", "NIGHTLY=$1")
    assert optional_arms(bare.splitlines()) == frozenset()
