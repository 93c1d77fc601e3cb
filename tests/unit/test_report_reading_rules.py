# ruff: noqa: RUF001  (real Chinese report lines hold full-width punctuation)
"""The reading rules added while tuning ``probe --from`` on the blind report set (issue 16),
each on real lines from a public thread that set does not hold (its thread quoted beside it,
and listed in /work/notes/used-by-h16.txt). A rule is a class of report, not one report's line."""

from __future__ import annotations

import pytest

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.cuda import keys as cuda_keys
from bringup.model import Snapshot, keys
from bringup.probe.importers import import_report
from bringup.probe.importers.values import read_count


def _read(text: str) -> Snapshot:
    return import_report(text, "body.md", taken_at="t")


def _facts(snapshot: Snapshot) -> dict[str, object]:
    return {f.key: f.value for f in snapshot.facts if f.ok}


# https://github.com/influxdata/telegraf/issues/12996 (the start of an `nvidia-smi -q -x` paste)
NVIDIA_SMI_XML = """<?xml version="1.0" ?>
<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v12.dtd">
<nvidia_smi_log>
\t<timestamp>Fri Mar 31 17:30:28 2023</timestamp>
\t<driver_version>531.41</driver_version>
\t<cuda_version>12.1</cuda_version>
\t<attached_gpus>1</attached_gpus>
\t<gpu id="00000000:01:00.0">
\t\t<product_name>NVIDIA GeForce RTX 3080 Ti</product_name>
\t\t<product_brand>GeForce</product_brand>
"""


def test_nvidia_smi_xml_document_even_cut_short() -> None:
    snapshot = _read(NVIDIA_SMI_XML)
    assert snapshot.value(cuda_keys.NVIDIA_DRIVER) == "531.41"
    assert snapshot.value(cuda_keys.NVIDIA_DRIVER_CUDA) == "12.1"
    (gpu,) = snapshot.accelerators
    assert (gpu.name, gpu.bus_id, gpu.source.line) == (
        "NVIDIA GeForce RTX 3080 Ti",
        "00000000:01:00.0",
        9,
    )


# https://github.com/noonghunna/club-3090/pull/594 (`lspci -nnk | grep -A3 -i nvidia`)
LSPCI_NNK = """05:00.0 VGA compatible controller [0300]: NVIDIA Corporation GA102 [GeForce RTX 3090] [10de:2204] (rev a1)
\tSubsystem: Gigabyte Technology Co., Ltd GA102 [GeForce RTX 3090] [1458:4043]
\tKernel driver in use: nvidia
\tKernel modules: nvidiafb, nouveau, nvidia_drm, nvidia
05:00.1 Audio device [0403]: NVIDIA Corporation GA102 High Definition Audio Controller [10de:1aef] (rev a1)
\tSubsystem: Gigabyte Technology Co., Ltd GA102 High Definition Audio Controller [1458:4043]
\tKernel driver in use: snd_hda_intel
\tKernel modules: snd_hda_intel
--
0a:00.0 VGA compatible controller [0300]: NVIDIA Corporation GA102 [GeForce RTX 3090] [10de:2204] (rev a1)
"""  # noqa: E501


def test_lspci_nvidia_display_controllers() -> None:
    facts = _facts(_read(LSPCI_NNK))
    assert facts[cuda_keys.NVIDIA_GPU_NAME] == "GeForce RTX 3090"
    assert facts[cuda_keys.PCI_NVIDIA_GPUS] == 2  # the audio function is not a GPU
    # https://github.com/Antergos/nvidia-installer/issues/18: a 3D controller, no class code
    line = "01:00.0 3D controller: NVIDIA Corporation GM108M [GeForce 920MX] (rev a2)"
    assert _facts(_read(line))[cuda_keys.NVIDIA_GPU_NAME] == "GeForce 920MX"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # https://github.com/vllm-project/vllm-ascend/pull/5735: Huawei's package file names
        (
            "chmod +x Ascend-cann-kernels-910b_8.3.RC2_linux-aarch64.run",
            {
                ascend_keys.ASCEND_CANN_ACTIVE: "8.3.RC2",
                ascend_keys.ASCEND_CHIP: "910B",
                keys.ARCH: "aarch64",
            },
        ),
        # https://github.com/modelbox-ai/modelbox/pull/346: an image tag of name_version parts
        (
            "|develop|ubuntu-20.04|modelbox/modelbox-develop-mindspore_1.9.0-cann_6.0.1-ubuntu-aarch64|",
            {
                "python.package.mindspore": "1.9.0",
                ascend_keys.ASCEND_CANN_ACTIVE: "6.0.1",
                keys.ARCH: "aarch64",
            },
        ),
        # https://github.com/RLinf/RLinf/pull/1577: repository:tag, the repository its subject
        (
            "On an Ascend 950PR host, inside the "
            "`swr.cn-south-1.myhuaweicloud.com/ascendhub/cann:9.1.1-950-ubuntu22.04-py3.12-devel`"
            " container:",
            {
                ascend_keys.ASCEND_CANN_ACTIVE: "9.1.1",
                keys.PYTHON_DEFAULT: "3.12",
                keys.OS_ID: "ubuntu",
                keys.OS_VERSION_ID: "22.04",
            },
        ),
        # tests/fixtures/logs/.../vllm-ascend-2210.log (vllm-ascend#2210): pip's name-version
        (
            "Successfully installed numpy-2.0.2 torch-npu-2.7.1.dev20250724",
            {"python.package.numpy": "2.0.2", "python.package.torch-npu": "2.7.1.dev20250724"},
        ),
    ],
)
def test_versions_packed_into_names(text: str, expected: dict[str, object]) -> None:
    facts = _facts(_read(text))
    assert {k: facts.get(k) for k in expected} == expected, facts


