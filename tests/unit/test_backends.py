from __future__ import annotations

from collections.abc import Iterator

import pytest

from bringup import backends, subjects
from bringup.backends.base import Backend
from bringup.ladder.run import backend_rungs
from bringup.probe.context import ProbeContext
from bringup.probe.files import Sysroot
from bringup.probe.replay import ReplayRunner


@pytest.fixture
def fresh_registry() -> Iterator[None]:
    backends.reset()
    yield
    backends.reset()


def test_cpu_backend_always_registered_first() -> None:
    assert backends.backend_names()[0] == "cpu"
    assert {"ascend", "cuda"} <= set(backends.backend_names())


def test_every_builtin_backend_implements_the_protocol() -> None:
    for item in backends.registered():
        typed: Backend = item
        assert typed.signature_namespace.endswith(".")
        assert len(backend_rungs(typed.name)) == 4
        for subject in typed.subjects:
            assert subject.backend == typed.name


def test_unknown_backend_lists_the_known_ones() -> None:
    with pytest.raises(KeyError, match="known backends: cpu, ascend, cuda"):
        backends.load_collector("rocm")


def test_backend_that_cannot_import_is_a_failed_fact(
    monkeypatch: pytest.MonkeyPatch, fresh_registry: None
) -> None:
    monkeypatch.setitem(backends.BUILTIN, "broken", "bringup.backends.no_such_module:BACKEND")
    assert "broken" in backends.backend_names()
    collector = backends.collectors()["broken"]
    ctx = ProbeContext(runner=ReplayRunner({}), files=Sysroot("/nonexistent"), env={})
    (fact,) = collector(ctx).facts
    assert fact.key == "probe.broken"
    assert fact.status == "failed"
    assert "cannot be loaded" in (fact.reason or "")


def test_activation_is_data_not_a_script_to_source() -> None:
    root = "/usr/local/Ascend/ascend-toolkit/8.0.RC1"
    ascend = backends.backend("ascend").activation(root)
    assert ascend.variables["ASCEND_OPP_PATH"] == root + "/opp"
    assert ascend.prepend["LD_LIBRARY_PATH"][0] == root + "/lib64"
    assert ascend.script == "/usr/local/Ascend/ascend-toolkit/set_env.sh"
    cuda = backends.backend("cuda").activation("/usr/local/cuda-12.4/")
    assert cuda.variables == {"CUDA_HOME": "/usr/local/cuda-12.4"}
    assert cuda.prepend["PATH"] == ("/usr/local/cuda-12.4/bin",)
    assert backends.backend("cpu").activation("/x").variables == {}


def test_catalogue_answers_for_generic_and_backend_subjects() -> None:
    assert subjects.scheme_for("cann") == "ascend"
    assert subjects.scheme_for("pypi:numpy") == "pep440"
    assert subjects.display_name("nvidia_driver") == "NVIDIA driver"
    assert subjects.display_name("pypi:numpy") == "pypi:numpy"
    assert subjects.scope_of("gcc") == "system_tool"
    assert subjects.is_fixed("ascend_driver")
    assert not subjects.is_fixed("ascend_driver", allow_driver_change=True)
    assert subjects.block_scope("npu_count") == "device"
    assert subjects.block_scope("glibc") == "all"
    assert subjects.what_if_alias("npus") == "npu_count"
    assert subjects.python_subject("Torch-NPU") == "torch_npu"
    owner = subjects.subject("torch_npu")
    assert owner is not None
    assert owner.backend == "ascend"


def test_a_subject_defined_twice_is_an_error() -> None:
    twice = subjects.Subject(name="gcc", scheme="numeric", scope="system_tool", backend="x")
    with pytest.raises(ValueError, match="already defined by the generic subjects"):
        subjects.Catalogue([*subjects.GENERIC, twice])
