"""reread41 M1: the scan reads a README's title through the scan's own reader, which reads
regular files only: ``open`` on a README that is a FIFO waited for a writer forever."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from bringup.scan.pkgimports import main_package
from bringup.scan.workspace import clones


def test_a_readme_that_is_a_fifo_is_not_waited_on(tmp_path: Path) -> None:
    (tmp_path / "attorch").mkdir()
    (tmp_path / "attorch" / "__init__.py").write_text("import torch\n")
    fifo = tmp_path / "README.md"
    os.mkfifo(fifo)
    found: list[str] = []
    reader = threading.Thread(
        target=lambda: found.append(main_package(tmp_path, "kernels", [])), daemon=True
    )
    reader.start()
    reader.join(timeout=20)
    waited = reader.is_alive()
    if waited:  # a writer that opens and closes lets the blocked reader go
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(timeout=20)
    assert not waited
    assert found == [""]


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
    found: list[list[Path]] = []
    entries = list(os.scandir(tmp_path))
    reader = threading.Thread(target=lambda: found.append(clones(tmp_path, entries)), daemon=True)
    reader.start()
    reader.join(timeout=20)
    waited = reader.is_alive()
    if waited:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(timeout=20)
    assert not waited
    assert found == [[tmp_path / "sub"]]
