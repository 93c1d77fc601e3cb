"""bench/scan_pkg_forms.py counts what the truth writers did with each form of Python
dependency list on the tuning half. The lines are real: Ascend llm4ascendc@98e412e5
requirements.txt:9-13 and :22-24, microsoft/mscclpp@1f5f065d pyproject.toml:23-27, with the
tuning truths of those repos (tests/data/scan_eval30, scan_eval12)."""

from __future__ import annotations

import sys
from pathlib import Path

from bench_modules import bench_module

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

DATA = Path(__file__).resolve().parent.parent / "data"

LLM4ASCENDC = (
    "# --- PyPI 可固定版本 ---\n"
    "# CANN msopgen/build.sh 调用的 tbe.tvm 会 `import decorator`；"
    "极简环境（如仅装生成的 conda）易缺此包。\n"
    "decorator==5.1.1\n"
    "ninja==1.11.1.4\n"
    "numpy==1.26.0\n"
    "\n"
    "# --- LangGraph Agent（generator/agent 智能体模块）---\n"
    "langgraph\n"
    "langchain-openai\n"
)

MSCCLPP = (
    "[project.optional-dependencies]\n"
    "cuda12 = [\n"
    '    "cupy-cuda12x",\n'
    '    "cuda-bindings>=12,<13",\n'
    "]\n"
)


def _truth(name: str, repo: str) -> list[dict[str, object]]:
    text = (DATA / name / "truth" / f"{repo}.toml").read_text(encoding="utf-8")
    return list(tomllib.loads(text)["requirement"])


def test_a_lists_form_is_read_from_its_place_and_name() -> None:
    form = bench_module("scan_pkg_forms").form
    assert form("requirements.txt") == "root:requirements"
    assert form("requirements/runtime.txt") == "root:requirements"
    assert form("requirements/train/megatron/requirements-cuda.txt") == "sub:requirements"
    assert form("docs/requirements-docs.txt") == "sub:requirements-side"
    assert form("requirements-dev.txt") == "root:requirements-side"
    assert form("python/pylibraft/pyproject.toml", "project") == "sub:pyproject-project"


def test_requirement_lines_keep_their_numbers_and_skip_comments() -> None:
    lines = list(bench_module("scan_pkg_forms").requirements_lines(LLM4ASCENDC))
    assert lines == [
        ("decorator", 3),
        ("ninja", 4),
        ("numpy", 5),
        ("langgraph", 8),
        ("langchain_openai", 9),
    ]


def test_an_extras_strings_are_read_with_their_table_and_line() -> None:
    lines = list(bench_module("scan_pkg_forms").pyproject_lines(MSCCLPP))
    assert lines == [("optional", "cupy_cuda12x", 3), ("optional", "cuda_bindings", 4)]


def test_a_truths_fate_for_a_declared_line() -> None:
    fate = bench_module("scan_pkg_forms").fate
    llm4ascendc = _truth("scan_eval30", "llm4ascendc")
    assert fate(llm4ascendc, "numpy", "requirements.txt", 13) == "repo"
    assert fate(llm4ascendc, "langgraph", "requirements.txt", 23) == "feature"
    cudnn = _truth("scan_eval12", "cudnn-frontend")  # NVIDIA/cudnn-frontend@3929da2e
    assert fate(cudnn, "looseversion", "requirements.txt", 6) == "repo"
    assert fate(cudnn, "pytest_xdist", "requirements.txt", 5) == "omitted"


def test_a_repos_treatment_of_a_form() -> None:
    treatment = bench_module("scan_pkg_forms").treatment
    assert treatment({"repo": 12}) == "all repo"
    assert treatment({"feature": 29, "repo": 9}) == "mixed"
    assert treatment({"tests": 4}) == "all other scope"
    assert treatment({"omitted": 7}) == "all omitted"
