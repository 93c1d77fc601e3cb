"""bench/scan_pkg_guides.py splits the python_package reports of guides, scripts, images and CI
by form and evidence, and counts what dropping each does. The lines are real: fla-org/
flash-linear-attention@bc3b101d INSTALL.md:1, 52, 59-62, with the tuning truth of that repo
(tests/data/scan_eval17), and the report the scan gave for INSTALL.md:62."""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from pathlib import Path

from bench_modules import bench_module

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

DATA = Path(__file__).resolve().parent.parent / "data"
INSTALL = [
    "# Installation",
    "## Ascend NPU",
    "```sh",
    "# 1. install CANN 9.0.0 + source set_env.sh",
    "pip install torch==2.7.1 torch_npu==2.7.1 torchvision==0.22.1",
    "```",
]
TORCHVISION = ("torchvision", ("INSTALL.md:62",), "==0.22.1", "pip install: torchvision==0.22.1")


def test_a_reports_form_is_its_files_place_and_its_evidence() -> None:
    bench = bench_module("scan_pkg_guides")
    assert bench.form("README.md") == "guide-top"
    assert bench.form("docs/zh/quick_start.md") == "guide-docs"
    assert bench.form("tf_adapter/README.md") == "guide-sub"
    assert bench.form("docker/Dockerfile.cuda") == "docker"
    assert bench.form(".github/workflows/build.yml") == "ci"
    assert bench.form("requirements.txt") == ""
    assert bench.sub_form(TORCHVISION) == "guide-top:pip install"
    assert bench.sub_form(("cann", ("INSTALL.md:60",), "==9.0.0", "CANN 9.0.0")) == ""


def test_headings_skip_a_code_blocks_comments() -> None:
    headings = bench_module("scan_pkg_guides").headings
    assert headings(INSTALL, 5) == ["Installation", "Ascend NPU"]


def test_dropping_a_false_report_counts_it_false() -> None:
    bench = bench_module("scan_pkg_guides")
    text = (DATA / "scan_eval17" / "truth" / "flash-linear-attention.toml").read_text("utf-8")
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    bench.drops(tomllib.loads(text), [TORCHVISION], tally)
    for name in ("guide-top:pip install", "guide-top:all"):
        assert (tally[name]["tool"], tally[name]["correct"], tally[name]["found"]) == (1, 0, 0)
