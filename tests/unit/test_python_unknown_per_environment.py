"""A row that pairs a release with a Python (Ascend/pytorch's torch_npu 1.11.0.post14 -> torch
==1.11.0 and Python >=3.7.5,<3.11) says which Python that release has wheels for only in the
environments where the row's subject joins; elsewhere the release is still one no row says the
Python of (review22 #10)."""

from __future__ import annotations

from bringup.kb import load_knowledge_base
from bringup.model import Component, Requirement, file_source
from bringup.solve import SolveOptions, knowledge_catalogue, solve
from solve_inputs import host


def _req(name: str, subject: str, spec: str, path: str, line: int) -> Requirement:
    return Requirement(subject=subject, spec=spec, component=name, source=file_source(path, line))


def test_the_torch_npu_row_vouches_for_torch_1_11_only_beside_torch_npu() -> None:
    # rbrtwlz/fastai_object_detection@8935053b setup.py:12 `install_requires = ['torch==1.11.0'`
    torch = _req("fod", "torch", "==1.11.0", "fod/setup.py", 12)
    # constructed: the Python 3.11 it asks for keeps it from torch_npu 1.11's environment
    python = _req("fod", "python", ">=3.11", "fod/setup.py", 13)
    fod = Component(name="fod", path="fod", role="other", requirements=(torch, python))
    # constructed: a repo that pins the torch_npu release of Ascend/pytorch's table
    npu_req = _req("npu", "torch_npu", "==1.11.0.post14", "npu/requirements.txt", 1)
    npu = Component(name="npu", path="npu", role="other", requirements=(npu_req,))
    kb = load_knowledge_base()
    # as the case was written: no torch_cuda.toml row says torch 1.11's Python (its
    # ``torch-1.11`` rows came later), so torch_npu's row is the only one that does
    rules = tuple(r for r in kb.rules(chips=()) if not r.id.startswith("torch-1.11"))
    options = SolveOptions(groups=(("npu",), ("fod",)))
    resolution = solve([npu, fod], host(), rules, knowledge_catalogue(kb), options)
    verdicts = {v.component: v for v in resolution.verdicts}
    envs = {name: resolution.environment_of(name) for name in ("npu", "fod")}
    assert envs["npu"] is not None
    assert envs["fod"] is not None
    assert envs["npu"].index != envs["fod"].index
    pin = envs["fod"].pin("python")
    assert pin is not None
    assert pin.version == "3.11.7"
    assert verdicts["fod"].status == "unverified"
    (unchecked,) = [o for o in verdicts["fod"].obstacles if o.kind == "unchecked"]
    assert (unchecked.subject, unchecked.detail) == ("torch", "1.11.0")
    assert not [o for o in verdicts["npu"].obstacles if o.kind == "unchecked"]
