"""The hardware the authors trained, measured or timed on is a record, not what running the repo
takes (outsider16 D2: stable-diffusion "needs compute capability >= 8.0" from its model card's
carbon estimate, so a V100 or T4 target "cannot run")."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line

# CompVis/stable-diffusion@21f890f9da3cfbeaba8e2ac3c425ee9e998d5229
# Stable_Diffusion_v1_Model_Card.md:123,128-130 (the calculator's paragraph left out)
CARD = """# Stable Diffusion v1 Model Card

## Environmental Impact

- **Hardware Type:** A100 PCIe 40GB
- **Hours used:** 150000
- **Cloud Provider:** AWS
"""
# IVGSZ/Flash-VStream@8f6bde2f397f4846505df4d03364d97617fc02ee Flash-VStream-LLaVA/README.md:222
# (head) and :226 (tail)
TRAINED = "Flash-VStream is trained on 8 A100 GPUs with 80GB memory."
TIMED = "These two stages will take about 15 hours on 8 A100 GPUs in total."


def _said(line: str) -> list[tuple[str, str]]:
    return [(m.subject, m.spec) for m in read_line(line, required=True)]


def test_an_environmental_impact_section_states_no_need() -> None:
    found = extract_docs(SourceFile(ref="Model_Card.md", rel="Model_Card.md", text=CARD))
    assert [r.subject for r in found.requirements] == []


def test_the_hardware_trained_or_timed_on_is_no_need() -> None:
    assert ("compute_capability", ">=8.0") not in _said(TRAINED)
    assert ("compute_capability", ">=8.0") not in _said(TIMED)
    # the same hardware stated as a need (constructed from :222) still is one
    assert ("compute_capability", ">=8.0") in _said("Flash-VStream needs 8 A100 GPUs.")


def test_an_environment_heading_still_holds_needs() -> None:
    # "Environmental" is not "Environment": the same line under an environment heading is read
    text = CARD.replace("## Environmental Impact", "## Environment")
    found = extract_docs(SourceFile(ref="Model_Card.md", rel="Model_Card.md", text=text))
    assert "compute_capability" in {r.subject for r in found.requirements}


# FrozenBurning/Text2Light@c5b84534aa347f211712d69eaea10d7e29f0efd7 README.md (Stage II)
CAN_BE = "The default setting can be trained on a single A100 GPU without DDP:"


def test_what_it_can_be_trained_on_is_still_a_need() -> None:
    """A modal before the reporting word says what running takes, not a past run (review35:
    "can be trained on a single A100" lost its compute capability)."""
    assert ("compute_capability", ">=8.0") in _said(CAN_BE)
    assert ("compute_capability", ">=8.0") not in _said(CAN_BE.replace("can be", "was"))
