"""A vendor's wheel of one of its libraries (``nvidia-cudnn-cu12``) installs that library: the
need of it, beside the distribution (issue 11, toolkit recall). Real lines, with the
repository, commit, file and line."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Source
from bringup.scan.commandneeds import requirements_of
from bringup.scan.commands import parse_commands
from bringup.scan.linked import with_wheel_libraries
from bringup.scan.repo import scan_repo

FLAGSCALE = "FlagOpen/FlagScale@da4935ec60193e735bc70b81e259ed04eefd0132"
TRITON_DIST = "ByteDance-Seed/Triton-distributed@1512a81189315eca7ba38f884aaf239469a88ba3"


def _installed(line: str) -> list[tuple[str, str]]:
    (command,) = parse_commands(line)
    found = requirements_of(command, Source(kind="file", ref="x.sh", line=1), hard=True)
    return [(r.subject, r.spec) for r in with_wheel_libraries(found)]


def test_a_wheel_of_a_library_that_is_a_subject_of_its_own_is_that_library() -> None:
    # FLAGSCALE install/install-requirements.sh:100
    assert _installed("uv pip install nvidia-cudnn-cu12==9.7.1.26") == [
        ("pypi:nvidia-cudnn-cu12", "==9.7.1.26"),
        ("cudnn", "==9.7.1.26"),
    ]
    # TRITON_DIST README.md:77 (and docs/build.md:55)
    found = _installed(
        "pip3 install cuda.core==0.2.0 nvidia-nvshmem-cu12==3.3.9 Cython==0.29.24 "
        "nvshmem4py-cu12==0.1.2"
    )
    assert ("nvshmem", "==3.3.9") in found
    assert [s for s, _ in found].count("nvshmem") == 1  # nvshmem4py is a binding, no wheel of it
    # the wheel of a part of the toolkit is no whole toolkit; NCCL's wheel is NCCL
    assert _installed("pip install nvidia-cublas-cu12") == [("pypi:nvidia-cublas-cu12", "")]
    assert ("nccl", "") in _installed("pip install nvidia-nccl-cu13")


def test_the_library_a_script_installs_by_its_wheel_is_the_repos_need(tmp_path: Path) -> None:
    script = tmp_path / "install" / "install-requirements.sh"
    script.parent.mkdir()
    # FLAGSCALE install/install-requirements.sh:100
    script.write_text("#!/bin/bash\nset -e\nuv pip install nvidia-cudnn-cu12==9.7.1.26\n")
    (tmp_path / "README.md").write_text(
        "# x\n\n## Install\n\n```sh\nbash install/install-requirements.sh\n```\n"
    )
    own = scan_repo(tmp_path, "FlagScale").component.requirements
    stated = {(r.subject, r.spec) for r in own}
    assert ("cudnn", "==9.7.1.26") in stated
