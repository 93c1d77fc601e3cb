"""A git branch or tag in a version cell is no PyPI release of another project (outsider26
re-test N2: "MindSpeed版本 | core_r0.8.0" was read as pypi:mindspeed ==0.8.0). Real lines,
quoted with their repository, commit and file."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.phrases import read_phrase

# shanshuo/MindSpeed-MM@dc326082 docs/user-guide/installation.md:7-11
_MATRIX = (
    "|MindSpeed MM版本 | MindSpeed版本             | Megatron版本      | PyTorch版本   "
    "| torch_npu版本 | CANN版本  | Python版本                               |\n"
    "|--------------|-------------------------|-----------------|------------- "
    "|-------------|---------|----------------------------------------|\n"
    "|master（主线） | core_r0.8.0           | Core 0.8.0      |   2.1.0 | 在研版本        "
    "| 在研版本    | Python3.8, Python3.10|\n"
    "|2.1.0（商用） | 2.1.0_core_r0.8.0         | Core 0.8.0      |   2.1.0     | 在研版本       "
    "| 在研版本    | Python3.8, Python3.10|\n"
    "|2.0.0（商用） | 2.0.0_core_r0.8.0         | Core 0.8.0      |   2.1.0     | 7.0.0       "
    "| 8.1.RC1    | Python3.8, Python3.10|\n"
)


def test_a_branch_named_after_another_projects_release_is_no_version() -> None:
    file = SourceFile(ref="installation.md", rel="docs/user-guide/installation.md", text=_MATRIX)
    found = {(r.subject, r.spec) for r in extract_docs(file).requirements}
    # MindSpeed is still a component the row pairs with, at no version
    assert ("pypi:mindspeed", "") in found
    assert not any(s == "pypi:mindspeed" and spec for s, spec in found)
    assert ("torch", "==2.1.0") in found


def test_a_version_joined_into_a_branch_name_is_no_release() -> None:
    # the same table's released rows: MindSpeed's branch "2.1.0_core_r0.8.0" (was ==2.1.*, the
    # release cut where the name goes on past "2.1")
    assert read_phrase("2.1.0_core_r0.8.0", "pypi:mindspeed") is None
    assert read_phrase("26.0.0_core_r0.12.1", "pypi:mindspeed") is None  # MindSpeed-MM README:206


def test_a_tag_of_the_subjects_own_releases_is_its_version() -> None:
    # Ascend/MindSpeed-LLM@c77308a1 docs/zh/release_notes_llm.md:46 "| core_v0.12.1 |" under
    # "Megatron版本": Megatron-LM's tag of megatron-core 0.12.1; its release branch
    # core_r0.6.0 (MindSpeed-Core-MS auto_convert_llm.sh:26, "git clone -b core_r0.6.0")
    found = read_phrase("core_v0.12.1", "pypi:megatron-core")
    assert found is not None
    assert found.spec == "==0.12.1"
    branch = read_phrase("core_r0.6.0", "pypi:megatron-core")
    assert branch is not None
    assert branch.spec == "==0.6.0"
