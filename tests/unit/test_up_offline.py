"""``up --offline`` runs pip and uv installs with the installers' offline settings in the step's
environment (``PIP_NO_INDEX=1``, ``UV_OFFLINE=1``): a local or find-links install works and an
install from the index fails at once with pip's message. A step that downloads otherwise is
skipped, the steps after it in its repo are blocked, and the run does not pass (review29 M1:
every step that needed the network was skipped, ``pip install -e .`` included, the tests ran
without the project, and the run exited 0). The stacks below are constructed: each repo's
steps in a bringup.toml, their ``needs`` as the scan gives a ``pip install`` (stepkinds.py:
``network`` for every one)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model import StepNeeds, file_source
from bringup.model.plan import PlanStep
from bringup.run.history import History
from bringup.run.offline import skipped_offline
from bringup.run.state import StateLayout


def _repo(tmp_path: Path, steps: list[tuple[str, str, list[str]]], *, trusted: bool = True) -> Path:
    """A repo named ``app`` whose bringup.toml lists ``(name, kind, argv)``; an ``install``
    step needs the network, as the scan says of every ``pip install``, and so does ``fetch``."""
    repo = tmp_path / "app"
    repo.mkdir()
    lines = [f"trusted = {json.dumps(trusted)}", "infer = false", "infer_steps = false", ""]
    for name, kind, argv in steps:
        lines += ["[[steps]]", f"name = {json.dumps(name)}", f'kind = "{kind}"']
        lines += [f"argv = {json.dumps(argv)}"]
        network = kind == "install" or name == "fetch"
        lines += ["needs = { network = true }", ""] if network else [""]
    (repo / "bringup.toml").write_text("\n".join(lines), encoding="utf-8")
    return repo


def _wheel(folder: Path) -> None:
    """A pure-Python wheel of one module, ``offlinetiny``, for ``--find-links``."""
    folder.mkdir()
    info = "offlinetiny-0.1.dist-info"
    with zipfile.ZipFile(folder / "offlinetiny-0.1-py3-none-any.whl", "w") as wheel:
        wheel.writestr("offlinetiny.py", "VALUE = 'installed from find-links'\n")
        wheel.writestr(
            f"{info}/METADATA", "Metadata-Version: 2.1\nName: offlinetiny\nVersion: 0.1\n"
        )
        wheel.writestr(
            f"{info}/WHEEL",
            "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        )
        wheel.writestr(f"{info}/RECORD", "")


def _steps(state: Path) -> dict[str, tuple[str, str]]:
    with History(StateLayout(state).database) as history:
        return {s.name: (s.status, s.reason or "") for s in history.steps(1)}


def test_a_find_links_install_runs_offline_and_the_test_sees_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shows = (
        "import os, offlinetiny; "
        "print(os.environ['PIP_NO_INDEX'], os.environ['UV_OFFLINE'], offlinetiny.VALUE)"
    )
    wheels = ["python", "-m", "pip", "install", "--find-links", "wheels", "-r", "requirements.txt"]
    repo = _repo(
        tmp_path,
        [
            ("wheels", "install", wheels),
            ("imports", "test", ["python", "-c", shows]),
        ],
    )
    _wheel(repo / "wheels")
    (repo / "requirements.txt").write_text("offlinetiny\n", encoding="utf-8")
    state = tmp_path / "state"
    assert main(["up", str(repo), "--offline", "--state", str(state)]) == 0
    out = capsys.readouterr().out
    assert "ok       app: python -m pip install --find-links wheels -r requirements.txt" in out
    assert _steps(state) == {"wheels": ("passed", ""), "imports": ("passed", "")}
    log = next((state / "runs" / "000001").glob("*-imports.log")).read_text(encoding="utf-8")
    assert "1 1 installed from find-links" in log


def test_an_index_install_fails_with_pip_s_message_and_blocks_the_tests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = _repo(
        tmp_path,
        [
            ("index", "install", ["python", "-m", "pip", "install", "offlinetiny-not-indexed"]),
            ("tests", "test", ["bash", "-c", "touch tested"]),
        ],
    )
    state = tmp_path / "state"
    assert main(["up", str(repo), "--offline", "--state", str(state)]) == 1
    out = capsys.readouterr().out
    assert "(from versions: none)" in out  # pip's own words, in the failure's tail
    assert "&& PIP_NO_INDEX=1 UV_OFFLINE=1 python -m pip install offlinetiny-not-indexed" in out
    steps = _steps(state)
    assert steps["index"][0] == "failed"
    assert steps["tests"] == ("blocked", "app: step 1 (index) failed")
    assert not (repo / "tested").exists()


def test_a_download_is_skipped_its_dependants_blocked_and_the_run_not_passed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = _repo(
        tmp_path,
        [
            ("fetch", "install", ["bash", "-c", "touch fetched"]),
            ("tests", "test", ["bash", "-c", "touch tested"]),
        ],
    )
    state = tmp_path / "state"
    assert main(["up", str(repo), "--offline", "--state", str(state)]) == 1
    out = capsys.readouterr().out
    assert (
        "skip     app: bash -c 'touch fetched': needs the network, and --offline was given" in out
    )
    assert "blocked  app: bash -c 'touch tested': app: step 1 (fetch) needs the network" in out
    assert "run 1: blocked" in out
    assert not (repo / "fetched").exists()
    assert not (repo / "tested").exists()
    assert _steps(state)["tests"][0] == "blocked"


def test_a_last_download_skipped_is_no_pass_either(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing comes after the download to block: the run is still not passed."""
    repo = _repo(
        tmp_path,
        [
            ("tests", "test", ["bash", "-c", "touch tested"]),
            ("fetch", "run", ["bash", "-c", "touch fetched"]),
        ],
    )
    assert main(["up", str(repo), "--offline", "--yes", "--state", str(tmp_path / "state")]) == 1
    assert "run 1: blocked" in capsys.readouterr().out
    assert (repo / "tested").exists()
    assert not (repo / "fetched").exists()


