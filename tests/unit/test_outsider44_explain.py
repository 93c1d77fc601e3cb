"""Outsider 25's explain defects (session 43, tests/data/outsider44): each log's thread and
established cause in logs/README.md and truth.md; logs/probe holds the outsider's own variants
of one line (no thread), used here only where they restate a thread's line."""

from __future__ import annotations

from pathlib import Path

from bringup.model.diagnosis import Diagnosis
from bringup.triage import explain_text, tiers

LOGS = Path(__file__).resolve().parents[1] / "data" / "outsider44" / "logs"


def _ranked(name: str) -> list[Diagnosis]:
    return explain_text((LOGS / name).read_text(encoding="utf-8"))


def test_an_nccl_built_for_another_cuda_outranks_the_system_call_reading() -> None:
    # D1: PaddlePaddle/Paddle#37803, "NCCL Error 2: unhandled system error" on multi-GPU with
    # the image's NCCL 2.11.4 built for CUDA 11.5 on a CUDA 10.2 stack; the reporter's fix was
    # installing the NCCL for CUDA 10.2, not shm or IB settings.
    for name in ("L09-paddle-37803.log", "probe/P5-L09-english.log"):
        ranked = _ranked(name)
        first = ranked[0]
        assert (first.signature_id, first.layer) == ("nccl.built-for-other-cuda", "install")
        assert "NCCL 2.11.4 built for CUDA 11.5 beside CUDA 10.2" in first.cause
        assert [d.signature_id for d in ranked[1:2]] == ["nccl.unhandled-system-error"]


def test_an_nccl_version_line_alone_is_no_mismatch() -> None:
    # NCCL's own INFO line names its build and nothing else (NVIDIA/nccl src/init.cc
    # VERSION_STRING); with torch's error after it the cause stays the system call.
    log = [
        "node1:123:123 [0] NCCL INFO NCCL version 2.11.4+cuda11.5",
        "RuntimeError: NCCL Error 2: unhandled system error",
    ]
    assert explain_text(log)[0].signature_id == "nccl.unhandled-system-error"


def test_an_nccl_built_for_the_stacks_own_cuda_is_no_mismatch() -> None:
    # review43: the pattern read L09's line (PaddlePaddle/Paddle#37803) with the same release on
    # both sides as the mismatch, "NCCL 2.8.3 built for CUDA 10.2 beside CUDA 10.2", and it
    # outranked the system call reading. Here the reporter's line after the reinstall they
    # say fixed it: the NCCL for CUDA 10.2 beside CUDA 10.2.
    log = [
        "RuntimeError: NCCL Error 2: unhandled system error",
        "run_check提示我的nccl版本是2.8.3 cuda10.2，可是我安装的是2.8.3 cuda10.2",  # noqa: RUF001
    ]
    assert [d.signature_id for d in explain_text(log)] == ["nccl.unhandled-system-error"]


def test_rccls_spelling_of_an_nccl_error_is_read_as_nccls() -> None:
    # D2: ROCm/rccl#328's "Rccl error, unhandled system error (paddle/fluid/platform/
    # nccl_helper.h:77)", solved by NCCL_SOCKET_IFNAME=eth0 as the NCCL signature's fix says.
    first = _ranked("L07-rccl-328.log")[0]
    assert (first.signature_id, first.layer) == ("nccl.unhandled-system-error", "communication")
    assert "NCCL_SOCKET_IFNAME" in first.fix
    # the outsider's probe: the upper-case spelling with NCCL's own hint
    assert _ranked("probe/P2-rccl-upper.log")[0].signature_id == "nccl.unhandled-system-error"


def test_a_dependency_conflict_said_in_chinese_is_one() -> None:
    # D3: modelscope/ms-swift#7948 ("版本冲突根本安装不了": version conflict, cannot install)
    # and vllm-project/vllm-ascend#3266 ("依赖冲突", "依赖有冲突"): vllm and vllm-ascend pin
    # different torch releases; pip's "A depends on B" is "A依赖B" there.
    first = _ranked("L03-ms-swift-7948.log")[0]
    assert (first.signature_id, first.layer) == ("python.dependency-conflict", "install")
    assert "vllm 0.11.0 needs torch==2.8.0" in first.cause
    first = _ranked("L04-vllm-ascend-3266.log")[0]
    assert (first.signature_id, first.layer) == ("python.dependency-conflict", "install")


