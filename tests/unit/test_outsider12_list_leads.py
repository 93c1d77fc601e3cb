"""A list whose lead says its items are needed in addition, for one purpose, is that
purpose's (outsider12 #11)."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.listleads import lead_purpose
from cpuclock import cpu_seconds
from scan_needs import source_file

MARLIN = "IST-DASLab/marlin@2f6d7c10e124b3c5fa29ff8d77d568bd7af3274c"

# MARLIN README.md:62-71 (line 64 cut): the gptq/ example's packages (README.md:108-113) after
# the repo's own
REQUIREMENTS = """## Requirements:

* CUDA >= 11.8 (in particular also for the `nvcc` compiler, the version of which should match …)
* NVIDIA GPU with compute capability >= 8.0 (Ampere or Ada, Marlin is not yet optimized for Hopper)
* `torch>=2.0.0`
* `numpy`
For running quantization script one also needs:
* `transformers`
* `datasets`
* `sentencepiece`
"""


def _features(text: str) -> dict[str, str]:
    found = extract_docs(source_file("README.md", text)).requirements
    return {r.subject: r.feature for r in found}


def test_the_items_a_lead_adds_for_a_purpose_are_that_purpose_s() -> None:
    features = _features(REQUIREMENTS)
    script = "option:running quantization script"
    assert {s: features[s] for s in ("pypi:transformers", "pypi:datasets")} == {
        "pypi:transformers": script,
        "pypi:datasets": script,
    }
    assert features["pypi:sentencepiece"] == script
    # the list above the lead is the repo's own
    assert features["torch"] == ""
    assert features["pypi:numpy"] == ""


def test_a_lead_without_an_addition_or_a_purpose_leaves_the_items_the_repo_s() -> None:
    # constructed from the lines above: "also" and "for ..." are both needed
    for lead in ("For running quantization script one needs:", "One also needs:"):
        text = REQUIREMENTS.replace("For running quantization script one also needs:", lead)
        assert _features(text)["pypi:datasets"] == "", lead


def test_the_lead_pattern_is_linear_on_a_hostile_line() -> None:
    hostile = ["For " + "ab1 " * 12_500 + ":", "* `x`"]
    started = cpu_seconds()
    assert lead_purpose(hostile, 1) == ""
    assert cpu_seconds() - started < 2
