"""Two ``bringup up`` of one checkout with two state folders: the second refuses, naming the
first, instead of running the same steps at once in the same tree: outsider15 D10
(/work/outsider15/repro.sh, "D10": ``up repos/libdeflate --state A --force`` and ``--state B
--force`` 0.5 s apart both failed at ``cmake --build build -j2``, sharing ``build/``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bringup.run.checkoutlock import CheckoutBusy
from bringup.run.lock import Busy, held
from bringup.run.state import StateLayout


def test_another_state_folder_is_refused_in_the_same_checkout(tmp_path: Path) -> None:
    repo = tmp_path / "libdeflate"
    repo.mkdir()
    other = tmp_path / "other"
    other.mkdir()
    first, second = StateLayout(tmp_path / "A"), StateLayout(tmp_path / "B")
    with held(first, "s", (str(repo),)):
        refused = pytest.raises(CheckoutBusy, match=f"process {os.getpid()}.*another state")
        with refused, held(second, "s", (str(repo) + "/.",)):  # the same directory, spelt apart
            pass
        with pytest.raises(Busy, match="with the state in"), held(first, "s", (str(repo),)):
            pass  # the same state folder: said as before
        with held(second, "t", (str(other),)):  # other repos go on
            pass
    with held(second, "s", (str(repo),)):  # released when the first run ended
        pass


def test_the_lock_is_seen_from_another_process(tmp_path: Path) -> None:
    repo = tmp_path / "libdeflate"
    repo.mkdir()
    code = (
        "import sys\nfrom bringup.run.lock import held\nfrom bringup.run.state import StateLayout\n"
        "from pathlib import Path\n"
        "with held(StateLayout(Path(sys.argv[1])), 's', (sys.argv[2],)):\n    print('held')\n"
    )
    with held(StateLayout(tmp_path / "A"), "s", (str(repo),)):
        done = subprocess.run(
            [sys.executable, "-c", code, str(tmp_path / "B"), str(repo)],
            check=False,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert "held" not in done.stdout
    assert f"another `bringup up` (process {os.getpid()}) is running in" in done.stderr
