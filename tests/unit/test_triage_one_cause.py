"""One cause, one entry: an id retired because another entry says the same cause with the same
fix resolves to that entry, and of two entries that differ the more specific names the line.
Real lines from the tuning logs, each cited."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.errors import InputError
from bringup.triage import explain_text, load_signatures
from bringup.triage.faq import faq_signatures
from bringup.triage.faultdiag import faultdiag_signatures
from bringup.triage.listing import entries
from bringup.triage.retired import current_id, read_retired, retired

# coreweave/ml-containers#64 (tuning t19odd, c03-mlcontainers-triton-key-importerror.log:4)
CANNOT_IMPORT = (
    "[rank7]: ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler' "
    "(/usr/local/lib/python3.10/dist-packages/triton/compiler/compiler.py)"
)
# gpustack/gpustack#1393 (tuning t19odd, b07-gpustack-llama-box-libdummy-tls.log:2)
DUMMY_TLS = (
    "/root/.local/share/pipx/venvs/gpustack/lib/python3.11/site-packages/gpustack/third_party/"
    "bin/llama-box/llama-box: error while loading shared libraries: libdummy_tls.so: cannot open "
    "shared object file: No such file or directory"
)


def _live_ids() -> set[str]:
    catalogue = load_signatures()
    live = {entry.id for entry in entries(catalogue, codes=True)}
    live |= {signature.id for signature in faultdiag_signatures()}
    return live | {signature.id for signature in faq_signatures()}


def test_every_retired_id_names_a_live_entry_and_is_itself_gone() -> None:
    table = retired()
    assert table, "no retired ids: the check would be vacuous"
    live = _live_ids()
    assert set(table.values()) <= live
    assert not set(table) & live


def test_a_retired_id_resolves_to_the_entry_that_carries_its_cause() -> None:
    assert current_id("traceback.install.cannot-import-name") == "python.module-attribute-missing"
    assert current_id("python.module-attribute-missing") == "python.module-attribute-missing"


@pytest.mark.parametrize(
    "table",
    ['[retired]\n"a.x" = "b.y"\n"b.y" = "c.z"\n', '[retired]\n"a.x" = "a.x"\n', "[other]\n"],
)
def test_a_chain_or_a_loop_or_another_table_is_refused(tmp_path: Path, table: str) -> None:
    path = tmp_path / "retired.toml"
    path.write_text(table, encoding="utf-8")
    with pytest.raises(InputError):
        read_retired(path)


def test_cannot_import_name_is_told_once_as_the_missing_name() -> None:
    diagnoses = explain_text(CANNOT_IMPORT.encode())
    assert diagnoses[0].signature_id == "python.module-attribute-missing"
    assert not {d.signature_id for d in diagnoses} & set(retired())


def test_a_library_opbase_installs_is_a_cann_library() -> None:
    ids = [d.signature_id for d in explain_text(DUMMY_TLS.encode())]
    assert ids[:2] == ["ascend.install.cann-lib-missing", "toolchain.shared-lib-not-found"]


def test_pips_first_line_of_no_matching_release_is_that_cause() -> None:
    # PaddlePaddle/Paddle#65854 (tuning t17odd, b05-paddle-custom-npu-no-wheel-py39.log:4):
    # pip's logged half of the event whose raised half is "No matching distribution found".
    line = (
        b"ERROR: Could not find a version that satisfies the requirement paddle-custom-npu "
        b"(from versions: none)"
    )
    diagnoses = explain_text(line)
    assert diagnoses[0].signature_id == "python.no-matching-distribution"
    assert "paddle-custom-npu" in diagnoses[0].cause


# The operators' constraints FaultDiag states (AISW_CANN_TBE_ALL_002 shape, _003 dtype) are the
# class of an operator refusing its inputs: a label naming either fault names the class, and a
# line either fault read is told as the class, once. Real lines: mindspore-ai/docs@9e844dc6
# tutorials/source_en/debug/error_analysis/mindrt_debug.md:86 (E80012, ReduceSum given 10
# dimensions); the Ascend PyTorch migration guide msug_000055 (torch_npu refusing float64).
REFUSES_NPU = "class.operator.npu-kernel-refuses-inputs"
OPERATOR_CONSTRAINTS = [
    "RuntimeError: ({'errCode': 'E80012', 'op_name': 'reduce_sum_d', 'param_name': 'x', "
    "'min_value': 0, 'max_value': 8, 'real_value': 10}, 'In op, the num of dimensions of "
    "input/output[x] should be in the range of [0, 8], but actually is [10].')\n",
    "RuntimeError: Unsupport data type: at::ScalarType::Double.\n",
]


def test_the_operators_constraints_faultdiag_states_are_the_refusal_class() -> None:
    for fault in ("faultdiag.aisw_cann_tbe_all_002", "faultdiag.aisw_cann_tbe_all_003"):
        assert current_id(fault) == REFUSES_NPU
    for log in OPERATOR_CONSTRAINTS:
        ids = [d.signature_id for d in explain_text(log)]
        assert ids[0] == REFUSES_NPU
        assert ids.count(REFUSES_NPU) == 1
        assert not set(ids) & set(retired())
