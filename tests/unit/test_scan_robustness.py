"""Files that cannot be read whole never crash a scan: each becomes a finding with its
reason, and the rest of the repo is still read. A setup.py is never run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bringup.scan import scan_stack
from bringup.scan.reading import MAX_BYTES, read_text


def kinds(path: Path) -> dict[str, str]:
    stack = scan_stack([path])
    return {Path(str(f.sources[0].ref)).name: f.kind for f in stack.findings}


def test_binary_file_is_a_finding(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_bytes(b"PK\x03\x04\x00\x00 not text")
    (tmp_path / "requirements.txt").write_text("numpy>=1.21\n")
    stack = scan_stack([tmp_path])
    (finding,) = stack.findings
    assert finding.kind == "binary"
    assert "NUL" in finding.message
    assert [r.subject for r in stack.components[0].requirements] == ["pypi:numpy"]


def test_huge_file_is_read_up_to_the_cap(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("Requires Python 3.10 or newer.\n" + "filler line\n" * (MAX_BYTES // 10))
    stack = scan_stack([tmp_path])
    assert [f.kind for f in stack.findings] == ["truncated"]
    assert "only the first 1024 KiB" in stack.findings[0].message
    assert [(r.subject, r.spec) for r in stack.components[0].requirements] == [("python", ">=3.10")]


def test_gbk_readme_is_decoded_and_read(tmp_path: Path) -> None:
    text = "# 昇腾算子库\n\n## 环境要求\n\n- GCC 7.5 以上\n- 至少两张卡\n"
    (tmp_path / "README.md").write_bytes(text.encode("gbk"))
    stack = scan_stack([tmp_path])
    assert [f.kind for f in stack.findings] == ["decoded"]
    assert "GBK" in stack.findings[0].message
    found = {(r.subject, r.spec, r.source.line) for r in stack.components[0].requirements}
    assert found == {("gcc", ">=7.5", 5), ("npu_count", ">=2", 6)}


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_with_its_mark_is_read_not_called_binary(tmp_path: Path, encoding: str) -> None:
    """Outsider o2 D2: what PowerShell's ``pip freeze > requirements.txt`` writes (UTF-16, a
    byte-order mark, CRLF) was "binary" and its pins dropped. Constructed pins."""
    pins = "\ufefftorch==2.1.0\r\ntorch-npu==2.1.0\r\nnumpy==1.26.4\r\n"
    (tmp_path / "requirements.txt").write_bytes(pins.encode(encoding))
    stack = scan_stack([tmp_path])
    assert [f.kind for f in stack.findings] == ["decoded"]
    found = [(r.subject, r.spec, r.source.line) for r in stack.components[0].requirements]
    assert found == [
        ("torch", "==2.1.0", 1),
        ("torch_npu", "==2.1.0", 2),
        ("pypi:numpy", "==1.26.4", 3),
    ]


def test_a_utf16_file_past_the_cap_is_cut_at_a_whole_line(tmp_path: Path) -> None:
    path = tmp_path / "README.md"
    path.write_text(
        "Requires Python 3.10 or newer.\n" + "filler line\n" * (MAX_BYTES // 20), "utf-16"
    )
    text, findings = read_text(path, "README.md")
    assert text is not None
    assert text.startswith("Requires Python 3.10")
    assert text.endswith("filler line\n")
    assert "\ufffd" not in text
    assert [f.kind for f in findings] == ["truncated", "decoded"]


def test_undecodable_bytes_fall_back_with_a_note() -> None:
    from bringup.scan.reading import decode

    text, (finding,) = decode(b"caf\xe9 \x80\xff\xfe", "x.md")
    assert text.startswith("caf")
    assert finding.kind == "decoded"


def test_invalid_toml_is_a_finding_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\nrequires-python = >=3.9\n')
    stack = scan_stack([tmp_path])
    (finding,) = stack.findings
    assert finding.kind == "invalid"
    assert finding.sources[0].line == 3


def test_broken_symlink_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text("test:\n\tpytest\n")
    (tmp_path / "requirements.txt").symlink_to(tmp_path / "missing.txt")
    assert kinds(tmp_path) == {"requirements.txt": "unreadable"}


def test_permission_denied_is_unreadable(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads files whatever their mode")
    locked = tmp_path / "requirements.txt"
    locked.write_text("numpy\n")
    locked.chmod(0)
    (tmp_path / "Makefile").write_text("test:\n\tpytest\n")
    try:
        assert kinds(tmp_path) == {"requirements.txt": "unreadable"}
    finally:
        locked.chmod(0o644)


def test_a_fifo_is_not_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "requirements.txt"
    os.mkfifo(fifo)
    text, (finding,) = read_text(fifo, "requirements.txt")
    assert text is None
    assert "not a regular file" in finding.message


def test_setup_py_is_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "RAN"
    (tmp_path / "setup.py").write_text(
        "import pathlib, subprocess\n"
        f"pathlib.Path({str(marker)!r}).write_text('setup.py was executed')\n"
        "subprocess.run(['touch', 'ALSO_RAN'])\n"
        "from setuptools import setup\n"
        "setup(name='planted', install_requires=['requests>=2'], python_requires='>=3.8')\n"
    )
    stack = scan_stack([tmp_path])
    assert not marker.exists()
    assert not (tmp_path / "ALSO_RAN").exists()
    found = {(r.subject, r.spec) for r in stack.components[0].requirements}
    assert found == {("pypi:requests", ">=2"), ("python", ">=3.8")}


def test_setup_py_too_deeply_nested_to_parse_is_a_finding(tmp_path: Path) -> None:
    (tmp_path / "setup.py").write_text("x = " + "-" * 200_000 + "1\n")  # overflows the parser
    (tmp_path / "requirements.txt").write_text("numpy>=1.21\n")
    stack = scan_stack([tmp_path])
    assert [(f.kind, f.message) for f in stack.findings] == [
        ("invalid", "too deeply nested to parse")
    ]
    assert [r.subject for r in stack.components[0].requirements] == ["pypi:numpy"]


def test_pathological_lines_are_read_in_linear_time(tmp_path: Path) -> None:
    """Lines built to make a backtracking pattern retry at every position (long runs of
    spaces before a line end, thousands of unclosed ``<a``, ``[`` or ``(``, a 200 KB word
    in a script) once took minutes each; what they state is still read."""
    spaces = " " * 50_000
    (tmp_path / "README.md").write_text(
        f"# Requirements{spaces}#\n\n- CANN >= 8.0.RC1{spaces}\n\n"
        + "Requires <a" * 20_000
        + "\n\n"
        + "[" * 50_000
        + "\n\n"
        + "| (" * 20_000
        + "\n"
    )
    (tmp_path / "environment.yml").write_text(f"dependencies:\n  - python=3.10{spaces}\n")
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True)
    (workflows / "ci.yml").write_text(f"jobs:\n  test:\n    runs-on: ubuntu-22.04{spaces}\n")
    (tmp_path / "build.sh").write_text("echo " + "`" * 200_000 + "\npython3 setup.py build\n")
    component = scan_stack([tmp_path]).components[0]
    found = {(r.subject, r.spec) for r in component.requirements}
    assert {("cann", ">=8.0.RC1"), ("python", "==3.10.*")} <= found
    assert [s.argv for s in component.steps] == [("bash", "build.sh")]


def test_vendored_build_and_ignored_dirs_are_skipped(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("numpy\n")
    for skipped in (
        "third_party/x",
        "node_modules/y",
        "build",
        ".venv",
        "dist",
        "ignored_dir",
        "tests/fixtures/repo",
        "testdata",
    ):
        (tmp_path / skipped).mkdir(parents=True)
        (tmp_path / skipped / "requirements.txt").write_text("torch==9.9\n")
    (tmp_path / "venv2").mkdir()
    (tmp_path / "venv2" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (tmp_path / "venv2" / "requirements.txt").write_text("torch==9.9\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / ".git").write_text("gitdir: ../.git/modules/sub\n")
    (tmp_path / "sub" / "requirements.txt").write_text("torch==9.9\n")
    (tmp_path / "examples" / "own").mkdir(parents=True)
    (tmp_path / "examples" / "own" / "bringup.toml").write_text('name = "own"\n')
    (tmp_path / "examples" / "own" / "requirements.txt").write_text("torch==9.9\n")
    (tmp_path / ".gitignore").write_text("ignored_dir/\n*.generated.txt\n")
    (tmp_path / "requirements.generated.txt").write_text("torch==9.9\n")
    stack = scan_stack([tmp_path])
    refs = {str(r.source.ref) for r in stack.components[0].requirements}
    assert refs == {str(tmp_path / "requirements.txt")}
