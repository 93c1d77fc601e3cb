"""Recorded hosts replay into exactly their golden snapshot; the assertions below are about the
recorded data (the hosts' own versions), never about the machine running the tests."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.cuda import keys as cuda_keys
from bringup.errors import ProbeError
from bringup.model import Snapshot, keys
from bringup.probe.replay import ReplayRunner, load_host, read_host
from conftest import FIXTURES, Golden

HOSTS = sorted(p for p in (FIXTURES / "hosts").iterdir() if (p / "host.toml").is_file())
CPU_HOST = FIXTURES / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
ASCEND_HOST = FIXTURES / "hosts" / "linux-aarch64-ascend-910b-two-cann-toolkits"


@pytest.mark.parametrize("host", HOSTS, ids=lambda p: p.name)
def test_replay_matches_golden_snapshot(host: Path, golden: Golden) -> None:
    snapshot = load_host(host)
    assert snapshot.origin == "replay"
    golden.check(snapshot, host / "snapshot.expected.json")


@pytest.mark.parametrize("host", HOSTS, ids=lambda p: p.name)
def test_snapshot_round_trips_through_json(host: Path) -> None:
    snapshot = load_host(host)
    again = msgspec.json.decode(msgspec.json.encode(snapshot), type=Snapshot)
    assert again == snapshot


def test_recorded_cpu_host_says_toolkit_present_driver_absent() -> None:
    snapshot = load_host(CPU_HOST)
    assert snapshot.accelerators == ()
    assert snapshot.value(cuda_keys.PCI_NVIDIA_GPUS) == 0
    (cuda,) = [t for t in snapshot.toolkits if t.kind == "cuda"]
    assert (cuda.version, cuda.path, cuda.active) == ("13.0.88", "/usr/local/cuda-13.0", True)
    assert snapshot.value(cuda_keys.CUDA_ACTIVE) == "13.0.88"
    driver = snapshot.fact(cuda_keys.NVIDIA_DRIVER)
    assert driver is not None
    assert driver.status == "absent"
    assert "/proc/driver/nvidia/version does not exist" in (driver.reason or "")
    assert "nvidia-smi not found" in (driver.reason or "")
    smi = snapshot.fact(cuda_keys.NVIDIA_SMI)
    assert smi is not None
    assert smi.status == "absent"
    assert snapshot.value(keys.GLIBC) == "2.36"
    assert snapshot.value(keys.GCC) == "12.2.0"
    assert str(snapshot.value(keys.PYTHON_DEFAULT)).startswith("3.11.")
    assert snapshot.value(keys.ARCH) == "x86_64"


def test_recorded_cpu_host_lists_pythons_without_starting_them() -> None:
    host = read_host(CPU_HOST)
    started = [argv for argv in host.commands if "inspect_env.py" in " ".join(argv)]
    assert len(started) == 1  # only the default interpreter runs the inspect script
    snapshot = load_host(CPU_HOST)
    assert len(snapshot.pythons) > 1
    inspected = [p for p in snapshot.pythons if p.packages is not None]
    assert len(inspected) == 1
    assert inspected[0].origin == "default"


def test_ascend_host_two_toolkits_latest_is_active() -> None:
    snapshot = load_host(ASCEND_HOST)
    toolkits = {(t.kind, t.version): t for t in snapshot.toolkits}
    assert set(toolkits) == {("cann-toolkit", "8.0.RC3"), ("cann-toolkit", "8.3.RC1")}
    assert toolkits["cann-toolkit", "8.0.RC3"].active
    assert not toolkits["cann-toolkit", "8.3.RC1"].active
    assert toolkits["cann-toolkit", "8.3.RC1"].arch == "aarch64"
    assert snapshot.value(ascend_keys.ASCEND_CANN_ACTIVE) == "8.0.RC3"
    assert snapshot.value(ascend_keys.ASCEND_CANN_RUNNING_PREFIX + "opp_kernel") == "8.0.RC3"
    assert snapshot.value(ascend_keys.ASCEND_DRIVER) == "24.1.rc3"
    assert snapshot.value(ascend_keys.ASCEND_FIRMWARE) == "7.1.0.11.220"
    assert snapshot.value(ascend_keys.ASCEND_DEVICE_COUNT) == 2
    assert {d.family for d in snapshot.devices("ascend")} == {"910B"}
    assert snapshot.value(ascend_keys.PCI_ASCEND_NPUS) == 2


def test_ascend_host_set_env_variables_judged() -> None:
    snapshot = load_host(ASCEND_HOST)
    prefix = ascend_keys.ASCEND_ENV_PREFIX
    assert snapshot.value(prefix + "ASCEND_OPP_PATH.exists") is True
    assert snapshot.value(prefix + "TOOLCHAIN_HOME.exists") is False  # set, dir missing
    atb = snapshot.fact(prefix + "ATB_HOME_PATH")
    assert atb is not None
    assert atb.status == "absent"
    assert snapshot.value(prefix + "LD_LIBRARY_PATH.has_driver") is True


def test_unrecorded_command_is_a_failure_that_says_so() -> None:
    done = ReplayRunner({}).run(["nvidia-smi"])
    assert not done.ok
    assert done.error == "not recorded in this host fixture"


def test_directory_without_host_toml_is_a_probe_error(tmp_path: Path) -> None:
    with pytest.raises(ProbeError, match=r"no host\.toml"):
        read_host(tmp_path)


def test_output_outside_the_fixture_is_refused(tmp_path: Path) -> None:
    (tmp_path / "host.toml").write_text(
        '[[command]]\nargv = ["uname"]\nstdout = "../../etc/passwd"\n', encoding="utf-8"
    )
    with pytest.raises(ProbeError, match="outside the fixture"):
        read_host(tmp_path)


@pytest.mark.parametrize(
    "text",
    [
        "host = 1\n",
        "env = 3\n",
        "command = [1]\n",
        '[[command]]\nargv = "npu-smi"\n',
        '[[command]]\nargv = ["npu-smi"]\nduration_s = "slow"\n',
        '[[command]]\nargv = ["npu-smi"]\nexit_code = "zero"\n',
    ],
)
def test_malformed_host_toml_is_a_probe_error(tmp_path: Path, text: str) -> None:
    (tmp_path / "host.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ProbeError, match="not a recorded host"):
        read_host(tmp_path)
