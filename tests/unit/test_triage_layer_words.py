"""The layer the fallback gives a failure no signature names (issue 15), read from the words
that decide it: what was not initialised (the device's runtime, or a module's own state), a
library or a symbol not found, a compiler pass's error against an IR parser's, a PyTorch build
without CUDA, setuptools' requirement errors, a collective library's code at its own set-up.
Each line is real, its source beside it."""

from __future__ import annotations

import re

import pytest

from bringup.triage import explain_text
from bringup.triage.evidence import by_words
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose, warned
from bringup.triage.fallbackrules import builtin_rules
from bringup.triage.findings import Findings
from bringup.triage.loader import load_signatures
from cpuclock import cpu_seconds


def _first(log: str) -> tuple[str, str]:
    (first, *_) = diagnose(scan_log(log).findings)
    return first.signature_id, first.layer


def _said(text: str) -> str:
    rule = by_words((text,), builtin_rules().evidence)
    assert rule is not None, text
    return rule.layer


def test_a_modules_state_not_initialised_is_not_the_device() -> None:
    # tests/data/triage_twentyfirst/f07-vllm-ascend-ut-ascend-config-not-initialized.log, line 2
    # (vllm-ascend's ascend_config.py raises it when init_ascend_config was not called).
    log = (
        "FAILED tests/ut/test_ascend_forward_context.py::test_set_mc2_tokens_capacity_without_"
        "cudagraph_caps_at_512_and_aligns - RuntimeError: Ascend config is not initialized. "
        "Please call init_ascend_config first.\n"
    )
    assert _first(log) == ("class.code.project-bug", "operator_execution")


@pytest.mark.parametrize(
    "text",
    [
        # tests/fixtures/logs/cuda.runtime.fabric-manager-not-ready/cuda-runtime-api.log
        # (cudaErrorSystemNotReady as torch prints it).
        "RuntimeError: CUDA error: system not yet initialized",
        # torch/cuda/__init__.py (_lazy_init's check of a fork after CUDA was set up).
        "RuntimeError: Cannot re-initialize CUDA in forked subprocess.",
    ],
)
def test_the_devices_runtime_not_initialised_is_device_init(text: str) -> None:
    assert _said(text) == "device_init"


def test_an_operator_not_in_the_library_that_should_hold_it_is_install() -> None:
    # tests/fixtures/logs/ascend.install.aclnn-op-missing/vllm-ascend-5158.log, line 2
    # (vllm-project/vllm-ascend#5158: the CANN release's libopapi.so lacks the operator).
    log = (
        "(Worker_DP0_TP1_EP1 pid=507) ERROR 12-18 08:52:10 [multiproc_executor.py:822] "
        "RuntimeError: aclnnLightningIndexer or aclnnLightningIndexerGetWorkspaceSize not in "
        "libopapi.so, or libopapi.sonot found.\n"
    )
    assert _first(log)[1] == "install"


def test_a_symbol_the_loader_cannot_find_is_install() -> None:
    # dyld's message for a symbol no loaded image exports (apple-oss-distributions/dyld).
    assert _said("dyld: Symbol not found: _PyUnicode_AsUTF8") == "install"


@pytest.mark.parametrize(
    "text",
    [
        # Review 2, finding 6: a module's own state, and a compiler's diagnostic.
        "RuntimeError: The tokenizer backend of this model is not initialized yet",
        "ValueError: torch.compile cache is not initialized; call setup() first",
        "error: 'ret' may be used uninitialized in this function [-Werror=maybe-uninitialized]",
    ],
)
def test_what_is_not_the_devices_not_initialised_is_not_device_init(text: str) -> None:
    rule = by_words((text,), builtin_rules().evidence)
    assert rule is None or rule.layer != "device_init"


def test_the_device_named_before_not_initialised_is_device_init() -> None:
    assert _said("RuntimeError: the NPU backend is not initialized") == "device_init"
    assert _said("ACL runtime has not been initialized") == "device_init"


def test_a_table_of_symbols_not_found_is_no_missing_symbol() -> None:
    # Review 2, finding 14: "symbol" then any word is no symbol's name.
    rule = by_words(("RuntimeError: symbol table not found for module",), builtin_rules().evidence)
    assert rule is None or rule.layer != "install"
    assert _said("undefined: symbol '_ZN3c104cuda9SetDeviceEi' not found") == "install"


