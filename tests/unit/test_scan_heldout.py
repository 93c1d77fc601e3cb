"""Fixes from scoring the scan blind on four held-out public repos (issue 4, second round).

Every case is a real line, quoted with its repository, file and commit; the notes are in
/work/notes/scan2-truth.md.
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.phrases import read_phrase
from bringup.scan.repo import scan_repo
from bringup.scan.walk import classify


def found(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return [(r.subject, r.spec, r.source.line) for r in extract_docs(file).requirements]


def test_mdx_install_docs_are_read() -> None:
    # bitsandbytes-foundation/bitsandbytes docs/source/installation.mdx (0192c0d9): the
    # Hugging Face doc-builder format; the repo's only statement of its CUDA range.
    assert classify("docs/source/installation.mdx") == "docs"
    assert classify("README.mdx") == "docs"


def test_a_range_at_the_end_of_a_sentence() -> None:
    # triton-lang/triton-ascend docs/en/installation_guide.md (003d3faa), line 15.
    assert found("Triton-Ascend requires Python 3.9 to 3.11.\n") == [("python", ">=3.9,<3.12", 1)]
    # bitsandbytes docs/source/installation.mdx (0192c0d9), line 3.
    line = (
        "bitsandbytes is only supported on CUDA GPUs for CUDA versions **11.0 - 12.3**. "
        "Select your operating system below to see the installation instructions.\n"
    )
    assert ("cuda", ">=11.0,<12.4", 1) in found(line)
    # A three-part upper bound followed by a full stop is read whole.
    assert read_phrase(" 3.9 to 3.11.2.", "python") == (">=3.9,<=3.11.2", 14, True)


def test_a_version_condition_of_a_failure_is_the_opposite_requirement() -> None:
    # triton-lang/triton-ascend docs/en/installation_guide.md (003d3faa), lines 240-241.
    text = (
        '   Note 1: For the recommended GCC version, please refer to the earlier section "System'
        ' Requirements". If the GCC version is earlier than 9.4.0, "ld.lld: error: unable to'
        ' find library -lstdc++fs" may be reported, indicating that the linker cannot find the'
        " stdc++fs library.\n"
        "   This library supports the file system features of versions earlier than GCC 9. In"
        " this case, you need to manually uncomment the related code snippet in the CMake file.\n"
    )
    assert found(text) == [("gcc", ">=9.4.0", 1)]


def test_the_repo_installing_itself_is_not_a_requirement(tmp_path: Path) -> None:
    # facebookresearch/xformers README.md (042abc8a), lines 40-43, in a checkout named after
    # the distribution but without the setup.py that would name it.
    repo = tmp_path / "xformers"
    repo.mkdir()
    (repo / "README.md").write_text(
        "## Installing xFormers\n\n```bash\n# cuda 11.8 version\n"
        "pip3 install -U xformers --index-url https://download.pytorch.org/whl/cu118\n"
        "pip install ninja\n```\n"
    )
    subjects = [r.subject for r in scan_repo(repo, "xformers").component.requirements]
    assert "pypi:xformers" not in subjects
    assert "pypi:ninja" in subjects
