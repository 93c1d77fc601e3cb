"""Each reader of ``probe --from`` on real pasted lines. Whole reports live in
tests/data/reports_dev (their threads in cases.toml there); single lines quote their thread
beside them. Forms quoted from issue 16 itself are marked so."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.cuda import keys as cuda_keys
from bringup.model import Fact, Snapshot, Source, keys
from bringup.probe.importers import UNREAD, import_report
from bringup.probe.importers.merge import merge_facts
from bringup.probe.importers.vocabulary import load_vocabulary, normalise_label

DEV = Path(__file__).parent.parent / "data" / "reports_dev"


def _read(text: str) -> Snapshot:
    return import_report(text, "body.md", taken_at="t")


def _dev(name: str) -> Snapshot:
    return import_report((DEV / name).read_text(encoding="utf-8"), name, taken_at="t")


def _package(snapshot: Snapshot, name: str) -> object:
    return snapshot.value("python.package." + name)


def _line(snapshot: Snapshot, key: str) -> int | None:
    found = snapshot.fact(key)
    return found.source.line if found is not None else None


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        # forms quoted in issue 16 (collected there from templates of vllm-ascend, MindSpeed,
        # LLaMA-Factory and torch_npu issues)
        ("CANN version: 8.0.RC2", ascend_keys.ASCEND_CANN_ACTIVE, "8.0.RC2"),
        ("- NPU type: 910B3", ascend_keys.ASCEND_CHIP, "910B"),
        ("**NPU Driver Version:** `24.1.rc3`", ascend_keys.ASCEND_DRIVER, "24.1.rc3"),
        ("torch-npu: 2.8.0", "python.package.torch-npu", "2.8.0"),
        ("ascend-toolkit: 8.5.1", ascend_keys.ASCEND_CANN_ACTIVE, "8.5.1"),
        ("CANN 版本：8.0.0", ascend_keys.ASCEND_CANN_ACTIVE, "8.0.0"),
        ("驱动版本：24.1.0", ascend_keys.ASCEND_DRIVER, "24.1.0"),
        ("服务器：昇腾910C", ascend_keys.ASCEND_CHIP, "910_93"),
        ("we run it on an 8-card server", ascend_keys.ASCEND_NPU_COUNT, 8),
        # a name then its version, as in tests/data/reports_dev/12 (Ascend/pytorch#99)
        ("CANN 8.5.0，torch npu 2.8.0post2", "python.package.torch-npu", "2.8.0post2"),
        # https://github.com/Ascend/pytorch/issues/7: Chinese prose
        (
            "torch版本是2.1.0，驱动版本也核对无误7.0.RC1.alpha003， python3.8",
            ascend_keys.ASCEND_DRIVER,
            "7.0.RC1.alpha003",
        ),
        # a Markdown table of versions
        ("| CANN | 9.1.0 | profiler metadata |", ascend_keys.ASCEND_CANN_ACTIVE, "9.1.0"),
        # key=value bullets (LLaMA-Factory issue template, NPU machine section)
        ("  - HDK=25.5.0", ascend_keys.ASCEND_DRIVER, "25.5.0"),
        ("  - Device Num=8", ascend_keys.ASCEND_NPU_COUNT, 8),
    ],
)
def test_free_form_line(text: str, key: str, value: object) -> None:
    snapshot = _read(text)
    assert snapshot.value(key) == value, snapshot.facts
    assert _line(snapshot, key) == 1


def test_one_label_for_two_subjects() -> None:
    snapshot = _read("torch_npu && torch: 2.9.0")  # form quoted in issue 16
    assert _package(snapshot, "torch-npu") == "2.9.0"
    assert _package(snapshot, "torch") == "2.9.0"


def test_llamafactory_env_bullets_are_packages_and_platform() -> None:
    snapshot = _dev("01-llamafactory-env-x86.txt")
    assert _package(snapshot, "llamafactory") == "0.9.4.dev0"
    assert _package(snapshot, "datasets") == "3.1.0"  # not in the vocabulary: a package
    assert snapshot.value(keys.GLIBC) == "2.36"
    assert snapshot.value(keys.KERNEL) == "6.8.0-65-generic"
    assert snapshot.fact(keys.OS_ID) == Fact(
        key=keys.OS_ID,
        value="ubuntu",
        source=Source(kind="report", ref="01-llamafactory-env-x86.txt", line=8),
        confidence="low",  # a -generic kernel only suggests Ubuntu
    )


def test_sglang_check_env() -> None:
    snapshot = _dev("03-sglang-check-env-gb300.txt")
    assert [d.name for d in snapshot.devices("nvidia")] == ["NVIDIA GB300"] * 4
    assert snapshot.value(cuda_keys.NVIDIA_DRIVER) == "580.82.07"
    assert snapshot.value(cuda_keys.CUDA_ACTIVE) == "13.0.88"
    assert _package(snapshot, "sgl-kernel") == "0.3.18.post2"
    vllm = snapshot.fact("python.package.vllm")
    assert vllm is not None
    assert vllm.status == "absent"  # "vllm: Module Not Found"


def test_nvidia_smi_q_names_the_gpu_by_product_name_not_bus_id() -> None:
    snapshot = _dev("08-nvidia-smi-a-gtx1650.txt")
    (gpu,) = snapshot.devices("nvidia")
    assert (gpu.name, gpu.bus_id) == ("NVIDIA GeForce GTX 1650", "00000000:82:00.0")
    assert snapshot.value(cuda_keys.NVIDIA_DRIVER) == "510.68.02"
    assert snapshot.value(cuda_keys.NVIDIA_DRIVER_CUDA) == "11.6"
    assert not any(f.key.startswith("python.package.") for f in snapshot.facts)


def test_npu_smi_header_version_is_the_driver() -> None:
    snapshot = _dev("07-vllm-ascend-npu-smi-install-info.txt")
    driver = snapshot.fact(ascend_keys.ASCEND_DRIVER)
    assert driver is not None
    assert (driver.value, driver.source.line) == ("24.1.rc1", 6)
    assert snapshot.value(keys.ARCH) == "aarch64"  # from the CANN package's own arch


def test_npu_smi_table_cut_short_still_gives_the_driver() -> None:
    snapshot = _dev("04-vllm-ascend-chinese-mixed.txt")
    assert snapshot.value(ascend_keys.ASCEND_DRIVER) == "25.5.2"
    assert (
        snapshot.value(ascend_keys.ASCEND_CHIP) == "910B"
    )  # "Ascend910B2" from acl.get_soc_name()
    assert (snapshot.value(keys.OS_ID), snapshot.value(keys.OS_VERSION_ID)) == ("kylin", "V10")


def test_npu_smi_v() -> None:
    # the output documented for `npu-smi -v` (Ascend npu-smi reference: "npu-smi version: x.x.x")
    snapshot = _read("$ npu-smi -v\nnpu-smi version: 24.1.rc2\n")
    assert snapshot.value(ascend_keys.ASCEND_DRIVER) == "24.1.rc2"
    assert _line(snapshot, ascend_keys.ASCEND_DRIVER) == 2


def test_python_platform_line() -> None:
    snapshot = _dev("05-vllm-omni-collect-env-euleros.txt")
    assert snapshot.value(keys.KERNEL) == "4.19.90-vhulk2211.3.0.h1543.eulerosv2r10.aarch64"
    assert snapshot.value(keys.GLIBC) == "2.34"
    # the OS line names Huawei Cloud EulerOS; the kernel tag says EulerOS: both lines kept,
    # the kernel's said to be the host kernel's (in a container, the two are two systems)
    ids = [f for f in snapshot.facts if f.key == keys.OS_ID]
    assert [f.value for f in ids] == ["hce", "euleros"]
    assert ids[1].reason == "the host kernel's; line 11: the userland's"


def test_old_python_platform_names_the_distribution() -> None:
    # Python < 3.8 wrote the distribution in platform.platform()
    snapshot = _read("Python platform: Linux-4.15.0-112-generic-x86_64-with-Ubuntu-18.04-bionic")
    assert (snapshot.value(keys.OS_ID), snapshot.value(keys.OS_VERSION_ID)) == ("ubuntu", "18.04")


def test_collect_env_collapsed_onto_one_line() -> None:
    lines = (DEV / "06-vllm-ascend-collect-env-ubuntu1804.txt").read_text().splitlines()[3:17]
    snapshot = _read(" ".join(line for line in lines if line.strip()))
    assert _package(snapshot, "torch") == "2.5.1"
    assert snapshot.value(keys.GCC) == "7.5.0"
    assert snapshot.value(keys.GLIBC) == "2.27"
    assert snapshot.value(keys.PYTHON_DEFAULT) == "3.10.16"
    assert (snapshot.value(keys.OS_ID), snapshot.value(keys.OS_VERSION_ID)) == ("ubuntu", "18.04")


def test_no_cuda_is_absent_not_unparsed() -> None:
    snapshot = _read("PyTorch version: 2.1.0+cpu\nCUDA runtime version: No CUDA\n")
    cuda = snapshot.fact(cuda_keys.CUDA_ACTIVE)
    assert cuda is not None
    assert cuda.status == "absent"


def test_cudnn_from_library_file_names() -> None:
    snapshot = _dev("10-cudnn-file-names.txt")
    assert snapshot.value(cuda_keys.CUDA_CUDNN) == "9.6.0"


def test_conda_and_headerless_pip_rows() -> None:
    snapshot = _dev("15-conda-list.txt")
    assert _package(snapshot, "numpy") == "2.1.2"
    assert _package(snapshot, "nbconvert-core") == "7.16.4"
    grep = _read("$ pip list | grep torch\ntorch                    2.1.0\n")
    assert _package(grep, "torch") == "2.1.0"


def test_cann_pin_is_the_toolkit_not_a_package() -> None:
    # https://github.com/zai-org/GLM-4/issues/749 writes "CANN==8.0.T63" (a requirement there)
    snapshot = _read("CANN==8.5.0\ntorch_npu==2.8.0\n")
    assert snapshot.value(ascend_keys.ASCEND_CANN_ACTIVE) == "8.5.0"
    assert _package(snapshot, "cann") is None
    assert [(t.kind, t.version) for t in snapshot.toolkits] == [("cann-toolkit", "8.5.0")]


def test_version_info_named_by_its_cat_line() -> None:
    body = "cat /usr/local/Ascend/driver/version.info\nVersion=24.1.rc3\npackage_version=24.1.rc3\n"
    snapshot = _read(body)
    assert snapshot.value(ascend_keys.ASCEND_DRIVER) == "24.1.rc3"
    assert _line(snapshot, ascend_keys.ASCEND_DRIVER) == 2


def test_issue_form_heading_is_the_label() -> None:
    snapshot = _dev("14-gpustack-template-950pr.txt")
    assert _package(snapshot, "gpustack") == "2.2.3"  # "### GPUStack version" then "v2.2.3"
    assert snapshot.value(ascend_keys.ASCEND_CHIP) == "950"  # "### GPU" then "950PR"
    assert snapshot.value(keys.OS_VERSION_ID) == "24.03"


def test_more_specific_wins_and_contradictions_keep_both_lines() -> None:
    snapshot = _read("CANN version: 8.0\nCANN 8.0.RC2\n\nCANN version: 7.0.0\n")
    cann = [f for f in snapshot.facts if f.key == ascend_keys.ASCEND_CANN_ACTIVE]
    assert [(f.value, f.source.line) for f in cann] == [("8.0.RC2", 2), ("7.0.0", 4)]
    assert cann[1].reason == "contradicts body.md:2 ('8.0.RC2')"


def test_a_tool_wins_over_a_hand_written_line() -> None:
    tool = Fact(
        key=ascend_keys.ASCEND_DRIVER, value="24.1.rc1", source=Source(kind="report", ref="r")
    )
    hand = Fact(
        key=ascend_keys.ASCEND_DRIVER,
        value="24.1.rc3",
        source=Source(kind="report", ref="r", line=1),
        confidence="medium",
    )
    assert [f.value for f in merge_facts([hand, tool])] == ["24.1.rc1", "24.1.rc3"]


def test_each_value_is_spelled_once_however_often_a_key_repeats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fuzz's 2 MB report repeating one key 3,000 times (one value megabytes long) took
    52 s: every pair re-made both values' spelling. Each fact's is made once now."""
    merge = importlib.import_module("bringup.probe.importers.merge")
    spelled: list[Fact] = []
    spelling = merge._spelling

    def counted(found: Fact) -> str:
        spelled.append(found)
        return str(spelling(found))

    monkeypatch.setattr(merge, "_spelling", counted)
    facts = [
        Fact(
            key=ascend_keys.ASCEND_DRIVER,
            value=f"24.{n}",
            source=Source(kind="report", ref="r", line=n),
        )
        for n in range(1, 60)
    ]
    assert len(merge_facts(facts)) == 59
    assert len(spelled) == 59


