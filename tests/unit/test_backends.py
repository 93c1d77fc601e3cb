from __future__ import annotations

import pytest

from bringup.backends import BACKENDS, backend_names, load_collector
from bringup.probe.context import ProbeContext
from bringup.probe.files import Sysroot
from bringup.probe.replay import ReplayRunner


def test_cpu_backend_always_registered_first() -> None:
    assert backend_names()[0] == "cpu"
    assert {"ascend", "cuda"} <= set(backend_names())


def test_unknown_backend_lists_the_known_ones() -> None:
    with pytest.raises(KeyError, match="known backends: cpu, ascend, cuda"):
        load_collector("rocm")


def test_backend_that_cannot_import_is_a_failed_fact(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BACKENDS, "broken", "bringup.backends.no_such_module:probe")
    collector = load_collector("broken")
    ctx = ProbeContext(runner=ReplayRunner({}), files=Sysroot("/nonexistent"), env={})
    (fact,) = collector(ctx).facts
    assert fact.key == "probe.broken"
    assert fact.status == "failed"
    assert "cannot be loaded" in (fact.reason or "")
