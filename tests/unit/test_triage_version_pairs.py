"""Two versions a log states that the knowledge base rules out (``triage.versionpairs``): read
as ``probe --from`` reads a report, judged by the compatibility tables, told as the
catalogue's mismatch cause, ranked below a specific signature of the first failure. Real
lines, each cited."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import re2

from bringup.model.diagnosis import Diagnosis, Evidence
from bringup.triage import explain_text
from bringup.triage.explain import builtin_matcher, overlaid_matcher, scan_log
from bringup.triage.lookups import default_knowledge, knowledge_of, lookup_tables
from bringup.triage.signatures import SignatureSet
from bringup.triage.tiers import PAIR_SCORE, confidence_words
from bringup.triage.versionpairs import (
    _REQUESTED,
    _SAID,
    PATTERN,
    Stated,
    diagnose,
    mismatches,
    placed,
    stated_versions,
)
from cpuclock import cpu_seconds

if TYPE_CHECKING:
    from bringup.kb.knowledge import KnowledgeBase

OUT_OF_STEP = "class.install.npu-plugin-out-of-step"

# https://github.com/vllm-project/vllm-ascend/issues/7587: vllm from PyPI pulled torch 2.8.0
# over the torch 2.7.1 that vllm-ascend 0.11.0 is built for; vLLM then crashed on start-up.
TORCH_OVER_PLUGIN = """\
torch: 2.8.0
torch-npu: 2.8.0
vllm: 0.11.0
vllm-ascend: 0.11.0rc1.dev
Python: 3.11
"""

# https://github.com/vllm-project/vllm-ascend/issues/10020: a matching set (the release's own
# table row) and a failure of the model's code path, not of the versions.
MATCHING_SET = """\
CANN 9.0.0
machine: x86

torch                                    2.10.0+cpu
torch_c_dlpack_ext                       0.1.5
torch_npu                                2.10.0
torchaudio                               2.10.0+cpu
torchvision                              0.25.0+cpu
transformers                             5.5.3
triton                                   3.2.0
triton_ascend                            3.2.1
vllm                                     0.20.2
vllm_ascend                              0.20.2rc1
ModuleNotFoundError: No module named 'vllm.v1.attention.backends.mla.prefill'
"""

# https://github.com/vllm-project/vllm-ascend/issues/8286: the install commands (one of them
# continued over lines) ask for vllm 0.18.0 and vllm-ascend 0.18.0rc1; pip's resolver names
# what it wants: none of it states what is installed.
ASKED_FOR = """\
# Install vllm-project/vllm. The newest supported version is v0.18.0.
pip install vllm==0.18.0

# Install vllm-project/vllm-ascend from wheelnext index.
uv pip install --system -v \\
--extra-index-url https://mirrors.huaweicloud.com/ascend/repos/pypi/variant   \\
--index-url https://mirrors.tuna.tsinghua.edu.cn/pypi/web/simple   \\
vllm-ascend==0.18.0rc1

