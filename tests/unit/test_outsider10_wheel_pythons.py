"""``opencv-python>=4.2.0.34,<=4.5.4.60`` (mindspore-lab/mindpose@85b42778 requirements.txt:5)
was pinned 4.5.4.60 on Python 3.11, for which PyPI has no wheel of it: its files stop at
``cp310-cp310`` (https://pypi.org/project/opencv-python/4.5.4.60/#files, as outsider10 #6 read
it), so an installer builds OpenCV from the sdist or fails. Under ``--index`` a version whose
wheels all name their CPython versions gives a recommendation on Python, which the solver
keeps where a Python it can use has a wheel (the host's 3.10.13), and otherwise says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

from bringup.index.releases import IndexSource
from bringup.index.simple import parse_project
from bringup.workflow import check, gather

ROOT = Path(__file__).parent.parent.parent
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
"""Python 3.11.7 by default, 3.10.13 under pyenv."""
LINUX = "manylinux_2_17_x86_64.manylinux2014_x86_64"
FILES = [
    *(
        f"opencv_python-4.5.4.60-cp{v}-cp{v}{'m' if v < 38 else ''}-{LINUX}.whl"
        for v in (36, 37, 38, 39, 310)
    ),
    "opencv-python-4.5.4.60.tar.gz",
    f"opencv_python-4.6.0.66-cp36-abi3-{LINUX}.whl",
]
"""The files of the two releases as PyPI names them: 4.5.4.60 per CPython up to 3.10 and its
sdist, 4.6.0.66 one ``abi3`` wheel for every CPython 3.6 and later."""
PAGE = json.dumps(
    {
        "meta": {"api-version": "1.1"},
        "name": "opencv-python",
        "files": [{"filename": f} for f in FILES],
    }
).encode()


def _serve(url: str, timeout: float) -> Optional[bytes]:
    return PAGE if url.rstrip("/").endswith("/opencv-python") else None


def _pins(tmp_path: Path, line: str) -> tuple[str, str, str]:
    repo = tmp_path / "mindpose"
    repo.mkdir()
    (repo / "requirements.txt").write_text(line + "\n", encoding="utf-8")
    source = IndexSource("https://pypi.org/simple", _serve, tmp_path / "cache")
    result = check(gather([str(repo)], HOST, None, index=source))
    env = result.resolution.environments[0]
    opencv, python = env.pin("opencv_python"), env.pin("python")
    assert opencv is not None
    assert python is not None
    return opencv.version, python.version, result.resolution.verdicts[0].status


def test_cp_tagged_wheels_name_their_pythons_and_abi3_names_none() -> None:
    project = parse_project("opencv-python", PAGE)
    assert dict(project.wheel_pythons) == {"4.5.4.60": ("3.6", "3.7", "3.8", "3.9", "3.10")}


def test_the_pin_goes_with_a_python_it_has_a_wheel_for(tmp_path: Path) -> None:
    opencv, python, _status = _pins(tmp_path, "opencv-python>=4.2.0.34,<=4.5.4.60")
    assert opencv == "4.5.4.60"
    assert python.startswith("3.10")


def test_with_no_python_that_has_a_wheel_the_repo_may_run_unverified(tmp_path: Path) -> None:
    """A repo that also needs Python >= 3.11 cannot keep the row: no "runs", but why."""
    repo = tmp_path / "mp"
    repo.mkdir()
    (repo / "pyproject.toml").write_text(
        '[project]\nname = "mp"\nversion = "0"\nrequires-python = ">=3.11"\n'
        'dependencies = ["opencv-python<=4.5.4.60"]\n',
        encoding="utf-8",
    )
    source = IndexSource("https://pypi.org/simple", _serve, tmp_path / "cache")
    verdict = check(gather([str(repo)], HOST, None, index=source)).resolution.verdicts[0]
    assert verdict.status == "unverified"
    (why,) = [o for o in verdict.obstacles if o.kind == "unchecked" and o.subject == "python"]
    assert "wheels for CPython 3.6..3.10 only" in why.missing[0]
