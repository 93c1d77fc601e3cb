"""A collect_env run in a container names two systems: its ``OS:`` line is the container's
userland, the kernel in ``Python platform:`` the host's (a container shares the host's
kernel). ``probe --from`` showed "os.id ubuntu" and "os.id kylin" side by side with nothing
saying which is which (outsider23 D18, on vllm-ascend#4376: Ubuntu beside oe2203's openEuler).
The report is vllm-project/vllm-ascend#10525's environment section
(tests/fixtures/reports/vllm-ascend-10525-collect-env.txt:10 ``OS: Ubuntu 22.04.5 LTS
(aarch64)``, :17 ``Python platform: Linux-4.19.90-24.4.v2101.ky10.aarch64-...``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

REPORT = Path(__file__).parent.parent / "fixtures" / "reports" / "vllm-ascend-10525-collect-env.txt"


def test_the_kernels_os_is_said_to_be_the_hosts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    main(["probe", "--from", str(REPORT)])
    rows = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    ids = [row for row in rows if row.startswith("os.id ")]
    assert ids[0].startswith("os.id ubuntu ")
    assert ids[1].startswith("os.id kylin (the host kernel's; line 10: the userland's) ")