def test_a_capitalised_model_name_is_not_a_package() -> None:
    # tests/fixtures/logs/ascend.hccl.listen-port-failed (vllm-ascend#16205)
    line = "- GLM-5.1 198k and 128k nightlies fail with `Communication_Error_Bind_IP_Port(EI0019)`"
    assert not [f for f in _read(line).facts if f.ok and f.key.startswith("python.package.")]


@pytest.mark.parametrize(
    ("text", "key", "value", "line"),
    [
        # https://github.com/pytorch/pytorch/issues/85332: print(x.__version__) then its answer
        ("print(torch.__version__)\n1.8.1+cu102", "python.package.torch", "1.8.1+cu102", 2),
        # https://eng.libretexts.org/Bookshelves/Computer_Science/Operating_Systems/
        # Linux_-_The_Penguin_Marches_On_(McClanahan)/06%3A_Kernel_Module_Management/
        # 1.02%3A_Linux_Kernel: `uname -r` then the release
        ("pbmac@pbmac-server $ uname -r\n4.15.0-91-generic", keys.KERNEL, "4.15.0-91-generic", 2),
        # https://github.com/Tesla9527/tesla9527.github.io/blob/master/_posts/
        # 2018-10-12-python-pip-show.markdown: a `pip show` block
        (
            "PS C:\\Users\\Tesla Lau> pip show requests_html\nName: requests-html\n"
            "Version: 0.9.0\nSummary: HTML Parsing for Humans.",
            "python.package.requests-html",
            "0.9.0",
            3,
        ),
        # https://github.com/pypa/pip/blob/main/docs/reference/pip_show.rst: its Location
        (
            "      Location: /my/env/lib/python2.7/site-packages",
            keys.PYTHON_DEFAULT,
            "2.7",
            1,
        ),
    ],
)
def test_answers_in_pasted_sessions(text: str, key: str, value: object, line: int) -> None:
    snapshot = _read(text)
    assert snapshot.value(key) == value, snapshot.facts
    found = snapshot.fact(key)
    assert found is not None
    assert found.source.line == line


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # https://github.com/PaddlePaddle/FastDeploy/issues/2550: labels in 【】 brackets
        ("- 【npu 驱动版本】：Version: 23.0.rc2", {ascend_keys.ASCEND_DRIVER: "23.0.rc2"}),
        # same thread: the chip model in brackets wins over the product name before it
        ("- 【硬件】： Ascend 310I Pro（310P3）", {ascend_keys.ASCEND_CHIP: "310P"}),
        # https://github.com/PaddlePaddle/FastDeploy/issues/2521: a chip model alone in prose
        (
            "希望能够支持华为910b3，cann8.0",
            {ascend_keys.ASCEND_CHIP: "910B", ascend_keys.ASCEND_CANN_ACTIVE: "8.0"},
        ),
        # https://github.com/tensorflow/tensorflow/issues/56959: one version per subject
        (
            "### CUDA/cuDNN version\n\n11.2/8.1\n",
            {cuda_keys.CUDA_ACTIVE: "11.2", cuda_keys.CUDA_CUDNN: "8.1"},
        ),
    ],
)
def test_labels_and_prose(text: str, expected: dict[str, object]) -> None:
    facts = _facts(_read(text))
    assert {k: facts.get(k) for k in expected} == expected, facts


