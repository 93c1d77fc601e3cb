"""The built-in tables: they load without a problem, every record has a source, every version
and specifier reads in its subject's scheme, and the rows do not contradict each other."""

from __future__ import annotations

import itertools
from pathlib import Path

from bringup.kb import KnowledgeBase, exact_versions
from bringup.kb.paths import builtin_dir
from bringup.kb.schema import ChipEntry, PackageEntry, PackageRecord, ReleaseEntry, RuleEntry
from bringup.kb.validate import check_file
from bringup.subjects import scheme_for
from bringup.versions import SpecifierSet, Version

ASCEND_TOPICS = {"cann_hdk", "torch_npu", "vllm_ascend", "mindspore"}
CUDA_TOPICS = {"cuda_driver", "cuda_arch", "gpus", "torch_cuda", "nvcc_gcc"}


def test_builtin_loads_without_problems(kb: KnowledgeBase) -> None:
    assert kb.problems == ()
    assert {t.name for t in kb.topics} >= ASCEND_TOPICS | CUDA_TOPICS | {
        "cann_releases",
        "chips",
        "gcc_glibcxx",
        "distros",
        "python",
    }


def test_every_record_has_a_source(kb: KnowledgeBase) -> None:
    missing = [e.record.id for e in kb.entries() if not e.record.source.strip()]
    assert missing == []


def test_every_version_and_spec_parses_in_its_scheme(kb: KnowledgeBase) -> None:
    bad = []
    for entry in kb.entries():
        record = entry.record
        try:
            if isinstance(entry, RuleEntry):
                for subject, spec in (*entry.record.when.items(), *entry.record.then.items()):
                    SpecifierSet(spec, scheme_for(subject))
                if entry.record.chips:
                    SpecifierSet(entry.record.chips, "name")
            elif isinstance(entry, ReleaseEntry):
                Version(entry.record.version, scheme_for(entry.record.subject))
            elif isinstance(entry, ChipEntry):
                Version(entry.record.family, "name")
            elif isinstance(entry, PackageEntry):
                SpecifierSet(entry.record.versions, scheme_for(entry.record.subject))
        except ValueError as error:
            bad.append(f"{record.id}: {error}")
    assert bad == []


def test_every_exported_rule_reads_in_its_subjects_schemes(kb: KnowledgeBase) -> None:
    for rule in kb.rules():
        SpecifierSet(rule.spec, scheme_for(rule.subject))
        SpecifierSet(rule.then_spec, scheme_for(rule.then_subject))
        assert rule.source.strip(), rule.id


def test_at_least_150_compatibility_rows_across_ascend_and_cuda(kb: KnowledgeBase) -> None:
    ascend = sum(len(kb.rule_records(topic)) for topic in ASCEND_TOPICS)
    cuda = sum(len(kb.rule_records(topic)) for topic in CUDA_TOPICS)
    assert ascend >= 75
    assert cuda >= 75
    assert ascend + cuda >= 150


def test_ids_are_unique_across_topics(kb: KnowledgeBase) -> None:
    ids = [e.record.id for e in kb.entries()]
    assert len(ids) == len(set(ids))


def test_rows_do_not_contradict_each_other(kb: KnowledgeBase) -> None:
    """A row that pins exact versions (vllm-ascend 0.9.1 -> CANN 8.2.RC1, torch_npu 2.5.1.post1)
    must be allowed by every other row those pins trigger (torch_npu 2.5.1.post1 -> CANN)."""
    clashes = []
    rules = kb.rules()
    for record in kb.rule_records():
        specs = {record.subject: record.spec, **record.then}
        single = {
            subject: spec.strip()[2:]
            for subject, spec in specs.items()
            if spec.strip().startswith("==") and exact_versions(spec, subject) == [spec.strip()[2:]]
        }
        for (s1, v1), (s2, v2) in itertools.permutations(single.items(), 2):
            for rule in rules:
                if rule.subject != s1 or rule.then_subject != s2 or not rule.hard:
                    continue
                if SpecifierSet(rule.spec, scheme_for(s1)).contains(v1) and not SpecifierSet(
                    rule.then_spec, scheme_for(s2)
                ).contains(v2):
                    clashes.append(f"{record.id}: {s1}=={v1} {s2}=={v2} breaks {rule.id}")
    assert clashes == []


def test_releases_are_ordered_oldest_first(kb: KnowledgeBase) -> None:
    cann = kb.releases("cann")
    assert cann.index("6.3.RC2") < cann.index("6.3.RC3") < cann.index("7.0.RC1")
    assert cann.index("8.0.RC3") < cann.index("8.0.0") < cann.index("8.1.RC1")
    assert cann.index("8.2.RC1.alpha003") < cann.index("8.2.RC1")
    assert cann[-1] == "9.1.0"
    for subject in ("cann", "torch", "torch_npu", "cuda", "gcc", "python", "nvidia_driver"):
        versions = [Version(v, scheme_for(subject)) for v in kb.releases(subject)]
        assert versions == sorted(versions), subject
        assert len(versions) >= 10, subject
    assert kb.releases("python")[:3] == ("3.6", "3.7", "3.8")
    assert "910B" in kb.releases("chip")


def test_data_readme_lists_every_topic(kb: KnowledgeBase) -> None:
    readme = (builtin_dir() / "README.md").read_text(encoding="utf-8")
    assert all(f"`{topic.name}.toml`" in readme for topic in kb.topics)


def test_loader_ignores_the_failures_subdirectory(tmp_path: Path) -> None:
    from bringup.kb.loader import data_files

    (tmp_path / "failures").mkdir()
    (tmp_path / "failures" / "ascend.toml").write_text("[[failure]]\nid = 'x'\n", encoding="utf-8")
    (tmp_path / "site.toml").write_text("", encoding="utf-8")
    assert [p.name for p in data_files(tmp_path)] == ["site.toml"]


_PACKAGE = """
[[package]]
id = "cann-package-toolkit"
name = "Ascend-cann-toolkit_{version}_linux-{arch}.run"
role = "development and runtime kit"
%s
source = "https://github.com/Ascend/cann-container-image"
"""


def test_a_package_names_its_toolkit_in_either_spelling() -> None:
    new = check_file(_PACKAGE % 'subject = "cann"\nversions = ">=5.0"', "new.toml", "new")
    old = check_file(_PACKAGE % 'cann = ">=5.0"', "old.toml", "old")
    assert new.problems == old.problems == ()
    assert [(r.subject, r.versions) for _, r, _ in old.records if isinstance(r, PackageRecord)] == [
        ("cann", ">=5.0")
    ]
    assert [r for _, r, _ in old.records] == [r for _, r, _ in new.records]


def test_a_package_of_no_toolkit_is_a_problem() -> None:
    result = check_file(_PACKAGE % 'torch = ">=2.1"', "bad.toml", "bad")
    assert result.records == ()
    assert "unknown field" in result.problems[0].message
