"""The version a wildcard spec names: the release itself after a full major.minor.patch, the
first patch after a shorter prefix (outsider 22 item 21: "Python 3.9.18.0" in the pins)."""

from bringup.solve.specversions import named_versions


def _named(spec: str, scheme: str = "pep440") -> list[str]:
    return [raw for raw, _ in named_versions([spec], scheme)]


def test_a_conda_pins_wildcard_names_the_release() -> None:
    # IDEA-Research/GroundingDINO@856dde2:environment.yaml:188 `python=3.9.18=h4de0772_0_cpython`
    # is read as ==3.9.18.*
    assert _named("==3.9.18.*") == ["3.9.18"]


def test_a_shorter_wildcard_names_its_first_release() -> None:
    # GroundingDINO@856dde2:Dockerfile:1 `pytorch/pytorch:2.1.2-cuda12.1-cudnn8-runtime`:
    # cudnn ==8.*;
    # environment.yaml:194 `pytorch-cuda=11.8`: cuda ==11.8.*
    assert _named("==8.*") == ["8.0"]
    assert _named("==11.8.*") == ["11.8.0"]
    assert _named(">=3.10.0") == ["3.10.0"]
