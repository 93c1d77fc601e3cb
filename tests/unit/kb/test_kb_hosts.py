"""The knowledge base answering about recorded hosts (tests/fixtures/hosts, replayed by the
probe): the pins come from snapshots, exactly as the solver will take them."""

from __future__ import annotations

from pathlib import Path

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.cuda import keys as cuda_keys
from bringup.kb import KnowledgeBase, SubjectVersion, distro_name
from bringup.model import keys
from bringup.probe.replay import load_host

HOSTS = Path(__file__).parents[2] / "fixtures" / "hosts"


def test_debian12_cuda13_host(kb: KnowledgeBase) -> None:
    snapshot = load_host(HOSTS / "linux-x86_64-debian12-cuda13-toolkit-no-driver")
    distro = SubjectVersion(
        "distro",
        distro_name(str(snapshot.value(keys.OS_ID)), str(snapshot.value(keys.OS_VERSION_ID))),
    )
    cuda = SubjectVersion("cuda", str(snapshot.value(cuda_keys.CUDA_ACTIVE)))  # 13.0.88
    gcc = SubjectVersion("gcc", str(snapshot.value(keys.GCC)))  # 12.2.0
    glibc = SubjectVersion("glibc", str(snapshot.value(keys.GLIBC)))  # 2.36
    glibcxx = SubjectVersion("glibcxx", str(snapshot.value(keys.GLIBCXX_MAX)))  # 3.4.30
    assert kb.compatible(distro, glibc).status == "compatible"
    assert kb.compatible(distro, gcc).status == "compatible"  # Debian 12's default GCC
    assert kb.compatible(cuda, gcc).status == "compatible"  # nvcc 13.0 takes GCC up to 15
    assert kb.compatible(gcc, glibcxx).status == "compatible"  # GCC 12 -> GLIBCXX_3.4.30
    # No driver on this host; CUDA 13 needs an R580 driver: ask what it implies.
    implied = {i.subject: i.specs for i in kb.implications("cuda", cuda.version)}
    assert implied["nvidia_driver"] == (">=580",)
    assert implied["compute_capability"] == (">=7.5",)


def test_ascend_910b_host_with_two_toolkits(kb: KnowledgeBase) -> None:
    snapshot = load_host(HOSTS / "linux-aarch64-ascend-910b-two-cann-toolkits")
    chip = snapshot.accelerators[0].family  # 910B
    driver = SubjectVersion(
        "ascend_driver", str(snapshot.value(ascend_keys.ASCEND_DRIVER))
    )  # 24.1.rc3
    firmware = SubjectVersion(
        "ascend_firmware", str(snapshot.value(ascend_keys.ASCEND_FIRMWARE))
    )  # 7.1.0.11.220
    toolkits = {t.version: t for t in snapshot.toolkits if t.kind == "cann-toolkit"}
    assert set(toolkits) == {"8.0.RC3", "8.3.RC1"}
    # package_info.js: CANN 8.0.RC3 tested with driver 24.1.rc2 and firmware 7.3.0.1.231.
    assert (
        kb.compatible(SubjectVersion("cann", "8.0.RC3"), driver, chip=chip).status == "compatible"
    )
    assert (
        kb.compatible(SubjectVersion("cann", "8.0.RC3"), firmware, chip=chip).status
        == "incompatible"
    )
    # MindFormers 1.7.0: CANN 8.3.RC1 goes with HDK 25.3.RC1, newer than this driver.
    assert (
        kb.compatible(SubjectVersion("cann", "8.3.RC1"), driver, chip=chip).status == "incompatible"
    )
    assert kb.newest("torch_npu", given=[SubjectVersion("cann", "8.0.RC3")]) == "2.4.0"
