"""FaultDiag faults take their layer and kind from their own cause and description (the rule in
kb/data/faults/faultdiag.toml's header), and no keyword group is a bare exception type or a
fragment of any module's name: a log of another program that raises one is not that fault."""

from __future__ import annotations

import errno
import os
import re

from bringup.triage import explain_text
from bringup.triage.faultdiag import fault_id, keyword_pattern, read_faults

FAULTS = {fault.id: fault for fault in read_faults()[1]}

# Words by which a fault's own English text names the installed software.
INSTALLED = re.compile(
    r"(?i)install|\bversions?\b|package|librar(?:y|ies)|\.so\b|\bwhl\b|set_env|"
    r"environment variable|permission"
)


def test_install_faults_name_the_installed_software() -> None:
    """A fault is install only when its own text names a package, a library, a version pairing,
    an install path or CANN's environment (Backend_Runtime_01, a multi-graph orchestration
    error, and SD_01, a request parameter out of range, were install/version)."""
    for fault in FAULTS.values():
        if fault.layer == "install":
            text = " ".join((fault.cause_en, fault.description_en, *fault.suggestion_en))
            assert INSTALLED.search(text), fault.id


# Each fault with the layer and kind its own description gives, found by its own keywords
# (kg-config.json at the commit faultdiag.toml names); they were install, or communication
# with no link between ranks in their text, or operator_execution for a link that failed.
LAYERS = {
    "AISW_MindSpore_Backend_Runtime_01": ("operator_execution", "code"),
    "AISW_MindSpore_msrun_02": ("communication", "code"),
    "AISW_MindSpore_Compiler_09": ("operator_execution", "code"),
    "AISW_MindSpore_Compiler_16": ("operator_execution", "code"),
    "AISW_CANN_DRV_SVM_011": ("device_init", "environment"),
    "AISW_CANN_HCCL_020": ("communication", "environment"),
    "AISW_CANN_Runtime_028": ("operator_execution", "code"),
    "AISW_MindIE_LLM_ATBModels_05": ("operator_execution", "environment"),
    "AISW_MindIE_LLM_ATBModels_12": ("operator_execution", "environment"),
    "AISW_MindIE_SD_01": ("operator_execution", "code"),
    "AISW_MindIE_SD_06": ("operator_execution", "environment"),
    "AISW_VLLM_ASCEND_QUANTIZATION_003": ("operator_execution", "code"),
    "AISW_VLLM_ASCEND_QUANTIZATION_COMPRESSED_TENSORS_001": ("operator_execution", "code"),
    "AISW_VLLM_ASCEND_QUANTIZATION_ASCEND_001": ("operator_execution", "code"),
    "AISW_VLLM_ASCEND_SPECDECODE_001": ("operator_execution", "code"),
    "EPLB-FM004": ("communication", "environment"),
    "EPLB-FM006": ("operator_execution", "code"),
    "AISW_CANN_AICPU_03": ("install", "environment"),
    "AISW_PyTorch_Env_02": ("install", "environment"),
    "AISW_MindSpore_Compiler_10": ("operator_execution", "environment"),
    "AISW_MindSpore_Compiler_11": ("operator_execution", "environment"),
    "AISW_MindSpore_DP_17": ("operator_execution", "code"),
    "AISW_MindSpore_MindData_10": ("operator_execution", "code"),
    "AISW_MindSpore_MindData_20": ("operator_execution", "environment"),
    "AISW_MindSpore_MindData_26": ("operator_execution", "environment"),
    "AISW_CANN_Runtime_014": ("operator_execution", "environment"),
    "AISW_CANN_Runtime_015": ("device_init", "environment"),
    "AISW_CANN_Runtime_019": ("device_init", "environment"),
    "AISW_CANN_Runtime_039": ("operator_execution", "environment"),
    "AISW_CANN_AICPU_12": ("operator_execution", "environment"),
    "AISW_CANN_STARS_001": ("operator_execution", "environment"),
    "AISW_MindIE_Benchmark_02": ("operator_execution", "environment"),
    "AISW_MindIE_MS_Deployer_10": ("operator_execution", "environment"),
    "AISW_MindIE_LLM_TextGenerator_06": ("operator_execution", "code"),
    "AISW_MindIE_LLM_TextGenerator_08": ("operator_execution", "environment"),
    "AISW_MindIE_LLM_TEXTGENERATOR_19": ("communication", "environment"),
    "AISW_MindIE_LLM_TEXTGENERATOR_23": ("communication", "environment"),
    "AISW_MindIE_Benchmark_01": ("communication", "environment"),
    "AISW_MindIE_Server_ModelBackend_08": ("communication", "environment"),
}