def test_a_chinese_depends_on_line_is_a_request_not_an_installed_version() -> None:
    # "vllm 0.11.0依赖torch==2.8.0" is vllm's pin (as pip's "depends on"), not the torch that
    # is installed: no stated pair is read from it (ms-swift#7948, one line).
    ranked = _ranked("probe/P7-L03-zh-oneline.log")
    assert [d.signature_id for d in ranked] == ["python.dependency-conflict"]


def test_pips_contextual_version_conflict_names_both_sides() -> None:
    # D6: vllm-project/vllm-ascend#473, its line as the fix PR #476 quotes it: vllm pulled
    # numpy 2.2.4 while vllm-ascend pinned numpy==1.26.4.
    first = _ranked("L01-vllm-ascend-473.log")[0]
    assert (first.signature_id, first.layer) == ("python.dependency-conflict", "install")
    assert "vllm-ascend needs numpy==1.26.4, but numpy 2.2.4 is installed" in first.cause


def test_a_summarised_undefined_symbol_under_torch_npu_is_the_torch_pair() -> None:
    # D5: flagos-ai/sglang-plugin-FL#14, the reporter's summary: pip pulled torch 2.12 for
    # SGLang 0.5.11, torch_npu 2.8.0.post1 stayed, "→ ImportError: undefined symbol". The
    # evidence is that line, not the launcher's "fails to start".
    first = _ranked("L02-sglang-plugin-fl-14.log")[0]
    assert (first.signature_id, first.layer) == ("python.torch-npu-undefined-symbol", "install")
    assert first.evidence[0].text == "→ ImportError: undefined symbol"


def test_a_bare_undefined_symbol_without_torch_npu_is_not_its_cause() -> None:
    # the same summary with no torch_npu named says nothing of which library is out of step
    ranked = explain_text(["sglang.launch_server fails to start.", "ImportError: undefined symbol"])
    assert "python.torch-npu-undefined-symbol" not in [d.signature_id for d in ranked]


def test_no_kernel_image_names_cmakes_architecture_variable() -> None:
    # D8: ingowald/cudaKDTree#18, `cmake ..; make` then cudaErrorNoKernelImageForDevice on an
    # RTX 4090; the maintainer: set CMAKE_CUDA_ARCHITECTURES and rebuild.
    first = _ranked("L08-cudakdtree-18.log")[0]
    assert first.signature_id == "cuda.runtime.no-kernel-image"
    assert "CMAKE_CUDA_ARCHITECTURES" in first.fix


def test_errno_28_is_the_logs_own_message_not_a_catch_all() -> None:
    # D7: hiyouga/LlamaFactory#6309, CANN's TBE repository manager failing with "[Errno 28] No
    # space left on device" before CannKbInit and TbeInitialize fail: the exact errno text is
    # this cause's own message (confidence high), not a catch-all's.
    first = _ranked("L05-llamafactory-6309.log")[0]
    assert first.signature_id == "host.disk-full"
    assert first.evidence[0].line == 3
    assert first.confidence == "high"
    assert tiers.confidence_grounds(first.confidence, first.score)[0] == "high"


def test_captures_differ_names_only_groups_every_pattern_captures(tmp_path: Path) -> None:
    # review43: a name no pattern captures would never be compared, the check silently off.
    from bringup.triage import BUILTIN_DIR, read_signatures

    text = (BUILTIN_DIR / "nccl.toml").read_text(encoding="utf-8")
    assert 'captures_differ = ["built", "stack"]' in text
    (tmp_path / "nccl.toml").write_text(
        text.replace('captures_differ = ["built", "stack"]', 'captures_differ = ["built", "cuda"]'),
        encoding="utf-8",
    )
    assert [p.field for p in read_signatures([tmp_path]).problems] == ["captures_differ"]