def test_the_missing_library_words_are_linear_in_a_long_token() -> None:
    # Review 2, finding 9: a long run of "lib-" once took seconds (backtracking).
    (rule,) = [e for e in builtin_rules().evidence if e.id == "evidence.install.library"]
    started = cpu_seconds()
    re.search(rule.words, "error " + "lib-" * 20000)
    assert cpu_seconds() - started < 1.0


def test_prose_that_a_tool_is_not_in_the_path_is_no_failure() -> None:
    # Review 2, finding 5: CMake's status in a build that went on, and prose about "the path".
    assert (
        explain_text(
            "-- Found Python3: /usr/bin/python3\n"
            "Using the bundled protoc, as protoc is not in your PATH\n"
            "[100%] Built target foo\n"
        )
        == []
    )
    assert (
        explain_text(
            "Downloading model...\n"
            "The checkpoint you asked for is not in the path; fetching it from the hub\n"
        )
        == []
    )


TOOLS_OUT_OF_STEP = "class.install.toolchain-components-out-of-step"


def test_a_compiler_pass_that_fails_on_parsed_ir_is_not_two_tools_out_of_step() -> None:
    # tests/fixtures/logs/ascend.runtime.ub-overflow/ascend-pytorch-102.log (Ascend/pytorch#102):
    # BiShengIR parsed the kernel, which does not fit the on-chip buffer.
    log = (
        "triton.compiler.errors.MLIRCompilationError: \n"
        "///------------------[ERROR][Triton][BEG]------------------\n"
        "[ConvertLinalgRToBinary] encounters error:\n"
        'loc("/tmp/bishengir-compile-176060/module.hivm.mlir":2:3): error: ub overflow, requires'
        " 1966848 bits while 1572864 bits avaliable!\n"
        'loc("/tmp/bishengir-compile-176060/module.hivm.mlir":1:1): error: Failed to run '
        "BiShengHIR HIVM pipeline\n"
    )
    assert TOOLS_OUT_OF_STEP not in [d.signature_id for d in diagnose(scan_log(log).findings)]


def test_an_ir_the_parser_rejects_is_two_tools_out_of_step() -> None:
    # tests/data/triage_twentyfirst/d03-pypto-ptoas-tpop-syntax.log (hw-native-sys/pypto#689):
    # ptoas cannot parse the PTO that pypto generated.
    log = (
        'loc("build_output/.../qwen3_decode_layer_incore_1_aic.pto":31:36): error: '
        "expected '->'\n"
    )
    assert _first(log) == (TOOLS_OUT_OF_STEP, "install")


def test_a_pytorch_build_without_cuda_is_install() -> None:
    # tests/fixtures/logs/cuda.runtime.torch-not-compiled-cuda/detectron2-460.log
    # (facebookresearch/detectron2#460).
    log = (
        'File "/home/xx/anaconda3/envs/tf-gpu/lib/python3.7/site-packages/torch/cuda/__init__.py"'
        ", line 95, in _check_driver\n"
        '    raise AssertionError("Torch not compiled with CUDA enabled")\n'
        "AssertionError: Torch not compiled with CUDA enabled\n"
    )
    assert _first(log) == ("traceback.install.torch-without-cuda", "install")


@pytest.mark.parametrize(
    "log",
    [
        # tests/fixtures/logs/python.dependency-conflict/msit-faq.log (Ascend/msit's install FAQ,
        # question 6).
        "pkg_resources.VersionConflict: (protobuf 4.25.3 (/usr/local/lib/python3.9/site-packages),"
        " Requirement.parse('protobuf==3.20.2'))\n",
        # setuptools pkg_resources/__init__.py (DistributionNotFound.report's message).
        "pkg_resources.DistributionNotFound: The 'tqdm>=4.62' distribution was not found and is "
        "required by the application\n",
    ],
)
def test_setuptools_requirement_errors_are_install(log: str) -> None:
    assert _first(log)[1] == "install"


