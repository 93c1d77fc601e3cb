"""The host toolchain: C/C++ compilers, CMake, make, ninja, and the libstdc++ the dynamic
loader would pick (its GLIBCXX/CXXABI symbol versions decide which prebuilt wheels load)."""

from __future__ import annotations

from functools import partial

from bringup.backends.cpu.parse import (
    busybox_banner,
    parse_libstdcxx_versions,
    parse_tool_banner,
)
from bringup.background import in_background
from bringup.model import Fact, Source, command_source, file_source, keys
from bringup.probe.access import absent, not_on_path, run, which
from bringup.probe.context import Collected, ProbeContext
from bringup.probe.parsing import merge

TOOLS = tuple(keys.TOOLCHAIN.items())

_LIBSTDCXX_DIRS = {
    "x86_64": ("/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/lib64", "/lib/x86_64-linux-gnu"),
    "aarch64": ("/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/lib64", "/lib/aarch64-linux-gnu"),
}
_LIBSTDCXX_READ_LIMIT = 8 << 20


def probe_toolchain(ctx: ProbeContext) -> Collected:
    """The tools' banners, asked all at once in daemon threads: a thread pool's workers are
    joined before the exit's cleanup (``bringup.groupstop.stop_left_running``) runs, so an
    interrupted bringup would wait for a hung tool's timeout before stopping it."""
    banners = [
        in_background(partial(_banner, ctx, *tool), f"toolchain {tool[0]}") for tool in TOOLS
    ]
    return merge(*(banner.result() for banner in banners), _libstdcxx(ctx))


def _banner(ctx: ProbeContext, program: str, key: str) -> Collected:
    path = which(ctx, program)
    if path is None:
        return Collected(facts=(not_on_path(key, program),))
    done, failure = run(ctx, [path, "--version"], key)
    if failure is not None and not (failure.status == "failed" and busybox_banner(done.stderr)):
        return Collected(facts=(failure,))
    return parse_tool_banner(done.stdout or done.stderr, command_source(done.argv), key=key)


def _libstdcxx(ctx: ProbeContext) -> Collected:
    dirs = [d for group in _LIBSTDCXX_DIRS.values() for d in group] + ["/usr/lib", "/lib"]
    for directory in dict.fromkeys(dirs):
        path = f"{directory}/libstdc++.so.6"
        if not ctx.files.is_file(path):
            continue
        try:
            real = ctx.files.resolve(path)
            data = ctx.files.read_bytes(path, limit=_LIBSTDCXX_READ_LIMIT)
        except OSError as error:
            reason = f"cannot read {path}: {error}"
            return Collected(
                facts=(
                    Fact(
                        key=keys.GLIBCXX_MAX,
                        source=file_source(path),
                        status="failed",
                        reason=reason,
                    ),
                )
            )
        found = Fact(key=keys.LIBSTDCXX_PATH, value=real, source=file_source(path))
        versions = parse_libstdcxx_versions(data.decode("latin-1"), file_source(real))
        return merge(Collected(facts=(found,)), versions)
    where = ", ".join(dict.fromkeys(dirs))
    return Collected(
        facts=(
            absent(
                keys.LIBSTDCXX_PATH,
                Source(kind="derived", ref="standard library directories"),
                f"no libstdc++.so.6 in {where}",
            ),
        )
    )
