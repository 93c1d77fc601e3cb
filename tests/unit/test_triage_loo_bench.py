"""bench/triage_loo.py: which catalogue entries cite a case's own thread."""

from __future__ import annotations

from pathlib import Path

from bench_modules import bench_module

loo = bench_module("triage_loo")

# Shaped as the catalogue's TOML is (kb/data/failures/ascend_build.toml): the comment above an
# entry cites the thread it was written from, as OWNER/REPO#N or as a URL.
CATALOGUE = """# A file's preamble: Ascend/pytorch#1 is about the whole file, not one entry.

# alibaba/heterogeneity-aware-lowering-and-optimization#964: `acl/acl.h: No such file`
[[signature]]
id = "ascend.build.cann-header-missing"
source = "https://www.hiascend.com/document/detail/zh/x.html"
see_also = ["https://github.com/Ascend/MindSpeed/blob/0123abc/docs/faq.md#L3"]

# The next one cites nothing but its source.
[[line]]
id = "class.install.other"
source = "https://github.com/vllm-project/vllm-ascend/issues/4242"
"""


def test_a_thread_is_its_repository_issue_or_path_at_any_commit() -> None:
    assert loo.thread("https://github.com/A/B/issues/7#issuecomment-1") == "github.com/a/b/#7"
    assert loo.thread("http://www.github.com/A/B/pull/7/files") == "github.com/a/b/#7"
    assert loo.thread("https://github.com/A/B/blob/ffff/docs/x.md") == "github.com/a/b/*/docs/x.md"


def test_an_entry_cites_its_own_text_and_the_comment_above_it(tmp_path: Path) -> None:
    (tmp_path / "failures").mkdir()
    (tmp_path / "failures" / "x.toml").write_text(CATALOGUE, encoding="utf-8")
    cited = loo.entry_threads(tmp_path)
    assert cited["ascend.build.cann-header-missing"] == {
        "github.com/alibaba/heterogeneity-aware-lowering-and-optimization/#964",
        "hiascend.com/document/detail/zh/x.html",
        "github.com/ascend/mindspeed/*/docs/faq.md",
    }
    assert cited["class.install.other"] == {"github.com/vllm-project/vllm-ascend/#4242"}
    index = loo.by_thread(cited)
    assert "github.com/ascend/pytorch/#1" not in index
