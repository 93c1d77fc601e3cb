"""Ranking: what the snapshot confirms first, then specific over generic, then the experts'
order; fixes rendered with captured values and snapshot facts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bringup.backends.ascend import keys as ascend_keys
from bringup.model import Accelerator, Fact, Package, PythonInstall, Snapshot, keys
from bringup.model.source import command_source, file_source
from bringup.triage import explain_text, load_signatures

GLIBCXX = (
    "ImportError: /usr/lib64/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by x.so)"
)
ASCEND_AICORE_LOG = """\
RuntimeError: NPU function error: call aclnnInplaceCopy failed, error code is 507015
EZ9999: Inner Error!
        Aicore kernel execute failed, device_id=0, stream_id=14, task_id=13
"""


def snapshot(*facts: Fact, **extra: Any) -> Snapshot:
    return Snapshot(taken_at="2026-01-01T00:00:00Z", origin="replay", facts=facts, **extra)


def fact(key: str, value: Any, status: str = "ok") -> Fact:
    return Fact(key=key, value=value, source=command_source(["probe"]), status=status)  # type: ignore[arg-type]


def test_fix_names_the_needed_and_the_installed_version() -> None:
    host = snapshot(fact(keys.GLIBCXX_MAX, "3.4.28"))
    (diagnosis,) = explain_text([GLIBCXX], snapshot=host)
    assert diagnosis.confirmation == "confirmed"
    assert "GLIBCXX_3.4.30 (GCC 12.1.0's libstdc++ or newer)" in diagnosis.cause
    assert "This host's libstdc++ stops at 3.4.28." in diagnosis.cause
    assert [f.key for f in diagnosis.confirmed_by] == [keys.GLIBCXX_MAX]


def test_without_a_snapshot_host_facts_are_left_out() -> None:
    (diagnosis,) = explain_text([GLIBCXX])
    assert diagnosis.confirmation == "unknown"
    assert "stops at" not in diagnosis.cause
    assert diagnosis.captures == {"version": "3.4.30"}


def test_snapshot_that_contradicts_the_cause_says_so() -> None:
    """The contradicted cause is told as such, last; the failure it no longer explains keeps
    the fallback's reading of its line (a library that cannot be loaded)."""
    host = snapshot(fact(keys.GLIBCXX_MAX, "3.4.32"))
    *others, diagnosis = explain_text([GLIBCXX], snapshot=host)
    assert diagnosis.signature_id == "toolchain.glibcxx-not-found"
    assert diagnosis.confirmation == "contradicted"
    assert [d.layer for d in others] == ["install"]


def test_confirmed_cause_ranks_above_a_more_specific_unconfirmed_one() -> None:
    log = [
        "RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch "
        "installation.",
        "RuntimeError: FlashAttention only supports Ampere GPUs or newer.",
    ]
    plain = [d.signature_id for d in explain_text(log)]
    assert plain[0] == "cuda.runtime.capability-unsupported"
    old_gpu = Accelerator(
        vendor="nvidia", index=0, name="Tesla T4", compute_capability="7.5", source=file_source("x")
    )
    host = snapshot(accelerators=(old_gpu,))
    confirmed = explain_text(log, snapshot=host)
    assert confirmed[0].signature_id == "cuda.runtime.flash-attn-ampere"
    assert confirmed[0].confirmation == "confirmed"


def test_generic_catch_alls_rank_below_specific_signatures() -> None:
    ranked = [d.signature_id for d in explain_text(ASCEND_AICORE_LOG)]
    assert ranked[0] == "ascend.runtime.aicore-exception"
    assert set(ranked[1:]) == {
        "ascend.runtime.npu-function-error",
        "ascend.runtime.cann-inner-error",
    }


def test_generic_fix_looks_up_the_acl_code() -> None:
    diagnoses = explain_text(ASCEND_AICORE_LOG)
    generic = next(d for d in diagnoses if d.signature_id == "ascend.runtime.npu-function-error")
    assert "ACL error 507015 (The aicore execution is abnormal.)" in generic.cause


def test_outranks_puts_the_warning_before_the_error_it_causes() -> None:
    log = [
        "RuntimeError: CUDA error: no kernel image is available for execution on the device",
        "A100 with CUDA capability sm_80 is not compatible with the current PyTorch installation.",
    ]
    assert [d.signature_id for d in explain_text(log)] == [
        "cuda.runtime.capability-unsupported",
        "cuda.runtime.no-kernel-image",
    ]