def test_a_collective_librarys_code_at_its_own_set_up_is_communication() -> None:
    # tests/fixtures/logs/ascend.hccl.transport-init/vllm-ascend-3162.log, line 2
    # (vllm-project/vllm-ascend#3162: HCCL could not create the link to rank 0).
    log = (
        "[rank1]: EI0009: [PID: 2225827] 2025-09-24-20:59:48.119.066 Transport init error. "
        "Reason: [Create][DestLink]Create Dest error! createLink para:rank[1]-localUserrank[1]-"
        "localIpAddr[172.16.0.114], dst_rank[0]-remoteUserrank[0]-remote_ip_addr[172.16.0.114]\n"
    )
    assert _first(log) == ("code.cann.ei0009", "communication")


def test_another_modules_code_at_start_up_is_device_init() -> None:
    # tests/fixtures/logs/ascend.install.cann-python-deps-missing/ascend-pytorch-7.log, lines 7-8
    # (Ascend/pytorch#7): the ACL layer's inner error while its environment starts.
    log = (
        "EH9999: Inner Error!\n"
        "EH9999  [Init][Env]init env failed![FUNC:ReportInnerError][FILE:log_inner.cpp]"
        "[LINE:145]\n"
    )
    assert _first(log)[1] == "device_init"


def test_an_operators_kernel_information_not_initialised_is_the_operator() -> None:
    # tests/data/triage_twentyfourth/a15-vllm-ascend-transposekvcachebyblock-op-def-format-dtype
    # .log (vllm-project/vllm-ascend#7201): the graph engine could not initialise a custom
    # operator's formats and data types; the operator's name holds "KvCache" and the line
    # "failed to initialize", neither said of the KV cache's memory or of the device.
    prefix = "(Worker_TP8_EP8 pid=3852758) ERROR 03-10 23:01:21 [multiproc_executor.py:863] "
    log = (
        f"{prefix}E29999[PID: 3852758] 2026-03-10-22:37:51.001.603 (E29999):  [InitOpInfoLib]"
        "[InitOpKernel] Inconsistent format size [1] and data type size [2]!"
        "[FUNC:InitUnknownFormatAndDtype][FILE:op_kernel_info_constructor.cc][LINE:959]\n"
        f"{prefix}        TraceBack (most recent call last):\n"
        f"{prefix}       [InitOpInfoLib][InitOpKernel] Node[TransposeKvCacheByBlock]: failed to "
        "initialize unknown shape dtype and format. The input or output is input2.blockIDs."
        "[FUNC:InitFormatAndDtypeForSingleInputAndOutput][FILE:op_kernel_info_constructor.cc]"
        "[LINE:555]\n"
    )
    # The op definition's DataType and Format lists of unequal length are its author's: the
    # class of a custom operator breaking its framework's rule names it, above the E29999 code.
    assert _first(log) == (
        "class.operator.custom-operator-breaks-framework-rule",
        "operator_execution",
    )


@pytest.mark.parametrize("line", ["initKVCache failed", "PagedKVCache is full"])
def test_the_kv_cache_inside_a_camel_case_name_is_still_memory(line: str) -> None:
    # CONSTRUCTED (review 26 L4: the camelCase names a runtime gives its KV cache; no public log
    # line found within the search budget): only an operator's name spells it "KvCache"
    assert _said(line) == "memory"


def test_the_kv_cache_by_its_own_name_is_still_memory() -> None:
    # tests/data/triage_twentieth/b11-vllm-max-seq-len-exceeds-kv-cache.log (its thread is that
    # blind corpus's own); the message is vLLM's, vllm-project/vllm vllm/worker/worker.py
    # raise_if_cache_size_invalid: the model's length against the KV cache free memory holds
    assert (
        _said(
            "ValueError: The model's max seq len (32768) is larger than the maximum number of "
            "tokens that can be stored in KV cache (7344). Try increasing "
            "`gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine."
        )
        == "memory"
    )


@pytest.mark.parametrize(
    "log",
    [
        # tests/data/triage_eleventh/a09-torchvision-nms-vs-torch-npu-pin.log
        # (vllm-project/vllm-ascend#479: a torchvision built for another torch).
        "RuntimeError: operator torchvision::nms does not exist\n",
        # tests/data/triage_fourteenth/c07-te-jax-ffi-unregistered.log (NVIDIA/TransformerEngine
        # README, "FFI Issues": its handlers built for another JAX).
        "No registered implementation for custom call to <some_te_ffi> for platform CUDA\n",
    ],
)
def test_a_packages_operator_not_registered_is_install(log: str) -> None:
    assert _first(log)[1] == "install"


