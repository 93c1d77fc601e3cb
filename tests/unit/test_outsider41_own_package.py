"""A repo that is itself a device-only package needs its devices (outsider22 D5): the Ascend
platform plugin of vLLM was "may run here, unverified" on a host with no NPU, since no line of
it asks for its own package. The lines are cosdt/vllm-ascend@a524b50's, verbatim."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
CPU_HOST = ROOT / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"

# cosdt/vllm-ascend@a524b50 setup.py:65-66, 91-95
SETUP_PY = (
    "setup(\n"
    "    name='vllm_ascend',\n"
    "    packages=['vllm_ascend'],\n"
    '    python_requires=">=3.9",\n'
    "    install_requires=get_requirements(),\n"
    "    extras_require={},\n"
    "    entry_points={'vllm.platform_plugins': [\"ascend = vllm_ascend:register\"]})\n"
)
# cosdt/vllm-ascend@a524b50 requirements.txt:1-2 (its torch_npu line left out: the repo's
# own name is then the only tie to Ascend)
REQUIREMENTS = "decorator\npyyaml\n"


def _check(capsys: pytest.CaptureFixture[str], repo: Path) -> dict[str, Any]:
    main(["check", str(repo), "--snapshot", str(CPU_HOST), "--json"])
    data: dict[str, Any] = json.loads(capsys.readouterr().out)["data"]
    return data


def _repo(folder: Path, setup_at: str) -> Path:
    (folder / "requirements.txt").write_text(REQUIREMENTS, encoding="utf-8")
    setup = folder / setup_at
    setup.parent.mkdir(parents=True, exist_ok=True)
    setup.write_text(SETUP_PY, encoding="utf-8")
    return folder


def test_the_plugin_itself_needs_npus_on_a_host_without_any(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = _check(capsys, _repo(tmp_path, "setup.py"))
    (verdict,) = data["resolution"]["verdicts"]
    assert verdict["status"] == "needs_hardware"
    (block,) = data["resolution"]["hardware"]
    requirement = block["requirement"]
    assert requirement["subject"] == "npu_count"
    assert requirement["text"] == "vllm_ascend works on these devices alone"
    # cited where the build file names the repo's own distribution
    assert requirement["source"]["ref"].endswith("setup.py")
    assert requirement["source"]["line"] == 2


def test_a_sub_folder_s_build_is_not_the_repo_s_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The same setup.py in a sub-folder builds a package beside the repo (an example, a
    plugin of it): the repo is not that package."""
    data = _check(capsys, _repo(tmp_path, "plugins/ascend/setup.py"))
    assert not data["resolution"].get("hardware")
    (verdict,) = data["resolution"]["verdicts"]
    assert verdict["status"] != "needs_hardware"
