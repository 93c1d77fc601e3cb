"""Implications, releases and newest over the built-in tables; the rules as solver input."""

from __future__ import annotations

import json
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.cli.main import main
from bringup.errors import InputError
from bringup.kb import KnowledgeBase, SubjectVersion, distro_name, parse_subject_version
from bringup.model import Rule


def test_implications_of_torch_npu(kb: KnowledgeBase) -> None:
    # COMPATIBILITY.en.md: 2.1.0.post4 -> PyTorch 2.1.0, CANN 8.0.RC1, Python 3.8-3.11.
    found = {i.subject: i for i in kb.implications("torch_npu", "2.1.0.post4")}
    assert set(found) == {"torch", "cann", "python"}
    # its own row, and the row every 2.1.0 build agrees on (kb.series): the same torch and
    # Python; CANN differs between builds, so only its own row names one
    assert set(found["torch"].specs) == {"==2.1.0"}
    assert found["cann"].specs == ("==8.0.RC1",)
    assert set(found["python"].specs) == {">=3.8,<3.12"}
    assert all(row.rule.source.startswith("https://") for i in found.values() for row in i.rows)


def test_implications_of_a_cann_release_cover_driver_and_firmware(kb: KnowledgeBase) -> None:
    found = {i.subject: i.specs for i in kb.implications("cann", "8.0.RC1")}
    assert found == {"ascend_driver": (">=24.1.RC1",), "ascend_firmware": (">=7.1.0.6.220",)}
    on_910b = {i.subject for i in kb.implications("cann", "7.0.0", chip="910B")}
    assert on_910b == {"ascend_driver", "ascend_firmware"}
    assert kb.implications("cann", "7.0.0", chip="910") == ()


def test_rules_are_solver_input(kb: KnowledgeBase) -> None:
    rules = kb.rules("torch_npu")
    assert all(isinstance(rule, Rule) and rule.topic == "torch_npu" for rule in rules)
    by_id = {rule.id: rule for rule in rules}
    rule = by_id["torch_npu-2.1.0.post4/cann"]
    assert (rule.subject, rule.spec, rule.then_subject, rule.then_spec) == (
        "torch_npu",
        "==2.1.0.post4",
        "cann",
        "==8.0.RC1",
    )
    assert by_id["torch_npu-2.9.0/cann"].then_spec == "==8.5.0 || ==8.5.1"
    soft = {r.id: r for r in kb.rules("cuda_driver") if not r.hard}
    assert "cuda_driver-12.4.1/nvidia_driver" in soft
    assert all(r.hard for r in kb.rules("cuda_driver") if "minor-compat" in r.id)


def test_chip_scoped_rules_only_with_their_chip(kb: KnowledgeBase) -> None:
    plain = {r.id for r in kb.rules("cann_hdk")}
    on_310p = {r.id for r in kb.rules("cann_hdk", chip="310P")}
    assert "cann_hdk-7.0.0-310P/ascend_driver" not in plain
    assert "cann_hdk-7.0.0-310P/ascend_driver" in on_310p
    assert "cann_hdk-7.0.0-910B/ascend_driver" not in on_310p
    assert plain < on_310p


def test_newest(kb: KnowledgeBase) -> None:
    # COMPATIBILITY.en.md: for CANN 8.0.RC1 the newest torch_npu is 2.2.0 (v2.2.0-6.0.rc1).
    assert kb.newest("torch_npu", given=["cann==8.0.RC1"]) == "2.2.0"
    assert kb.newest("torch_npu", [">=2.1,<2.2"], given=["cann==8.2.RC1"]) == "2.1.0.post13"
    assert kb.newest("torch_npu", given=["cann==8.0.RC1", "python==3.11"]) == "2.1.0.post4"
    assert kb.newest("cann", ["<8.1"], given=["ascend_driver==24.1.rc1"]) == "8.0.RC2"
    # python-3.16 is planned for 2027-10-06: not a version to pick before that day
    assert kb.newest("python") == ("3.16" if date.today().isoformat() >= "2027-10-06" else "3.15")
    assert kb.newest("torch_npu", given=["cann==1.0.0"]) is None
    with pytest.raises(ValueError, match="names"):
        kb.newest("distro")


def test_parse_subject_version() -> None:
    assert parse_subject_version("torch_npu==2.1.0.post4") == SubjectVersion(
        "torch_npu", "2.1.0.post4"
    )
    assert parse_subject_version("cann=8.0.RC1") == SubjectVersion("cann", "8.0.RC1")
    assert parse_subject_version(" distro ubuntu-22.04 ") == SubjectVersion(
        "distro", "ubuntu-22.04"
    )
    assert parse_subject_version("pypi:deepspeed==0.14.0") == SubjectVersion(
        "pypi:deepspeed", "0.14.0"
    )
    for bad in ("torch_npu", "cann==eight", "wat==1.0"):
        with pytest.raises(InputError):
            parse_subject_version(bad)


def test_kb_show(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    assert main(["kb", "show"]) == 0
    assert "torch_npu" in capsys.readouterr().out
    assert main(["kb", "show", "gcc_glibcxx"]) == 0
    out = capsys.readouterr().out
    assert "3.4.30" in out
    assert "https://gcc.gnu.org/onlinedocs/libstdc++/manual/abi.html" in out
    assert main(["kb", "show", "nope"]) == 2
    assert "topics: " in capsys.readouterr().err


def test_kb_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "show", "torch_npu", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    records = document["data"]["records"]
    assert document["command"] == "kb show"
    assert all(r["kind"] == "rule" and r["record"]["source"] for r in records)
    assert {r["record"]["id"] for r in records} >= {"torch_npu-2.1.0.post4", "torch_npu-2.12.0"}


PAIR_SUBJECTS = st.sampled_from(
    [
        ("torch_npu", "cann"),
        ("torch_npu", "python"),
        ("cann", "ascend_driver"),
        ("vllm_ascend", "torch_npu"),
        ("cuda", "nvidia_driver"),
        ("cuda", "gcc"),
        ("torch", "python"),
        ("gcc", "glibcxx"),
    ]
)


@settings(max_examples=60, deadline=None)
@given(pair=PAIR_SUBJECTS, data=st.data())
def test_verdicts_are_symmetric_and_never_fine_without_a_row(
    kb: KnowledgeBase, pair: tuple[str, str], data: st.DataObject
) -> None:
    first, second = pair
    a = SubjectVersion(first, data.draw(st.sampled_from(kb.releases(first))))
    b = SubjectVersion(second, data.draw(st.sampled_from(kb.releases(second))))
    verdict = kb.compatible(a, b)
    assert kb.compatible(b, a).status == verdict.status
    if verdict.status == "compatible":
        assert verdict.deciding
        assert all(check.holds for check in verdict.deciding)
    if verdict.status == "incompatible":
        assert any(not check.holds and check.rule.hard for check in verdict.deciding)
    if verdict.status == "unknown":
        assert not any(check.rule.hard and check.holds for check in verdict.deciding)


def test_distro_name_from_os_release(kb: KnowledgeBase) -> None:
    assert distro_name("ubuntu", "22.04") == "ubuntu-22.04"
    assert distro_name("openEuler", "22.03") == "openeuler-22.03"
    assert distro_name("kylin", "V10") == "kylin-v10"
    assert distro_name("rocky", "9.4") == "rocky-9"
    # pep600_compliance: Rocky 9 ships glibc 2.34; os-release VERSION_ID "9.4" maps to it.
    pin = f"distro=={distro_name('rocky', '9.4')}"
    assert kb.compatible(pin, "glibc==2.34").status == "compatible"
