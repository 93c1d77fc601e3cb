"""A layer for a log cut inside a Python traceback (issue 15): when nothing else in the log
names a failure, the frames it ends in, and the ``raise`` line of the innermost one, say what
failed, with low confidence. Each line is real and cites its source."""

from __future__ import annotations

from bringup.triage import explain_text, remnant
from bringup.triage.explain import builtin_matcher, scan_log
from bringup.triage.parallel import merge
from bringup.triage.ranking import rank

# https://github.com/vllm-project/vllm-ascend/issues/13086: the excerpt ends on the raise line
# of the innermost frame, before "ValueError: Unsupported soc_version: ..." was printed.
RAISED = """\
(TaskRunner pid=1513738)   File "/root/.conda/envs/rl/lib/python3.11/site-packages/torch/utils/_contextlib.py", line 120, in decorate_context
(TaskRunner pid=1513738)     return func(*args, **kwargs)
(TaskRunner pid=1513738)   File "/home/ETP_daily/code/llm_rl/qwen3/vllm_ascend/ascend_forward_context.py", line 271, in select_moe_comm_method
(TaskRunner pid=1513738)     raise ValueError(f"Unsupported soc_version: {soc_version}")
"""  # noqa: E501

# https://github.com/gpustack/gpustack/issues/2194: pybind11's form of a Python traceback
# (innermost frame first, under "At:"), the exception's line before it cut off.
PYBIND = """\
At:
  /usr/local/Ascend/atb-models/atb_llm/models/base/model_utils.py(14): <module>
  <frozen importlib._bootstrap>(241): _call_with_frames_removed
  <frozen importlib._bootstrap_external>(940): exec_module
  /usr/local/Ascend/atb-models/atb_llm/models/__init__.py(8): <module>
"""

# https://github.com/vllm-project/vllm-ascend/issues/1500: the paste ends on the user's frame.
USER_FRAME = """\
INFO 06-28 15:57:45 model_runner.py:907] Loading model weights took 0.9394 GB
mki_log log dir:/root/atb/log exist
[rank0]: Traceback (most recent call last):
[rank0]:   File "/root/sys_project/xzl.py", line 13, in <module>
"""


def _told(log: str) -> list[tuple[str, str, str, int]]:
    return [(d.signature_id, d.layer, d.confidence, d.evidence[0].line) for d in explain_text(log)]


def test_the_raise_line_of_a_cut_traceback_is_read_as_its_exception() -> None:
    result = scan_log(RAISED)
    (diagnosis,) = remnant.diagnose(result.tail, result.lines)
    assert (diagnosis.signature_id, diagnosis.layer, diagnosis.confidence) == (
        "class.code.unsupported-configuration",
        "operator_execution",
        "low",
    )
    assert diagnosis.evidence[0].line == 4
    assert "ends inside a Python traceback" in diagnosis.cause


def test_a_failure_line_on_the_raise_line_comes_before_the_cut_traceback() -> None:
    # the raise line's own words name a cause (the release refuses the chip): the log's
    # failure is read from them, as from any line, before the traceback is read as cut
    assert _told(RAISED) == [("ascend.install.chip-unsupported", "install", "high", 4)]


def test_pybind11_frames_place_a_cut_traceback_by_their_files() -> None:
    assert _told(PYBIND) == [("evidence.install.packages", "install", "low", 2)]


def test_a_cut_traceback_that_places_nothing_still_says_the_log_was_cut() -> None:
    # the program's own script body is every frame: no rung of the bring-up is named (the
    # thread's cause was a release without the chip's support, install); the reader is told,
    # with low confidence, that the log was cut and that no words say where, as for an
    # exception no rule explains
    (told,) = explain_text(USER_FRAME)
    assert (told.signature_id, told.confidence, told.evidence[0].line) == (
        "evidence.operator.unnamed",
        "low",
        4,
    )
    assert "ends inside a Python traceback" in told.cause


def test_a_log_that_goes_on_after_a_traceback_was_not_cut_in_it() -> None:
    assert _told(PYBIND)  # cut, its frames place it
    log = PYBIND + "".join(
        f"INFO 06-28 15:57:{second} model_runner.py:902] Starting to load model\n"
        for second in (46, 47, 48)
    )
    assert explain_text(log) == []


def test_a_traceback_cut_across_blocks_is_read_whole() -> None:
    matcher = builtin_matcher()
    whole = rank(scan_log(PYBIND, matcher=matcher), matcher.catalogue)
    blocks = rank(scan_log(PYBIND, matcher=matcher, block_bytes=64), matcher.catalogue)
    assert [(d.signature_id, d.evidence[0].line) for d in blocks] == [
        (d.signature_id, d.evidence[0].line) for d in whole
    ]


def test_ranges_scanned_apart_keep_the_last_ranges_tail() -> None:
    first, last = scan_log("one\n"), scan_log(PYBIND)
    assert merge([first, last]).tail == last.tail


# Python's own output after a frame's source line (3.8-3.12): a traceback that ends in the
# exception's line at the margin was not cut, whatever that exception is (a review of
# 2026-12-03 found Ctrl-C and a clean exit read as cut tracebacks).
def test_a_traceback_ending_in_its_exception_line_was_not_cut() -> None:
    frames = 'Traceback (most recent call last):\n  File "/home/u/train.py", line 88, in <module>\n'
    for exception in ("SystemExit: 0", "StopIteration"):
        assert _told(frames + "    time.sleep(1)\n" + exception + "\n") == []
    # an interrupted run is told as one (outsider O14 D16), not as a cut traceback
    told = _told(frames + "    time.sleep(1)\nKeyboardInterrupt\n")
    assert [(sid, line) for sid, _, _, line in told] == [("traceback.operator.interrupted", 4)]


# faulthandler's dump (cpython Doc/library/faulthandler.rst: "File "...", line N in f", innermost
# first) and logging's stack_info ("Stack (most recent call last):", Lib/logging/__init__.py)
# are stacks, not exceptions.
def test_stack_dumps_are_no_cut_exception() -> None:
    faulthandler = (
        "Timeout (0:30:00)!\n"
        "Thread 0x00007f1b5e7fc700 (most recent call first):\n"
        '  File "/usr/lib/python3.10/site-packages/torch/distributed/c10d.py", line 2 in barrier\n'
        '  File "/home/u/train.py", line 88 in <module>\n'
    )
    stack_info = (
        "INFO step done\nStack (most recent call last):\n"
        '  File "/home/u/train.py", line 88, in <module>\n'
        "    log.info('step done', stack_info=True)\n"
    )
    assert _told(faulthandler) == []
    assert _told(stack_info) == []


def test_the_cut_lines_number_holds_without_a_final_line_break() -> None:
    log = "step 1\n" * 3 + RAISED.rstrip("\n")
    assert _told(log)[0][3] == 3 + 4
    assert _told(log + "\n")[0][3] == 3 + 4


def test_pybind11_frames_of_a_log_with_crlf_line_ends() -> None:
    assert _told(PYBIND.replace("\n", "\r\n")) == [
        ("evidence.install.packages", "install", "low", 2)
    ]
