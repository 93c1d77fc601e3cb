"""The scripts of ``bench/`` loaded as modules, so tests can call their scorers: they are
scripts run by hand, not part of the package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench"


def bench_module(name: str) -> ModuleType:
    """``bench/<name>.py`` as a module named ``name``."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # registered first, as an import would: a dataclass looks its module up while it is built
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
