"""Real repos hold long lines (an inline base64 image, a minified table, a one-line JSON blob):
the scan must read them in time linear in their length. Each case is sized so that the
quadratic form it guards against would take many minutes; it runs in a subprocess under a
generous timeout, so a regression fails the test instead of hanging the suite, and the
answer is asserted, not the time."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

_LONG = 400_000
"""Characters in a crafted run: under the 1 MiB read cap, and a quadratic pattern over it
makes some 10^11 steps (the old forms took 60 s and more at 20 KB)."""
_TIMEOUT_S = 120


def _run(argv: list[str], cwd: Path) -> str:
    run = subprocess.run(
        [sys.executable, *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=_TIMEOUT_S,
        check=True,
    )
    return run.stdout


def _needs(tmp_path: Path, readme: str) -> list[tuple[str, str, int]]:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "README.md").write_text(readme, encoding="utf-8")
    out = json.loads(_run(["-m", "bringup", "scan", "--json", "repo"], tmp_path))
    (component,) = out["data"]["components"]
    return [
        (need["subject"], need["spec"], need["source"]["line"])
        for need in component.get("requirements", [])
    ]


def test_a_device_count_before_a_long_run_of_spaces(tmp_path: Path) -> None:
    """The count pattern's optional quantifier and the spaces after it were searched from each
    space of the run (a 20 KB line of spaces took over a minute)."""
    readme = f"# Requirements\n\nRuns on at least 2 GPUs.{' ' * _LONG}x\n"
    assert _needs(tmp_path, readme) == [("gpu_count", ">=2", 3)]


def test_a_list_item_with_a_long_run_of_spaces(tmp_path: Path) -> None:
    """A bare list item's trailing spaces were split every way between two ``\\s*``."""
    readme = f"# Requirements\n\n- vLLM{' ' * _LONG}x\n- vLLM (the same version as vllm-ascend)\n"
    assert _needs(tmp_path, readme) == [("vllm", "", 4)]


def test_a_long_number_before_an_architecture(tmp_path: Path) -> None:
    """Whether a version is stated before "for SM90" was searched from each digit of a long
    number; the answer stays: a version with a dot qualifies, a bare long number does not."""
    code = (
        "from bringup.scan.devices import _qualifies_a_version as q\n"
        f"long = 'CUDA ' + '1' * {_LONG} + ' for '\n"
        "print(q(long, len(long)), q('CUDA 12.3 and above for ', 24))\n"
    )
    assert _run(["-c", code], tmp_path).split() == ["False", "True"]


def test_a_long_run_of_scheme_characters_is_redacted_in_linear_time(tmp_path: Path) -> None:
    """Every ``--json`` envelope passes through the URL-credential pattern, whose scheme was
    read to the end of a run of scheme characters from each word in it; a URL after such a
    run still has its credentials redacted."""
    code = (
        "from bringup.redaction import redact_secrets as r\n"
        "run = 'a.' * 500_000\n"
        "print(r(run + 'x') == run + 'x', r(run + 'https://u:pw@host')[-21:])\n"
    )
    assert _run(["-c", code], tmp_path).split() == ["True", "https://redacted@host"]


def test_a_shell_line_of_command_substitutions(tmp_path: Path) -> None:
    """A tool's version test inside ``$(...)`` allowed any non-blank path before the tool, so
    from each ``$(`` of a long run the pattern read to the line's end and back (100 KB: 14 s);
    a path is now made of path characters only, and the real check still reads."""
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "build.sh").write_text(
        f"pip install torch {'$(' * _LONG}\n"
        'if [ "$(/usr/bin/gcc -dumpversion | cut -d. -f1)" -lt 9 ]; then\n'
        '    echo "gcc 9 or newer is required"; exit 1\n'
        "fi\n",
        encoding="utf-8",
    )
    out = json.loads(_run(["-m", "bringup", "scan", "--json", "repo"], tmp_path))
    (component,) = out["data"]["components"]
    gcc = [
        (need["spec"], need["source"]["line"])
        for need in component.get("requirements", [])
        if need["subject"] == "gcc"
    ]
    assert gcc == [(">=9", 2)]


def test_a_long_paragraph_that_repeats_image(tmp_path: Path) -> None:
    """Found by review: whether a sentence says a prebuilt image holds the versions
    (``docsections.PREINSTALLED``) was searched from each "image" to the end of the sentence,
    an unbounded gap (100 KB took 80 s)."""
    readme = f"# Requirements\n\nThe image {'image ' * (_LONG // 6)}x\n\n- Python 3.9 or higher\n"
    assert _needs(tmp_path, readme) == [("python", ">=3.9", 5)]


def test_a_long_placeholder_in_a_platform_tag(tmp_path: Path) -> None:
    """Found by review: a CPU placeholder (``linux_{arch}``, ``docos.PLATFORM_TAG``) tried each
    "arch" of a long word with every length of its rest (100 KB took 22 s). The document is
    searched whole before it is read, so the placeholder need not be in a code block."""
    readme = f"# Install\n\nfoo-linux_{{{'arch' * (_LONG // 4)}\n\n- Python 3.9 or higher\n"
    assert _needs(tmp_path, readme) == [("python", ">=3.9", 5)]
