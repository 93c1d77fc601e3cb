"""reread41 M1: a checkout's files are read through the scan's own reader (``scan.reading``), which
reads regular files only: ``open`` on one that is a FIFO waited for a writer forever."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from bringup.buildfolders import read_build_folder
from bringup.plan.buildfolder import BuildFolder
from bringup.scan.pkgimports import main_package
from bringup.scan.workspace import clones


def _returns(call: Callable[[], object], fifo: Path) -> list[object]:
    """What ``call`` returned within 20 s, unblocking it (a writer opening and closing the
    FIFO) where it waited."""
    found: list[object] = []
    reader = threading.Thread(target=lambda: found.append(call()), daemon=True)
    reader.start()
    reader.join(timeout=20)
    waited = reader.is_alive()
    if waited:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(timeout=20)
    assert not waited
    return found


def test_a_readme_that_is_a_fifo_is_not_waited_on(tmp_path: Path) -> None:
    (tmp_path / "attorch").mkdir()
    (tmp_path / "attorch" / "__init__.py").write_text("import torch\n")
    fifo = tmp_path / "README.md"
    os.mkfifo(fifo)
    assert _returns(lambda: main_package(tmp_path, "kernels", []), fifo) == [""]


def test_a_readme_s_title_still_names_the_package(tmp_path: Path) -> None:
    # BobMcDear/attorch@67c2772 README.md:1 "# attorch", checked out as kernels/ (outsider40 D15)
    (tmp_path / "attorch").mkdir()
    (tmp_path / "attorch" / "__init__.py").write_text("import torch\n")
    (tmp_path / "README.md").write_text("# attorch\n\nA subset of PyTorch in Triton.\n")
    assert main_package(tmp_path, "kernels", []) == "attorch"


def test_a_gitmodules_that_is_a_fifo_is_not_waited_on(tmp_path: Path) -> None:
    # the same open() in scan/workspace: a directory's .gitmodules, read to tell its
    # submodules from the clones beside them
    (tmp_path / "sub" / ".git").mkdir(parents=True)
    fifo = tmp_path / ".gitmodules"
    os.mkfifo(fifo)
    entries = list(os.scandir(tmp_path))
    assert _returns(lambda: clones(tmp_path, entries), fifo) == [[tmp_path / "sub"]]


def test_the_build_folder_reads_of_a_checkout_wait_on_no_fifo(tmp_path: Path) -> None:
    # the same open() that plan/isolation and plan/homewrites had (`bringup check` on a repo whose
    # setup.py is a FIFO waited forever); left41 moved those reads to buildfolders, the edge
    os.mkfifo(tmp_path / "setup.py")
    os.mkfifo(tmp_path / "pyproject.toml")
    read = _returns(lambda: read_build_folder(tmp_path), tmp_path / "setup.py")
    assert read == [BuildFolder(setup=None, requires=None, modules=frozenset())]
