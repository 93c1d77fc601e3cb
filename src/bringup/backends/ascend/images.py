"""CANN container images: ``ascendai/cann:8.1.rc1-910b-ubuntu22.04-py3.10`` is CANN 8.1.RC1
for the 910B on Ubuntu 22.04 with Python 3.10. Tag format of Ascend/cann-container-image (see
``/work/shared/facts``: CANN container tags use lower-case ``rc``), read from a repo's files
and filled for the Dockerfile ``bringup up`` writes."""

from __future__ import annotations

import re
from typing import Optional

from bringup.scan.images import ImageFact, os_facts

_CANN_TAG = re.compile(
    r"^(?P<cann>\d+\.\d+\.(?:rc\d+|\d+)(?:\.(?:alpha|beta)\d+)?(?:-beta\.\d+)?)"
    r"(?:-(?P<chip>910b|a2|a3|310p|310b|910|950))?"
    r"(?:-(?!py\d)(?P<os>[a-z]+)(?P<os_version>[\d.]+))?(?:-py(?P<python>\d+\.\d+))?",
    re.IGNORECASE,
)
_CHIPS = {
    "910b": "910B",
    "a2": "910B",
    "a3": "910_93",
    "310p": "310P",
    "310b": "310B",
    "910": "910",
    "950": "950",
}
_NAMES = ("cann", "ascend-toolkit", "ascend-cann", "cann-toolkit")
_VENDOR = re.compile(r"ascend|(?:^|[/_-])cann(?:$|[/_-])", re.IGNORECASE)
"""A registry path of Ascend's images (``ascendhub/…``, the CANN CI's ``ci_cann/ubuntu22.04_arm``
of torchtitan-npu .ci/gitcode.dockerfile:2): its images carry a CANN tag whatever their name."""


def tag_values(cann: str, python: str, chip: Optional[str]) -> dict[str, str]:
    """The CANN image tag's values: version and chip family in lower case."""
    values = {"cann": cann.lower(), "python": python}
    if chip:
        values["chip"] = chip.lower()
    return values


def read_image(repository: str, tag: str, words: str) -> Optional[list[ImageFact]]:
    """The facts of a CANN image, or None when ``repository`` is not one."""
    name = repository.rsplit("/", 1)[-1].lower()
    if name not in _NAMES and not (_VENDOR.search(repository) and _CANN_TAG.match(tag)):
        return None
    match = _CANN_TAG.match(tag)
    if match is None:
        return []
    version = re.sub(r"rc(?=\d)", "RC", match.group("cann"), flags=re.IGNORECASE)
    facts = [ImageFact("cann", f"=={version}", words)]
    if match.group("chip"):
        facts.append(ImageFact("chip", _CHIPS[match.group("chip").lower()], words))
    if match.group("python"):
        facts.append(ImageFact("python", f"=={match.group('python')}.*", words))
    return facts + os_facts(tag, words)
