""" "got multiple values for argument" is read by its frames, not as the project's own bug
whoever raised it (review22 #6): a call binds one argument twice as often because the callee's
signature changed under the caller (a version skew between two packages) as by the caller's
mistake."""

from __future__ import annotations

from bringup.triage import explain_text

# The frames as https://github.com/gpustack/gpustack/issues/2356 shows them (vLLM calling
# transformers' processor loader); the exception line as the title of
# https://github.com/vllm-project/vllm-ascend/issues/1470 gives it, under the same prefix
# (constructed: the excerpt of #2356 stops before its exception line).
PREFIX = "ERROR 07-01 13:41:27 [core.py:515] "
LOG = "".join(
    PREFIX + line + "\n"
    for line in (
        "Traceback (most recent call last):",
        '  File "/home/seal/.local/share/pipx/venvs/gpustack/lib/python3.12/site-packages/vllm/'
        'transformers_utils/processor.py", line 72, in get_processor',
        "    processor = processor_factory.from_pretrained(",
        '  File "/home/seal/.local/share/pipx/venvs/gpustack/lib/python3.12/site-packages/'
        'transformers/processing_utils.py", line 1304, in from_pretrained',
        "    return cls.from_args_and_dict(args, processor_dict, **kwargs)",
        "TypeError: Qwen2_5_VLProcessor.__init__() got multiple values for argument "
        "'image_processor'",
    )
)


def test_a_package_binding_an_argument_twice_is_two_packages_out_of_step() -> None:
    ids = [d.signature_id for d in explain_text(LOG)]
    assert ids[0] == "traceback.install.api-out-of-step"
    assert "class.code.project-bug" not in ids


def test_the_exception_line_pasted_alone_is_read_as_the_other_pasted_call_mismatches() -> None:
    """Review 23 #3: with no frames to say whose call it was, the one line (vllm-ascend#1470's
    title, its class name as #2356 gives it) is read as a pasted "takes N positional arguments"
    or "unexpected keyword argument" is: the project's own call; it got no class at all."""
    line = "TypeError: Qwen2_5_VLProcessor.__init__() got multiple values for argument 'tokenizer'"
    ids = [d.signature_id for d in explain_text(line + "\n")]
    assert ids[0] == "class.code.project-bug"
