"""Outsider 29's prose and table defects (tests/data/outsider48/REPORT.md): D4, a table row naming
the product after its maker's brand; D9, an incompatibility of a package another one brought in;
D6, a device count in a clause saying the setup was never tested."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

# source: https://github.com/dgme-syz/trans0-NPU/blob/0b38c07abf6a37074afeb84e8af8981957aa2ef6/README.md#L1-L10
_TRANS0_TABLE = (
    "# NPU Environment Setup\n"
    "\n"
    "## Hardware Specifications\n"
    "\n"
    "| Hardware Model              | 910B3 (Recommended) |\n"
    "| --------------------------- | ------------------- |\n"
    "| Software Version            | 24.1.rc3            |\n"
    "| Driver Version              | 24.1.rc3            |\n"
    "| Firmware Version            | 7.8.0.2.212         |\n"
    "| Ascend CANN Toolkit Version | 8.3.RC2             |\n"
)
# source: https://github.com/explosion/thinc/blob/20eec35566997d5272d083be1f1a0ec9006934ff/README.md#L56-L58
_THINC_TIP = (
    "> ⚠️ If you have installed PyTorch and you are using Python 3.7+, uninstall the\n"
    "> package `dataclasses` with `pip uninstall dataclasses`, since it may have been\n"
    "> installed by PyTorch and is incompatible with Python 3.7+.\n"
)
# source: https://github.com/dgme-syz/trans0-NPU/blob/0b38c07abf6a37074afeb84e8af8981957aa2ef6/README.md#L91-L93
_TRANS0_NOTICE = (
    "> ⚠️ **Performance Notice:**\n"
    "> The **vLLM library is the main bottleneck** for NPU performance.\n"
    "> Multi-GPU setups **have not been tested** and may require further optimization.\n"
)


def _needs(text: str) -> dict[str, str]:
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=text))
    return {r.subject: r.spec for r in found.requirements}


def test_a_release_row_naming_the_product_after_its_brand_states_its_version() -> None:
    assert _needs(_TRANS0_TABLE)["cann"] == "==8.3.RC2"
    # the other spellings of a CANN release read the same in such a row
    for release in ("8.0.RC3.alpha002", "8.1.RC1.beta1", "7.0.0"):
        row = _TRANS0_TABLE.replace("8.3.RC2 ", release)
        assert _needs(row)["cann"] == "==" + release
    # and the CUDA toolkit named after its maker
    cuda = _TRANS0_TABLE.replace("Ascend CANN Toolkit Version", "NVIDIA CUDA Toolkit Version")
    assert _needs(cuda.replace("8.3.RC2", "12.4   "))["cuda"] == "==12.4.*"


def test_an_incompatibility_of_a_package_to_uninstall_bounds_nothing_of_the_repo() -> None:
    assert "python" not in _needs(_THINC_TIP)
    # the repo's own incompatibility still bounds it
    assert _needs("This package is incompatible with Python 3.12+.\n")["python"] == "<3.12"


def test_a_count_in_a_clause_saying_it_was_never_tested_is_no_need() -> None:
    assert not any(s.endswith("_count") for s in _needs(_TRANS0_NOTICE))
    assert _needs("Training requires at least 8 GPUs.\n")["gpu_count"] == ">=8"


def test_a_pair_table_whose_header_is_its_first_row_states_the_device() -> None:
    # D8: the header row "| Hardware Model | 910B3 (Recommended) |" is the table's first
    # statement, and the CANN row under it is no mere recommendation
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=_TRANS0_TABLE))
    hard = {r.subject: (r.spec, r.hard) for r in found.requirements}
    assert hard["chip"] == ("910B", True)
    assert hard["cann"] == ("==8.3.RC2", True)
    # a table with a header of its own reads its model row the same
    plain = "| Item | Value |\n|---|---|\n| Hardware Model | 910B3 |\n"
    assert _needs(plain)["chip"] == "910B"