def _tie(kind: str, pattern: str) -> str:
    """A signature record that differs from the others of the test only in kind and pattern."""
    fields = {"id": f"test.tie.{kind}", "title": kind, "layer": "install", "kind": kind}
    fields.update(cause="c", fix="f", source=f"https://example.org/{kind}")
    body = "".join(f'{key} = "{value}"\n' for key, value in fields.items())
    return f"[[signature]]\n{body}patterns = ['''{pattern}''']\n"


def test_experts_order_breaks_ties_versions_before_environment_before_code(
    tmp_path: Path,
) -> None:
    records = [("code", "aaaa failed"), ("environment", "bbbb failed"), ("version", "cccc failed")]
    (tmp_path / "tie.toml").write_text("".join(_tie(k, p) for k, p in records), encoding="utf-8")
    catalogue = load_signatures([tmp_path])
    diagnoses = explain_text(["aaaa failed; bbbb failed; cccc failed"], signatures=catalogue)
    assert len({d.score for d in diagnoses}) == 1
    assert [d.kind for d in diagnoses] == ["version", "environment", "code"]


def test_the_first_failure_in_time_ranks_above_an_equally_specific_later_one(
    tmp_path: Path,
) -> None:
    records = [("code", "aaaa failed"), ("version", "cccc failed")]
    (tmp_path / "tie.toml").write_text("".join(_tie(k, p) for k, p in records), encoding="utf-8")
    catalogue = load_signatures([tmp_path])
    diagnoses = explain_text(["aaaa failed", "then cccc failed"], signatures=catalogue)
    assert [d.kind for d in diagnoses] == ["code", "version"]


def test_top_limits_the_list() -> None:
    assert len(explain_text(ASCEND_AICORE_LOG, top=1)) == 1


def test_torch_npu_pair_is_checked_against_installed_packages() -> None:
    python = PythonInstall(
        path="/usr/bin/python3",
        version="3.10.12",
        origin="system",
        source=command_source(["python3", "-c", "..."]),
        packages=(
            Package(name="torch", version="2.12.0"),
            Package(name="torch_npu", version="2.8.0.post2"),
        ),
    )
    host = snapshot(fact(keys.PYTHON_DEFAULT_PATH, "/usr/bin/python3"), pythons=(python,))
    log = ["ImportError: /x/libtorch_npu.so: undefined symbol: _ZNK3c1010TensorImpl20is_contiguous"]
    diagnosis = explain_text(log, snapshot=host)[0]
    assert diagnosis.signature_id == "python.torch-npu-undefined-symbol"
    assert diagnosis.confirmation == "confirmed"
    assert {f.value for f in diagnosis.confirmed_by} == {"2.12.0", "2.8.0.post2"}


def test_capture_missing_from_this_log_leaves_the_condition_unknown() -> None:
    host = snapshot(fact(ascend_keys.ASCEND_DEVICE_COUNT, 8))
    (diagnosis,) = explain_text(["Device 8 call rtSetDevice failed, ret[107001]."], snapshot=host)
    assert diagnosis.signature_id == "ascend.runtime.invalid-device"
    assert diagnosis.confirmation == "unknown"
    log = ["EE1001: Set device failed, invalid device, set device=8, valid device range is [0, 8)"]
    (diagnosis,) = explain_text(log, snapshot=host)
    assert diagnosis.confirmation == "confirmed"
    assert "(device 8, valid range [0, 8))" in diagnosis.cause


def test_one_diagnosis_per_code_its_catch_all_and_wrapper_echoes_are_left_out() -> None:
    # vllm-project/vllm-ascend (tests/data/triage_sixth case 10, cited in its cases.toml): ACL
    # 507011, echoed by op-plugin's catch-all line "NPU function error ... error code is
    # 507011" and by torch_npu's wrapper "ERR00100 PTA call acl api failed".
    log = Path(__file__).resolve().parent.parent / "data" / "triage_sixth"
    text = (log / "10-vllm-ascend-npugraph-scatternd-507011-aivector.log").read_bytes()
    ids = [d.signature_id for d in explain_text(text)]
    assert ids[0] == "code.acl.507011"
    assert "ascend.runtime.npu-function-error" not in ids
    assert "code.cann.err00100" not in ids
    # Without the exact code, the catch-all still explains the line.
    alone = "NPU function error: call failed, error code is 507011\n"
    assert explain_text(alone)[0].signature_id == "ascend.runtime.npu-function-error"


