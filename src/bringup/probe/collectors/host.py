"""The host: OS (os-release), kernel, C library, memory. The CPU itself is the CPU backend's
(``bringup.backends.cpu.probe``)."""

from __future__ import annotations

from bringup.backends.cpu.parse import parse_glibc, parse_meminfo, parse_os_release
from bringup.model import Fact, command_source, file_source, keys
from bringup.probe.access import read_text, run
from bringup.probe.context import Collected, ProbeContext
from bringup.probe.parsing import merge


def probe_host(ctx: ProbeContext) -> Collected:
    parts = [_os_release(ctx), _kernel(ctx), _glibc(ctx), _memory(ctx)]
    return merge(*parts)


def _os_release(ctx: ProbeContext) -> Collected:
    for path in ("/etc/os-release", "/usr/lib/os-release"):
        text, failure = read_text(ctx, path, keys.OS_ID)
        if text is not None:
            return parse_os_release(text, file_source(path))
    return Collected(facts=(failure,) if failure else ())


def _kernel(ctx: ProbeContext) -> Collected:
    path = "/proc/sys/kernel/osrelease"
    text, failure = read_text(ctx, path, keys.KERNEL)
    if text is None or not text.strip():
        return Collected(facts=(failure,) if failure else ())
    return Collected(
        facts=(Fact(key=keys.KERNEL, value=text.strip(), source=file_source(path, 1)),)
    )


def _glibc(ctx: ProbeContext) -> Collected:
    """``getconf GNU_LIBC_VERSION`` first; ``ldd --version`` where getconf is missing (musl
    has neither answer, which is itself the fact)."""
    done, failure = run(ctx, ["getconf", "GNU_LIBC_VERSION"], keys.GLIBC)
    if failure is None:
        return parse_glibc(done.stdout, command_source(done.argv))
    done, second = run(ctx, ["ldd", "--version"], keys.GLIBC)
    if second is None or done.stdout:
        return parse_glibc(done.stdout, command_source(done.argv))
    return Collected(facts=(failure,) if failure else ())


def _memory(ctx: ProbeContext) -> Collected:
    text, failure = read_text(ctx, "/proc/meminfo", keys.MEMORY_TOTAL_MIB)
    if text is None:
        return Collected(facts=(failure,) if failure else ())
    return parse_meminfo(text, file_source("/proc/meminfo"))
