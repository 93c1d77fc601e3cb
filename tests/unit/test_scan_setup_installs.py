"""A setup.py that runs pip install itself: a note, cited at the call (outsider test 22 #20)."""

from __future__ import annotations

import ast
from pathlib import Path

from bringup.scan.extraction import SourceFile
from bringup.scan.registry import EXTRACTORS
from bringup.scan.setupinstalls import setup_installs

EXCERPTS = Path(__file__).parents[1] / "fixtures" / "excerpts" / "outsider22"


def notes(text: str) -> list[tuple[int | None, str]]:
    file = SourceFile(ref="setup.py", rel="setup.py", text=text)
    return [(f.sources[0].line, f.message) for f in setup_installs(file, ast.parse(text))]


def test_groundingdino_installs_torch_when_it_cannot_import_it() -> None:
    # IDEA-Research/GroundingDINO@856dde2 setup.py:29-37: install_torch() defined, then called
    text = (EXCERPTS / "gdino-setup.py-23-45.txt").read_text(encoding="utf-8")
    ((line, message),) = notes(text)
    assert line == 34 - 22
    assert "pip install torch itself (in install_torch(), which it calls)" in message
    assert "when it cannot import it" in message
    file = SourceFile(ref="setup.py", rel="setup.py", text=text)
    found = EXTRACTORS["setup_py"](file).findings
    assert any("pip install torch" in f.message for f in found)


# A GroundingDINO fork's setup.py (the public code index gave its text, not its repo): the same
# install_torch(), called in the ``else`` branch of a module-level ``if IS_APPLE_SILICON:``
FORK = """import platform
import subprocess
import sys


def install_torch():
    try:
        import torch  # noqa: F401
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "torch"])


IS_APPLE_SILICON = platform.system() == "Darwin" and platform.machine().lower().startswith("arm")

if IS_APPLE_SILICON:
    try:
        import torch  # type: ignore[no-redef]
    except ImportError:
        print("Torch not installed on Apple Silicon; skipping extension build.")
else:
    install_torch()
    import torch  # type: ignore[no-redef]
"""


def test_a_call_in_a_branch_still_runs() -> None:
    assert [line for line, _ in notes(FORK)] == [10]


def test_a_function_never_called_runs_nothing() -> None:
    # the fork's text with its only call left out (constructed from the text above)
    never = FORK.replace("    install_torch()\n", "    pass\n")
    assert notes(never) == []
