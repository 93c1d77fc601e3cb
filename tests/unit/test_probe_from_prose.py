"""``probe --from`` of text that only talks about hosts (review24 M3): this project's README
gave a "host" with three default Pythons (3.10, 3.9, 3.8), chips 910B and 310P and CANN 7.0,
exit 0, so ``probe --from X && check --target X`` went on with an invented host. A version
after a comparison, a ``+`` or a range is asked for, not stated; text written only in words
that gives one thing several values is refused, exit 2. A filled-in issue template and a
tool's output keep working (the tests of tests/data/reports_dev hold them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.probe.importers import import_report

ROOT = Path(__file__).resolve().parents[2]


def test_this_projects_readme_is_not_a_host(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["probe", "--from", str(ROOT / "README.md")]) == 2
    assert "not one host's report" in capsys.readouterr().err


@pytest.mark.parametrize(
    "line",
    [
        "CANN >= 7.0), a communication library (hccl/nccl/CPU ring backends), an inference adapter",
        "(CANN >= 6.3, < 7.0), a training adapter (Python 3.8-3.10, torch and torch_npu pinned), a",
        "Python 3.9+ on Linux x86_64 and aarch64. It works offline: its knowledge base ships",
        "   - python >= 3.7.0",  # Ascend/cann-hccl README.md, its build dependencies
    ],
)
def test_a_version_asked_for_is_no_host_fact(line: str) -> None:
    """Lines of this project's README.md (13, 130, 131) and of cann-hccl's."""
    assert not [f for f in import_report(line + "\n", "r").facts if f.ok]


def test_a_template_stating_each_thing_once_is_a_host(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Constructed in the shape of the Ascend issue template's environment part."""
    report = tmp_path / "issue.md"
    report.write_text("- CANN version: 8.0.RC2\n- Python version: 3.10\n- torch: 2.1.0\n")
    assert main(["probe", "--from", str(report)]) == 0
    report.write_text(report.read_text() + "- Python version: 3.9\n")
    assert main(["probe", "--from", str(report)]) == 2
    assert "python.default.version 3.10, 3.9" in capsys.readouterr().err
