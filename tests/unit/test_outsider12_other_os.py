"""A build script's branch for another OS needs nothing on Linux (outsider12 #8)."""

from __future__ import annotations

import ast

from bringup.model import Requirement
from bringup.scan.pyguards import python_vocabulary
from scan_needs import source_file

AUTOGPTQ = "AutoGPTQ/AutoGPTQ@9f7d37072917ab3a7545835f23e808294a542153"

# AUTOGPTQ setup.py:214-221 (dedented, the message cut): the Windows link fix reads CUDA_PATH
WINDOWS_FIX = """    cuda_path = os.environ.get("CUDA_PATH", None)
    if cuda_path is None:
        raise ValueError("The environment variable CUDA_PATH must be set to the path to the ...")
    extra_link_args = ["-L", f"{cuda_path}/lib/x64/cublas.lib"]
"""
WINDOWS_LINK = f"""if os.name == "nt":
    # On Windows, fix an error LNK2001: unresolved external symbol cublasHgemm bug
{WINDOWS_FIX}else:
    extra_link_args = []
"""


def _env(text: str) -> list[tuple[str, int | None]]:
    found: list[Requirement] = python_vocabulary(source_file("setup.py", text), ast.parse(text))
    return [(r.spec, r.source.line) for r in found if r.subject == "env_var"]


def test_a_variable_read_on_windows_only_is_no_need() -> None:
    assert _env(WINDOWS_LINK) == []
    # the same lines on every OS stop the build without it (the rule still holds)
    everywhere = WINDOWS_LINK.replace('if os.name == "nt":', "if True:", 1)
    assert _env(everywhere) == [("CUDA_PATH", 3)]


def test_the_other_branch_of_a_test_for_linux_is_another_os_s() -> None:
    # constructed from the lines above: the same read in the ``else`` of a test for Linux or
    # POSIX, under a test for macOS, and under a name bound to the test
    posix = f'if os.name == "posix":\n    extra_link_args = []\nelse:\n{WINDOWS_FIX}'
    assert _env(posix) == []
    for test in ('not sys.platform.startswith("linux")', 'platform.system() == "Darwin"'):
        assert _env(WINDOWS_LINK.replace('os.name == "nt"', test, 1)) == [], test
    named = 'IS_WINDOWS = sys.platform == "win32"\n' + WINDOWS_LINK.replace(
        'os.name == "nt"', "IS_WINDOWS", 1
    )
    assert _env(named) == []
    # a test for Linux keeps its own branch's needs
    linux = WINDOWS_LINK.replace('os.name == "nt"', 'sys.platform.startswith("linux")', 1)
    assert _env(linux) == [("CUDA_PATH", 3)]
