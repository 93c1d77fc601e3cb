"""``bringup kb why`` on pairs checked by hand against the public sources.

Each case names the document it was checked against. The torch_npu rows were read in
Ascend/pytorch COMPATIBILITY.en.md (commit b48e6481); the older vllm-ascend rows in
versioning_policy.md (commit 01f8a0b0); the rest against the sources cited in
/work/shared/facts (CUDA release notes, gcc.gnu.org ABI manual, pep600_compliance...).
"""

from __future__ import annotations

import json

import pytest

from bringup.cli.main import main
from bringup.kb import KnowledgeBase

CASES = [
    # COMPATIBILITY.en.md: torch_npu 2.1.0 is the v2.1.0-5.0.0 build, for CANN 7.0.0.
    ("torch_npu==2.1.0", "cann==8.0.RC1", "incompatible", "torch_npu-2.1.0/cann"),
    # COMPATIBILITY.en.md: torch_npu 2.1.0.post4 (v2.1.0-6.0.rc1) pairs with CANN 8.0.RC1.
    ("torch_npu==2.1.0.post4", "cann==8.0.RC1", "compatible", "torch_npu-2.1.0.post4/cann"),
    # COMPATIBILITY.en.md: torch_npu 2.5.1.post1 is built for PyTorch 2.5.1, not 2.6.0.
    ("torch_npu==2.5.1.post1", "torch==2.6.0", "incompatible", "torch_npu-2.5.1.post1/torch"),
    # COMPATIBILITY.en.md, 'PyTorch and Python versions': PyTorch 2.2.0 -> Python 3.8-3.10.
    ("torch_npu==2.2.0", "python==3.11", "incompatible", "torch_npu-2.2.0/python"),
    # versioning_policy.md: vllm-ascend v0.9.1 -> stable CANN 8.2.RC1.
    ("vllm_ascend==0.9.1", "cann==8.2.RC1", "compatible", "vllm_ascend-0.9.1/cann"),
    # versioning_policy.md: vllm-ascend v0.11.0 needs Python >= 3.9, < 3.12.
    ("vllm_ascend==0.11.0", "python==3.12", "incompatible", "vllm_ascend-0.11.0/python"),
    # nvcc 12.4 host_config.h: 'gcc versions later than 13 are not supported!'.
    ("cuda==12.4", "gcc==14.1.0", "incompatible", "nvcc_gcc-12.4/gcc"),
    # nvcc 12.9 error text: 'gcc versions later than 14 are not supported!' -> 14.2 is fine.
    ("cuda==12.9", "gcc==14.2.0", "compatible", "nvcc_gcc-12.9/gcc"),
    # Minor-version compatibility: 12.x runs on >= 525.60.13; 12.2 on a 470 driver does not.
    (
        "cuda==12.2.2",
        "nvidia_driver==470.82.01",
        "incompatible",
        "cuda-12-minor-compat/nvidia_driver",
    ),
    # CUDA features archive: CUDA 13.0 supports Turing (sm_75) and newer; a P40 (6.1) is out.
    ("cuda==13.0", "compute_capability==6.1", "incompatible", "cuda_arch-13/compute_capability"),
    # gcc.gnu.org ABI manual: GCC 11.1.0 -> GLIBCXX_3.4.29; a 3.4.28 libstdc++ is too old.
    ("gcc==11.4.0", "glibcxx==3.4.28", "incompatible", "gcc-11.1.0-glibcxx/glibcxx"),
    # Ascend/docs package_info.js: CANN 8.0.RC1 tested with driver 24.1.rc1 (npu-smi spelling).
    ("cann==8.0.RC1", "ascend_driver==24.1.rc1", "compatible", "cann_hdk-8.0.RC1/ascend_driver"),
    # Same: driver 23.0.3 predates the tested 24.1.rc1.
    ("ascend_driver==23.0.3", "cann==8.0.RC1", "incompatible", "cann_hdk-8.0.RC1/ascend_driver"),
    # hicann/release-management 9.0.0: CANN 9.0.0 with HDK 26.0.RC1, 25.5.2 or 25.5.1.
    ("cann==9.0.0", "ascend_driver==25.5.2", "compatible", "cann_hdk-9.0.0/ascend_driver"),
    # pep600_compliance: Ubuntu 22.04 ships glibc 2.35.
    ("distro==ubuntu-22.04", "glibc==2.35", "compatible", "distro-ubuntu-22.04/glibc"),
    # PyTorch 2.6 moved Linux wheels to manylinux_2_28: CentOS 7's glibc 2.17 is too old.
    ("torch==2.6.0", "glibc==2.17", "incompatible", "torch-2.6/glibc"),
    # MindSpore r2.3.0 install page: CANN 8.0.RC2.beta1 community build.
    ("mindspore==2.3.1", "cann==8.0.RC2.beta1", "compatible", "mindspore-2.3.0/cann"),
]


