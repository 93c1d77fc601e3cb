"""Template look-ups in the knowledge base: the first GCC whose libstdc++ provides a GLIBCXX /
CXXABI symbol version comes from the knowledge base's gcc_glibcxx rows (one table, not two),
follows its overlays, and an unloadable knowledge base only leaves the GCC unnamed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.errors import KnowledgeBaseError
from bringup.kb import KnowledgeBase, load_knowledge_base
from bringup.triage import BUILTIN_DIR, explain_text, load_signatures
from bringup.triage.lookups import FIRST_GCC_TABLES, lookup_tables
from bringup.triage.signatures import read_file

GLIBCXX = b"ImportError: libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by x.so)"


@pytest.fixture(scope="module")
def builtin_kb(tmp_path_factory: pytest.TempPathFactory) -> KnowledgeBase:
    home = tmp_path_factory.mktemp("home")
    return load_knowledge_base(env={"HOME": str(home)}, use_cache=False)


@pytest.mark.parametrize(
    ("table", "version", "gcc"),
    [
        ("gcc_for_glibcxx", "3.4.19", "GCC 4.8.3"),  # CentOS 7's GCC 4.8.5 stops here
        ("gcc_for_glibcxx", "3.4.28", "GCC 9.3.0"),  # 10.1 also stops at 3.4.28: the first
        ("gcc_for_glibcxx", "3.4.30", "GCC 12.1.0"),
        ("gcc_for_glibcxx", "3.4.32", "GCC 13.2.0"),
        ("gcc_for_cxxabi", "1.3.9", "GCC 5.1.0"),
        ("gcc_for_cxxabi", "1.3.13", "GCC 11.1.0"),
    ],
)
def test_first_gcc_is_read_from_the_knowledge_base(
    builtin_kb: KnowledgeBase, table: str, version: str, gcc: str
) -> None:
    assert lookup_tables(lambda: builtin_kb)[table][version] == gcc


def test_versions_the_knowledge_base_does_not_reach_are_unknown(
    builtin_kb: KnowledgeBase,
) -> None:
    tables = lookup_tables(lambda: builtin_kb)
    assert tables["gcc_for_glibcxx"].get("3.4.99") is None
    assert tables["gcc_for_glibcxx"].get("not-a-version") is None
    assert "3.4.30" in list(tables["gcc_for_glibcxx"])


def test_the_failure_data_has_no_copy_of_the_table() -> None:
    tables = read_file(BUILTIN_DIR / "host_toolchain.toml").tables
    assert not set(FIRST_GCC_TABLES) & set(tables)


def test_an_overlay_row_changes_the_answer(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "gcc.toml").write_text(
        'topic = "gcc_glibcxx"\n\n[[rule]]\nid = "site-gcc-12-glibcxx"\n'
        'replaces = "gcc-12.1.0-glibcxx"\nwhen = { gcc = ">=12,<13" }\n'
        'then = { glibcxx = ">=3.4.31" }\nsource = "https://example.org/our-gcc-12-build"\n',
        encoding="utf-8",
    )
    home = tmp_path / "home"
    kb = load_knowledge_base(extra_dirs=[site], env={"HOME": str(home)}, use_cache=False)
    assert kb.problems == ()
    assert lookup_tables(lambda: kb)["gcc_for_glibcxx"]["3.4.31"] == "GCC 12.1.0"


def test_the_knowledge_base_is_loaded_once_and_only_when_needed() -> None:
    calls: list[int] = []

    def knowledge() -> KnowledgeBase:
        calls.append(1)
        return load_knowledge_base(use_cache=False)

    tables = lookup_tables(knowledge)
    assert calls == []
    assert tables["gcc_for_glibcxx"]["3.4.30"] == "GCC 12.1.0"
    assert tables["gcc_for_cxxabi"]["1.3.13"] == "GCC 11.1.0"
    assert calls == [1]


def test_an_unloadable_knowledge_base_leaves_the_gcc_unnamed() -> None:
    def broken() -> KnowledgeBase:
        raise KnowledgeBaseError("broken", path="gcc_glibcxx.toml", line=3)

    catalogue = load_signatures(knowledge=broken)
    (diagnosis,) = explain_text(GLIBCXX, signatures=catalogue)
    assert "it needs GLIBCXX_3.4.30. Often" in diagnosis.cause
    assert "libstdc++ or newer" not in diagnosis.cause
