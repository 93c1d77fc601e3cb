"""A variable a setup.py reads with no default and stops without (``scan.pyunset``): the
branch that finds it unset is its presence check, not a feature switch. Each case keeps only
the lines it needs, with the public repository, path, lines and commit."""

from __future__ import annotations

import ast

from bringup.scan.pyguards import python_vocabulary
from scan_needs import source_file

# omni-ai-npu/omni-infer @ c8bc2bbb, omni/accelerators/placement/setup.py:12-13 and 23-26
# (the class header and the lines it needs).
OMNI_SETUP = """class PathManager:
    def __init__(self):
        # ascend
        ascend_root = os.getenv('ASCEND_TOOLKIT_HOME', None)
        if ascend_root is None:
            raise EnvironmentError("Environment variable 'ASCEND_TOOLKIT_HOME' is not set. Please set this environment variable before running the program.")
        self.ascend_inc = os.path.join(ascend_root, "include")
"""  # noqa: E501
# ByteDance-Seed/Triton-distributed @ 1512a811, python/setup.py:352-358: the name is given a
# fallback before the test that stops.
TRITON_SETUP = """def get_triton_cache_path():
    user_home = os.getenv("TRITON_HOME")
    if not user_home:
        user_home = os.getenv("HOME") or os.getenv("USERPROFILE") or os.getenv("HOMEPATH") or None
    if not user_home:
        raise RuntimeError("Could not find user home directory")
    return os.path.join(user_home, ".triton")
"""


def _needs(text: str) -> list[tuple[str, str, int | None, list[int | None]]]:
    found = python_vocabulary(source_file("setup.py", text), ast.parse(text))
    return [(r.subject, r.spec, r.source.line, [a.line for a in r.also_at]) for r in found]


def test_a_variable_read_without_default_then_raised_on_when_unset_is_needed() -> None:
    assert _needs(OMNI_SETUP) == [("env_var", "ASCEND_TOOLKIT_HOME", 4, [5, 6])]


def test_a_variable_read_with_no_default_in_the_test_itself_is_needed() -> None:
    text = 'if os.environ.get("PCDET_BASE") is None:\n    raise ValueError("define PCDET_BASE")\n'
    assert _needs(text) == [("env_var", "PCDET_BASE", 1, [2])]


def test_a_read_with_a_default_or_given_a_fallback_before_the_test_is_no_need() -> None:
    assert _needs(TRITON_SETUP) == []
    defaulted = OMNI_SETUP.replace("None)", '"/usr/local/Ascend/ascend-toolkit/latest")')
    assert _needs(defaulted) == []


def test_a_branch_that_only_warns_when_unset_is_no_need() -> None:
    warns = OMNI_SETUP.replace("raise EnvironmentError", "print")
    assert _needs(warns) == []
