"""Chip families as build scripts and English guides spell them (issue 11, item 3): a SoC
version keeps the vendor's word glued to the chip (``ai_core-ascend310B``, ``"ascend310p"``),
and the kb's chip records list every SoC version the chip matcher must read. Real lines,
quoted with repository, commit, file and line."""

from __future__ import annotations

import pytest

from bringup.kb import load_knowledge_base
from bringup.scan.devices import chips_in

S3 = "linnlh/ascendc-competition-s3@04c0c97dc5623053fefc585786697a8c19b9504a"
SPARSE = "hicann/ops-sparse@ae60d05a7224158e854d1a33b483f85c132f345a"
COMM = "hicann/ascend-boost-comm@00d35274ebbc102fb1be266ad683807cb0bfa7e2"


@pytest.mark.parametrize(
    ("line", "families"),
    [
        # S3 basic/asinh/README.md:6: the op generator's target, vendor word glued to 310B
        (
            "msopgen gen -i asinh.json -f pytorch -c ai_core-ascend310B -lan cpp -out asinh/",
            ["310B"],
        ),
        # SPARSE build.sh:46: every prefix the build accepts, 310P among them
        (
            'SUPPORT_COMPUTE_UNIT_SHORT=("ascend910_93" "ascend910b" "ascend950" "ascend310p")',
            ["910_93", "910B", "950", "310P"],
        ),
        # COMM README_en.md:43: the English name of "Atlas 推理系列产品"
        ("| Atlas inference products| √ | — |", ["310P"]),
        # COMM README_en.md:42: the A3 row beside it stays A3 alone
        ("| Atlas A3 training products/Atlas A3 inference products| √ | — |", ["910_93"]),
    ],
)
def test_a_chip_is_read_however_its_soc_version_glues_it(line: str, families: list[str]) -> None:
    assert chips_in(line) == families


def test_what_names_no_family_of_the_vocabulary_stays_unread() -> None:
    # the first-generation 310 is a family of the vocabulary since outsider12 #3 (an ATC
    # --soc_version=Ascend310 model loads on it alone): ascend-docker-runtime runtime/main.go:76
    # ``Ascend310 = "Ascend310"`` names it, and never 310P or 310B
    assert chips_in('Ascend310 = "Ascend310"') == ["310"]
    assert chips_in('Ascend310P = "Ascend310P"') == ["310P"]
    # a generation's training products are that generation's, not the first 910's
    assert chips_in("Atlas A2 training products/Atlas A2 inference products") == ["910B"]
    # a word that merely ends in a SoC's letters is no chip
    assert chips_in("x310P") == []


def test_every_soc_version_of_the_kb_is_read_as_its_family() -> None:
    """The kb's chip records (kb/data/chips.toml, from NpuVariables.h) are the list of SoC
    versions the tools print; the scan's matcher reads each as its record's family. The old
    SoC string ``Ascend910B`` of the first 910 (the record's note) is the one name the matcher
    reads as the later 910B, as every guide that writes it means."""
    unread = [
        (soc, record.family, chips_in(soc))
        for record in load_knowledge_base().chips()
        if record.family != "310"  # no family of the scan's vocabulary
        for soc in (v.rstrip("*") for v in record.soc_versions)
        if soc != "Ascend910B" and chips_in(soc) != [record.family]
    ]
    assert unread == []