def test_json_nested_past_the_stack_is_no_gpustack_report() -> None:
    """The fuzz's nested arrays raised RecursionError out of json.loads (exit 3)."""
    from bringup.probe.importers.gpustack import parse_gpustack

    text = "[" * 50_000 + "]" * 50_000
    assert parse_gpustack(text, Source(kind="report", ref="r")) is None


def test_lines_that_look_like_facts_but_were_not_read_are_listed() -> None:
    snapshot = _read("- CANN version: 8.0.RC2\n- Frobnicator level: 3.1.4\nplain words\n")
    unread = [f for f in snapshot.facts if f.key == UNREAD]
    assert [(f.source.line, f.reason) for f in unread] == [(2, "- Frobnicator level: 3.1.4")]


def test_paths_and_tracebacks_are_not_versions() -> None:
    snapshot = _dev("12-prose-cann-torch-npu.txt")
    assert snapshot.value(keys.PYTHON_DEFAULT) is None  # ".../lib64/python3.11/site-packages"
    assert snapshot.value(ascend_keys.ASCEND_CANN_ACTIVE) == "8.5.0"
    assert _package(snapshot, "torch-npu") == "2.8.0post2"


def test_vocabulary_labels_normalise_across_languages_and_markup() -> None:
    vocabulary = load_vocabulary()
    assert normalise_label("**CANN 版本**") == normalise_label("cann version") == "cann"
    for subject in vocabulary.subjects:
        for alias in subject.aliases:
            assert vocabulary.subject(alias) is not None, alias


