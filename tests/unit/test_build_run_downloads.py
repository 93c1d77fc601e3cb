"""review30 L7: a script a build file runs makes its downloads whenever the build runs. The
Makefile of sebble/1password-sysext-steam-deck@cc81e6cc (``all: download build``, ``download:``
``./scripts/download.sh``) runs scripts/download.sh, which fetches 1Password's release with curl
(scripts/download.sh:13 @00fcf8f9): ``make`` needs the network, not only a step that names the
script."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Component
from bringup.model.requirements import Step
from bringup.model.source import file_source
from bringup.plan.downloads import downloads_here
from bringup.scan import scan_stack
from bringup.scan.buildruns import named_at
from cpuclock import cpu_seconds

MAKEFILE = (
    ".PHONY: all download build install docs\nall: download build\n\ndownload:\n"
    "\t./scripts/download.sh\n\nbuild:\n\t./scripts/build.sh\n"
)
DOWNLOAD = (
    "#!/bin/sh\n"
    "curl -sSO https://downloads.1password.com/linux/tar/stable/x86_64/1password-latest.tar.gz\n"
)


def _make(cwd: str = ".") -> Step:
    return Step(
        name="make", kind="build", argv=("make",), source=file_source("README.md", 1), cwd=cwd
    )


def _scanned(tmp_path: Path, makefile: str) -> Component:
    repo = tmp_path / "sysext"
    (repo / "scripts").mkdir(parents=True)
    (repo / "Makefile").write_text(makefile, encoding="utf-8")
    (repo / "scripts" / "download.sh").write_text(DOWNLOAD, encoding="utf-8")
    (repo / "scripts" / "build.sh").write_text("#!/bin/sh\necho build\n", encoding="utf-8")
    (component,) = scan_stack([str(repo)]).components
    return component


def test_the_download_is_cited_where_the_makefile_runs_the_script(tmp_path: Path) -> None:
    component = _scanned(tmp_path, MAKEFILE)
    (download,) = [r for r in component.requirements if r.subject == "network"]
    assert (Path(download.source.ref or "").name, download.source.line) == ("download.sh", 2)
    assert [(Path(s.ref or "").name, s.line) for s in download.also_at] == [("Makefile", 5)]
    assert downloads_here(_make(), component)


def test_a_makefile_that_does_not_run_the_script_makes_no_download(tmp_path: Path) -> None:
    component = _scanned(tmp_path, MAKEFILE.replace("./scripts/download.sh", "echo skip"))
    (download,) = [r for r in component.requirements if r.subject == "network"]
    assert download.also_at == ()
    assert not downloads_here(_make(), component)


def test_a_path_is_named_as_a_whole_word_only() -> None:
    assert named_at("x\n\tbash ./scripts/download.sh\n", "scripts/download.sh") == 2
    assert named_at("\tbash scripts/download.sh.bak\n", "scripts/download.sh") is None
    assert named_at("\tbash myscripts/download.sh\n", "scripts/download.sh") is None
    start = cpu_seconds()
    for hostile in ("scripts/" * 6_000, "a" * 50_000, "./" * 25_000 + "scripts/download.s"):
        assert named_at(hostile, "scripts/download.sh") is None
    assert cpu_seconds() - start < 2.0