Error:
ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.
te 0.4.0 requires ml-dtypes, which is not installed.
vllm 0.18.0 requires opencv-python-headless>=4.13.0, but you have opencv-python-headless 4.11.0.86 which is incompatible.
vllm 0.18.0 requires torch==2.10.0, but you have torch 2.9.0 which is incompatible.
vllm 0.18.0 requires torchaudio==2.10.0, but you have torchaudio 2.9.0 which is incompatible.
"""  # noqa: E501


def _sightings(text: str):  # type: ignore[no-untyped-def]
    return scan_log(text.encode()).findings.versions


def test_pasted_versions_are_read_with_their_lines() -> None:
    stated = stated_versions(_sightings(TORCH_OVER_PLUGIN))
    assert {s: (v.version, v.line) for s, v in stated.items()} == {
        "torch": ("2.8.0", 1),
        "torch_npu": ("2.8.0", 2),
        "vllm": ("0.11.0", 3),
        "vllm_ascend": ("0.11.0rc1", 4),  # the reader keeps the release of a ".dev"
    }


def test_a_pair_the_tables_rule_out_is_a_mismatch_naming_its_row() -> None:
    found = list(mismatches(stated_versions(_sightings(TORCH_OVER_PLUGIN)), default_knowledge()))
    assert [(m.cause, m.first.subject, m.second.subject) for m in found] == [
        (OUT_OF_STEP, "vllm_ascend", "torch_npu"),
        (OUT_OF_STEP, "vllm_ascend", "torch"),
    ]
    assert found[1].verdict.deciding[0].rule.then_spec == "==2.7.1"
    row = found[0].verdict.deciding[0].rule
    assert row.then_subject == "torch_npu"
    assert "2.8.0" not in row.then_spec
    made = diagnose(_sightings(TORCH_OVER_PLUGIN), builtin_matcher().catalogue)
    assert [d.signature_id for d in made] == [OUT_OF_STEP]
    assert made[0].layer == "install"
    assert [e.line for e in made[0].evidence] == [2, 4]  # one diagnosis per cause
    assert "vllm_ascend 0.11.0rc1 (line 4)" in made[0].cause
    assert row.source in made[0].cause
    assert made[0].source == row.source
    assert confidence_words(made[0].confidence, made[0].score).startswith("medium: the knowledge")


def test_versions_without_a_failure_are_no_diagnosis() -> None:
    assert explain_text(TORCH_OVER_PLUGIN) == []


def test_a_matching_set_says_nothing() -> None:
    assert len(stated_versions(_sightings(MATCHING_SET))) >= 4
    ranked = explain_text(MATCHING_SET)
    assert ranked
    assert all(d.score != PAIR_SCORE for d in ranked)


def test_an_install_command_is_no_installed_version() -> None:
    assert len(_sightings(ASKED_FOR)) >= 3
    assert stated_versions(_sightings(ASKED_FOR)) == {}
    assert all(d.score != PAIR_SCORE for d in explain_text(ASKED_FOR))


def test_a_version_written_short_may_be_any_build_it_abbreviates() -> None:
    # the tables pair torch_npu 2.1.0 with CANN 7.0.0, but its build 2.1.0.post4 with CANN
    # 8.0.RC1: "torch_npu 2.1.0" beside "CANN 8.0.RC1" is not ruled out (Ascend/pytorch
    # COMPATIBILITY.en.md, the rows of torch_npu.toml)
    kb = default_knowledge()
    assert kb.compatible("torch_npu==2.1.0", "cann==8.0.RC1").status == "incompatible"
    short = {
        "torch_npu": Stated("torch_npu", "2.1.0", 1, "torch_npu 2.1.0"),
        "cann": Stated("cann", "8.0.RC1", 2, "cann 8.0.RC1"),
    }
    assert list(mismatches(short, kb)) == []
    exact = {**short, "torch_npu": Stated("torch_npu", "2.1.0.post6", 1, "torch_npu 2.1.0.post6")}
    assert [m.cause for m in mismatches(exact, kb)] == ["ascend.install.torch-npu-cann-mismatch"]


def _made(signature_id: str, line: int, score: float) -> Diagnosis:
    return Diagnosis(
        signature_id=signature_id,
        title="",
        layer="install",
        kind="version",
        cause="",
        fix="",
        source="",
        evidence=(Evidence(line=line, text=""),),
        matches=1,
        score=score,
    )


def test_placed_below_a_specific_signature_of_the_first_failure_only() -> None:
    catalogue = builtin_matcher().catalogue
    mismatch = diagnose(_sightings(TORCH_OVER_PLUGIN), catalogue)
    specific = "ascend.install.torch-npu-cann-mismatch"
    first = [_made(specific, 3, 40.0), _made("traceback.install.import-failed", 9, -210.0)]
    assert [d.signature_id for d in placed(first, mismatch, catalogue)] == [
        specific,
        OUT_OF_STEP,
        "traceback.install.import-failed",
    ]
    later = [_made(specific, 12, 40.0), _made("traceback.install.import-failed", 9, -210.0)]
    assert placed(later, mismatch, catalogue)[0].signature_id == OUT_OF_STEP
    again = [_made("traceback.install.import-failed", 9, -210.0), _made(OUT_OF_STEP, 9, -195.0)]
    assert [d.signature_id for d in placed(again, mismatch, catalogue)] == [
        OUT_OF_STEP,
        "traceback.install.import-failed",
    ]


def test_expressions_stay_linear_on_a_hostile_line() -> None:
    line = ("torch_npu version:" + "9" * 40 + " vllm-ascend " * 50 + "pip " * 40 + "a1" * 200) * 40
    started = cpu_seconds()
    re2.search(PATTERN, line)
    _REQUESTED.search(line)
    list(_SAID.finditer(line))
    explain_text(line[:50_000] + "\nRuntimeError: x\n")
    assert cpu_seconds() - started < 2.0


def test_a_knowledge_base_that_does_not_load_judges_no_pair() -> None:
    """An overlay that does not load (BRINGUP_KB_DIR at a broken table) leaves the pairs
    unknown, as the templates' look-ups do (``lookups.loaded``), not the explanation failed."""
    from bringup.errors import KnowledgeBaseError

    def broken() -> KnowledgeBase:
        raise KnowledgeBaseError("bad table", path="site/torch.toml", line=3)

    catalogue = builtin_matcher().catalogue
    unloadable = SignatureSet(catalogue.signatures, lookup_tables(broken))
    assert diagnose(_sightings(TORCH_OVER_PLUGIN), unloadable) == []


def test_the_pairs_are_judged_by_the_knowledge_base_explain_was_given(tmp_path: Path) -> None:
    """``bringup explain --kb DIR`` judges the pairs by DIR's tables, as its templates' look-ups
    do, not by the built-in ones: a knowledge base without vllm-ascend's table rules out no
    vllm-ascend pair."""
    (tmp_path / "kb").mkdir()
    (tmp_path / "kb" / "README.md").write_text("a knowledge base without tables\n")
    matcher, problems = overlaid_matcher(tmp_path / "kb")
    assert problems == ()
    given = knowledge_of(matcher.catalogue.tables)()
    assert not given.releases("vllm_ascend")
    assert default_knowledge().releases("vllm_ascend")
    assert diagnose(_sightings(TORCH_OVER_PLUGIN), matcher.catalogue) == []
    assert diagnose(_sightings(TORCH_OVER_PLUGIN), builtin_matcher().catalogue)
