"""A release whose row to another package holds only on other architectures is no unknown
pair on this one (D12 after the revert a225ba1a). kb/data/torch_triton.toml, read from each
wheel's METADATA: torch 2.7.0 pins triton==3.3.0 "; platform_system == 'Linux' and
platform_machine == 'x86_64'" (https://pypi.org/project/torch/2.7.0/, ``machines = "x86_64"``),
torch 2.11.0 pins triton==3.6.0 on every Linux machine (https://pypi.org/project/torch/2.11.0/,
no ``machines``), and no row names torch 2.5.1. The aarch64 host is the Atlas 800T A2 of
hiyouga/LlamaFactory#4836 (tests/data/outsider22b/llamafactory_4836_env.txt); the x86_64 one is
the recorded Debian 12 host."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main
from bringup.kb import load_knowledge_base

TESTS = Path(__file__).resolve().parents[1]
AARCH64 = ["--target", str(TESTS / "data/outsider22b/llamafactory_4836_env.txt")]
X86_64 = [
    "--snapshot",
    str(TESTS / "fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"),
]


def _solve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: str, host: list[str]
) -> tuple[int, Any]:
    (tmp_path / "requirements.txt").write_text(lines, encoding="utf-8")
    code = main(["solve", str(tmp_path), *host, "--json"])
    return code, json.loads(capsys.readouterr().out)["data"]["resolution"]


def _doubts(resolution: Any) -> list[str]:
    return [
        why
        for env in resolution["environments"]
        for p in env["pins"]
        for why in p.get("missing", [])
    ]


def test_the_rows_an_architecture_leaves_out_are_the_other_architectures_rows() -> None:
    kb = load_knowledge_base()
    on_arm = {rule.id for rule in kb.left_out_by_arch("aarch64")}
    assert "torch-2.7.0-triton/triton" in on_arm
    assert "torch-2.11.0-triton/triton" not in on_arm  # a row for every machine stays
    assert not {rule.topic for rule in kb.left_out_by_arch("x86_64")} & {"torch_triton"}
    assert kb.left_out_by_arch(None) == ()  # an unknown architecture keeps every row


def test_a_release_pinning_nothing_on_this_arch_is_no_unknown_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, resolution = _solve(tmp_path, capsys, "torch==2.7.0\ntriton==3.2.0\n", AARCH64)
    assert _doubts(resolution) == []
    assert [v["status"] for v in resolution["verdicts"]] == ["runs_after"]
    assert code == 0


def test_the_same_pair_on_x86_64_meets_the_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, resolution = _solve(tmp_path, capsys, "torch==2.7.0\ntriton==3.2.0\n", X86_64)
    assert [v["status"] for v in resolution["verdicts"]] == ["blocked"]
    assert code == 1


@pytest.mark.parametrize("host", [X86_64, AARCH64], ids=["x86_64", "aarch64"])
def test_a_release_no_row_names_stays_unknown_on_either_arch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], host: list[str]
) -> None:
    code, resolution = _solve(tmp_path, capsys, "torch==2.5.1\ntriton==3.2.0\n", host)
    why = (
        "no row pairs torch 2.5.1 with triton 3.2.0: "
        "torch_triton.toml pairs them only for other releases"
    )
    assert _doubts(resolution) == [why]
    assert [v["status"] for v in resolution["verdicts"]] == ["unverified"]
    assert code == 1