def test_gpustack_worker_json() -> None:
    fixtures = Path(__file__).parent.parent / "fixtures" / "reports"
    text = (fixtures / "gpustack-worker-910b-x2.txt").read_text(encoding="utf-8")
    for body in (text, f"My worker:\n\n```json\n{text}```\n"):
        snapshot = _read(body)
        devices = snapshot.devices("ascend")
        assert [(d.index, d.name, d.family, d.memory_total_mib) for d in devices] == [
            (0, "910B1", "910B", 65536),
            (1, "910B1", "910B", 65536),
        ]
        assert snapshot.value(ascend_keys.ASCEND_DEVICE_COUNT) == 2
        assert snapshot.value(keys.ARCH) == "aarch64"  # the worker's "arch": "arm64" label
    assert devices[1].source.line == 93 + 3  # the second "name" line, inside the fence


def test_issue_body_parts() -> None:
    from bringup.probe.importers.parts import Part, split_parts

    body = (DEV / "05-vllm-omni-collect-env-euleros.txt").read_text(encoding="utf-8")
    lines = body.splitlines()
    parts = split_parts(lines)
    assert [(p.kind, p.title) for p in parts] == [
        ("section", "Your current environment"),
        ("details", "The output of `python collect_env.py`"),
        ("fence", "text"),
    ]
    fence = parts[2]
    assert isinstance(fence, Part)
    assert lines[fence.start] == "Collecting environment information..."