@pytest.mark.parametrize(("a", "b", "status", "rule_id"), CASES)
def test_verdict_matches_the_source(
    kb: KnowledgeBase, a: str, b: str, status: str, rule_id: str
) -> None:
    verdict = kb.compatible(a, b)
    assert verdict.status == status
    assert rule_id in {check.rule.id for check in verdict.deciding}
    assert all(check.rule.source for check in verdict.deciding)
    assert kb.compatible(b, a).status == status  # the order of the pins does not matter


@pytest.mark.parametrize(("a", "b", "status", "rule_id"), CASES[:6])
def test_cli_exit_code_and_rows(
    capsys: pytest.CaptureFixture[str], a: str, b: str, status: str, rule_id: str
) -> None:
    code = main(["kb", "why", a, b])
    out = capsys.readouterr().out
    assert code == (0 if status == "compatible" else 1)
    assert out.startswith(status.upper())
    assert rule_id in out
    assert "source: https://" in " ".join(out.split())  # a long URL goes on its own line


def test_minor_version_compatibility_is_a_caveat_not_a_conflict(kb: KnowledgeBase) -> None:
    # CUDA 12.4.1's own driver is 550.54.15; 535.104.05 runs it through minor-version compat.
    verdict = kb.compatible("cuda==12.4.1", "nvidia_driver==535.104.05")
    assert verdict.status == "compatible"
    assert [c.rule.id for c in verdict.caveats] == ["cuda_driver-12.4.1/nvidia_driver"]


def test_pair_without_a_row_is_unknown(
    kb: KnowledgeBase, capsys: pytest.CaptureFixture[str]
) -> None:
    # MindSpore 1.7.0 exists (Ascend/mindx-science pins mindspore_ascend==1.7.0) but no table
    # pairs it with a CANN. (torch_npu 2.1.0.post3, the example before, has a row since
    # outsider O8 #6.)
    verdict = kb.compatible("mindspore==1.7.0", "cann==5.1.RC1")
    assert verdict.status == "unknown"
    assert verdict.deciding == ()
    assert main(["kb", "why", "mindspore==1.7.0", "cann==5.1.RC1"]) == 1
    assert "no row covers this pair" in capsys.readouterr().out


def test_chip_specific_rows_need_the_chip(kb: KnowledgeBase) -> None:
    # package_info.js: CANN 7.0.0 tested with driver 23.0.3 on 910B, 23.0.1 on 310P.
    assert kb.compatible("cann==7.0.0", "ascend_driver==23.0.2").status == "unknown"
    assert kb.compatible("cann==7.0.0", "ascend_driver==23.0.2", chip="310P").status == "compatible"
    assert kb.compatible("cann==7.0.0", "ascend_driver==23.0.2", chip="910B").status == (
        "incompatible"
    )


def test_json_envelope(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "why", "torch_npu==2.1.0", "cann==8.0.RC1", "--json"]) == 1
    document = json.loads(capsys.readouterr().out)
    assert document["command"] == "kb why"
    assert document["exit_code"] == 1
    verdict = document["data"]["verdict"]
    assert verdict["status"] == "incompatible"
    assert verdict["deciding"][0]["rule"]["source"].startswith("https://")


def test_one_pin_shows_its_implications(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "why", "torch_npu==2.1.0.post4"]) == 0
    out = capsys.readouterr().out
    assert "torch ==2.1.0" in out
    assert "cann ==8.0.RC1" in out
    assert "python >=3.8,<3.12" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["kb", "why", "torch_npu", "cann==8.0.RC1"],
        ["kb", "why", "nosuchthing==1.0", "cann==8.0.RC1"],
        ["kb", "why", "cann==eight", "torch_npu==2.1.0"],
        ["kb", "why", "cann==8.0.RC1", "ascend_driver==24.1.rc1", "--chip", "9 10"],
    ],
)
def test_bad_pins_are_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "ERROR" in capsys.readouterr().err
