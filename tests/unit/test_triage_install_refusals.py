"""Install-layer classes read from a refusal's own words, whatever else the log printed: a release
that does not support the chip, a package installer whose resolver found nothing to install, a
configuration check that refused a setting before any device work; and CUDA's "no kernel image"
message printed without its prefix. Without them these logs fell to the catch-all operation
layer (or to nothing). Each line is a real one, its source beside it."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.tiers import FALLBACK_SCORES


def _fallback_first(log: str) -> tuple[str, str]:
    first = diagnose(scan_log(log).findings)[0]
    assert first.score == FALLBACK_SCORES["class"]
    return first.signature_id, first.layer


@pytest.mark.parametrize(
    "log",
    [
        # RLinf/RLinf#1577 (triage_fourth 32): torch_npu 2.6 on an Ascend 950
        "RuntimeError: Unsupported soc version: Ascend950PR 9579\n",
        # vllm-project/vllm-ascend#8186 (triage_eighth a04): triton-ascend's compiler on a 310P
        "bishengir-compile: for the --target option: Cannot find option named 'Ascend310P3'!\n",
        # vllm-project/vllm-ascend#13086 (the twelfth tuning half's b15): the raise line of
        # vllm-ascend's check, the log cut before the exception line
        "(TaskRunner pid=1513738)     "
        'raise ValueError(f"Unsupported soc_version: {soc_version}")\n',
    ],
)
def test_a_release_that_refuses_the_chip_is_install(log: str) -> None:
    # the fallback's class for these lines was retired into the signature (same cause and fix)
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == ("ascend.install.chip-unsupported", "install")


@pytest.mark.parametrize(
    "log",
    [
        # review s18a finding 4 (chip1-4): the spellings the retired class read
        "RuntimeError: unsupported soc version: Ascend910B\n",
        "ERROR: Unsupported SOC version 910B3\n",
        "ValueError: Unsupported soc_version: 310P\n",
        "RuntimeError: Unsupported socVersion: Ascend310P\n",
    ],
)
def test_a_chip_refusal_in_any_spelling_is_the_release_refusing_the_chip(log: str) -> None:
    # the signature takes its layer from where the log fails (layer_from_log)
    assert explain_text(log)[0].signature_id == "ascend.install.chip-unsupported"


def test_the_chip_a_refusal_names_is_in_the_cause() -> None:
    first = explain_text("ERROR: Unsupported SOC version 910B3\n")[0]
    assert "910B3" in first.cause


def test_an_operator_that_refuses_the_chip_is_named_in_the_cause() -> None:
    # the retired class kept an operator's refusal apart; the signature reads it and names the
    # operator (opbase's NnopbaseGetSupportInfo: "Op %s not support soc version %s.")
    first = explain_text("Op AddRmsNorm not support soc version Ascend310P3.\n")[0]
    assert first.signature_id == "ascend.install.chip-unsupported"
    assert "AddRmsNorm" in first.cause


def test_a_raise_line_that_pytest_echoes_is_not_the_refusal() -> None:
    # review s18a finding 9 (fp19): pytest lists the whole function, the branch that did not
    # run too; the exception is the KeyError its ">" marker points to
    log = (
        "    def init_ascend_soc_version():\n"
        "        soc_version = torch_npu.npu.get_soc_version()\n"
        "        if soc_version not in _KNOWN:\n"
        '            raise ValueError(f"Unsupported soc_version: {soc_version}")\n'
        ">       return _cache[soc_version]\n"
        "E       KeyError: 224\n\n"
        "vllm_ascend/utils.py:88: KeyError\n"
    )
    ranked = [d.signature_id for d in explain_text(log)]
    assert "ascend.install.chip-unsupported" not in ranked
    assert ranked


@pytest.mark.parametrize(
    "log",
    [
        # triton-lang/triton-ascend#900 (the seventeenth tuning half's a11): uv, no such version
        "  \u00d7 No solution found when resolving dependencies:\n",  # uv marks it with U+00D7
        # ByteDance-Seed/VeOmni#147 (the seventeenth tuning half's a07): uv, no aarch64 wheel
        "error: Distribution `torchaudio==2.6.0+cpu @ registry+https:/download.pytorch.org/whl/` "
        "can't be installed because it doesn't have a source distribution or wheel for the "
        "current platform\n",
    ],
)
def test_a_resolver_that_finds_nothing_to_install_is_install(log: str) -> None:
    assert _fallback_first(log) == ("class.install.resolver-finds-no-candidate", "install")


def test_a_resolver_failure_outranks_the_exception_printed_before_it() -> None:
    # volcengine/verl#1776 (the eleventh tuning half's b03): the old tensordict's exception,
    # then pip cannot install the version that fixes it
    log = (
        '  File "/usr/local/python3.10.17/lib/python3.10/site-packages/tensordict/tensordict.py",'
        " line 2932, in __contains__\n"
        "    raise NotImplementedError(\n"
        "NotImplementedError: TensorDict does not support membership checks with the `in` "
        "keyword.\n"
        "ERROR: Could not find a version that satisfies the requirement tensordict==0.6.2 "
        "(from versions: 0.0.1a0, 0.8.0, 0.8.1, 0.8.2, 0.8.3)\n"
        "ERROR: No matching distribution found for tensordict==0.6.2\n"
    )
    assert _fallback_first(log) == ("class.install.resolver-finds-no-candidate", "install")


@pytest.mark.parametrize(
    "log",
    [
        # vllm-project/vllm-ascend#4365 (the eighteenth tuning half's f03)
        "Value error, Ascend scheduler is enabled without chunked prefill feature. Argument "
        "max_num_batched_tokens (4096) is smaller than max_model_len (32768).\n",
        # vllm-project/vllm#26161
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for ModelConfig\n"
        "  Value error, Expecting value: line 1 column 1 (char 0) [type=value_error, "
        "input_value=ArgsKwargs((), {'model': ...rocessor_plugin': None}), "
        "input_type=ArgsKwargs]\n",
        # vllm-project/vllm-ascend#8506: pydantic's own check of a literal field
        "E           pydantic_core._pydantic_core.ValidationError: 1 validation error for "
        "ParallelConfig\n"
        "E           dcp_comm_backend\n"
        "E             Input should be 'ag_rs' or 'a2a' [type=literal_error, "
        "input_value='invalid', input_type=str]\n",
        # vllm-project/vllm-ascend#9994 (triage_twentyfirst f05): a validator's assert, the
        # report wrapped between the header and its model's name
        "E pydantic_core._pydantic_core.ValidationError: 1 validation error for\n"
        "VllmConfig\n"
        "E Assertion failed, Flash Comm v1 requires enable_expert_parallel=True\n"
        "for MoE models. [type=assertion_error, input_value=ArgsKwargs((),\n",
        # review s18a finding 5: pytest's report as pytest 8 prints it (E, seven spaces, then
        # pydantic's own two-space indent)
        "E       test_cfg.ValidationError: 1 validation error for EngineConfig\n"
        "E         Assertion failed, tp must be 1, 2 or 4 [type=assertion_error, input_value=3,"
        " input_type=int]\n",
    ],
)
def test_a_configuration_refused_by_its_validation_is_install(log: str) -> None:
    top = explain_text(log)[0]
    assert (top.signature_id, top.layer) == ("class.install.configuration-refused", "install")


@pytest.mark.parametrize(
    "log",
    [
        # Review 4, finding 3 (constructed input, a negative case): a server's request model
        # refused while it serves
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.10/site-packages/vllm/entrypoints/openai/serving_chat.py",'
        " line 180, in create_chat_completion\n"
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for "
        "ChatCompletionRequest\n"
        "  Value error, When using `tool_choice`, `tools` must be set. [type=value_error, "
        "input_value={}, input_type=dict]\n",
        # (constructed, negative) a dataset sample's model refused during training
        'Traceback (most recent call last):\n  File "train.py", line 10, in <module>\n'
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for Sample\nimage\n"
        "  Value error, image path /data/x.jpg does not exist [type=value_error]\n",
        # review s18a finding 5 (fp11): a request's refusal in a test's report, the header wrapped
        "FAILED tests/entrypoints/test_chat.py::test_bad_temperature\n"
        "E pydantic_core._pydantic_core.ValidationError: 1 validation error for\n"
        "ChatCompletionRequest\n"
        "E Value error, temperature must be in [0, 2], got -1 [type=value_error, "
        "input_value=-1, input_type=int]\n",
        # review s18a finding 5 (fp12): a sample's validator in a test's report
        "    def test_sample():\n"
        '>       Sample(text="")\n'
        "E       pydantic_core._pydantic_core.ValidationError: 1 validation error for Sample\n"
        "E       Assertion failed, text must not be empty [type=assertion_error, "
        'input_value="", input_type=str]\n',
    ],
)
def test_another_models_value_error_is_no_configuration_refused(log: str) -> None:
    ids = [d.signature_id for d in explain_text(log)]
    assert "class.install.configuration-refused" not in ids


@pytest.mark.parametrize(
    "log",
    [
        # CSAILVision/unifiedparsing#6 (triage_third 32): a K80, the project's own check macro
        "cudaCheckError() failed : no kernel image is available for execution on the device\n",
        # iPERDance/iPERCore#47 (triage_fourth 06): neural_renderer's kernel wrapper
        "Error in forward_face_index_map_1: no kernel image is available for execution on the "
        "device\n",
    ],
)
def test_cudas_no_kernel_image_message_without_its_prefix_is_the_code(log: str) -> None:
    (first, *_) = diagnose(scan_log(log).findings)
    assert (first.signature_id, first.layer) == ("code.cuda.209", "install")
