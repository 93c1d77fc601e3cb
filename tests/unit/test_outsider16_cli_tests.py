"""A file named like a test that is a command-line script holds no test: its folder is no
``pytest`` step (outsider16 D12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.scan import readahead
from bringup.scan.clitests import command_line_only
from bringup.scan.repo import scan_repo
from bringup.scan.walk import RepoFile
from cpuclock import cpu_seconds

# CompVis/stable-diffusion@21f890f9da3cfbeaba8e2ac3c425ee9e998d5229
# scripts/tests/test_watermark.py:1-18 (the body of testit shortened to its first line)
WATERMARK = """import cv2
import fire
from imwatermark import WatermarkDecoder


def testit(img_path):
    bgr = cv2.imread(img_path)


if __name__ == "__main__":
    fire.Fire(testit)
"""


def test_a_fire_script_named_as_a_test_holds_none() -> None:
    assert command_line_only(WATERMARK)


def test_a_test_the_main_block_calls_without_arguments_stays_one() -> None:
    # constructed: the same file as a test run by hand as well as by pytest
    text = WATERMARK.replace("def testit(img_path):", "def testit(img_path='x.png'):")
    assert not command_line_only(text)
    assert not command_line_only(WATERMARK.replace("fire.Fire(testit)", "print('no')"))
    assert not command_line_only(WATERMARK + "\n\nclass TestMark:\n    pass\n")


def test_its_folder_is_no_pytest_step(tmp_path: Path) -> None:
    (tmp_path / "scripts" / "tests").mkdir(parents=True)
    (tmp_path / "scripts" / "tests" / "test_watermark.py").write_text(WATERMARK)
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup(name='ldm')\n")
    steps = scan_repo(tmp_path, "sd").component.steps
    assert not [s for s in steps if "pytest" in s.argv]
    # the same folder with a real test is one
    (tmp_path / "scripts" / "tests" / "test_real.py").write_text("def test_one():\n    pass\n")
    steps = scan_repo(tmp_path, "sd").component.steps
    assert [s for s in steps if "pytest" in s.argv]


def test_a_test_file_too_deep_to_parse_does_not_stop_the_scan(tmp_path: Path) -> None:
    """CPython's parser gives up on a deep expression with MemoryError (``y = ---…1``) or
    RecursionError (``a.a.a…``); the scan ended there with "this is a bug" (review35)."""
    (tmp_path / "tests").mkdir()
    main = 'def test_a(x):\n    pass\n\n\nif __name__ == "__main__":\n    y = '
    (tmp_path / "tests" / "test_deep.py").write_text(main + "-" * 200_000 + "1\n")
    (tmp_path / "tests" / "test_long.py").write_text(main + "a" + ".a" * 200_000 + "\n")
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup(name='x')\n")
    steps = scan_repo(tmp_path, "x").component.steps
    assert [s for s in steps if "pytest" in s.argv]  # unread, each is taken as a test file


def test_what_only_looks_like_a_test_in_its_first_lines_is_not_taken_for_one() -> None:
    """``command_line_only`` tells a test class or function from the lines that start it
    without parsing the module, only where a top-level statement starts there (constructed)."""
    in_a_docstring = WATERMARK.replace(
        "import cv2\n", '"""Run as:\n\nclass TestMark:\n    pass\n"""\nimport cv2\n'
    )
    assert command_line_only(in_a_docstring)
    in_brackets = WATERMARK.replace("import cv2\n", "NOTES = [\n'''\ndef test_x():\n''']\n")
    assert command_line_only(in_brackets)
    # the parser reads a full-width identifier as its NFKC form (PEP 3131): the main block names it
    full_width = WATERMARK.replace("fire.Fire(testit)", "fire.Fire(\uff54estit)")
    assert command_line_only(full_width)
    decorated = WATERMARK + "\n\n@skip\nclass TestMark:\n    pass\n"
    assert not command_line_only(decorated)
    bare = WATERMARK + "\n\ndef test_plain():\n    pass\n"
    assert not command_line_only(bare)


def test_many_test_functions_named_again_are_read_in_bounded_time() -> None:
    # review36 (constructed): each head named elsewhere counted the whole text again, NFKC
    # included (12,000 such functions: 16 s); past a few heads the module is parsed whole
    calls = "".join(f"    test_{i}(1)\n" for i in range(12_000))
    text = "# é\n" + "".join(f"def test_{i}(x): pass\n" for i in range(12_000))
    started = cpu_seconds()
    assert command_line_only(text + "if __name__ == '__main__':\n" + calls)
    assert cpu_seconds() - started < 5


def test_a_script_read_ahead_in_a_copy_is_told_apart_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A test file read ahead (``readahead``) is told apart from a script where it is read,
    with the same answer as the ordered pass's: its folder is still no ``pytest`` step."""
    monkeypatch.setattr(readahead, "AT_LEAST", 1)  # copies forked for a repo of any size
    (tmp_path / "scripts" / "tests").mkdir(parents=True)
    (tmp_path / "scripts" / "tests" / "test_watermark.py").write_text(WATERMARK)
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup(name='ldm')\n")
    entry = RepoFile(
        "scripts/tests/test_watermark.py", tmp_path / "scripts/tests/test_watermark.py", "tests"
    )
    assert readahead.read_one(entry, "sd/scripts/tests/test_watermark.py", False).script is True
    steps = scan_repo(tmp_path, "sd", forks=1).component.steps
    assert not [s for s in steps if "pytest" in s.argv]
