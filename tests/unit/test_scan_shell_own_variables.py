"""What a script sets itself is no environment variable it needs (``shellguards``): a copy of
``getopts``' ``OPTARG``, of a loop's variable or of what ``read`` filled, tested and exited on,
asks the user for nothing; and a branch a line closes itself ends there.

Constructed by review (session 14), no repo's lines: the shapes around the copy rule of
hicann/ops-blas build.sh:219-225 (tests/unit/test_scan_vocabulary.py) that it must not fire on."""

from __future__ import annotations

import pytest

from bringup.scan.extraction import SourceFile
from bringup.scan.shell import extract_shell

SET_BY_THE_SCRIPT = {
    "getopts": 'while getopts "p:h" opt; do\n  case "$opt" in\n    p)\n      CANN_PATH=$OPTARG\n'
    '      ;;\n  esac\ndone\nif [ -z "$CANN_PATH" ]; then\n  echo "usage: $0 -p <cann path>"\n'
    "  exit 1\nfi\n",
    "loop": 'for PKG in torch numpy; do\n  NAME=$PKG\n  if [ -z "$NAME" ]; then\n    exit 1\n'
    "  fi\ndone\n",
    "read": 'read -r ANSWER\nCHOICE="${ANSWER}"\nif [ -z "$CHOICE" ]; then\n  exit 1\nfi\n',
    "one-line default": 'ASCEND_HOME="${ASCEND_HOME_PATH}"\n'
    'if [ -z "$ASCEND_HOME" ]; then ASCEND_HOME=/usr/local/Ascend/latest; fi\n'
    'source "$ASCEND_HOME/set_env.sh"\nmkdir -p build\ncd build\ncmake ..\n'
    "if ! make -j; then\n  exit 1\nfi\n",
}


def _env_vars(text: str) -> list[str]:
    file = SourceFile(ref="repo/build.sh", rel="build.sh", text=text)
    return [r.spec for r in extract_shell(file).requirements if r.subject == "env_var"]


@pytest.mark.parametrize("shape", sorted(SET_BY_THE_SCRIPT))
def test_a_variable_the_script_sets_is_no_need(shape: str) -> None:
    assert _env_vars(SET_BY_THE_SCRIPT[shape]) == [], shape


def test_a_test_whose_branch_goes_on_still_reads_its_exit() -> None:
    # the same copy whose test opens a group below it: the exit is the branch's
    text = (
        'ASCEND_HOME="${ASCEND_HOME_PATH}"\n[ -z "$ASCEND_HOME" ] && {\n'
        '  echo "source set_env.sh"\n  exit 1\n}\n'
    )
    assert _env_vars(text) == ["ASCEND_HOME_PATH"]