# https://github.com/sgl-project/sglang/issues/33967: sglang's check_env on an Ascend host
SGLANG_CHECK_ENV_NPU = """Python: 3.11.15 (main, Jun 11 2026, 15:20:16) [GCC 14.3.0]
NPU available: True
NPU 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15: Ascend910B2C
CANN_HOME: /usr/local/Ascend/cann-9.0.0
CANN: Not Available
Ascend Driver Version: 25.5.0
"""


def test_sglang_check_env_lists_npus_and_cann_home() -> None:
    snapshot = _read(SGLANG_CHECK_ENV_NPU)
    npus = [a for a in snapshot.accelerators if a.vendor == "ascend"]
    assert len(npus) == 16
    assert {(a.name, a.family) for a in npus} == {("Ascend910B2C", "910B")}
    assert snapshot.value(ascend_keys.ASCEND_DEVICE_COUNT) == 16
    assert snapshot.value(ascend_keys.ASCEND_CANN_ACTIVE) == "9.0.0"
    assert snapshot.value(ascend_keys.ASCEND_DRIVER) == "25.5.0"


@pytest.mark.parametrize(
    ("text", "count"),
    [
        # https://github.com/SkyworkAI/SkyReels-V1/issues/71: models with their counts, summed;
        # "16xpcie" (a PCIe width) is no count
        ("2x3090 2x4090 multi gpu", 4),
        (
            "will muti-gpu works on a setup  composed of different gpus 2x3090 2x4090 each on "
            "16xpcie 3.0",
            4,
        ),
        # a report title in a public repository's notes (found by exact-string search of
        # public GitHub text, index id 61156427003): a count in Chinese numerals
        ("# ADV3B02-FCR R1-R8八卡并行实验v4报告", 8),
    ],
)
def test_device_counts(text: str, count: int) -> None:
    assert read_count(text) == count


def test_key_value_block_stops_at_pip_pins() -> None:
    # an install-info block (https://github.com/vllm-project/vllm-ascend/issues/4621) and the
    # pins a public README lists after CANN (exact-string search of public GitHub text, index
    # id 56032419756): the pins are packages, not more keys of the CANN file
    text = (
        "package_name=Ascend-cann-toolkit\nversion=8.3.RC2\narch=x86_64\nos=linux\n"
        "path=/usr/local/Ascend/ascend-toolkit/8.3.RC2/x86_64-linux\n"
        "torch==2.1.0\ntorch_npu==2.1.0\n"
    )
    snapshot = _read(text)
    assert [(t.kind, t.version) for t in snapshot.toolkits] == [("cann-toolkit", "8.3.RC2")]
    assert _facts(snapshot)["python.package.torch-npu"] == "2.1.0"


# `dpkg -l | grep -i cudnn` and `nvidia-smi --query-gpu ... --format=csv` as pasted in public
# setup notes (exact-string search of public GitHub text, index ids 40672776389, 54642237184)
DPKG_CUDNN = """$ sudo dpkg -l | grep -i cudnn
ii  cudnn-local-repo-ubuntu2204-8.8.0.121      1.0-1                                   amd64        cudnn-local repository configuration files
ii  libcudnn8                                  8.8.0.121-1+cuda11.8                    amd64        cuDNN runtime libraries
"""  # noqa: E501
QUERY_GPU_CSV = """### nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv

```
name, driver_version, memory.total [MiB]
NVIDIA L40, 580.126.09, 46068 MiB
NVIDIA L40, 580.126.09, 46068 MiB
```
"""


def test_dpkg_rows_of_cudnn() -> None:
    facts = _facts(_read(DPKG_CUDNN))
    assert facts[cuda_keys.CUDA_CUDNN] == "8.8.0.121"
    assert (facts[keys.OS_ID], facts[keys.OS_VERSION_ID]) == ("ubuntu", "22.04")


def test_nvidia_smi_query_gpu_csv_rows() -> None:
    snapshot = _read(QUERY_GPU_CSV)
    assert snapshot.value(cuda_keys.NVIDIA_DRIVER) == "580.126.09"
    assert [a.name for a in snapshot.accelerators] == ["NVIDIA L40", "NVIDIA L40"]
    assert snapshot.value(cuda_keys.NVIDIA_DEVICE_COUNT) == 2


def test_a_label_that_is_an_alias_is_not_split_at_and() -> None:
    # PyTorch's issue template as filled in a public repository's issue text (exact-string
    # search of public GitHub text, index id 40831863899)
    line = " - GPU models and configuration: GeForce GTX 1050"
    assert _facts(_read(line))[cuda_keys.NVIDIA_GPU_NAME] == "GeForce GTX 1050"