def test_faults_are_told_in_the_layer_of_their_own_description() -> None:
    """A line of a fault's own keywords is told as that fault, in its layer; a fault of kind
    code keeps it whatever the line's words ("ModelSlim Quantization Config Not Found" is
    quantised weights missing, not an install)."""
    for name, (layer, kind) in LAYERS.items():
        fault = FAULTS[name]
        top = explain_text("[ERROR] " + " ".join(fault.match[0]) + "\n")[0]
        assert (top.signature_id, top.layer, top.kind) == (fault_id(fault), layer, kind), name


def _builtin_lines(group: list[str]) -> list[str]:
    """What CPython and the C library print for any program: every errno's text, a division by
    zero, and a missing attribute of None (named by one word of a group of several)."""
    lines = [f"OSError: [Errno {n}] {os.strerror(n)}" for n in errno.errorcode]
    for divide in (lambda: 1 / 0, lambda: 1.0 / 0, lambda: 1 % 0):
        try:
            divide()
        except ZeroDivisionError as error:
            lines.append(f"ZeroDivisionError: {error}")
    for word in filter(str.isidentifier, group if len(group) > 1 else ()):
        try:
            getattr(None, word)
        except AttributeError as error:
            lines.append(f"AttributeError: {error}")
    return lines


def test_no_keyword_group_is_a_bare_exception_type_or_its_builtin_message() -> None:
    """EPLB-FM004 was found by 'AuthenticationError' alone: any program's failed
    multiprocessing handshake was told install, an EPLB key mismatch; MindData_12 by
    'ZeroDivisionError', 'division by zero': any program's 1/0."""
    exception = re.compile(r"[\w.]*(?:Error|Exception)")
    for fault in FAULTS.values():
        for group in fault.match:
            words = [keyword for keyword in group if not exception.fullmatch(keyword)]
            assert words, fault.id
            pattern = re.compile(keyword_pattern(words))
            assert not any(map(pattern.search, _builtin_lines(words))), (fault.id, group)


# The line MindIE-SD's EPLB worker logs when the scheduler rejects its key:
# Ascend/MindIE-SD@ddd5cc80e285b2d96aa60bc5ca960b13b8c0f5f2:mindiesd/eplb/task_manager.py:90
EPLB_KEY_REJECTED = (
    "[MindIE-SD/eplb] EPLB worker authentication failed. issue=scheduler rejected worker "
    "credentials, rank_in_group=0, manager_addr=127.0.0.1:50001, actual_error=digest sent was "
    "rejected.\n"
)
# https://github.com/pleiszenburg/zugbruecke/issues/73 (an RPC server of another program)
OTHER_HANDSHAKE = (
    '  File "/usr/lib64/python3.6/multiprocessing/connection.py", line 731, in deliver_challenge\n'
    "    raise AuthenticationError('digest received was wrong')\n"
    "multiprocessing.context.AuthenticationError: digest received was wrong\n"
)
# https://github.com/frictionlessdata/frictionless-py/issues/297 ('yr' inside another name)
OTHER_MODULE = "ModuleNotFoundError: No module named 'pyrsistent'\n"
# Constructed (review 2): a module whose name starts with 'yr'; CPython's text for any 1/0.
OTHER_YR_MODULE = "ModuleNotFoundError: No module named 'yrs_tool'\n"
OTHER_DIVISION = "    return 1 / 0\nZeroDivisionError: division by zero\n"
# Constructed: CPython's text when yr is installed without its datasystem part.
RFORK_SUBMODULE = "ModuleNotFoundError: No module named 'yr.datasystem'\n"
# MindData's text for an exception in a user function of the pipeline, which its tests expect
# over "ZeroDivisionError: division by zero" (MindSpore tests/ut/python/dataset, formatted
# exceptions; kMDPyFuncException in its status text).
MINDDATA_PYFUNC = "RuntimeError: Exception thrown from user defined Python function in dataset.\n"


def test_eplb_key_mismatch_is_its_own_line_and_communication() -> None:
    top = explain_text(EPLB_KEY_REJECTED)[0]
    assert (top.signature_id, top.layer) == ("faultdiag.eplb-fm004", "communication")


def test_another_programs_exception_is_not_a_faultdiag_fault() -> None:
    for log in (OTHER_HANDSHAKE, OTHER_MODULE, OTHER_YR_MODULE, OTHER_DIVISION):
        told = [d.signature_id for d in explain_text(log)]
        assert not any(name.startswith("faultdiag.") for name in told), (log, told)


def test_faultdiag_faults_keep_their_own_lines() -> None:
    told = {log: explain_text(log)[0].signature_id for log in (RFORK_SUBMODULE, MINDDATA_PYFUNC)}
    assert told == {
        RFORK_SUBMODULE: "faultdiag.aisw_vllm_weight_loader_rfork_001",
        MINDDATA_PYFUNC: "faultdiag.aisw_mindspore_minddata_12",
    }