def test_a_fence_of_one_row_is_a_package_listing() -> None:
    snapshot = _read("pip list | grep npu gave:\n\n```\ntorch_npu        2.1.0.post6\n```\n")
    assert _package(snapshot, "torch-npu") == "2.1.0.post6"
    alone = _read("```\nfrobnicator      2.1.0\n```\n")  # not a known name: still a listing
    assert _package(alone, "frobnicator") == "2.1.0"
    prose = _read("frobnicator 2.1.0 is what I have\n")
    assert _package(prose, "frobnicator") is None


@pytest.mark.parametrize(
    "text",
    [
        # lines from failure logs in tests/fixtures/logs and tests/data/triage*: asked-for,
        # required or code, not stated
        "  CMake 3.18 or higher is required.  You are running version 3.16.3",
        "    inv_freq = 1.0 / (10000 ** (torch.arange(0, dim, 2, device=device).to(dtype=dtype)",
        "RuntimeError: copy_d2d:torch_npu/csrc/aten/common/CopyKernel.cpp:274 NPU function error",
        "torch-0.1.11.post5-cp35-cp35m-linux_x86_64.whl is not a supported wheel on this platform.",
        "MindIE-service python api Install failed, please install python3.10 firstly!",
        "mismatches the version that was used to compile PyTorch (11.3). Please make sure",
    ],
)
def test_what_is_asked_for_or_code_is_not_a_fact(text: str) -> None:
    snapshot = _read(text)
    assert not [f for f in snapshot.facts if f.ok], snapshot.facts


