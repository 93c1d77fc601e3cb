"""The CPU ladder for real: torch (CPU build) installed in an environment of its own, its four
rungs run in that environment's Python, gloo between two processes. The environment (about
900 MB) is made once and kept in pytest's cache directory; the test skips, with pip's own
words, only when torch cannot be installed (no wheel, no index)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bringup.cli.main import main

TORCH = "torch==2.13.0"
"""The release the package index (or the wheel directory in PIP_FIND_LINKS) provides."""


@pytest.fixture(scope="session")
def torch_python(request: pytest.FixtureRequest) -> str:
    """An interpreter with ``TORCH``, made on the first run and reused after."""
    home = Path(request.config.cache.mkdir("ladder-torch-env"))
    python = home / "bin" / "python"
    stamp = home / "installed.txt"
    if stamp.exists() and stamp.read_text() == TORCH and python.exists():
        return str(python)
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(home)], check=True)
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", TORCH],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()[-3:]
        pytest.skip(f"cannot install {TORCH} from the index or PIP_FIND_LINKS: {said}")
    stamp.write_text(TORCH)
    return str(python)


@pytest.mark.integration
def test_the_cpu_ladder_runs_all_four_rungs_for_real_and_passes(
    torch_python: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logs = tmp_path / "logs"
    argv = ["ladder", "--backend", "cpu", "--python", torch_python, "--logs", str(logs)]
    code = main([*argv, "--json"])
    envelope = json.loads(capsys.readouterr().out)
    assert envelope["data"]["log_dir"] == str(logs)
    assert sorted(p.name for p in logs.iterdir()) == [
        "communication.log",
        "device-init.log",
        "memory.log",
        "operators.log",
    ]
    results = {r["rung"]: r for r in envelope["data"]["results"]}
    assert [r["verdict"] for r in results.values()] == ["PASS"] * 4, results
    assert code == 0
    assert list(results) == ["device-init", "operators", "communication", "memory"]
    device = results["device-init"]["evidence"]
    assert device["torch"].startswith("2.13.0")
    assert device["count"] == 1
    operators = results["operators"]["evidence"]
    assert {(op["op"], op["dtype"]) for op in operators["ops"]} >= {
        ("matmul", "bf16"),
        ("conv2d", "fp16"),
        ("layer_norm", "fp32"),
    }
    assert results["operators"]["measures"]["tflops"] > 0
    communication = results["communication"]
    assert communication["evidence"]["world"] == 2
    assert communication["evidence"]["backend"] == "gloo"
    assert communication["measures"]["all_reduce_busbw_gbps"] > 0
    memory = results["memory"]
    assert memory["evidence"]["allocated"] >= memory["evidence"]["target"] > 0
