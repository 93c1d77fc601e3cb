"""The layer of a ValueError, or of an encoding error, that nothing but its type places (issue
15): pasted without its traceback, in words that name no component, it is a value the program
refused while checking what it was given, or text its locale or reader does not take (install,
as the layer rule places an option refused before any device work and an environment not set
up); with its frames, or as an AssertionError (a check of the code's own state), it keeps the
usual layer. Lines from the tuning halves of the triage corpora are named by their case file
there and the public source beside them."""

from __future__ import annotations

from bringup.triage import explain_text

CLASS = "class.code.unsupported-configuration"


def test_a_value_refused_pasted_alone_is_install() -> None:
    # tests/data/triage_twentyfourth a17, alibaba/ROLL's Ascend FAQ (docs_roll ascend_npu_faq.md
    # @8eb27cc2): vllm-ascend refuses FRACTAL_NZ in RL; the fix is VLLM_ASCEND_ENABLE_NZ=0
    log = (
        "ValueError: FRACTAL_NZ mode is enabled. This may cause model parameter precision issues "
        "in the RL scenarios.\n"
    )
    (first, *_) = explain_text(log)
    assert (first.signature_id, first.layer) == (CLASS, "install")


def test_a_value_refused_under_its_frames_keeps_the_usual_layer() -> None:
    # tests/data/triage_twentythird b05, Ascend/MindIE-LLM@8e1d79a5: ModelRunner re-raises a
    # failed CPU binding after the device was opened
    log = (
        '  File "/usr/local/lib/python3.11/site-packages/mindie_llm/modeling/model_wrapper/atb/'
        'atb_model_wrapper.py", line 46, in __init__\n'
        "    self.model_runner = ModelRunner(\n"
        '  File "/usr/local/lib/python3.11/site-packages/atb_llm/runner/model_runner.py", line '
        "161, in __init__\n"
        "    raise ValueError(error_msg) from e\n"
        "ValueError: CPU binding failed; please check configuration.\n"
    )
    (first, *_) = explain_text(log)
    assert (first.signature_id, first.layer) == (CLASS, "operator_execution")


def test_an_assertion_pasted_alone_keeps_the_usual_layer() -> None:
    # tests/data/triage_ninth b15, sgl-project/sglang#32990 (the NPU backend's page size)
    log = "AssertionError: Page size must be 1 for MambaRadixCache v1, got 128\n"
    (first, *_) = explain_text(log)
    assert first.layer == "operator_execution"


def test_a_value_error_whose_words_name_a_kernel_keeps_their_layer() -> None:
    # tests/data/triage_tenth a15, vllm-project/vllm-ascend#7528 (the hybrid KV-cache block size
    # check): "kernel" places it
    log = "ValueError: None of the kernel sizes [128] can divide physical block size 16 evenly\n"
    (first, *_) = explain_text(log)
    assert first.layer == "operator_execution"


def test_text_the_reader_cannot_decode_pasted_alone_is_install() -> None:
    # tests/data/triage_eighteenth f05, triton-lang/triton#7566: Triton decoded `ldconfig -p`
    # strictly as UTF-8 (fixed by a Triton release that ignores the bad bytes)
    log = (
        '  libs = subprocess.check_output(["/sbin/ldconfig", "-p"]).decode()\n'
        "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xc4 in position 60334: invalid "
        "continuation byte\n"
    )
    (first, *_) = explain_text(log)
    assert first.layer == "install"