def test_consent_is_asked_for_what_offline_runs_and_only_that(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = _repo(
        tmp_path,
        [
            ("fetch", "install", ["bash", "-c", "touch fetched"]),
            ("local", "install", ["python", "-m", "pip", "install", "-e", "."]),
        ],
        trusted=False,
    )  # fmt: skip
    assert main(["up", str(repo), "--state", str(tmp_path / "state")]) == 1
    online = capsys.readouterr().out
    assert "touch fetched" in online
    assert "pip install -e ." in online
    assert main(["up", str(repo), "--offline", "--state", str(tmp_path / "state")]) == 1
    offline = capsys.readouterr().out
    assert "would run these commands" in offline
    assert "pip install -e ." in offline
    assert "touch fetched" not in offline


def _step(*argv: str, network: bool = True) -> PlanStep:
    return PlanStep(
        order=1,
        component="app",
        name=" ".join(argv),
        kind="install",
        argv=argv,
        status="run",
        source=file_source("README.md", 1),
        needs=StepNeeds(network=network),
    )


@pytest.mark.parametrize(
    "argv",
    [
        # mindspore-lab/mindpose@85b42778 README.md:66 (a clone: --no-index does not stop it)
        ("pip", "install", "git+https://github.com/mindspore-lab/mindpose.git"),
        # Algebraic-Programming/pytorch-hccl-tests@37930e8a Makefile:102 (remote find-links)
        ("pip", "install", "torch==1.11.0+cpu", "torchvision==0.12.0+cpu", "-f",
         "https://download.pytorch.org/whl/torch_stable.html"),
        ("pip", "install", "--find-links=https://example.org/wheels/", "x"),
        ("pip3", "install", "x @ https://example.org/x-1.0-py3-none-any.whl"),
        ("bash", "scripts/download_data.sh"),
    ],
)  # fmt: skip
def test_what_downloads_past_the_offline_settings_is_skipped(
    argv: tuple[str, ...], tmp_path: Path
) -> None:
    assert skipped_offline(_step(*argv), offline=True, cwd=tmp_path)
    assert not skipped_offline(_step(*argv), offline=False, cwd=tmp_path)


@pytest.mark.parametrize(
    "argv",
    [
        ("pip", "install", "-e", "."),
        ("pip", "install", "--no-index", "--find-links", "wheels/", "-r", "requirements.txt"),
        ("python", "-m", "pip", "install", "-r", "requirements.txt"),
        ("pip", "install", "-i", "https://example.org/simple", "torch"),
        ("pip", "install", "--extra-index-url=https://example.org/simple", "torch"),
        ("pip", "install", "file:///opt/wheels/x-1.0-py3-none-any.whl"),
        ("uv", "pip", "install", "git+https://github.com/mindspore-lab/mindpose.git"),
    ],
)
def test_installs_the_offline_settings_confine_run(argv: tuple[str, ...], tmp_path: Path) -> None:
    assert not skipped_offline(_step(*argv), offline=True, cwd=tmp_path)


def test_a_step_that_needs_no_network_runs_offline(tmp_path: Path) -> None:
    assert not skipped_offline(_step("make", "test", network=False), offline=True, cwd=tmp_path)
