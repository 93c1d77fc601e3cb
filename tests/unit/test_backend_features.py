"""A repo whose own lines are for one backend and that carries another backend's way to install
(an ``extra:npu`` list or script, a ``docs/ascend_tutorial`` guide) supports either: on a host of
the other backend it takes that way's lines (session-23 outside tester, D2 and D3).

Each line below is montehoover/verl@9c46ae818ca42f47e1bf6e481c7da314e9c4663e at the path:line
beside it."""

from __future__ import annotations

from bringup.model import Component, Requirement, Scope, file_source
from bringup.solve.kinds import backend_features, for_host, kinds_needed


def _line(subject: str, spec: str, where: str, line: int) -> Requirement:
    return Requirement(
        subject=subject, spec=spec, component="verl", source=file_source(where, line)
    )


# "Requires 1 GPU per shard." README.md:124; nvidia-cudnn-cu12==9.10.2.21
# scripts/install_vllm_sglang_mcore.sh:54
_OWN = (
    _line("gpu_count", ">=1", "README.md", 124),
    _line("cudnn", "==9.10.2.21", "scripts/install_vllm_sglang_mcore.sh", 54),
    _line("torch", ">=2.4", "setup.py", 1),  # constructed spec: a core torch line of the repo
)
_NPU_SCRIPT = Scope(
    name="extra:npu",
    feature=True,
    requirements=(
        _line("torch_npu", "==2.7.1.post2", "scripts/install_sglang_mcore_npu.sh", 15),
        _line("torch", "==2.7.1", "scripts/install_sglang_mcore_npu.sh", 15),
    ),
)
_GUIDE = Scope(
    name="docs/ascend_tutorial",
    feature=True,
    requirements=(
        _line("python", ">=3.10,<3.12", "docs/ascend_tutorial/ascend_quick_start.rst", 44),
        _line("cann", "==8.3.RC1", "docs/ascend_tutorial/ascend_quick_start.rst", 46),
        _line("torch_npu", "==2.7.1", "docs/ascend_tutorial/ascend_quick_start.rst", 50),
        _line(
            "torch_npu", ">=2.7.1.post2", "docs/ascend_tutorial/ascend_sglang_quick_start.rst", 34
        ),
    ),
)
_VERL = Component(
    name="verl", path="verl", role="training", requirements=_OWN, scopes=(_NPU_SCRIPT, _GUIDE)
)


def test_a_cuda_repo_with_an_npu_way_supports_either_kind() -> None:
    assert set(kinds_needed(_VERL)) == {"cuda", "ascend"}
    assert set(backend_features(_VERL)) == {"ascend"}


def test_on_an_npu_host_it_takes_the_npu_way_one_file_a_subject() -> None:
    lines = {(r.subject, r.spec) for r in for_host(_VERL, "ascend").requirements}
    assert ("cudnn", "==9.10.2.21") not in lines
    assert ("gpu_count", ">=1") not in lines
    assert ("torch", ">=2.4") not in lines  # restated by the NPU script
    # the guide, firmer than the script, gives torch_npu; its sglang page is another route
    assert {s for s in lines if s[0] == "torch_npu"} == {("torch_npu", "==2.7.1")}
    assert {("torch", "==2.7.1"), ("cann", "==8.3.RC1"), ("python", ">=3.10,<3.12")} <= lines


def test_on_a_cuda_host_it_keeps_its_own_lines() -> None:
    assert for_host(_VERL, "cuda").requirements == _OWN


def test_a_repo_for_no_device_gains_no_kind_from_a_feature() -> None:
    plain = Component(
        name="verl", path="verl", role="training", requirements=_OWN[2:], scopes=(_NPU_SCRIPT,)
    )
    assert kinds_needed(plain) == {}
