"""A step that runs a repo script by its path needs the file's executable bit; a script checked
in without it (git mode 100644) is run through the interpreter its shebang names, else bash,
with a note saying why (left by session 35: ``./x.sh`` planned as written fails when run)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

# thu-ml/SageAttention@d1a57a546c3d395b1ffcbeecc66d81db76f3b4b5: example/README.md:57-58 runs
# the script, example/run_parallel.sh (git mode 100644) whose first lines are these
README = (
    "# Example\n\n```bash\n# then run parallel sage attention inference.\n./run_parallel.sh\n```\n"
)
SCRIPT = "\nset -x\n\nexport PYTHONPATH=$PWD:$PYTHONPATH\n"


def _scan(tmp_path: Path, script: str, mode: int) -> tuple[list[tuple[str, ...]], list[str]]:
    (tmp_path / "README.md").write_text(README)
    path = tmp_path / "run_parallel.sh"
    path.write_text(script)
    path.chmod(mode)
    component = scan_repo(tmp_path, "h1").component
    notes = [f.reason or "" for f in component.findings if "executable bit" in (f.reason or "")]
    return [s.argv for s in component.steps], notes


def test_a_script_without_its_executable_bit_runs_through_bash(tmp_path: Path) -> None:
    argv, notes = _scan(tmp_path, SCRIPT, 0o644)
    assert argv == [("bash", "run_parallel.sh")]
    (note,) = notes
    assert "run_parallel.sh has no executable bit" in note
    assert "the step runs `bash run_parallel.sh`" in note


def test_its_shebang_names_the_interpreter(tmp_path: Path) -> None:
    # fribidi/fribidi@5889567 autogen.sh:1, the shebang of a script a tarball may unpack
    # without its mode
    shebang = "#!/bin/sh\n# Run this to generate all the initial makefiles, etc.\n"
    argv, _ = _scan(tmp_path, shebang, 0o644)
    assert argv == [("sh", "run_parallel.sh")]


def test_an_executable_script_runs_as_written(tmp_path: Path) -> None:
    argv, notes = _scan(tmp_path, SCRIPT, 0o755)
    assert argv == [("./run_parallel.sh",)]
    assert notes == []


def test_its_shebangs_flag_is_kept(tmp_path: Path) -> None:
    # review36 (constructed): `#!/bin/bash -e` stops at the first failing command; run as
    # `bash x.sh` it would not
    argv, notes = _scan(tmp_path, "#!/bin/bash -e\n" + SCRIPT, 0o644)
    assert argv == [("bash", "-e", "run_parallel.sh")]
    assert "the step runs `bash -e run_parallel.sh`" in notes[0]
