"""Open world and where a tool comes from, end to end on real lines
(tests/fixtures/repos/open-world, sources in its SOURCE.md) against the recorded development
machine (CMake 3.25.1, no CANN): vLLM's Python build requirements ask the PyPI ``cmake>=3.26.1``,
an install from the package index, not "no CMake"; a CANN and a torch the knowledge base does
not list are pinned as asked and marked unverified, distinct from a known release; a local
label (``torch==2.7.1+cpu``) is a build of the release it labels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model.resolution import Resolution
from bringup.report.verdict_wording import explain_verdict
from bringup.solve import solve
from bringup.subjects import provider_of
from bringup.workflow import gather

ROOT = Path(__file__).parent.parent.parent
REPOS = ROOT / "tests" / "fixtures" / "repos" / "open-world"
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"


@pytest.fixture(scope="module")
def resolution() -> Resolution:
    inputs = gather([str(REPOS / "vllm-build"), str(REPOS / "npu-guide")], HOST, None)
    return solve(inputs.components, inputs.snapshot, inputs.rules, inputs.catalogue)


def test_no_repo_is_left_out_for_an_unknown_version_or_an_index_tool(
    resolution: Resolution,
) -> None:
    assert resolution.unplaced == ()
    # npu-guide pins a CANN beside a Python no row pairs it with (no torch_npu there): it may
    # run, unverified, placed all the same (outsider23 D20)
    assert [v.status for v in resolution.verdicts] == ["runs_after", "unverified"]


def test_cmake_from_build_requirements_comes_from_the_package_index(
    resolution: Resolution,
) -> None:
    env = resolution.environment_of("vllm-build")
    assert env is not None
    cmake = env.pin("cmake")
    assert cmake is not None
    assert (cmake.origin, cmake.version) == ("index", ">=3.26.1")
    assert "CMake >= 3.26.1 (from the package index)" in explain_verdict(resolution.verdicts[0])


def test_unknown_cann_is_unverified_and_a_local_label_is_its_release(
    resolution: Resolution,
) -> None:
    env = resolution.environment_of("npu-guide")
    assert env is not None
    cann, torch = env.pin("cann"), env.pin("torch")
    assert cann is not None
    assert torch is not None
    assert (cann.version, cann.origin) == ("9.2.0", "unverified")
    assert cann.missing
    assert (torch.version, torch.origin) == ("2.7.1+cpu", "release")
    assert "CANN 9.2.0 (unverified: not in the knowledge base)" in explain_verdict(
        resolution.verdicts[1]
    )


def test_the_json_says_unverified_apart_from_a_known_release(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["check", str(REPOS / "npu-guide"), "--snapshot", str(HOST), "--json"])
    text = capsys.readouterr().out
    pins = [
        pin
        for env in json.loads(text)["data"]["resolution"]["environments"]
        for pin in env["pins"]
        if pin["subject"] in ("cann", "torch")
    ]
    origins = {pin["subject"]: pin["origin"] for pin in pins}
    assert origins == {"cann": "unverified", "torch": "release"}
    assert any("missing" in pin for pin in pins if pin["subject"] == "cann")


def test_every_subject_says_where_it_comes_from() -> None:
    """The catalogue's provider: the host, a vendor toolkit, the package index or a system
    package; a name the catalogue does not hold is a Python distribution unless another
    ecosystem's."""
    assert [provider_of(s) for s in ("gcc", "glibc", "ascend_driver", "chip")] == ["host"] * 4
    assert [provider_of(s) for s in ("cann", "cuda")] == ["toolkit"] * 2
    index = ("cmake", "ninja", "torch", "torch_npu", "pybind11", "setuptools", "pypi:numpy")
    assert [provider_of(s) for s in index] == ["index"] * len(index)
    assert [provider_of(s) for s in ("clang", "cmake:AscendOps")] == ["system"] * 2
