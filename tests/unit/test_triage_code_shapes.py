"""The shape of an exception says whose defect it is when no signature names it (issue 15):
ATen's view size check and a None named in a message are the calling code's defect
(class.code.project-bug); a module that lacks a name the code reads, pasted alone, is the code
written for another release of it (traceback.install.api-out-of-step); a message the copy
wrapped before its quoted name is read whole.

Lines from the twenty-fourth and twenty-fifth triage corpora (tuned on their odd halves) are
read from their case files there; the other line of each class comes from another public
source, named beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.triage import explain_text, scan_log
from bringup.triage.fallback import diagnose

DATA = Path(__file__).resolve().parents[1] / "data"
TWENTYFOURTH = DATA / "triage_twentyfourth"
TWENTYFIFTH = DATA / "triage_twentyfifth"
PROJECT_BUG = "class.code.project-bug"
OUT_OF_STEP = "traceback.install.api-out-of-step"


def _first(log: str | bytes) -> tuple[str, str]:
    diagnosis = explain_text(log)[0]
    return diagnosis.signature_id, diagnosis.layer


@pytest.mark.parametrize(
    "log",
    [
        # pytorch/pytorch issue 38469: `x = x.view(-1, 16*5*5)` in a model given another input
        # size (the maintainer: provide a size compatible with the input).
        "RuntimeError: shape '[-1, 400]' is invalid for input of size 384\n",
        # xulianuwa/MCTformer issue 29: the script's own reshape, with its frames.
        "Traceback (most recent call last):\n"
        '  File "main.py", line 333, in <module>\n'
        "    main(args)\n"
        '  File "main.py", line 247, in main\n'
        "    pos_tokens = pos_tokens.reshape(-1, orig_size, orig_size, embedding_size)"
        ".permute(0, 3, 1, 2)\n"
        "RuntimeError: shape '[-1, 13, 13, 384]' is invalid for input of size 67968\n",
        (DATA / "triage_twentyfifth" / "b19-msmodeling-sp-moe-shape.log").read_text(),
    ],
)
def test_atens_view_size_check_is_the_calling_codes_defect(log: str) -> None:
    assert _first(log) == (PROJECT_BUG, "operator_execution")


@pytest.mark.parametrize(
    "log",
    [
        # facebookresearch/MCC issue 18: the demo's torch.tensor(rgb) with rgb None (the input
        # file was not read).
        '  File "C:\\MCC\\demo.py", line 104, in main\n'
        "    seen_rgb = (torch.tensor(rgb).float() / 255)[..., [2, 1, 0]]\n"
        "RuntimeError: Could not infer dtype of NoneType\n",
        # Jumpat/SegAnyGAussians issue 110: torch.cat over a list holding None (the notebook's
        # dataset.need_features was off).
        "TypeError: expected Tensor as element 0 in argument 0, but got NoneType\n",
        (DATA / "triage_twentyfourth" / "c01-transferqueue-no-strategy-nonetype.log").read_text(),
    ],
)
def test_a_none_named_in_a_message_is_the_projects_defect(log: str) -> None:
    assert _first(log) == (PROJECT_BUG, "operator_execution")


def test_a_none_named_by_the_environments_exception_stays_the_environments() -> None:
    # Constructed: an OSError's words name no None the code passed; the rule reads only the
    # types a check raises.
    log = "OSError: libfoo.so: cannot open shared object file: No such file (NoneType)\n"
    assert _first(log)[0] != PROJECT_BUG


def test_a_module_lacking_a_name_pasted_wrapped_is_two_packages_out_of_step() -> None:
    # TWENTYFIFTH a11: vllm-ascend reads a function vLLM removed; the copy wrapped the message,
    # so no signature reads it on one line.
    log = (DATA / "triage_twentyfifth" / "a11-vllm-ascend-mamba-utils-cleanup-idx.log").read_text()
    assert _first(log) == (OUT_OF_STEP, "install")


def test_a_module_lacking_a_name_on_one_line_is_left_to_its_signature() -> None:
    # thuml/Transfer-Learning-Library issue 253: NumPy 1.24 removed np.float; the signature
    # names the module and the name, the fallback says the same class below it.
    log = (
        "AttributeError: module 'numpy' has no attribute 'float'.\n"
        "`np.float` was a deprecated alias for the builtin `float`. To avoid this error in existing"
        " code, use `float` by itself.\n"
    )
    assert _first(log) == ("python.module-attribute-missing", "install")
    assert diagnose(scan_log(log).findings)[0].signature_id == OUT_OF_STEP


@pytest.mark.parametrize(
    ("case", "attribute"),
    [
        # TWENTYFIFTH a07: the copy broke the line before the quoted name.
        ("a07-vllm-ascend-recompute-scheduler-routed-experts.log", "'_get_routed_experts'"),
        # TWENTYFIFTH a03: the copy broke the name and turned its underscores into spaces.
        ("a03-vllm-ascend-fusedmoe-use-dp-chunking.log", "'use dp chunking'"),
    ],
)
def test_a_message_wrapped_before_its_quoted_name_is_read_whole(case: str, attribute: str) -> None:
    diagnosis = explain_text((DATA / "triage_twentyfifth" / case).read_bytes())[0]
    assert diagnosis.signature_id == PROJECT_BUG
    assert diagnosis.captures["message"].endswith(f"has no attribute {attribute}")


def test_a_quoted_name_wrapped_before_more_lines_is_read_whole() -> None:
    # Constructed from TWENTYFIFTH a07's two lines with a log line after them: the quoted name
    # ends its line, and the line after it is another.
    log = (
        TWENTYFIFTH / "a07-vllm-ascend-recompute-scheduler-routed-experts.log"
    ).read_text() + "Stopping the engine.\n"
    diagnosis = explain_text(log)[0]
    assert diagnosis.signature_id == PROJECT_BUG
    assert diagnosis.captures["message"].endswith("has no attribute '_get_routed_experts'")


def test_a_quoted_line_of_its_own_is_no_continuation() -> None:
    # Constructed: a message that ends in a full stop is whole; the quoted line after it is
    # another line of the log.
    log = "AttributeError: 'Engine' object has no attribute 'step'.\n'retrying'\n"
    (sighting,) = scan_log(log).findings.all_exceptions()
    diagnosis = diagnose(scan_log(log).findings)[0]
    assert sighting.message == "'Engine' object has no attribute 'step'."
    assert "retrying" not in diagnosis.captures["message"]


@pytest.mark.parametrize(
    "log",
    [
        # modelscope/ms-swift issue 4211 (its title: SFT with --ddp_backend hccl on an NPU).
        "RuntimeError: Failed to find function HcclCommInitRootInfoConfig\n",
        (TWENTYFIFTH / "c05-swift-hccl-missing-symbol-cann-version.log").read_text(),
    ],
)
def test_a_cann_function_torch_npu_cannot_find_is_an_undefined_symbol(log: str) -> None:
    assert _first(log) == ("traceback.install.undefined-symbol", "install")


def test_a_function_of_the_programs_own_it_cannot_find_is_no_cann_symbol() -> None:
    # Constructed from the form above with a name of the program's own (a script engine's
    # function table prints the same words).
    log = "RuntimeError: Failed to find function on_player_join\n"
    assert _first(log)[0] != "traceback.install.undefined-symbol"


@pytest.mark.parametrize(
    "log",
    [
        # VICO-UoE/MTPSL issue 3: the project's own torch.mm on operands it paired wrongly (the
        # maintainer pushed the fix).
        "Traceback (most recent call last):\n"
        '  File "/share/castor/home/leh/projects/MTPSL/model/mapfns.py", line 36, in forward\n'
        "    gamma = torch.mm(A_taskpair, self.gamma.t())\n"
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (1x2 and 6x64)\n",
        # thu-ml/TurboDiffusion issue 62: raised under torch's own Linear, whose frame is innermost.
        '  File "/root/miniconda3/envs/comfy/lib/python3.10/site-packages/torch/nn/modules/'
        'linear.py", line 125, in forward\n'
        "    return F.linear(input, self.weight, self.bias)\n"
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (77x768 and 4096x5120)\n",
        # Comfy-Org/ComfyUI issue 12027: the same check in a later torch's words.
        "RuntimeError: linear(): input and weight.T shapes cannot be multiplied (512x2560 and"
        " 7680x3072)\n",
        # SAIC-Vision/WS-3D-Lane issue 3: the test script unpacks a batch of another length
        # (its reporter's fix: unpack seven names).
        "Traceback (most recent call last):\n"
        '  File "test.py", line 88, in evaluation\n'
        "    img, _, gt, idx, gt_hcam, gt_pitch, imgname, _ = batch\n"
        "ValueError: not enough values to unpack (expected 8, got 7)\n",
        # binary-husky/gpt_academic issue 1099 (fixed by the maintainer): Python 3.11's words for a
        # local read before it was assigned, which say "cannot" and refuse no setting.
        "Traceback (most recent call last):\n"
        '  File "./toolbox.py", line 137, in decorated\n'
        "    yield from f(main_input, llm_kwargs, plugin_kwargs, chatbot_with_cookie, history,"
        " *args, **kwargs)\n"
        '  File "./crazy_functions/Langchain\u77e5\u8bc6\u5e93.py", line 90, in'
        " \u8bfb\u53d6\u77e5\u8bc6\u5e93\u4f5c\u7b54\n"
        "    kai = knowledge_archive_interface()\n"
        "UnboundLocalError: cannot access local variable 'knowledge_archive_interface' where it"
        " is not associated with a value\n",
    ],
)
def test_shapes_and_names_the_code_got_wrong_are_its_defect(log: str) -> None:
    assert _first(log) == (PROJECT_BUG, "operator_execution")


@pytest.mark.parametrize(
    "log",
    [
        # intel/zlib pull 29: source files the CMake lists left out of the library the build made.
        "/usr/bin/ld: libz.so.1.2.11.1-motley: undefined reference to `longest_match'\n"
        "collect2: error: ld returned 1 exit status\n",
        # david-cortes/approxcdf issue 3 (the maintainer added the file to the list).
        "/usr/bin/ld: packages/approxcdf/libapproxcdf.so: undefined reference to"
        " `norm_logcdf_2d'\n",
        # zalf-rpm/monica issue 12: the same without the linker's name (two files missing from
        # the project's CMake lists).
        "libmonica.so: undefined reference to `FvCB::FvCB_canopy_hourly("
        "FvCB::FvCB_canopy_hourly_in, FvCB::FvCB_canopy_hourly_params)'\n"
        "collect2: error: ld returned 1 exit status\n",
        # patrickjennings/FlickrMS issue 8: the Makefile linked libm in the wrong order.
        "/usr/bin/ld: wget.o: undefined reference to symbol 'round@@GLIBC_2.2.5'\n"
        "/lib/x86_64-linux-gnu/libm.so.6: error adding symbols: DSO missing from command line\n",
        (
            DATA / "triage_twentyfourth" / "b07-ge-graph-aclgrphdumpgraph-dso-missing.log"
        ).read_text(),
    ],
)
def test_the_link_of_the_projects_own_targets_is_its_build(log: str) -> None:
    assert _first(log) == ("class.build.source-out-of-step", "build")


def test_a_prebuilt_library_named_by_its_path_stays_two_packages_out_of_step() -> None:
    # Constructed from the form above with an installed library's absolute path (the rule's
    # own case: a framework's library built against a newer NCCL).
    log = (
        "/usr/bin/ld: /usr/local/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so:"
        " undefined reference to `ncclCommSplit'\n"
    )
    assert _first(log) == ("class.install.prebuilt-library-needs-other-dependency", "install")
