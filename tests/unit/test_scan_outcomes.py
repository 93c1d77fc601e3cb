"""What a guarded branch does (``scan.outcomes``), on real lines of the tuned repos: only a
branch that fails makes its condition a requirement; one that skips or warns is a soft note
about the optional part, with the bound that part needs."""

from __future__ import annotations

import ast

import pytest

from bringup.model import Requirement
from bringup.scan.cmakelex import cmake_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import cmake_outcome, message_outcome, python_outcome, shell_outcome
from bringup.scan.prose import read_line
from bringup.scan.registry import EXTRACTORS

# Ascend/torchair fced8842d149f16b587c2c867d427e4b766831ca build.sh:96-112
TORCHAIR_BUILD_SH = """\
  if [[ "$TYPE" == "ut" ]]; then
    # only run ut.py when torch version >= 2.8
    if ${PYTHON_BIN_PATH} -c 'import sys
try:
    from distutils.version import LooseVersion as V
    import torch
    sys.exit(0 if V(getattr(torch, "__version__", "0")) >= V("2.8") else 1)
except Exception:
    sys.exit(1)
'; then
      if ! ( cd ${TORCHAIR_ROOT}/experimental/_inductor_npu_ext/tests && ${PYTHON_BIN_PATH} ut.py ); then
        echo "inductor_npu_ext ut.py FAILED"
        exit 1
      fi
    else
      echo "Skipping unit tests for inductor npu ext: torch version < 2.8 or cannot determine torch version"
    fi
  fi
"""  # noqa: E501
TORCHAIR_SKIP = (
    "Skipping unit tests for inductor npu ext: torch version < 2.8 or cannot determine torch "
    "version"
)
# Ascend/torchair fced8842 python/torchair/patterns/pattern_util.py:18-20
TORCHAIR_WARNS = """\
if torch.__version__ < "2.6":
    logger.warning(f'The pattern_fusion_pass is unsupported when torch < 2.6 .')
    return
"""
# NVIDIA/apex 6424da3b4faa6c8f062da4a48c424fff3f02d42d setup.py:147-150
APEX_RAISES = """\
if TORCH_MAJOR == 0 and TORCH_MINOR < 4:
    raise RuntimeError(
        "Apex requires Pytorch 0.4 or newer.\\nThe latest stable release can be obtained from https://pytorch.org/"
    )
"""
# NVIDIA/apex 6424da3b setup.py:104-109 (in check_cudnn_version_and_warn)
APEX_WARNS = """\
if not (cudnn_available and (cudnn_version >= required_cudnn_version)):
    warnings.warn(
        f"Skip `{global_option}` as it requires cuDNN {required_cudnn_version} or later, "
        f"but {'cuDNN is not available' if not cudnn_available else cudnn_version}"
    )
    return False
"""
# NVIDIA/apex 6424da3b setup.py:114-127, the print only (the arch list it goes on to set is cut)
APEX_PRINTS = """\
if not torch.cuda.is_available():
    print(
        "\\nWarning: Torch did not find available GPUs on this system.\\n",
        "If your intention is to cross-compile, this is not an error.\\n"
    )
"""
# sgl-project/sgl-kernel-npu f425bdf1e191a7682296d3b2ed0b927d4e37d671
# tests/python/sgl_kernel_npu/test_apply_token_bitmask.py:390-392
SGL_EXITS_ZERO = """\
if args.perf:
    perf_suite()
    sys.exit(0)
"""
# sgl-project/sgl-kernel-npu f425bdf1 csrc/deepep/ops2/op_host/CMakeLists.txt:17-27
SGL_CMAKE = """\
if(EXISTS "${CANN83_PATH}")
    add_definitions(-DUSE_CANN83_PATH)
    set(ACTIVE_CANN_MACRO "-DUSE_CANN83_PATH")
    message(STATUS ">>> [op_host] Detected CANN 8.3+, defined USE_CANN83_PATH")
elseif(EXISTS "${CANN82_PATH}")
    add_definitions(-DUSE_CANN82_PATH)
    set(ACTIVE_CANN_MACRO "-DUSE_CANN82_PATH")
    message(STATUS ">>> [op_host] Detected CANN 8.2, defined USE_CANN82_PATH")
else()
    message(FATAL_ERROR ">>> [op_host] platform_infos_def.h not found!")
endif()
"""


