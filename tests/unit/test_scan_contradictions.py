"""Contradictions between two files of one repo: only ranges no version satisfies together."""

from __future__ import annotations

from bringup.model import Requirement, Source
from bringup.scan.contradictions import find_contradictions
from bringup.scan.prose import read_line


def _stated(ref: str, line: int, spec: str) -> Requirement:
    return Requirement(
        subject="python",
        spec=spec,
        component="vllm-ascend",
        source=Source(kind="file", ref=ref, line=line),
    )


def test_overlapping_ranges_are_no_contradiction_and_both_bind() -> None:
    # vllm-ascend@182b75ea setup.py:513 `python_requires=">=3.10",` and README.md:65
    # "- Python >= 3.10, < 3.13": together they mean >=3.10,<3.13.
    (readme,) = read_line("    - Python >= 3.10, < 3.13", required=True)
    stated = [_stated("setup.py", 513, ">=3.10"), _stated("README.md", 65, readme.spec)]
    kept, findings = find_contradictions(stated, {"setup.py": 3}, "vllm-ascend")
    assert readme.spec == ">=3.10,<3.13"
    assert findings == []
    assert kept == stated
    assert all(r.hard for r in kept)


def test_disjoint_ranges_contradict_and_the_manifest_wins() -> None:
    stated = [_stated("setup.py", 513, ">=3.10"), _stated("README.md", 20, ">=3.7,<3.9")]
    kept, (finding,) = find_contradictions(stated, {"setup.py": 3}, "vllm-ascend")
    assert "exclude each other" in finding.message
    assert finding.sources[0].ref == "setup.py"
    assert [r.hard for r in kept] == [True, False]


def _cuda(ref: str, line: int, spec: str, hard: bool) -> Requirement:
    return Requirement(
        subject="cuda",
        spec=spec,
        component="torch-ngp",
        source=Source(kind="file", ref=ref, line=line),
        hard=hard,
    )


def test_versions_a_file_only_shows_are_each_one_way_not_all_at_once() -> None:
    # ashawkey/torch-ngp@b6e08046 environment.yml:7 `- cudatoolkit=11.3`; readme.md:68-71
    # "### Tested environments" / "Ubuntu 20 with torch 1.10 & CUDA 11.3 on a TITAN RTX." /
    # "Ubuntu 16 with torch 1.8 & CUDA 10.1 on a V100." / "Windows 10 with torch 1.11 &
    # CUDA 11.3 on a RTX 3070." (outsider23c D15: "==11.3.* ... and ==11.3.*,==10.1.*,==11.3.*
    # exclude each other")
    shown = [_cuda("readme.md", n, s, False) for n, s in ((69, "==11.3.*"), (70, "==10.1.*"))]
    stated = [_cuda("environment.yml", 7, "==11.3.*", True), *shown]
    assert find_contradictions(stated, {"environment.yml": 2}, "torch-ngp")[1] == []
    # shown versions none of which the hard one admits still contradict it, each said once
    other = [_cuda("readme.md", n, s, False) for n, s in ((69, "==10.1.*"), (71, "==10.1.*"))]
    _, (finding,) = find_contradictions(
        [_cuda("environment.yml", 7, "==11.3.*", True), *other],
        {"environment.yml": 2},
        "torch-ngp",
    )
    assert "and ==10.1.* (readme.md:69) exclude each other" in finding.message


def _torch_npu(ref: str, line: int, spec: str, hard: bool) -> Requirement:
    return Requirement(
        subject="torch_npu",
        spec=spec,
        component="mindspeed",
        source=Source(kind="file", ref=ref, line=line),
        hard=hard,
    )


def test_a_soft_side_is_not_said_to_bind() -> None:
    # momo609/mindspeed@7e624cf README.md:60 "| torch_npu版本      | 26.0.0 |" (the release
    # train, read as its torch_npu release ==2.7.1.post4) and docs/zh/install_guide.md:75
    # "pip3 install torch_npu-2.7.1rc1-cp310-cp310-manylinux_2_28_aarch64.whl", which the scan
    # lists as soft: two docs of one rank, and "neither wins; both bind" named the soft one
    # binding (outsider26 N7)
    readme = _torch_npu("README.md", 60, "==2.7.1.post4", True)
    wheel = _torch_npu("docs/zh/install_guide.md", 75, "==2.7.1rc1", False)
    kept, (finding,) = find_contradictions([readme, wheel], {}, "mindspeed")
    assert "both bind" not in finding.message
    assert finding.message.endswith(
        "README.md binds; docs/zh/install_guide.md is soft (it only shows a version in use)"
    )
    assert [r.hard for r in kept] == [True, False]
    # two hard lines of one rank still both bind; two soft ones neither
    _, (both,) = find_contradictions(
        [readme, _torch_npu(wheel.source.ref, 75, "==2.7.1rc1", True)], {}, "m"
    )
    assert both.message.endswith("neither wins; both bind")
    soft = [_torch_npu("README.md", 60, "==2.7.1.post4", False), wheel]
    assert find_contradictions(soft, {}, "m")[1][0].message.endswith(
        "neither binds: both only show versions in use"
    )
