"""Generators of hostile repos that the scan once took super-linear time on: each builds the
input at any size, so a unit test reads a small one exactly and ``bench/hostile.py`` times a
large one (no test here is timed).

- ``range_readme``: a README of thousands of distinct range statements of a few subjects,
  in the forms READMEs write them ("CANN 8.0.RC1 \u2013 8.2", "torch>=2.1,<2.6", "Python 3.8~3.11").
- ``pins_and_ranges_readme``: thousands of pins of one subject beside as many nested ranges.
- ``deep_tree``: a repo whose directories nest hundreds of levels, with a README, a
  requirements file and a build script at every level.
- ``table_readme``: a README whose one Markdown table has thousands of rows of versions.
- ``one_line_readme``: a README of megabytes on one line, the prose of a real one with its
  line ends gone.
"""

from __future__ import annotations

from pathlib import Path

DASHES = ("\u2013", "-", "~", " to ")  # an en dash first
FOLDERS = ("src", "pkg", "lib", "core", "ops")


def range_readme(statements: int) -> str:
    """``statements`` distinct range statements, each a paragraph of its own."""
    lines = ["# Ranges", ""]
    for n in range(statements):
        low, high = n % 97, n // 97
        dash = DASHES[n % len(DASHES)]
        form = n % 4
        if form == 0:
            lines.append(f"Requires CANN 8.{low}.RC{high % 3 + 1} {dash} 8.{low + 1 + high}.")
        elif form == 1:
            lines.append(f"```bash\npip install 'torch>=2.{low},<2.{low + 2 + high}'\n```")
        elif form == 2:
            lines.append(f"Supported Python: 3.{low % 9 + 6}{dash}3.{low % 9 + 7 + high}.")
        else:
            lines.append(f"Needs gcc >= {low % 9 + 7}.{high}, < {low % 9 + 9}.0 and numpy>=1.{n}")
        lines.append("")
    return "\n".join(lines)


def pins_and_ranges_readme(statements: int) -> str:
    """``statements`` torch pins, each in a code block, and as many nested torch ranges in
    prose: each range was held against every pin and every range."""
    lines = ["# Pins and ranges", ""]
    for n in range(statements):
        pin = f"{2 + n // 1000}.{n // 50 % 20}.{n % 50}"
        lines += [f"```bash\npip install torch=={pin}\n```", ""]
        lines += [f"Requires torch>=2.{n % 40},<2.{n % 40 + 1 + n // 40} for feature {n}.", ""]
    return "\n".join(lines)


def deep_tree(root: Path, depth: int) -> Path:
    """A repo under ``root`` nesting ``depth`` directories (made one at a time: mkdir with
    parents recurses as deep), each with a README, requirements and a build script that builds
    the directory below: each is a project its parent's build names, down to the deepest."""
    repo = root / "repo"
    repo.mkdir()
    here = repo
    for level in range(depth):
        (here / "README.md").write_text(
            f"# Level {level}\n\nRequires torch>=2.{level % 7} and CANN 8.0.RC{level % 3 + 1}.\n",
            encoding="utf-8",
        )
        (here / "requirements.txt").write_text(f"numpy>=1.{level % 30}\n", encoding="utf-8")
        below = FOLDERS[level % len(FOLDERS)]  # each build goes into the next and builds it
        (here / "build.sh").write_text(
            f"#!/bin/bash\ncd {below} && bash build.sh\n", encoding="utf-8"
        )
        here /= below
        here.mkdir()
    return repo


def remove_deep_tree(repo: Path) -> None:
    """Remove ``deep_tree``'s repo bottom up, one directory at a time (shutil.rmtree and
    pytest's cleanup recurse as deep as the tree)."""
    deepest = repo
    while True:
        below = [p for p in deepest.iterdir() if p.is_dir()]
        if not below:
            break
        deepest = below[0]
    while True:
        for path in deepest.iterdir():
            path.unlink()
        deepest.rmdir()
        if deepest == repo:
            return
        deepest = deepest.parent


def table_readme(rows: int) -> str:
    """One release table of ``rows`` rows under a heading, as a support matrix writes it."""
    lines = [
        "# Release matrix",
        "",
        "| MindSpeed | torch | torch_npu | CANN | Python |",
        "|-----------|-------|-----------|------|--------|",
    ]
    for n in range(rows):
        lines.append(
            f"| 1.{n // 100}.{n % 100} | 2.{n % 9}.{n % 5} | 2.{n % 9}.{n % 5}.post{n} "
            f"| 8.{n % 4}.RC{n % 3 + 1} | 3.{n % 4 + 8} |"
        )
    return "\n".join(lines) + "\n"


ONE_LINE_PROSE = (
    "# Install Requires CANN 8.0.RC1 - 8.2 and torch>=2.1,<2.6 on Ubuntu 22.04 (aarch64). "
    "Build with GCC 7.5 or later and CMake >= 3.18; pip install torch_npu==2.1.0.post3 "
    "numpy>=1.21 pyyaml. 多卡测试需要至少两张卡, Python 3.9~3.11, driver 23.0.3 以上. "
    "Run `bash build.sh --soc=ascend910b` then `export ASCEND_HOME=/usr/local/Ascend`. "
)


ONE_LINE_UNITS = {
    "prose": ONE_LINE_PROSE,
    "pins": "torch==2.1.0 ",
    "code": "`pip install torch==2.1.0` ",
    "chinese": "需要安装CANN 8.0.RC1及以上版本\uff0ctorch 2.1.0\uff0c",
}
"""What a line repeats: a README's prose, a pin, a code span, Chinese prose (no word break
before "CANN": a name searched for as a word is not found on the line, every time)."""


def one_line_readme(size: int, unit: str = "prose") -> str:
    """``size`` characters repeating ``ONE_LINE_UNITS[unit]`` on one line, no line end."""
    said = ONE_LINE_UNITS[unit]
    return (said * (size // len(said) + 1))[:size]