def _if_body(code: str) -> list[ast.stmt]:
    # The fragments are function bodies (``return``): parse them inside one.
    indented = "".join(f"    {line}\n" for line in code.splitlines())
    function = ast.parse(f"def f():\n{indented}").body[0]
    assert isinstance(function, ast.FunctionDef)
    branch = function.body[0]
    assert isinstance(branch, ast.If)
    return branch.body


def _table(found: tuple[Requirement, ...]) -> list[tuple[str, str, int | None, bool]]:
    return [(r.subject, r.spec, r.source.line, r.hard) for r in found]


def test_a_skipped_step_is_a_soft_note_with_the_bound_it_needs() -> None:
    file = SourceFile(ref="torchair/build.sh", rel="build.sh", text=TORCHAIR_BUILD_SH)
    found = EXTRACTORS["shell"](file).requirements
    # Not "torchair needs torch < 2.8": the unit tests of inductor_npu_ext need >= 2.8.
    assert _table(found) == [("torch", ">=2.8", 16, False)]
    assert found[0].text == TORCHAIR_SKIP


@pytest.mark.parametrize(
    ("branch", "outcome"),
    [
        (f'      echo "{TORCHAIR_SKIP}"\n    fi\n  fi\n', "skip"),
        ('        echo "inductor_npu_ext ut.py FAILED"\n        exit 1\n      fi\n', "fail"),
    ],
)
def test_a_shell_branch_fails_only_when_it_stops(branch: str, outcome: str) -> None:
    message = branch.split('"')[1]
    assert shell_outcome("echo", message, branch.split("fi", maxsplit=1)[0]) == outcome


def test_a_skip_message_read_as_prose_turns_its_condition_into_the_need() -> None:
    [mention] = read_line(TORCHAIR_SKIP)
    assert (mention.subject, mention.spec, mention.hard) == ("torch", ">=2.8", False)


def test_a_skip_said_in_need_words_keeps_its_bound() -> None:
    # apex 6424da3b setup.py:843, with a subject we know in place of NCCL.
    [mention] = read_line("Skip `--nccl_allocator` as it requires torch 2.19 or later")
    assert (mention.subject, mention.spec, mention.hard) == ("torch", ">=2.19", False)


@pytest.mark.parametrize(
    ("code", "outcome"),
    [
        (APEX_RAISES, "fail"),
        (APEX_WARNS, "skip"),
        (TORCHAIR_WARNS, "skip"),
        (APEX_PRINTS, "warn"),
        (SGL_EXITS_ZERO, None),
    ],
)
def test_what_a_python_branch_does(code: str, outcome: str | None) -> None:
    assert python_outcome(_if_body(code)) == outcome


def test_only_a_failing_python_branch_is_a_requirement() -> None:
    # Ascend/MindSpeed 028de58ca629d035185b00ff7d1eb7eff4f7fd48 setup.py:7-8, then the same
    # guard with a branch that only prints and goes on.
    fails = (
        "if sys.version_info < (3,):\n"
        '    raise Exception("Python 2 is not supported by MindSpeed.")\n'
    )
    warns = fails.replace("raise Exception", "print")
    read = [
        EXTRACTORS["setup_py"](SourceFile(ref="setup.py", rel="setup.py", text=text))
        for text in (fails, warns)
    ]
    assert [_table(r.requirements) for r in read] == [[("python", ">=3", 1, True)], []]


def test_a_status_message_is_no_requirement_and_a_fatal_error_is_one() -> None:
    commands = [c for c in cmake_commands(SGL_CMAKE) if c.name == "message"]
    assert [cmake_outcome(c.args) for c in commands] == [None, None, "fail"]
    file = SourceFile(ref="CMakeLists.txt", rel="csrc/CMakeLists.txt", text=SGL_CMAKE)
    assert not [r for r in EXTRACTORS["cmake"](file).requirements if r.subject == "cann"]


@pytest.mark.parametrize(
    ("text", "outcome"),
    [
        (TORCHAIR_SKIP, "skip"),
        ("inductor_npu_ext ut.py FAILED", "fail"),  # torchair fced8842 build.sh:107
        # NVIDIA/apex 6424da3b setup.py:119 and :78
        ("Warning: Torch did not find available GPUs on this system.", "warn"),
        ("Compiling cuda extensions with", None),
    ],
)
def test_what_a_message_says(text: str, outcome: str | None) -> None:
    assert message_outcome(text) == outcome
