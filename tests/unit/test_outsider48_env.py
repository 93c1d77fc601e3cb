"""Outsider 29's D8 (tests/data/outsider48/REPORT.md): a conda environment file under a shorter
name (env.yaml, which the README points to as the full environment) is read as one."""

from __future__ import annotations

from bringup.scan.conda_env import extract_conda_env
from bringup.scan.extraction import SourceFile
from bringup.scan.filekinds import classify

# source: https://github.com/dgme-syz/trans0-NPU/blob/0b38c07abf6a37074afeb84e8af8981957aa2ef6/env.yaml#L1-L4
# with :26 (python) and :38, :253-254 (pip: torch, torch-npu)
_ENV = (
    "name: trans0_910\n"
    "channels:\n"
    "  - defaults\n"
    "dependencies:\n"
    "  - python=3.10.19=h81fb49f_0\n"
    "  - pip:\n"
    "      - torch==2.8.0\n"
    "      - torch-npu==2.8.0\n"
)


def test_an_environment_file_under_a_shorter_name_is_read() -> None:
    assert classify("env.yaml") == "conda"
    assert classify("npu_env.yml") == "conda"
    # other YAML stays unread
    assert classify("envoy.yaml") is None
    assert classify("values.yaml") is None
    found = extract_conda_env(SourceFile(ref="env.yaml", rel="env.yaml", text=_ENV))
    specs = {r.subject: r.spec for r in found.requirements}
    assert specs["torch"] == "==2.8.0"
    assert specs["torch_npu"] == "==2.8.0"
    assert specs["python"].startswith("==3.10.19")
