"""How long loading the knowledge base takes, warm (in-process) and cold (a new process).

Side by side: the compiled cache (what every command uses), compiling from the TOML files
(a cache miss), and the floor of any TOML-based loader — ``tomllib`` parsing the same files
with no validation. Cold figures are whole ``python -c`` runs minus an empty interpreter.
Medians; ratios against the cached load. Run: ``.venv/bin/python bench/kb_load.py``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

from bringup.kb import load_knowledge_base
from bringup.kb.loader import data_files
from bringup.kb.paths import builtin_dir

WARM_RUNS = 50
COLD_RUNS = 15


def median_ms(action: Callable[[], object], runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def cold_ms(code: str, env: dict[str, str], runs: int = COLD_RUNS) -> float:
    argv = [sys.executable, "-c", code]
    return median_ms(lambda: subprocess.run(argv, env=env, check=True), runs)


def parse_only() -> None:
    for path in data_files(builtin_dir()):
        tomllib.loads(path.read_text(encoding="utf-8"))


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "XDG_CACHE_HOME": scratch, "XDG_CONFIG_HOME": scratch}
        os.environ.update(env)
        kb = load_knowledge_base()  # fills the cache
        files = len(data_files(builtin_dir()))
        records = len(kb.entries())
        rules = len(kb.rules())
        warm_cached = median_ms(lambda: load_knowledge_base().rules(), WARM_RUNS)
        warm_compiled = median_ms(lambda: load_knowledge_base(use_cache=False).rules(), 15)
        warm_parse = median_ms(parse_only, 15)
        load = "from bringup.kb import load_knowledge_base as l; l({}).rules()"
        empty = cold_ms("pass", env)
        cold_cached = cold_ms(load.format(""), env) - empty
        cold_compiled = cold_ms(load.format("use_cache=False"), env) - empty
        cold_import = cold_ms("import bringup.kb", env) - empty
        cli = [str(Path(sys.executable).with_name("bringup")), "kb", "why"]
        pair = ["torch_npu==2.1.0", "cann==8.0.RC1"]
        cli_ms = median_ms(
            lambda: subprocess.run([*cli, *pair], env=env, capture_output=True, check=False),
            COLD_RUNS,
        )
    print(f"knowledge base: {files} files, {records} records, {rules} rules")
    print(f"{'warm, in-process (median)':<44}{'ms':>9}{'x cached':>10}")
    for name, value in (
        ("load from the compiled cache", warm_cached),
        ("compile from TOML (cache miss)", warm_compiled),
        ("tomllib parse only (no checks)", warm_parse),
    ):
        print(f"  {name:<42}{value:>9.2f}{value / warm_cached:>10.1f}")
    print(f"{'cold process, minus python -c pass':<44}{'ms':>9}")
    for name, value in (
        ("import bringup.kb", cold_import),
        ("import + load (cache)", cold_cached),
        ("import + load (no cache)", cold_compiled),
        (f"bringup kb why {' '.join(pair)} (whole)", cli_ms),
        ("python -c pass (itself)", empty),
    ):
        print(f"  {name:<42}{value:>9.1f}")


if __name__ == "__main__":
    main()
