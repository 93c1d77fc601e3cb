"""Hardware an Ascend/CUDA engineer names or pastes (outsider8 #1, #2, #11, #12, #13). Reports
in tests/data/outsider8 (their URLs in its README.md and on each first line); the q8_kernels
fixture is KONAKONA666/q8_kernels@8763eaef setup.py:1-19."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.errors import StackError
from bringup.inputs import read_report, read_target
from bringup.kb import load_knowledge_base
from bringup.model import Accelerator, Source
from bringup.probe.importers.samedevice import same_devices
from bringup.scan.cmake import extract_cmake
from bringup.scan.commands import parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.stepkinds import command_needs
from bringup.solve import knowledge_catalogue
from bringup.solve.catalogue import Catalogue
from bringup.solve.devicenames import kind_of
from bringup.solve.target import device_host

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests/data/outsider8"
QUADRO = DATA / "r3-quadro-rtx4000-nvidia-smi.txt"  # nvidia-smi -L (lines 3-4), table (15, 19)
DUO = DATA / "r1-300iduo-npu-smi.txt"  # npu-smi info of 310P3 chips
H20 = DATA / "deepgemm-268-h20-nvidia-smi.txt"  # a GPU NVIDIA's CUDA GPUs list does not name
Q8 = str(ROOT / "tests/fixtures/repos/outsider8/q8_kernels")  # sm_89 machine code only


def test_a_gpu_listed_by_nvidia_smi_l_and_its_table_is_one_gpu() -> None:
    snapshot = read_report(str(QUADRO))
    devices = snapshot.devices("nvidia")
    assert [(d.index, d.name, d.bus_id) for d in devices] == [
        (0, "Quadro RTX 4000", "00000000:06:00.0"),
        (1, "Quadro RTX 4000", "00000000:07:00.0"),
    ]
    assert devices[0].memory_total_mib == 8192  # the table's, beside -L's line


def test_the_same_index_on_two_buses_is_two_devices() -> None:
    # constructed: two hosts' tables pasted together (GPU 0 of each), told apart by bus id
    where = Source(kind="report", ref="constructed")
    one = Accelerator(vendor="nvidia", index=0, name="A", source=where, bus_id="00000000:06:00.0")
    same = Accelerator(vendor="nvidia", index=0, name="A", source=where, bus_id="0000:06:00.0")
    other = Accelerator(vendor="nvidia", index=0, name="A", source=where, bus_id="0000:07:00.0")
    assert len(same_devices([one, same])) == 1
    assert len(same_devices([one, other])) == 2


@pytest.mark.parametrize(
    ("name", "capability"),
    [
        ("Quadro RTX 4000", "7.5"),  # akash-network/provider-configs#12 (QUADRO, line 15)
        ("NVIDIA A100-SXM4-40GB", "8.0"),  # nunchaku-ai/nunchaku#27 (outsider23c data, line 6)
        ("Tesla V100-PCIE-16GB", "7.0"),  # pytorch/pytorch#43058 (fixtures/reports, line 21)
        ("NVIDIA H20", None),  # deepseek-ai/DeepGEMM#268: not on NVIDIA's CUDA GPUs list
    ],
)
def test_a_reported_gpu_name_is_its_listed_compute_capability(
    name: str, capability: str | None
) -> None:
    assert kind_of(name, "compute_capability") == capability


def test_a_pasted_quadro_rtx_4000_is_7_5_and_no_host_for_an_ada_build(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    host = read_target(str(QUADRO), Catalogue(lambda subject: ())).host
    assert host.fixed["compute_capability"].values == ("7.5",)
    assert host.fixed["gpu_count"].values == ("2",)
    monkeypatch.setenv("COLUMNS", "200")
    main(["check", Q8, "--target", str(QUADRO)])
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("q8_kernels"))
    assert "cannot run (needs compute capability >= 8.9, < 9.0)" in line


@pytest.mark.parametrize(("target", "runs"), [("H100:8", False), ("L40S:1", True)])
def test_an_sm89_only_build_runs_on_ada_not_hopper(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, target: str, runs: bool
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    main(["check", Q8, "--target", target])
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("q8_kernels"))
    assert ("environment 1" in line) is runs
    assert ("cannot run (needs compute capability >= 8.9, < 9.0)" in line) is not runs


def test_a_gpu_of_unknown_kind_leaves_the_target_unverified(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    main(["check", Q8, "--target", str(H20)])
    out = " ".join(capsys.readouterr().out.split())
    assert "environment 1, unverified: needs compute capability >= 8.9, < 9.0" in out
    assert "NVIDIA H20 is no name the knowledge base lists" in out


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return knowledge_catalogue(load_knowledge_base())


@pytest.mark.parametrize(
    ("target", "chip"),
    [
        ("Atlas 300I Duo:2", "310P"),  # chips.toml products; vllm-ascend#12724 "4x Atlas 300I DUO"
        ("Atlas300IDuo:2", "310P"),
        ("Atlas 800I A2:8", "910B"),
        ("910B4:8", "910B"),  # npu-smi's name (chips.toml npu_smi_names)
        ("310P3:1", "310P"),  # DUO line 8
        ("910B2:1", "910B"),  # vllm-ascend#1363 (r2 line 9)
        ("Ascend 910B:8", "910B"),
        ("Ascend910B4:8", "910B"),  # the SoC version (NpuVariables.h)
    ],
)
def test_ascend_products_and_chip_names_are_targets(
    catalogue: Catalogue, target: str, chip: str
) -> None:
    host = device_host(target, catalogue)
    assert host.fixed["chip"].values == (chip,)
    assert host.fixed["npu_count"].values == (target.rsplit(":", 1)[1],)


def test_a_name_of_several_chips_is_refused_naming_them(catalogue: Catalogue) -> None:
    # "Atlas 300I" begins the 310's, the 310P's (Pro, Duo) and the 910B's (300I A2) cards
    with pytest.raises(StackError, match="may be any of 310, 310P, 910B"):
        device_host("Atlas 300I:2", catalogue)
    with pytest.raises(StackError, match="unknown chip '910X'"):
        device_host("910X:8", catalogue)


def test_a_pasted_report_and_its_chip_name_give_one_chip(catalogue: Catalogue) -> None:
    reported = read_target(str(DUO), catalogue).host.fixed["chip"].values
    assert reported == device_host("310P3:2", catalogue).fixed["chip"].values == ("310P",)


@pytest.mark.parametrize(
    ("line", "devices"),
    [
        # KaihuaTang/LLM-TP-Inference-on-910B@863031e4 README.md:26 ("world_size: the number of
        # local cards", README.md:34)
        (
            "python main.py --model_type llama2 --model_path "
            "/home/ma-user/work/t00831955/checkpoints/llama-2-7b-hf --world_size 8 --use_mc2",
            8,
        ),
        # vllm-project/vllm#34322: four workers, Worker_TP0..TP3
        (
            "vllm serve /llm_data2/Qwen3-Coder-Next/ --tensor-parallel-size 4 "
            "--served-model-name Qwen3-Coder-Next --trust-remote-code",
            4,
        ),
    ],
)
def test_a_rank_count_is_the_devices_a_step_needs(line: str, devices: int) -> None:
    (command,) = parse_commands(line)
    assert command_needs(command).devices == devices


# desly-0/flashattention_Ascendc@1fa2e505 tools/CMakeLists.txt:13-22 (the comments between left
# out): the Ascend C kernel is built for the dav-2201 architecture alone (910B, 910_93)
ASC_CMAKE = """cmake_minimum_required(VERSION 3.16)
set(CMAKE_ASC_ARCHITECTURES "dav-2201" CACHE STRING
    "NPU architecture: dav-2201 (Ascend910B)")
find_package(ASC REQUIRED)
project(flash_attention_v2 LANGUAGES ASC CXX)
"""


def test_a_kernel_architecture_is_a_hard_chip_list() -> None:
    found = extract_cmake(
        SourceFile(ref="tools/CMakeLists.txt", rel="CMakeLists.txt", text=ASC_CMAKE)
    )
    chips = [(r.spec, r.source.line, r.hard) for r in found.requirements if r.subject == "chip"]
    assert chips == [("910B,910_93", 2, True)]


def test_a_default_soc_version_stays_one_chip_of_a_support_list() -> None:
    # the set of hicann/ops-sparse@ae60d05a CMakeLists.txt:16-17 (kernelchips' docstring); the
    # if() around it constructed
    text = "if(NOT DEFINED SOC_VERSION)\n    set(SOC_VERSION ascend910b3)\nendif()\n"
    found = extract_cmake(SourceFile(ref="CMakeLists.txt", rel="CMakeLists.txt", text=text))
    chips = [(r.spec, r.hard) for r in found.requirements if r.subject == "chip"]
    assert chips == [("910B", False)]
