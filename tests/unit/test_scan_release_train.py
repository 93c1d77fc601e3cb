"""torch_npu numbered by its release train (outsider report 26, defect 9): "| torch_npu版本 |
26.0.0 |" is the Ascend Extension for PyTorch 26.0.0, whose wheels the knowledge base names by
their branch ("GitCode branch v2.7.1-26.0.0"). Real lines, with their source."""

from __future__ import annotations

import pytest

from bringup.cli.main import main
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.phrases import read_phrase

# momo609/mindspeed@7e624cf1 README.md:54-61 ("当前版本推荐配套表")
_TABLE = (
    "| 软件               | 版本                       |\n"
    "|------------------|--------------------------|\n"
    "| MindSpeed Core分支 | 0.16.0                   |\n"
    "| Mcore版本          | 0.16.0                   |\n"
    "| CANN版本           | 9.0.0                  |\n"
    "| PyTorch          | 2.7.1             |\n"
    "| torch_npu版本      | 26.0.0                  |\n"
    "| Python版本         | Python3.10.x |\n"
)


def _found(text: str) -> dict[str, str]:
    file = SourceFile(ref="README.md", rel="README.md", text=text)
    return {r.subject: r.spec for r in extract_docs(file).requirements}


def test_a_train_beside_its_torch_is_that_torch_s_wheel() -> None:
    # was torch_npu unversioned: 26.0.0 is no torch_npu wheel's number
    assert _found(_TABLE)["torch_npu"] == "==2.7.1.post4"


def test_a_train_alone_is_any_of_its_wheels() -> None:
    # constructed: the table without its PyTorch row
    alone = _found(_TABLE.replace("| PyTorch          | 2.7.1             |\n", ""))
    assert alone["torch_npu"] == "==2.9.0.post2 || ==2.8.0.post4 || ==2.7.1.post4"


def test_a_wheel_s_own_number_stays_and_an_unknown_train_is_no_version() -> None:
    assert read_phrase("2.7.1", "torch_npu", trains=True).spec == "==2.7.1"  # type: ignore[union-attr]
    # no row names a 25.0.0 branch: no release of torch_npu read
    assert read_phrase("25.0.0", "torch_npu", trains=True) is None


def test_kb_why_names_the_train_s_wheels(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["kb", "why", "torch_npu==26.0.0", "cann==9.0.0"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("UNKNOWN:")
    assert "torch_npu 26.0.0 is a release train" in out
    assert "2.9.0.post2, 2.8.0.post4, 2.7.1.post4; ask with one of them" in out
    # a wheel's own number: answered by its row, no train named
    assert main(["kb", "why", "torch_npu==2.7.1.post4", "cann==9.0.0"]) == 0
    assert "release train" not in capsys.readouterr().out
