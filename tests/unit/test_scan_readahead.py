"""Reading a repo's files ahead in forked copies (``readahead``) changes who reads, never what
the scan says: the output with copies is byte for byte the output without, a script the build
turns out to run is read again as one, and a copy that fails leaves its files to the ordered
pass."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bringup import patterncache
from bringup.scan import readahead, shell
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.fileextract import extract_file
from bringup.scan.repo import scan_repo
from bringup.scan.shell import extract_shell, read_alike_if_run
from bringup.scan.turns import Turns

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "six-repos"

# omni-ai-npu/omni-infer @ c8bc2bbbaa1084139a8e70405c4873632c0dab79
# omni/accelerators/sched/global_proxy/build.sh:1-17, a script build/build.sh:72-73 runs
# (``cd $BUILD_ROOT/omni/accelerators/sched/global_proxy`` then ``bash build.sh``)
OMNI_GLOBAL_PROXY = """#!/bin/bash

set -e

WORKDIR="$(cd "$(dirname "$0")" && pwd)"
echo "$WORKDIR"

NGINX_VERSION="${NGINX_VERSION:-1.24.0}"
echo "NGINX_VERSION is $NGINX_VERSION"

NGINX_SBIN_PATH="${NGINX_SBIN_PATH:-/usr/local/nginx}"
echo "NGINX_SBIN_PATH is $NGINX_SBIN_PATH"