def test_nvidia_smi_header_alone_is_the_driver_and_its_cuda() -> None:
    # a header line quoted in prose, as in the triage corpus's threads
    snapshot = _read(
        "当前环境：NVIDIA-SMI 475.14       Driver Version: 475.14       CUDA Version: 11.4"
    )
    assert snapshot.value(cuda_keys.NVIDIA_DRIVER) == "475.14"
    assert snapshot.value(cuda_keys.NVIDIA_DRIVER_CUDA) == "11.4"
    assert snapshot.value(cuda_keys.CUDA_ACTIVE) is None


# vllm-project/vllm-ascend#4376 (an Atlas 800I A2 host's environment in the issue body): the
# npu-smi table was pasted without its banner and header, device rows only.
_HEADLESS_NPU_SMI = """\
BogoMIPS:                        200.00
+===========================+===============+====================================================+
| 1     910B3               | OK            | 89.3        35                0    / 0             |
| 0                         | 0000:C2:00.0  | 0           0    / 0          3398 / 65536         |
+===========================+===============+====================================================+
| 2     910B3               | OK            | 89.4        36                0    / 0             |
| 0                         | 0000:81:00.0  | 0           0    / 0          3398 / 65536         |
+===========================+===============+====================================================+
"""


def test_an_npu_smi_table_pasted_without_its_header_still_counts_the_npus() -> None:
    snapshot = _read(_HEADLESS_NPU_SMI)
    assert snapshot.value(ascend_keys.ASCEND_DEVICE_COUNT) == 2
    assert [a.name for a in snapshot.accelerators] == ["910B3", "910B3"]
    # no header says which usage pair is HBM: of two, the second (a 910B's 64 GB)
    assert [a.memory_total_mib for a in snapshot.accelerators] == [65536, 65536]


def test_nvidia_smi_device_rows_are_not_read_as_npu_smi() -> None:
    # nvidia-smi's device rows, its header cut (tests/data/reports_blind/28, lines 8-9: the
    # thread in cases.toml there): "On"/"Off" and an eight-digit bus domain
    report = DEV.parent / "reports_blind" / "28-vllm-27542-nvidia-smi-rtx-pro-6000.txt"
    text = "\n".join(report.read_text(encoding="utf-8").splitlines()[7:9])
    assert "00000000:41:00.0 Off" in text
    assert _read(text).value(ascend_keys.ASCEND_DEVICE_COUNT) is None
