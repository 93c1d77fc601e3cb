"""An outside tester's scan defects (outsider21.md, session 21): a compute-capability floor
beside a not-yet aside, its wordings. Each test quotes the lines of a public repo
(repo@commit path:line)."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line


def _needs(rel: str, text: str) -> list[tuple[str, str, int | None]]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.spec, r.source.line) for r in found]


def test_a_not_yet_aside_voids_only_itself() -> None:
    # IST-DASLab/marlin@2f6d7c10 README.md:62-65 (item 8): the aside's plan for Hopper left the
    # whole line unread
    text = (
        "## Requirements:\n\n"
        "* CUDA >= 11.8 (in particular also for the `nvcc` compiler, the version of which should "
        "match with torch)\n"
        "* NVIDIA GPU with compute capability >= 8.0 (Ampere or Ada, Marlin is not yet optimized "
        "for Hopper)\n"
    )
    assert ("compute_capability", ">=8.0", 4) in _needs("README.md", text)
    # what the aside is about stays unread: "(CUDA 13 not yet supported)" states no need
    assert read_line("Requires CUDA 12.1 (CUDA 13 is not yet supported)") == read_line(
        "Requires CUDA 12.1"
    )


def test_the_wordings_of_a_capability_floor() -> None:
    # the class of item 8 (constructed): the floor in other words and in Chinese
    for line in (
        "Requires an NVIDIA GPU with CC >= 8.0",
        "Requires a GPU with compute capability (CC) 8.0 or later",
        "Requires a GPU with compute capability: 8.0+",
        "需要计算能力8.0及以上的NVIDIA GPU",
    ):
        found = [(m.subject, m.spec) for m in read_line(line)]
        assert ("compute_capability", ">=8.0") in found, line
    assert [m.spec for m in read_line("GPU 计算能力不低于 7.5", required=True)] == [">=7.5"]
