"""``--what-if driver=V`` names the host's accelerator driver only when the host has one kind:
on a host with none (the outside tester's ``solve src/marlin --what-if driver=24.1.0``, the
README's own example) or with several, it could mean any backend's driver, and was applied to
the first backend's silently. Now that is bad input naming the keys to give; a short key that
is read as a subject says which in the answer."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from bringup.cli.main import main
from bringup.errors import StackError
from bringup.model import Accelerator
from bringup.solve.host import host_facts, what_if_subject
from solve_inputs import host

ROOT = Path(__file__).resolve().parents[2]
STACK = str(ROOT / "examples" / "six-repos")
DEV = str(ROOT / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver")
NPU = str(ROOT / "tests/fixtures/hosts/linux-aarch64-ascend-910b-two-cann-toolkits")


def test_no_driver_here_is_ambiguous_and_names_the_keys() -> None:
    with pytest.raises(StackError, match="could mean ascend_driver or nvidia_driver") as raised:
        what_if_subject("driver", host_facts(host()))
    assert "no accelerator driver" in raised.value.message


def test_one_kind_of_device_here_is_its_driver() -> None:
    assert what_if_subject("driver", host_facts(host(npus=["910B"]))) == "ascend_driver"


def test_two_kinds_of_device_here_is_ambiguous() -> None:
    npu = host(npus=["910B"])
    gpu = Accelerator(vendor="nvidia", index=0, name="GPU", source=npu.facts[0].source)
    both = msgspec.structs.replace(npu, accelerators=(*npu.accelerators, gpu))
    with pytest.raises(StackError, match="several accelerator drivers"):
        what_if_subject("driver", host_facts(both))


def test_the_cli_refuses_it_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", STACK, "--snapshot", DEV, "--what-if", "driver=24.1.0"]) == 2
    assert "--what-if ascend_driver=<version>" in capsys.readouterr().err


def test_the_answer_says_what_a_short_key_was_read_as(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["solve", STACK, "--snapshot", NPU, "--what-if", "driver=24.1.0"])
    assert capsys.readouterr().out.startswith("what if driver=24.1.0 (ascend_driver):")