def test_a_process_the_shell_reports_killed_is_memory() -> None:
    # tests/data/triage_fifteenth/b01-msmodelslim-killed-tbe-subprocess.log (msModelSlim's FAQ:
    # the OOM killer ended the quantisation, then its compiler's subprocess reported it).
    log = (
        "Killed\n...\n"
        "[Error] TBE Subprocess[task_distribute] raise error[], main process disappeared!\n"
    )
    assert _first(log)[1] == "memory"


def test_a_device_index_beyond_the_visible_ones_is_device_init() -> None:
    # tests/data/triage_nineteenth/c05-hrnet-invalid-device-ordinal-nproc.log
    # (HRNet/HRNet-Semantic-Segmentation#171: more processes than visible GPUs).
    log = (
        "RuntimeError: cuda runtime error (10) : invalid device ordinal at "
        "/pytorch/torch/csrc/cuda/Module.cpp:33\n"
    )
    assert _first(log)[1] == "device_init"


def test_a_log_of_warnings_only_is_read_from_its_warnings() -> None:
    # tests/fixtures/logs/ascend.runtime.op-cpu-fallback/mineru-1695.log, line 2
    # (opendatalab/MinerU#1695: torch_npu runs the operator on the CPU).
    log = (
        "[W compiler_depend.ts:51] Warning: CAUTION: The operator 'torchvision::nms' is not "
        "currently supported on the NPU backend and will fall back to run on the CPU. This may "
        "have performance implications. (function npu_cpu_fallback)\n"
    )
    (first, *_) = warned(*_read(log))
    assert (first.layer, first.confidence) == ("operator_execution", "low")


def test_the_warnings_of_a_step_that_succeeded_are_advice() -> None:
    # tests/data/triage_sixteenth/c01-mindcluster-ascendfd-not-on-path.log (Ascend/mind-cluster's
    # FaultDiag FAQ, Q6): pip installed the package and warns about PATH; the install succeeded.
    log = (
        "WARNING: The script ascend-fd is installed in '/usr/local/python3.8/bin' which is not "
        "on PATH.\n"
        "  Consider adding this directory to PATH or, if you prefer to suppress this warning, use"
        " --no-warn-script-location.\n"
        "Successfully installed ascend-faultdiag-26.1.0\n"
    )
    findings = scan_log(log).findings
    assert findings.quieted
    assert warned(findings, 3) == []


def _read(log: str) -> tuple[Findings, int]:
    result = scan_log(log)
    return result.findings, result.lines


def test_a_warning_is_read_after_any_number_of_info_lines() -> None:
    # Review 2, finding 7: the quiet INFO lines with a failure's words before the warning do not
    # use up the warnings kept.
    info = "".join(f"[INFO] plugin {i}: optional feature not found, skipped\n" for i in range(6))
    log = info + (
        "WARNING: The script ascend-fd is installed in '/usr/local/python3.8/bin' which is not "
        "on PATH.\n"
    )
    (first, *_) = warned(*_read(log))
    assert first.layer == "install"


def test_a_warning_that_a_variable_is_not_set_is_install() -> None:
    # tests/fixtures/logs/ascend.install.set-env-not-sourced/torch-npu-registry.log (torch_npu's
    # registry_manager.py, printed when CANN's set_env.sh was not sourced).
    (first, *_) = explain_text("Warning: ASCEND_HOME_PATH environment variable is not set.\n")
    assert first.layer == "install"


def test_a_warning_that_the_installed_version_is_too_low_is_install() -> None:
    # Ascend/msit@42a9c807 ait/components/benchmark/FAQ.md#L18: ais_bench warns that its
    # aclruntime backend is older than it needs, and stops there (the FAQ's fix: reinstall it).
    log = (
        "root#  python3 -m ais_bench --model /home/lhb/code/testdata/resnet50/model/"
        "pth_resnet50_bs1.om --loop 2\n"
        "[WARNING] aclruntime version:0.0.1 is lower please update aclruntime follow any one "
        "method\n"
    )
    (first, *_) = explain_text(log)
    assert (first.layer, first.evidence[0].line) == ("install", 2)


def test_a_version_named_without_being_too_old_is_no_failure() -> None:
    # The same line with nothing said of the version (a banner's form): no failure.
    assert explain_text("aclruntime version:0.0.1\n") == []
    # review37 MEDIUM 8: "older" near "version" in a data loader's line says nothing is wrong
    assert explain_text("Reading dataset version 1.2 (older schema, fields mapped)\n") == []
    assert explain_text("Done. Please update your bookmarks to the new docs site.\n") == []