if [ ! -d nginx-${NGINX_VERSION} ]; then
\twget --no-check-certificate https://nginx.org/download/nginx-${NGINX_VERSION}.tar.gz
\ttar -zxf nginx-${NGINX_VERSION}.tar.gz
fi
"""
# constructed: the top build script running the part's script by its path, as build/build.sh
# does after its ``cd``
TOP_BUILD = "#!/bin/bash\nbash omni/accelerators/sched/global_proxy/build.sh\n"


def _scanned(root: Path, forks: int) -> bytes:
    found = scan_repo(root, root.name, forks=forks)
    return msgspec.json.encode([found.component, found.findings, found.provides])


@pytest.fixture
def every_repo_read_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """Copies forked for a repo of any size."""
    monkeypatch.setattr(readahead, "AT_LEAST", 1)


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.iterdir() if p.is_dir()))
@pytest.mark.usefixtures("every_repo_read_ahead")
def test_the_scan_with_copies_is_the_scan_without(name: str) -> None:
    alone = _scanned(EXAMPLES / name, 0)
    assert _scanned(EXAMPLES / name, 1) == alone
    assert _scanned(EXAMPLES / name, 2) == alone


@pytest.mark.usefixtures("every_repo_read_ahead")
def test_a_script_the_build_runs_is_read_again_as_one(tmp_path: Path) -> None:
    root = tmp_path / "omni-infer"
    part = root / "omni/accelerators/sched/global_proxy/build.sh"
    part.parent.mkdir(parents=True)
    part.write_text(OMNI_GLOBAL_PROXY)
    (root / "build.sh").write_text(TOP_BUILD)
    url = "https://nginx.org/download/nginx-${NGINX_VERSION}.tar.gz"
    for forks in (0, 1):
        requirements = scan_repo(root, "omni-infer", forks=forks).component.requirements
        # read ahead as a script nothing runs, the part's download would be missing
        assert url in [r.spec for r in requirements if r.subject == "network"]
    assert _scanned(root, 1) == _scanned(root, 0)


@pytest.mark.usefixtures("every_repo_read_ahead")
def test_a_copy_that_fails_leaves_its_files_to_the_ordered_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = EXAMPLES / "ascend-ops"
    alone = _scanned(root, 0)
    here, read_one, collect = os.getpid(), readahead.read_one, readahead._collect
    handed: list[int] = []

    def failing(*args: Any) -> readahead.Read:
        if os.getpid() != here:  # only in the copy
            raise MemoryError
        return read_one(*args)

    def collected(pid: int, reading: int) -> dict[tuple[str, str], readahead.Read]:
        done = collect(pid, reading)
        handed.append(len(done))
        return done

    monkeypatch.setattr(readahead, "read_one", failing)
    monkeypatch.setattr(readahead, "_collect", collected)
    assert _scanned(root, 1) == alone
    assert handed == [0]


@pytest.mark.usefixtures("every_repo_read_ahead")
def test_turns_that_fail_here_still_wait_for_every_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    here, taken, collect = os.getpid(), Turns.taken, readahead._collect
    handed: list[int] = []

    def failing(self: Turns, first: int) -> Iterator[int]:
        if os.getpid() == here:  # this process's turns fail; the copies' go on
            raise MemoryError
        return taken(self, first)

    def collected(pid: int, reading: int) -> dict[tuple[str, str], readahead.Read]:
        done = collect(pid, reading)
        handed.append(len(done))
        return done

    monkeypatch.setattr(Turns, "taken", failing)
    monkeypatch.setattr(readahead, "_collect", collected)
    with pytest.raises(MemoryError):
        scan_repo(EXAMPLES / "ascend-ops", "ascend-ops", forks=2)
    assert len(handed) == 2  # both copies waited for
    assert sum(handed) > 0  # and what they read handed back


def test_a_repo_of_fewer_files_than_at_least_forks_no_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    forked: list[object] = []
    monkeypatch.setattr(readahead, "_fork", lambda *args: forked.append(args))
    root = EXAMPLES / "ascend-ops"
    assert _scanned(root, 3) == _scanned(root, 0)
    assert forked == []


# hicann/ops-nn@e5c3fa93 build.sh:1060, one line of a 70,585-byte build script
OPS_NN_BUILD_LINE = 'CMAKE_ARGS="$CMAKE_ARGS -DENABLE_VALGRIND=${ENABLE_VALGRIND}"\n'


@pytest.mark.parametrize(("size", "forks"), [(70_585, True), (2_000, False)])
def test_a_repo_of_few_files_forks_copies_when_they_cost_enough_to_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int, forks: bool
) -> None:
    """Three files, one a build script the size of ops-nn's: read ahead in a copy; the same
    repo with a short script is read here alone. The output is the same either way."""
    (tmp_path / "README.md").write_text("# ops\n\nBuild with `bash build.sh`.\n")
    (tmp_path / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.16)\n")
    script = OPS_NN_BUILD_LINE * (size // len(OPS_NN_BUILD_LINE))
    (tmp_path / "build.sh").write_text(f"#!/bin/bash\n{script}")
    alone = _scanned(tmp_path, 0)
    forked: list[object] = []
    real_fork = readahead._fork

    def counted(*args: Any) -> Any:
        forked.append(args)
        return real_fork(*args)

    monkeypatch.setattr(readahead, "_fork", counted)
    assert _scanned(tmp_path, 1) == alone
    assert bool(forked) is forks


def test_patterns_a_copy_compiled_are_kept_by_the_process_that_forked_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    patterncache.forget()
    try:
        patterncache.compile(r"\bcann\s+(\d+)")
        handed = patterncache.grown()
        assert list(handed) == [r"0:False:\bcann\s+(\d+)"]
        patterncache.forget()
        patterncache.adopt(handed)
        assert patterncache.grown() == handed
    finally:
        patterncache.forget()


@pytest.mark.parametrize(
    ("cores", "load", "forks"),
    [
        (2, 0.2, 1),  # an idle laptop: one copy beside this process
        (16, 0.5, readahead.MOST_COPIES),
        (4, 2.1, 1),  # two cores taken by others
        (2, 9.4, 0),  # this workplace's shared machine: every core taken
    ],
)
def test_copies_are_forked_for_the_cores_nothing_else_keeps_busy(
    monkeypatch: pytest.MonkeyPatch, cores: int, load: float, forks: int
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: set(range(cores)), raising=False)
    monkeypatch.setattr(os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(readahead, "_running_now", lambda: None)  # no /proc/loadavg
    monkeypatch.delenv(readahead.JOBS_VARIABLE, raising=False)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert readahead.copies() == forks


@pytest.mark.parametrize(
    ("rel", "alike"),
    [
        ("build.sh", True),  # the repo's own script named to build: read as the build's anyway
        ("scripts/build_proxy.sh", True),
        # named for neither building nor fetching: its downloads are the build's when run
        ("scripts/global_proxy.sh", False),
        ("omni/accelerators/sched/global_proxy/oat_check.sh", True),  # a check's, never
        ("omni/accelerators/sched/global_proxy/build.sh", False),
    ],
)
def test_a_script_is_read_again_as_run_only_where_that_changes_its_reading(
    rel: str, alike: bool
) -> None:
    def read(run_by_build: bool) -> bytes:
        file = SourceFile(ref=rel, rel=rel, text=OMNI_GLOBAL_PROXY, run_by_build=run_by_build)
        return msgspec.json.encode(extract_shell(file))

    assert read_alike_if_run(rel) == alike
    assert (read(True) == read(False)) == alike


@pytest.mark.usefixtures("every_repo_read_ahead")
def test_the_repo_s_own_script_the_build_runs_is_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "omni-infer"
    (root / "scripts").mkdir(parents=True)
    # constructed placement and name: the part's script among the repo's own, named to build
    (root / "scripts/build_proxy.sh").write_text(OMNI_GLOBAL_PROXY)
    (root / "build.sh").write_text("#!/bin/bash\nbash scripts/build_proxy.sh\n")
    alone = _scanned(root, 0)
    here = os.getpid()
    again: list[str] = []

    def counted(kind: str, file: SourceFile, collection: bool = False) -> Extraction:
        if os.getpid() == here and file.run_by_build:
            again.append(file.rel)
        return extract_file(kind, file, collection)

    monkeypatch.setattr(readahead, "extract_file", counted)
    assert _scanned(root, 1) == alone
    assert again == []


@pytest.mark.usefixtures("every_repo_read_ahead")
def test_without_a_file_to_deal_turns_from_the_ordered_pass_reads_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = EXAMPLES / "ascend-ops"
    alone = _scanned(root, 0)
    forked: list[object] = []

    def refused(*args: Any) -> None:
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(readahead, "Turns", refused)
    monkeypatch.setattr(readahead, "_fork", lambda *args: forked.append(args))
    assert _scanned(root, 2) == alone
    assert forked == []


@pytest.mark.parametrize(
    "rel",
    ["build.sh", "scripts/global_proxy.sh", "omni/accelerators/sched/global_proxy/build.sh"],
)
@pytest.mark.parametrize("first", [False, True])
def test_a_script_read_again_in_a_scan_reads_as_it_would_afresh(rel: str, first: bool) -> None:
    """While a scan keeps the scripts' parts (``shell.kept``), a second reading of the same
    script, as the build's or not, is what reading it alone gives: the parts kept are only
    those the two readings share."""

    def read(run_by_build: bool) -> bytes:
        file = SourceFile(ref=rel, rel=rel, text=OMNI_GLOBAL_PROXY, run_by_build=run_by_build)
        return msgspec.json.encode(extract_shell(file))

    fresh = {run: read(run) for run in (first, not first)}
    with shell.kept():
        kept = {run: read(run) for run in (first, not first)}
    assert kept == fresh
