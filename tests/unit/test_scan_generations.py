"""GPU generations named as a floor ("an Ampere architecture GPU or newer") or as the ones
tested ("only Ampere and Hopper have been tested") are the least compute capability the
repo's devices must have (issue 11). Each generation's value is the lowest the knowledge
base's ``gpus`` rows give it, not a table of the scan's own. Each test quotes the lines of a
public repo (repo@commit path:line)."""

from __future__ import annotations

from bringup.model import Requirement
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line
from bringup.scan.prose_vocabulary import vocabulary


def _capabilities(rel: str, text: str) -> list[tuple[str, int | None, bool]]:
    found: list[Requirement] = list(
        extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    )
    return [(r.spec, r.source.line, r.hard) for r in found if r.subject == "compute_capability"]


def _read(line: str, required: bool = False, vendor: str | None = None) -> list[tuple[str, bool]]:
    found = read_line(line, required=required, vendor=vendor)
    return [(m.spec, m.hard) for m in found if m.subject == "compute_capability"]


def test_each_generation_is_its_lowest_compute_capability_in_the_knowledge_base() -> None:
    # gpus.toml: Ampere rows sm_80, sm_86, sm_87; "Blackwell (consumer/workstation)" sm_120 is
    # Blackwell, whose lowest is sm_100; "Ada" is NVIDIA's short name of Ada Lovelace
    table = vocabulary().architectures
    assert table["Ampere"] == "8.0"
    assert table["Blackwell"] == "10.0"
    assert table["Ada"] == table["Ada Lovelace"] == "8.9"
    assert (table["Kepler"], table["Maxwell"], table["Pascal"]) == ("3.0", "5.0", "6.0")


# rapidsai/cuvs@ff0c807 fern/pages/build.md:9-11 and :25-31
_CUVS = """## CUDA GPU Requirements

Pre-compiled NVIDIA cuVS packages are available for Linux on x86_64 and aarch64.

Source builds and package installs require a supported NVIDIA GPU. For current source builds, \
use CUDA Toolkit 12.2 or newer and an Ampere architecture GPU or newer, which means compute \
capability 8.0 or higher.

## Build From Source

The common source-build prerequisites are:

1. CMake 3.26.4 or newer.
2. GCC 9.3 or newer, with GCC 11.4 or newer recommended.
3. CUDA Toolkit 12.2 or newer.
4. An Ampere architecture GPU or newer.
"""


def test_a_generation_or_newer_in_a_requirements_list_is_its_floor() -> None:
    # the paragraph (its lines joined here) and the list item, each under its heading
    assert _capabilities("docs/build.md", _CUVS) == [(">=8.0", 5, True), (">=8.0", 14, True)]


def test_a_generation_or_newer_a_sentence_requires() -> None:
    # rapidsai/cuvs@ff0c807 fern/pages/installation/cpp.md:23
    line = (
        "Pre-built tarballs are available from [developer.nvidia.com/cuvs-downloads]"
        "(https://developer.nvidia.com/cuvs-downloads). Tarball installs require NCCL, "
        "`libopenmp`, CUDA Toolkit runtime 12.2 or newer, and an Ampere architecture GPU or newer."
    )
    assert _read(line) == [(">=8.0", True)]


def test_the_generations_tested_in_a_text_about_nvidia_gpus_are_a_soft_floor() -> None:
    # OpenPPL/ppl.llm.kernel.cuda@255f3c8 README.md:15; the README is about CUDA (its
    # prerequisites name the CUDA Toolkit), the line names no GPU word of its own
    line = "Currently, only Ampere and Hopper have been tested."
    assert _read(line, vendor="nvidia") == [(">=8.0", False)]
    assert _read(line) == []


def test_architectures_with_an_operator_are_a_compute_capability() -> None:
    # NVIDIA/torch-harmonics@9e9fa53 README.md:131
    assert _read(":warning: Custom CUDA extensions require architectures >= 7.0.") == [
        (">=7.0", True)
    ]


def test_a_dataset_named_after_a_generation_names_no_gpu() -> None:
    # Ascend/DrivingSDK@e667017 model_examples/CenterNet/README.md:130, a requirements step
    line = (
        "用户可自行获取Pascal VOC数据集，将数据集上传到服务器任意路径下并解压；"
        "也可以通过下述脚本进行数据集的获取。"
    )
    assert _read(line, required=True) == []


def test_fermi_or_later_is_compute_capability_2_0() -> None:
    # eyalroz/cuda-api-wrappers@c2f2a2b2 README.md:86, a requirements list item: Fermi (sm_20)
    # had no row in the knowledge base, so its floor was read as any GPU
    line = (
        "- An NVIDIA GPU supporting Unified Virtual Addressing (UVA), i.e. Fermi "
        "microarchitecture or later. With earlier GPUs, memory copying, and other functionality "
        "relying on automtically determining where a memory address is located, will fail."
    )
    assert _read(line, required=True) == [(">=2.0", True)]
