"""Fixes from scoring the scan blind on four held-out public repos (issue 4, second round).

Every case is a real line, quoted with its repository, file and commit; the notes are in
/work/notes/scan2-truth.md.
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.cmake import extract_cmake
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.filekinds import classify
from bringup.scan.phrases import read_phrase
from bringup.scan.pyproject import extract_pyproject
from bringup.scan.repo import scan_repo


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


def test_wheel_file_names_in_pip_install_pin_the_distribution_and_python() -> None:
    # Ascend/MindSpeed-LLM docs/en/pytorch/training/install_guide.md (052cd35a), 160-163.
    text = (
        "```shell\n"
        "pip3 install torch-2.7.1-cp310-cp310-manylinux_2_28_aarch64.whl\n"
        "pip3 install torch_npu-2.7.1post4-cp310-cp310-manylinux_2_28_aarch64.whl\n"
        "```\n"
    )
    # the wheels are built for Linux: the guide's os (soft, once per document); one
    # architecture's wheel is the example, no arch need
    assert found(text) == [
        ("os", "linux", 2),
        ("torch", "==2.7.1", 2),
        ("python", "==3.10.*", 2),
        ("torch_npu", "==2.7.1.post4", 3),
        ("python", "==3.10.*", 3),
    ]


def test_rows_marked_not_supported_are_not_requirements() -> None:
    # Ascend/MindSpeed-LLM docs/en/pytorch/training/install_guide.md (052cd35a), lines 7-14.
    text = (
        "## Hardware and Supported OSs\n\n"
        "| Product | Supported |\n"
        "|--|:-:|\n"
        "| <term>Atlas A3 training products</term> | √ |\n"
        "| <term>Atlas A3 inference products</term> | x |\n"
        "| <term>Atlas A2 training products</term> | √ |\n"
        "| <term>Atlas A2 inference products</term> | x |\n"
    )
    assert found(text) == [("chip", "910_93", 5), ("chip", "910B", 7)]


def test_an_extension_for_pytorch_release_is_not_a_torch_version() -> None:
    # Ascend/MindSpeed-LLM docs/en/pytorch/training/install_guide.md (052cd35a), line 53.
    line = (
        "> - The image is pre-installed with CANN 9.0.0 and Ascend Extension for PyTorch 26.0.0."
        " You can use it as needed.\n"
    )
    assert found(line) == [("cann", "==9.0.0", 1)]


def test_edition_columns_cell_lines_and_parameter_rows_of_tables() -> None:
    # triton-lang/triton-ascend docs/en/installation_guide.md (003d3faa), lines 33-36,
    # 105-108 and 259-262.
    text = (
        "| Triton-Ascend Version| CANN Commercial Version| CANN Release Date|\n"
        "|-------------------|----------------------|--------------------|\n"
        "| 3.2.0             | CANN 8.5.0           | 2026-01-16        |\n"
        "| 3.2.0rc4          | CANN 8.3.RC2<br>CANN 8.3.RC1         | 2025/11/20<br>2025/10/30 |\n"
        "\n"
        "| Pytorch Version | Recommended GCC version | Recommended GLIBC version |\n"
        "|-------------------|----------------------|--------------------|\n"
        "| PyTorch2.6.0      | (aarch64)11.2.1<br>(x86) 9.3.1 | (aarch64)>=2.28<br>(x86)>=2.17 |\n"
        "| PyTorch2.7.1      | 11.2.1               | 2.28               |\n"
        "\n"
        "| Parameter Name | Default Value | Available Options |\n"
        "|----------------|---------------|---------------------------------|\n"
        "| CHIP_TYPE      | A3            | A3, 910B |\n"
        "| CANN_VERSION   | 8.5.0 (Recommended) | 8.5.0, 8.3.RC1, 8.3.RC2, 8.2.RC1, 8.2.RC2 |\n"
    )
    got = found(text, "docs/en/installation_guide.md")
    assert ("cann", "==8.5.0 || ==8.3.RC2 || ==8.3.RC1", 1) in got
    assert ("gcc", ">=11.2.1 || >=9.3.1", 6) in got
    assert ("glibc", ">=2.28 || >=2.17", 6) in got
    assert ("chip", "910_93,910B", 13) in got
    # the default (Recommended) is no requirement; the options are any of
    assert ("cann", "==8.5.0 || ==8.3.RC1 || ==8.3.RC2 || ==8.2.RC1 || ==8.2.RC2", 14) in got
    assert not [s for s, _, _ in got if s.startswith("pypi:")]


def test_find_package_of_a_macro_parameter_names_no_package() -> None:
    # bitsandbytes-foundation/bitsandbytes CMakeLists.txt (02188cc8), lines 271-275.
    text = (
        "macro(find_package_and_print_version PACKAGE_NAME)\n"
        '  find_package("${PACKAGE_NAME}" ${ARGN})\n'
        "endmacro()\n"
        "find_package(hipblaslt)\n"
    )
    file = SourceFile(ref="CMakeLists.txt", rel="CMakeLists.txt", text=text)
    assert [r.subject for r in extract_cmake(file).requirements] == ["cmake:hipblaslt"]


def test_cuda_trove_classifiers_are_soft_alternatives() -> None:
    # bitsandbytes-foundation/bitsandbytes pyproject.toml (00497ab4), lines 21-27.
    text = (
        '[project]\nname = "bitsandbytes"\nclassifiers = [\n'
        '    "Development Status :: 4 - Beta",\n'
        '    "Environment :: GPU :: NVIDIA CUDA :: 11",\n'
        '    "Environment :: GPU :: NVIDIA CUDA :: 12",\n'
        '    "Programming Language :: Python :: 3.8",\n]\n'
    )
    file = SourceFile(ref="pyproject.toml", rel="pyproject.toml", text=text)
    got = [(r.subject, r.spec, r.source.line, r.hard) for r in extract_pyproject(file).requirements]
    assert got == [("cuda", "==11.* || ==12.*", 5, False)]


def test_a_pytorch_cuda_wheel_index_names_the_cuda_build() -> None:
    # facebookresearch/xformers README.md (042abc8a), lines 39-43.
    text = (
        "```bash\n# cuda 11.8 version\n"
        "pip3 install -U xformers --index-url https://download.pytorch.org/whl/cu118\n"
        "# cuda 12.1 version\n"
        "pip3 install -U xformers --index-url https://download.pytorch.org/whl/cu121\n```\n"
    )
    got = [(s, spec, line) for s, spec, line in found(text) if s == "cuda"]
    # one command per build: a choice, any of which will do (``wheelchoices``)
    assert got == [("cuda", "==11.8.* || ==12.1.*", 3)]
