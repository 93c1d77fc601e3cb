from __future__ import annotations

import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

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


def _distribution(folder: Path, name: str, entry_points: str) -> None:
    info = folder / f"{name}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(entry_points)


def test_entry_points_are_read_only_where_a_distribution_may_declare_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``importlib.metadata`` is imported only when some ``entry_points.txt`` on the path
    names the group, or the path holds what the plain search cannot read (a zip)."""
    site = tmp_path / "site"
    _distribution(site, "other", "[console_scripts]\nother = other:main\n")
    (site / "plain.egg-info").write_text("Name: plain\n")  # an egg-info file: no entry points
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing"), str(site)])
    assert not backends._declared_anywhere(backends.ENTRY_POINT_GROUP)
    _distribution(site / "later", "rocm", "[bringup.backends]\nrocm = rocm:BACKEND\n")
    monkeypatch.setattr(sys, "path", [str(site), str(site / "later")])
    assert backends._declared_anywhere(backends.ENTRY_POINT_GROUP)
    with zipfile.ZipFile(tmp_path / "bundle.zip", "w") as bundle:
        bundle.writestr("bundle.txt", "")
    monkeypatch.setattr(sys, "path", [str(site), str(tmp_path / "bundle.zip")])
    assert backends._declared_anywhere(backends.ENTRY_POINT_GROUP)


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


def test_per_registry_table_is_built_once_and_again_after_reset(fresh_registry: None) -> None:
    """A table is built once per registry and answered from its holder after that; ``reset``
    empties the holder, so the next ask builds it over the new registry."""
    built: list[tuple[Backend, ...]] = []

    def build(registered: tuple[Backend, ...]) -> int:
        built.append(registered)
        return len(built)

    table = backends.per_registry(build)
    assert (table(), table()) == (1, 1)
    first = backends.registry()
    backends.reset()
    assert table() == 2
    assert backends.registry() is not first
    assert built[1] == backends.registered()
