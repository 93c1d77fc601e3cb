"""The communication rung's parent (``torch_rungs.finish_ranks``) with planted ranks: its
stdlib part needs no torch. A rank that never finishes is killed after the parent's wait and
reported with the last phase it announced; the others keep their evidence."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bringup.ladder.programs import rung_communication as torch_rungs

DONE = "import json; print(json.dumps({'rank': 0, 'collectives': []}))"
STUCK = (
    "import sys, time\n"
    f"sys.stderr.write({torch_rungs.PHASE_MARK!r} + 'init_process_group\\n')\n"
    "sys.stderr.write('waiting for rank 0\\n'); sys.stderr.flush()\n"
    "time.sleep(600)\n"
)


def planted_rank(tmp_path: Path, name: str, code: str) -> tuple[subprocess.Popen[bytes], str, str]:
    out, err = tmp_path / f"{name}.out", tmp_path / f"{name}.err"
    with out.open("wb") as out_file, err.open("wb") as err_file:
        child = subprocess.Popen([sys.executable, "-c", code], stdout=out_file, stderr=err_file)
    return child, str(out), str(err)


@pytest.mark.integration
def test_a_hung_rank_is_killed_and_reported_with_its_phase(tmp_path: Path) -> None:
    ranks = [planted_rank(tmp_path, "done", DONE), planted_rank(tmp_path, "stuck", STUCK)]
    done, stuck = torch_rungs.finish_ranks(ranks, wait=1.5)
    assert done == {"rank": 0, "collectives": [], "returncode": 0, "stderr": ""}
    assert stuck["hung"] == 1.5
    assert stuck["phase"] == "init_process_group"
    assert stuck["returncode"] == -9
    assert stuck["stderr"] == "waiting for rank 0"
