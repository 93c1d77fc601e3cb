"""review31 L5: BusyBox's wget has no ``--version``: it answers with its usage banner and exit
1 (docker-library/busybox#78: "``--version`` option returns ``unrecognized option``"), so the
probe said "failed" of a wget the machine can run. The applet is found; its value names
BusyBox's release, read from the banner (review32: never as wget's own version). The lines are
termux/termux-packages#2018's (BusyBox v1.27.2's wget refusing an option) and
juewuy/ShellCrash#39's (a banner with empty parentheses)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Optional

from bringup.backends.cpu.parse import parse_tool_banner
from bringup.model import keys
from bringup.model.source import Source
from bringup.probe.collectors.toolchain import probe_toolchain
from bringup.probe.context import ProbeContext
from bringup.probe.files import Sysroot
from bringup.process import Completed, EnvOverrides, PathArg
from cpuclock import cpu_seconds

TERMUX = (
    "wget: unrecognized option `--version'\n"
    "BusyBox v1.27.2 (2017-10-15 01:03:11 CEST) multi-call binary.\n"
    "\n"
    "Usage: wget [-cq] [-O FILE] [-Y on/off] [-P DIR] [-S] [-U AGENT] [-T SEC] URL...\n"
)
SHELLCRASH = "wget: unrecognized option: version\nBusyBox v1.28.3 () multi-call binary.\n"
SOURCE = Source(kind="command", ref="wget --version")


def _version(text: str) -> tuple[object, Optional[int]]:
    (found,) = parse_tool_banner(text, SOURCE, key=keys.WGET).facts
    return found.value, found.source.line


def test_the_value_is_busyboxs_release_never_the_tools_version() -> None:
    # review32 LOW: BusyBox's release was read as wget's own version (wget 1.27.2)
    assert _version(TERMUX) == ("BusyBox 1.27.2", 2)
    assert _version(SHELLCRASH) == ("BusyBox 1.28.3", 2)


class _BusyBox:
    """Every tool answers ``--version`` as BusyBox's wget does: the banner on stderr, exit 1."""

    def run(
        self,
        argv: Sequence[str],
        *,
        timeout: float = 5.0,
        env: Optional[EnvOverrides] = None,
        cwd: Optional[str] = None,
        log_path: Optional[PathArg] = None,
    ) -> Completed:
        if argv[0].endswith("wget"):
            return Completed(argv=tuple(argv), returncode=1, stderr=TERMUX)
        return Completed(argv=tuple(argv), returncode=1, stderr="make: unknown option\n")


def test_the_probe_reads_busyboxs_wget_and_still_fails_a_tool_without_a_banner(
    tmp_path: Path,
) -> None:
    for tool in ("wget", "make"):
        (tmp_path / "bin").mkdir(exist_ok=True)
        (tmp_path / "bin" / tool).write_text("", encoding="utf-8")
        (tmp_path / "bin" / tool).chmod(0o755)
    ctx = ProbeContext(runner=_BusyBox(), files=Sysroot(tmp_path), env={"PATH": "/bin"})
    facts = {f.key: f for f in probe_toolchain(ctx).facts}
    assert (facts[keys.WGET].status, facts[keys.WGET].value) == ("ok", "BusyBox 1.27.2")
    assert facts[keys.MAKE].status == "failed"


def test_the_banner_pattern_passes_hostile_lines_in_time() -> None:
    start = cpu_seconds()
    for hostile in ("BusyBox v" + "1." * 25_000, "BusyBox v" * 5_500, "9" * 50_000):
        parse_tool_banner(hostile, SOURCE, key=keys.WGET)
    assert cpu_seconds() - start < 2.0