def test_info_lines_are_not_warnings() -> None:
    # tests/fixtures/logs/_unmatched/nccl-init-info.log, line 4 (vllm-project/vllm#10626, a
    # normal communicator set-up): an INFO line is no warning, whatever its words ("cannot open
    # shared object file" would place it).
    log = (
        "ae05277d311f:55933:55933 [1] NCCL INFO NET/Plugin: Plugin load returned 2 : "
        "libnccl-net.so: cannot open shared object file: No such file or directory : when "
        "loading libnccl-net.so\n"
    )
    findings = scan_log(log).findings
    assert findings.quieted == []
    assert warned(findings, 1) == []


def test_a_warning_does_not_take_the_place_of_a_failure() -> None:
    # The same warning, then the failure its reporter hit afterwards (the shell's form).
    log = (
        "WARNING: The script ascend-fd is installed in '/usr/local/python3.8/bin' which is not "
        "on PATH.\n"
        "bash: ascend-fd: command not found\n"
    )
    assert explain_text(log)[0].evidence[0].line == 2


def _told_codes(log: str) -> list[tuple[str, str]]:
    found = diagnose(scan_log(log).findings, signatures=load_signatures())
    return [(d.signature_id, d.layer) for d in found if "code" in d.captures]


def test_an_invalid_argument_code_is_the_invalid_device_only_for_set_device() -> None:
    # tests/fixtures/logs/ascend.runtime.kernel-grid-over-limit/vllm-ascend-3548.log (vllm-
    # project/vllm-ascend#3548), the code's line and its TraceBack: a kernel launched with
    # more blocks than the runtime accepts, not a device id out of range.
    launch = (
        "EE1001: [PID: 598143] 2025-10-21-01:17:01.546.291 The argument is invalid.Reason: "
        "coreDim=66976 can't be greater than UINT16_MAX.\n"
        "        Solution: 1.Check the input parameter range of the function. 2.Check the "
        "function invocation relationship.\n"
        "        TraceBack (most recent call last):\n"
        "        The argument is invalid.Reason: rtKernelLaunch execute failed, "
        "reason=[invalid value]\n"
    )
    assert ("code.cann.ee1001", "operator_execution") in _told_codes(launch)
    # https://github.com/mindspore-ai/docs/blob/master/tutorials/source_en/debug/error_analysis/
    # cann_error_cases.md (the source of ascend.runtime.invalid-device's pattern): set device
    # refused the id, told by that signature's own words
    set_device = (
        "EE1001: Set device failed, invalid device, set device=8, valid device range is [0, 8)\n"
    )
    assert explain_text(set_device)[0].signature_id == "ascend.runtime.invalid-device"


def test_an_invalid_argument_at_the_devices_start_is_no_invalid_device_id() -> None:
    # https://github.com/hw-native-sys/PTOAS/pull/948 (the board's run log): the device failed
    # to open (halDeviceOpen, drvRetCode=7) and EE1001 followed; device id 1 was valid
    log = (
        "[ERROR] aclrtSetDevice(deviceId) failed: 507033 (/tmp/ptoas-board-monitor-a5/runs/"
        "20260720_224207_manual_pr948/npu_validation/Partmax/partmax/main.cpp:102)\n"
        "[ERROR] RecentErrMsg: [PID: 290763] 2026-07-21-08:28:27.710.475 Invalid_Argument(EE1001):"
        " The argument is invalid.Reason: rtGetDevMsg execution failed, the context is a null "
        "pointer.\n"
        "        Solution: 1.Check the input parameter range of the function. 2.Check the "
        "function invocation relationship.\n"
        "        TraceBack (most recent call last):\n"
        "        [drv api] halDeviceOpen failed. device_id=1, drvRetCode=7.[FUNC:DeviceOpen]"
        "[FILE:npu_driver.cc][LINE:438]\n"
    )
    told = explain_text(log)
    assert told[0].signature_id == "ascend.runtime.device-open-failed"
    assert "ascend.runtime.invalid-device" not in [d.signature_id for d in told]
    assert ("code.cann.ee1001", "device_init") in _told_codes(log)
