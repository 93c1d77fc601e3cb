"""A pasted report's GPU named by product only still gives the target's compute capability, and
an installed torch built for a CUDA that GPU's rows rule out is not kept as the pin (session-23c
outside tester, D6: an H100's torch 2.0.1+cu117, which the report itself says has no sm_90,
became environment 1's torch)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bringup.inputs import read_report
from bringup.kb import load_knowledge_base
from bringup.solve import host_facts, knowledge_catalogue
from bringup.solve.builds import cuda_build, without_unfit_builds
from bringup.solve.target import device_host

DATA = Path(__file__).resolve().parents[2] / "tests/data/outsider23c"
# collect_env from https://github.com/pytorch/pytorch/issues/110153 (its first line)
H100 = DATA / "report_h100_cu117.txt"


def test_a_gpu_named_by_product_gives_its_compute_capability() -> None:
    value = host_facts(read_report(str(H100))).value("compute_capability")
    assert value is not None
    assert value.values == ("9.0",)


def test_a_cu117_torch_is_not_kept_on_an_h100() -> None:
    rules = load_knowledge_base().rules(chips=())
    host = host_facts(read_report(str(H100)))
    assert [i.version for i in host.installed_versions("torch")] == ["2.0.1+cu117"]
    assert without_unfit_builds(host, rules).installed_versions("torch") == ()


def test_a_build_the_gpu_can_run_is_kept() -> None:
    kb = load_knowledge_base()
    rules = kb.rules(chips=())
    h100 = host_facts(read_report(str(H100)))
    a100 = device_host("A100:8", knowledge_catalogue(kb))  # compute capability 8.0: CUDA >= 11.0
    host = replace(h100, fixed={**h100.fixed, **a100.fixed})
    kept = without_unfit_builds(host, rules).installed_versions("torch")
    assert kept == host.installed_versions("torch")
    assert kept


def test_the_build_tag_names_a_cuda() -> None:
    assert cuda_build("2.0.1+cu117") == "11.7"
    assert cuda_build("1.8.0+cu92") == "9.2"
    assert cuda_build("2.7.0+cu128") == "12.8"
    assert cuda_build("2.7.0+cpu") is None
    assert cuda_build("2.3.1") is None
