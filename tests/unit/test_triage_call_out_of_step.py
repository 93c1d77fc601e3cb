"""A call that does not fit what the installed callee takes, where the log shows the callee is
another package's: two packages out of step (issue 15), not the project's own defect.

Two shapes say so whatever the package: pybind11's refusal of a call into a compiled binding
("f(): incompatible function arguments. The following argument types are supported:", the
binding of another release than the Python code calling it), and a call that does not fit a
patch or wrapper one package installs over another's function (a closure made by a patching
function, ``apply_patches.<locals>._patched_x()``): the patched package's newer or older release
calls it with a signature the patch was not written for. A closure of no patch or wrapper, or a
class that is only named Patch, stays the project's defect.

Lines from the twentieth and twenty-second triage corpora (tuned on their odd halves) are named
by their case file there; the other line of each class comes from another public source."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bringup.triage import exceptionrules, explain_text, scan_log
from bringup.triage.blocks import normalise
from bringup.triage.exceptionrules import match_exception
from bringup.triage.fallback import diagnose
from bringup.triage.fallbackrules import builtin_rules
from cpuclock import cpu_seconds

TWENTIETH = "tests/data/triage_twentieth"
TWENTYSECOND = "tests/data/triage_twentysecond"

OUT_OF_STEP = "traceback.install.api-out-of-step"
RULES = Path(__file__).parents[2] / "src/bringup/kb/data/fallback/rules.toml"


def _first(log: str) -> tuple[str, str]:
    diagnosis = explain_text(log)[0]
    return diagnosis.signature_id, diagnosis.layer


@pytest.mark.parametrize(
    "log",
    [
        # TWENTYSECOND a01-vllm-ascend-xgrammar-bitmask-typeerror.log: vLLM calls the installed,
        # older xgrammar's CPU kernel with a tensor (the log as a pager shows it: ^[ and ^M).
        "^[[0;36m(Worker_DP0_TP3_EP3 pid=1996)^[[0;0m ERROR 02-23 09:19:48 "
        "[multiproc_executor.py:824] TypeError: apply_token_bitmask_inplace_cpu(): incompatible"
        " function arguments. The following argument types are supported:^M\n",
        # jlparkI/AntPack issue 16 (the maintainer: build_msa takes a third argument from 0.3.6.1
        # on; upgrade the package).
        "TypeError: build_msa(): incompatible function arguments. The following argument types"
        " are supported:\n",
        # TWENTYSECOND b11-mindspeed-mm-lora-dispatch-megatron-config.log: a newer PEFT calls
        # MindSpeed-MM's patch of its dispatcher with lora_config= (the message wrapped).
        "TypeError: apply_patches.<locals>._patched_dispatch_megatron()\n"
        "missing 1 required positional argument: 'config'\n",
        # waybarrios/vllm-mlx@f1b05e872626606019ad5c09c8e69e3a175a8610
        # tests/test_gemma4_mllm_patch.py:12-13: mlx-vlm 0.5.0 calls the batching patch of
        # Gemma 4's attention with shared_kv=.
        "TypeError: patch_gemma4_attention_for_batching.<locals>._patched_call() got an"
        " unexpected keyword argument 'shared_kv'\n",
    ],
)
def test_a_call_into_another_release_pasted_alone_is_two_packages_out_of_step(log: str) -> None:
    assert _first(log) == (OUT_OF_STEP, "install")


def test_a_call_that_does_not_fit_a_wrapper_on_a_failure_line_is_out_of_step() -> None:
    # TWENTIETH b01-sglang-npu-preprocess-interpolation.log: sglang's NPU wrapper of a
    # transformers image processor, called by a newer transformers (no exception line).
    log = (
        "[2026-05-11 11:19:09] Error in request: npu_wrapper_preprocess.<locals>._preprocess()"
        " missing 1 required positional argument: 'interpolation'\n"
    )
    assert _first(log) == (OUT_OF_STEP, "install")


def test_a_binding_refusing_the_jobs_own_call_is_the_job_out_of_step() -> None:
    # ORNL-QCI/exatn issue 29: the test script calls the rebuilt binding with the old API
    # ("The python API has been updated significantly ... pull the latest and rebuild").
    log = (
        "Traceback (most recent call last):\n"
        '  File "test-tensorRuntime.py", line 23, in <module>\n'
        "    create_tensor1.setTensorOperand(tensor1)\n"
        "TypeError: setTensorOperand(): incompatible function arguments. The following argument"
        " types are supported:\n"
    )
    (first, *_) = diagnose(scan_log(log).findings)
    assert (first.signature_id, first.layer) == (f"{OUT_OF_STEP}-in-job", "install")


@pytest.mark.parametrize(
    "log",
    [
        # ndif-team/nnsight issue 33: the project's own call to its class Patch lacks an
        # argument (fixed in the project): a class named so is no patch of another package.
        "TypeError: Patch.__init__() missing 1 required positional argument: 'key'\n",
        # The same call to a closure of no patch or wrapper (constructed from the form above).
        "TypeError: build.<locals>.step() missing 1 required positional argument: 'key'\n",
        # A decorator's inner function (the functools idiom) and a closure of a method whose name
        # only holds the letters "patch" are the project's own (review 1, finding 2).
        "TypeError: timed.<locals>.wrapper() takes 1 positional argument but 2 were given\n",
        "TypeError: Dispatcher.dispatch.<locals>.run() missing 1 required positional argument:"
        " 'x'\n",
        "TypeError: unwrap.<locals>.inner() got an unexpected keyword argument 'y'\n",
    ],
)
def test_a_call_that_does_not_fit_the_projects_own_function_stays_its_defect(log: str) -> None:
    assert _first(log)[0] == "class.code.project-bug"


def test_caret_notation_escapes_keep_the_line_numbers() -> None:
    log = "first\n^[[1;31mRuntimeError: boom^[[0m^M\nlast\n"
    (sighting,) = scan_log(log).findings.all_exceptions()
    assert (sighting.line, sighting.name, sighting.message) == (2, "RuntimeError", "boom")


@pytest.mark.parametrize(
    "word", ["patch.", "wrap.", "a.<locals>.", "x.<locals>.patch_", "a1_" * 6 + "patch_b2_b2."]
)
def test_the_patch_shapes_take_linear_work_on_a_long_dotted_message(word: str) -> None:
    # Review 1, finding 1: the patch/wrap patterns took 90 s on 12 KB of "patch." (nested runs
    # tried from every dot). Each pattern naming a closure is run on 48 KB; a linear search
    # takes milliseconds, so a generous bound tells the two apart on any machine.
    text = word * (48_000 // len(word))
    patterns = [
        value
        for value in re.findall(r"\'\'\'(.*?)\'\'\'", RULES.read_text(encoding="utf-8"))
        if "<locals>" in value
    ]
    assert len(patterns) == 4
    for pattern in patterns:
        start = cpu_seconds()
        re.search(pattern, f"TypeError: {text}() missing 1 required")
        assert cpu_seconds() - start < 1.0, pattern


def test_a_long_dotted_message_is_explained_at_once() -> None:
    log = f"Traceback (most recent call last):\nValueError: {'patch.' * 2000}\n"
    start = cpu_seconds()
    explain_text(log)
    assert cpu_seconds() - start < 5.0


def test_a_posix_bracket_class_is_no_caret_notation_escape() -> None:
    # Review 1, finding 8: "^[[:space:]]" in a sed or grep command of a configure or build log.
    line = b"sed -e 's/^[[:space:]]*//' failed: error\n"
    assert normalise(line) == line
    assert normalise(b"^[[0;36mfirst^[[0m\n") == b"first\n"


def test_the_searches_over_one_exception_are_kept_in_the_callers_memo() -> None:
    # Review 1, finding 13: no module state; the caller owns the searches it shares.
    log = "TypeError: timed.<locals>.wrapper() takes 1 positional argument but 2 were given\n"
    (sighting,) = scan_log(log).findings.all_exceptions()
    rules = builtin_rules().exceptions
    memo: dict[tuple[str, str], bool] = {}
    found = match_exception(sighting, rules, memo)
    assert found is not None
    assert found.id == "class.code.project-bug"
    kept = dict(memo)
    assert kept
    assert match_exception(sighting, rules, memo) == found
    assert memo == kept
    state = vars(exceptionrules).items()
    assert [k for k, v in state if isinstance(v, (dict, list)) and not k.startswith("__")] == []