def test_a_cause_of_what_is_installed_shows_in_the_layer_where_the_log_fails() -> None:
    """chip-unsupported (``layer_from_log``): the same cause fails a build in one log and an
    operator in another; with no code, exception or failure line it stays install."""
    data = Path(__file__).resolve().parent.parent / "data" / "triage_third"
    samples = Path(__file__).resolve().parent.parent / "fixtures" / "logs"
    cases = {
        # ggml-org/llama.cpp#11978: the CANN backend's build stops on an unknown SoC.
        data / "38-llamacpp-cann-soc-ascend310b1.log": "build",
        # vllm-project/vllm-ascend#11414: a kernel the 910B lacks fails at run time.
        data / "33-vllm-ascend-compressormetadata-910b.log": "operator_execution",
        # InternLM/lmdeploy#2467 (the signature's sample): nothing but the message.
        samples / "ascend.install.chip-unsupported" / "lmdeploy-2467.log": "install",
    }
    for path, layer in cases.items():
        top = explain_text(path.read_bytes())[0]
        assert (top.signature_id, top.layer) == ("ascend.install.chip-unsupported", layer), path


def test_a_mismatch_of_installed_packages_is_install_wherever_it_shows() -> None:
    """The layer rule: where the fix is applied. Two packages not paired (MindSpore and CANN,
    torch_npu and CANN), numpy 2 under modules built for 1.x, a model built for another chip:
    each is fixed by installing the right thing, though it shows at device init or in an
    operator."""
    data = Path(__file__).resolve().parent.parent / "data"
    cases = {
        # mindspore-lab/mindocr#595: TBE rejects the kernel_name MindSpore passes (E80003).
        "triage_heldout/36-mindocr-mindspore-cann-mismatch-e80003.log": (
            "ascend.install.mindspore-cann-mismatch"
        ),
        # k2-fsa/sherpa-onnx#2740: an .om built for Ascend910B on a 910B2, after 'open device'.
        "triage_heldout/42-sherpa-om-socversion-910b-vs-910b2.log": (
            "ascend.install.soc-version-mismatch"
        ),
        # vllm-project/vllm-ascend#472: numpy 2 fails torch_npu's first ACL call (500001).
        "triage_heldout/20-vllm-ascend-numpy2-setprecisionmode.log": (
            "ascend.runtime.precision-mode-500001"
        ),
        # modelscope/ms-swift#2098: torch_npu 2.4.0rc1 needs an aclnn op CANN 8.0.RC1 lacks.
        "triage_third/42-ms-swift-910b-aclnn-fia-not-in-opapi.log": (
            "ascend.install.aclnn-op-missing"
        ),
    }
    for name, signature_id in cases.items():
        top = explain_text((data / name).read_bytes())[0]
        assert (top.signature_id, top.layer) == (signature_id, "install"), name


def test_a_vendor_fault_no_more_specific_than_a_catch_all_on_its_line_ranks_below_it() -> None:
    # clang's wording for a missing header (GCC says "No such file or directory"):
    # FaultDiag's CANN CCE "file not found" fault matches the same words, and says less.
    log = b"src/stub.c:3:10: fatal error: 'zlib.h' file not found\n"
    ranked = [d.signature_id for d in explain_text(log)]
    assert ranked[0] == "toolchain.header-missing"


def test_a_vendor_fault_with_no_catch_all_on_its_line_keeps_its_place() -> None:
    # AISW_CANN_CCE_005's keywords (kb/data/faults/faultdiag.toml) on a line that names no
    # header: no own catch-all matches it, so the fault explains it.
    log = b"[ERROR] CCE fatal error: kernel_meta/te_add.o file not found\n"
    ranked = [d.signature_id for d in explain_text(log)]
    assert ranked
    assert ranked[0].startswith("faultdiag.")


# hicann/docs@96217e9acd4da744a739b8f94b020fbe0cc7fcca:
# docs/zh/troubleshooting/build_app_missing_header_lib.md:10-18 (the seventeenth tuning half's d03).
MISSING_HEADER_THEN_MAKE = """\
 fatal error: acl/acl.h: No such file or directory
 #include "acl/acl.h"
          ^~~~~~~~~~~
compilation terminated.
CMakeFiles/main.dir/build.make:62: recipe for target 'CMakeFiles/main.dir/main.cpp.o' failed
make[2]: *** [CMakeFiles/main.dir/main.cpp.o] Error 1
CMakeFiles/Makefile2:67: recipe for target 'CMakeFiles/main.dir/all' failed
make[1]: *** [CMakeFiles/main.dir/all] Error 2
Makefile:129: recipe for target 'all' failed
"""


def test_a_catch_all_naming_the_first_failure_ranks_above_the_build_tools_echo() -> None:
    # a CANN header: its own signature first (outsider O15 D11), then the header catch-all,
    # and make's echo below both
    ranked = [d.signature_id for d in explain_text(MISSING_HEADER_THEN_MAKE)]
    assert ranked[:2] == ["ascend.build.cann-header-missing", "toolchain.header-missing"]
