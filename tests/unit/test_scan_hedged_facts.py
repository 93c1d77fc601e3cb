"""Facts a guide states only as an example, a suggestion, a permission or the reader's state.

The inputs are verbatim excerpts of public repos (tests/fixtures/excerpts/outsider22/SOURCE.md
says which repo@commit and lines) or lines quoted with their source; each test fails if the scan
reads them as a hard need again (outsider test 22, items 5, 6, 7 and 10).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.model import Requirement
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.prose import read_line
from bringup.scan.prose_hedges import permissive, tentative
from bringup.scan.registry import EXTRACTORS

EXCERPTS = Path(__file__).parents[1] / "fixtures" / "excerpts" / "outsider22"


def docs(name: str, rel: str = "README.md") -> Extraction:
    text = (EXCERPTS / name).read_text(encoding="utf-8")
    return EXTRACTORS["docs"](SourceFile(ref=rel, rel=rel, text=text))


def found(extraction: Extraction, subject: str) -> list[tuple[str, bool]]:
    return [(r.spec, r.hard) for r in extraction.requirements if r.subject == subject]


def needs(extraction: Extraction, subject: str) -> list[Requirement]:
    return [r for r in extraction.requirements if r.subject == subject and r.hard]


@pytest.mark.parametrize(
    "name",
    [
        # "export CUDA_HOME=/path/to/cuda-11.3/" (Grounded-Segment-Anything README.md:177)
        "gsa-README-171-178.md",
        # "export CUDA_HOME=/path/to/cuda-11.3" then "In this example, /path/to/cuda-11.3 should
        # be replaced with the path where your CUDA toolkit is installed" (GroundingDINO
        # README.md:138, :154)
        "gdino-README-130-160.md",
    ],
)
def test_an_example_path_names_no_toolkit_version(name: str) -> None:
    cuda = found(docs(name), "cuda")
    assert cuda, "the export still says the build uses a CUDA toolkit"
    assert all(spec == "" for spec, _ in cuda), cuda


def test_a_real_toolkit_path_still_names_its_version() -> None:
    # the same export with a real install path is the version the script builds with
    # (a constructed two-line script, shaped as tests/unit/test_scan_files.py's build.sh)
    text = "#!/bin/bash\nexport CUDA_HOME=/usr/local/cuda-12.1\n"
    shell = EXTRACTORS["shell"](SourceFile(ref="build.sh", rel="build.sh", text=text))
    assert found(shell, "cuda") == [("==12.1.*", True)]


def test_typically_is_no_pin() -> None:
    # sam2 INSTALL.md:7 "... This should typically be CUDA 12.1 if you follow the default
    # installation command.": match torch's CUDA, usually 12.1; not CUDA == 12.1
    install = docs("sam2-INSTALL-1-38.md", "INSTALL.md")
    assert ("==12.1.*", False) in found(install, "cuda")
    assert [r for r in needs(install, "cuda") if r.spec] == []


def test_a_gpu_machine_one_may_install_on_is_no_need() -> None:
    # sam2 README.md:32 "You can install SAM 2 on a GPU machine using:", and :50 "you can
    # ignore it and still use SAM 2": the torch pins stay needs, the GPU does not
    readme = docs("sam2-README-30-52.md")
    assert needs(readme, "gpu_count") == []
    assert ">=2.5.1" in [r.spec for r in needs(readme, "torch")]


def test_an_instruction_to_use_a_gpu_machine_still_needs_one() -> None:
    # omerahmed12345elhussien/Antibiogo README.md (Installation): an instruction, not a
    # permission
    line = (
        "The code requires `python>=3.10`. Clone the repository, then install the dependencies"
        " on a GPU machine using:"
    )
    assert [(m.subject, m.hard) for m in read_line(line) if m.subject == "gpu_count"] == [
        ("gpu_count", True)
    ]
    assert not permissive(line)


def test_the_readers_current_version_is_no_bound() -> None:
    # sam2 README.md:48 "If you have a PyTorch version lower than 2.5.1 in your current
    # environment, the installation command above will try to upgrade it": no torch < 2.5.1
    # (it made "torch >=2.5.1 and >=2.5.1,<2.5.1 exclude each other")
    readme = docs("sam2-README-30-52.md")
    assert [s for s, _ in found(readme, "torch") if "<" in s] == []
    # the same state in another guide (torcharena README.md: "If you already have PyTorch
    # 2.8.x installed, the CPU-index step can be skipped ...")
    line = (
        "If you already have PyTorch 2.8.x installed, the CPU-index step can be skipped and `pip"
        ' install -e ".[dev]"` is enough.'
    )
    assert [m for m in read_line(line) if m.subject == "torch"] == []


def test_a_failure_under_a_version_condition_still_states_the_opposite() -> None:
    # the failure form of the condition stays a need (versionedneeds.py ``_FAILURE``), shaped as
    # the "If the GCC version is earlier than 9.4.0, ... error ... may be reported" its rule cites
    line = "If the GCC version is earlier than 9.4.0, an error may be reported."
    assert [(m.subject, m.spec, m.hard) for m in read_line(line)] == [("gcc", ">=9.4.0", True)]


def test_a_suggested_fix_is_no_requirement() -> None:
    # sam2 INSTALL.md:126 (a FAQ answer)
    text = (EXCERPTS / "sam2-INSTALL-116-160.md").read_text(encoding="utf-8").splitlines()
    answer = text[126 - 116]
    assert answer.startswith("We have been building SAM 2 against PyTorch 2.5.1 internally")
    torch = [m for m in read_line(answer, required=True) if m.subject == "torch"]
    assert {m.spec for m in torch} >= {"==2.5.1", "==2.1.0"}
    assert [m for m in torch if m.hard] == []
    # :150 guesses a failure's cause: "This is probably because your machine doesn't have a GPU"
    guess = text[150 - 116]
    assert [m for m in read_line(guess, required=True) if m.hard] == []
    # a Vagrant troubleshooting guide: "Updating to the latest version (v1.8.5+) might resolve
    # this error."
    assert tentative("Updating to the latest version (v1.8.5+) might resolve this error.")


def test_a_common_issues_section_states_no_hard_need() -> None:
    # sam2 INSTALL.md:39-66 "### Common Installation Issues": "In case it still fails ..., you
    # may try manually adding the root of this repo to PYTHONPATH via export
    # SAM2_REPO_ROOT=/path/to/sam2"
    faq = docs("sam2-INSTALL-39-66.md", "INSTALL.md")
    assert [r.spec for r in needs(faq, "env_var")] == []
