"""``up --offline`` reads the requirements lists a ``pip install -r`` names (and the lists they
include with ``-r``/``-c``): a list that names a clone, a URL or an index other than the
offline settings' is a download that ``PIP_NO_INDEX=1`` does not stop, so the step is skipped
like any download and its repo's later steps are blocked (it ran, and pip failed on the clone
with its own fetch message). The lines are pip's own documentation's examples."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model import StepNeeds, file_source
from bringup.model.plan import PlanStep
from bringup.run.history import History
from bringup.run.offline import skipped_offline
from bringup.run.state import StateLayout

# pypa/pip@e798211e docs/html/reference/requirements-file-format.md:30,40 and the global
# options example below them; pypa/pip@ae3f7f49 docs/html/topics/vcs-support.md:21-23 (Git)
# and its Subversion editable form
DOWNLOADS = [
    "urllib3 @ https://github.com/urllib3/urllib3/archive/refs/tags/1.26.8.zip",
    "http://wxpython.org/Phoenix/snapshot-builds/"
    "wxPython_Phoenix-3.0.3.dev1820+49a8884-cp34-none-win_amd64.whl",
    "--find-links http://some.archives.com/archives",
    "MyProject @ git+https://git.example.com/MyProject",
    "MyProject @ git+ssh://git@git.example.com/MyProject",
    "-e svn+http://svn.example.com/svn/MyProject/trunk@2019#egg=MyProject",
    # pip 22.0.4 adds a list's extra index even under --no-index (req_file.handle_option_line)
    "--extra-index-url https://download.pytorch.org/whl/cpu",
]
LOCAL = [
    "./downloads/numpy-1.9.2-cp34-none-win32.whl",
    "MyProject @ git+file:///home/user/projects/MyProject",
    "--find-links /my/local/archives",
    "docopt == 0.6.1",
    "# http://example.org/ in a comment",
]
PIP = ("python", "-m", "pip", "install", "-r", "requirements.txt")


def _step(*argv: str) -> PlanStep:
    return PlanStep(
        order=1,
        component="app",
        name=" ".join(argv),
        kind="install",
        argv=argv,
        status="run",
        source=file_source("README.md", 1),
        needs=StepNeeds(network=True),
    )


@pytest.mark.parametrize("line", DOWNLOADS)
def test_a_list_that_downloads_makes_its_install_a_download(line: str, tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text(f"pytest\n{line}\n", encoding="utf-8")
    assert skipped_offline(_step(*PIP), offline=True, cwd=tmp_path)
    assert not skipped_offline(_step(*PIP), offline=False, cwd=tmp_path)


@pytest.mark.parametrize("line", LOCAL)
def test_a_list_of_local_and_index_lines_runs(line: str, tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text(f"pytest\n{line}\n", encoding="utf-8")
    assert not skipped_offline(_step(*PIP), offline=True, cwd=tmp_path)


@pytest.mark.parametrize(
    "include", ["-r other-requirements.txt", "-c constraints.txt", "--requirement=sub/more.txt"]
)
def test_an_included_list_is_read_from_the_including_list_s_folder(
    include: str, tmp_path: Path
) -> None:
    lists = tmp_path / "requirements"
    lists.mkdir()
    (lists / "base.txt").write_text(f"pytest\n{include}\n", encoding="utf-8")
    name = re.split("[ =]", include)[-1]
    (lists / name).parent.mkdir(exist_ok=True)
    (lists / name).write_text(f"{DOWNLOADS[3]}\n", encoding="utf-8")
    argv = ("pip", "install", "-rrequirements/base.txt")
    assert skipped_offline(_step(*argv), offline=True, cwd=tmp_path)
    (lists / name).write_text("docopt == 0.6.1\n-r base.txt\n", encoding="utf-8")  # a cycle
    assert not skipped_offline(_step(*argv), offline=True, cwd=tmp_path)


def test_a_missing_list_is_pip_s_to_report(tmp_path: Path) -> None:
    assert not skipped_offline(_step(*PIP), offline=True, cwd=tmp_path)


def test_up_offline_skips_the_install_of_a_list_with_a_clone_and_blocks_the_tests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "app"
    repo.mkdir()
    (repo / "requirements.txt").write_text(
        "docopt == 0.6.1\n-e git+https://git.example.com/MyProject#egg=MyProject\n",
        encoding="utf-8",
    )
    steps = [("deps", "install", list(PIP)), ("tests", "test", ["bash", "-c", "touch tested"])]
    lines = ["trusted = true", "infer = false", "infer_steps = false", ""]
    for name, kind, argv in steps:
        lines += ["[[steps]]", f"name = {json.dumps(name)}", f'kind = "{kind}"']
        lines += [f"argv = {json.dumps(argv)}", "needs = { network = true }" * (kind == "install")]
    (repo / "bringup.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    state = tmp_path / "state"
    assert main(["up", str(repo), "--offline", "--state", str(state)]) == 1
    out = capsys.readouterr().out
    assert "needs the network, and --offline was given" in out
    assert "run 1: blocked" in out
    with History(StateLayout(state).database) as history:
        found = {s.name: (s.status, s.log_path) for s in history.steps(1)}
    assert found["deps"] == ("skipped", None)
    assert found["tests"][0] == "blocked"
    assert not (repo / "tested").exists()
