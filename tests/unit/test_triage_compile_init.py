"""torch_npu's SetPrecisionMode failing when it opens the device is CANN's start-up failing, an
install that does not fit the host (outsider O7's defect 15 and N11, /work/notes/
outsider26-retest.md): the first fix is actionable (set_env.sh, the ops/kernels package of the
chip) and no reading places it at a build because the message holds the build-tree location
torch_npu printed of itself. Logs: vllm-project/vllm-ascend#564 (the sample of
ascend.runtime.compile-init-failed, cut after ``torch_npu.`` as the outsider stored it) and
#975 (tests/data/outsider25), whose platform-information line keeps its own cause first."""

from __future__ import annotations

from pathlib import Path

from bringup.triage import explain_text
from bringup.triage.evidence import by_words
from bringup.triage.fallbackrules import builtin_rules

ROOT = Path(__file__).resolve().parents[2]
CUT = ROOT / "tests/fixtures/logs/ascend.runtime.compile-init-failed/vllm-ascend-564.log"
FULL_975 = ROOT / "tests/data/outsider25/vllm_ascend_975_init.log"


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()[1:]


def test_the_cut_setprecisionmode_log_leads_with_the_install_and_its_fix() -> None:
    diagnoses = explain_text(_lines(CUT))
    first = diagnoses[0]
    assert first.signature_id == "ascend.runtime.compile-init-failed"
    assert "set_env.sh" in first.fix
    assert "ops/kernels" in first.fix
    assert "build" not in {d.layer for d in diagnoses}


def test_a_specific_cause_of_the_same_failure_outranks_it() -> None:
    ids = [d.signature_id for d in explain_text(_lines(FULL_975))]
    assert ids[0] == "ascend.runtime.platform-info-soc"
    assert ids.index("ascend.runtime.precision-mode-500001") < ids.index(
        "ascend.runtime.compile-init-failed"
    )


def test_a_runtime_source_location_is_no_build_word() -> None:
    rules = builtin_rules().evidence
    # vllm-project/vllm-ascend#692 (whole) and #564 (as the outsider stored it, cut)
    for said in (
        "RuntimeError: SetPrecisionMode:build/CMakeFiles/torch_npu.dir/compiler_depend.ts:155",
        "RuntimeError: SetPrecisionMode:build/CMakeFiles/torch_npu.",
    ):
        placed = by_words((said,), rules)
        assert placed is None or placed.layer != "build", said


def test_a_build_tool_line_under_cmakefiles_still_reads_as_a_build() -> None:
    # wang-xinyu/tensorrtx#105, the sample cuda.build.cuda-header-missing/tensorrtx-105.log
    rules = builtin_rules().evidence
    for said in (
        "make[2]: *** [CMakeFiles/lenet.dir/main.cpp.o] Error 1",
        "CMakeFiles/lenet.dir/build.make:62: recipe for target "
        "'CMakeFiles/lenet.dir/main.cpp.o' failed",
    ):
        placed = by_words((said,), rules)
        assert placed is not None, said
        assert placed.layer == "build", said


def test_cmakes_dependency_stamp_file_is_no_compiler() -> None:
    # vllm-project/vllm-ascend#1038: torch_npu's warning macro names CMake's compiler_depend.ts
    said = "[rank0]:[W618 12:04:37.427002730 compiler_depend.ts:57] Warning: EZ9999: Inner Error!"
    placed = by_words((said,), builtin_rules().evidence)
    assert placed is None or placed.layer != "build"


def test_an_assertions_source_location_is_no_build_word() -> None:
    # vllm-project/vllm-ascend#1038: an AscendC kernel's assertion names the header it is in
    said = (
        "[ASSERT] [CANN_VERSION : 8.1.RC1][TimeStamp : 0] /home/slave1/Ascend/8.1.RC1/opp/"
        "built-in/op_impl/ai_core/tbe/impl/dynamic/../ascendc/gather_v3/gather_v3_base.h:137: "
        "Assertion `(0 <= val && val < this->gxSize_)' Index 308 out of range[0 273)!"
    )
    placed = by_words((said,), builtin_rules().evidence)
    assert placed is not None
    assert placed.layer == "operator_execution"
