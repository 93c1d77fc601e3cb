"""Messages that name one library, chip or release while the cause lies with another: the
signature of the real cause comes first, the other stays in the list, and a snapshot of the
chip confirms or contradicts a chip-level cause. Every line is quoted from the public thread
named beside it."""

from __future__ import annotations

from bringup.model import Accelerator, Snapshot
from bringup.model.source import file_source
from bringup.triage import explain_text

# OpenTalker/SadTalker#323: cuDNN names the sub-library it was opening, the loader names the
# driver's libcuda as the one missing.
CUDNN_WITHOUT_DRIVER = [
    "landmark Det::   0%|                                      | 0/1 [00:00<?, ?it/s]Could not "
    "load library libcudnn_cnn_infer.so.8. Error: libcuda.so: cannot open shared object file: No "
    "such file or directory",
    "Please make sure libcudnn_cnn_infer.so.8 is in your library path!",
]

# mindspore-lab/mindyolo#273: MindSpore's Ascend plugin failing on a toolkit library that every
# CANN release ships.
MINDSPORE_PLUGIN = [
    "Load dynamic library: libmindspore_ascend.so.2 failed. libge_runner.so: cannot open shared "
    "object file: No such file or directory",
]

# limbo018/DREAMPlace#85: a torch symbol of the old C++ ABI (Ss); the maintainer points at the
# torch version.
OLD_ABI_TORCH_SYMBOL = [
    "> ImportError: /mnt/c/Users/Owner/EDA-AI/DREAMPlace/dreamplace/ops/move_boundary/"
    "move_boundary_cpp.cpython-38-x86_64-linux-gnu.so: undefined symbol: "
    "_ZN3c106detail14torchCheckFailEPKcS2_jRKSs",
]

# hiyouga/LlamaFactory#7522 (a 310P user's comment).
BF16 = [
    "RuntimeError: call aclnnCast failed, detail:EZ1001: [PID: 775588] 2025-07-01-15:17:20.355.304 "
    "self not implemented for DT_BFLOAT16, should be in dtype support list [DT_FLOAT16,DT_FLOAT,"
    "DT_DOUBLE,DT_INT8,DT_UINT8,DT_INT16,DT_INT32,DT_INT64,DT_UINT16,DT_UINT32,DT_U",
]


def _host(*families: str) -> Snapshot:
    devices = tuple(
        Accelerator(
            vendor="ascend",
            index=n,
            name=family,
            family=family,
            source=file_source("npu-smi.txt"),
        )
        for n, family in enumerate(families)
    )
    return Snapshot(taken_at="2026-01-01T00:00:00Z", origin="replay", accelerators=devices)


def test_the_library_the_loader_names_decides_over_cudnns_own_line() -> None:
    ids = [d.signature_id for d in explain_text(CUDNN_WITHOUT_DRIVER)]
    assert ids[0] == "cuda.runtime.libcuda-missing"
    assert "cuda.runtime.cuda-lib-missing" in ids


def test_cudnns_lines_alone_name_the_cudnn_library() -> None:
    diagnoses = explain_text(CUDNN_WITHOUT_DRIVER[1:])
    assert [d.signature_id for d in diagnoses] == ["cuda.runtime.cuda-lib-missing"]
    assert "libcudnn_cnn_infer" in diagnoses[0].cause


def test_a_toolkit_library_behind_mindspores_plugin_is_an_unsourced_cann_first() -> None:
    ids = [d.signature_id for d in explain_text(MINDSPORE_PLUGIN)]
    assert ids[:2] == ["ascend.install.cann-lib-missing", "ascend.install.mindspore-cann-mismatch"]


def test_an_old_abi_torch_symbol_is_a_torch_version_first_and_an_abi_mismatch_second() -> None:
    ids = [d.signature_id for d in explain_text(OLD_ABI_TORCH_SYMBOL)]
    assert ids == ["python.ext-undefined-symbol-torch", "python.ext-undefined-symbol-cxx11abi"]


def test_the_chip_decides_whether_bfloat16_is_missing_altogether() -> None:
    on_310p = explain_text(BF16, snapshot=_host("310P"))[0]
    ranked_910b = explain_text(BF16, snapshot=_host("910B", "910B"))
    on_910b = next(d for d in ranked_910b if d.signature_id == "ascend.runtime.bf16-unsupported")
    unknown = explain_text(BF16)[0]
    # A chip with bfloat16 leaves the operator's own dtype constraint as the first cause.
    assert ranked_910b[0].signature_id == "class.operator.npu-kernel-refuses-inputs"
    assert on_310p.signature_id == on_910b.signature_id == "ascend.runtime.bf16-unsupported"
    assert (on_310p.confirmation, on_910b.confirmation, unknown.confirmation) == (
        "confirmed",
        "contradicted",
        "unknown",
    )
    assert [f.value for f in on_310p.confirmed_by] == ["310P"]
