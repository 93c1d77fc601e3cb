"""Time to verdict and to explanation, side by side with what users run instead.

1. A generated stack: 100 repos x 8 tools x 60 versions, with compatibility rules between
   tools, once where one environment holds everything and once where the repos fall into
   three groups that cannot share (the verdict must find three and explain why).
2. The one-environment problem written as Python packages (tiny wheels with the right
   metadata: each repo a distribution requiring its tool ranges, each tool version one
   requiring its rule's range of the next tool), resolved by ``uv pip compile --offline
   --no-index --find-links``: the ratio of medians is printed.
3. The example stack (examples/six-repos), when present.

Run: ``.venv/bin/python bench/solve.py`` (``--repeat N`` for more samples).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bringup.model import Component, Requirement, Rule, Snapshot, file_source
from bringup.solve import Catalogue, SolveOptions, solve

VERSIONS = [f"{1 + n // 10}.{n % 10}" for n in range(60)]
"""60 versions, 1.0 to 6.9, in ten-version bands (1.x, 2.x, ...)."""


@dataclass(frozen=True)
class Stack:
    components: list[Component]
    rules: list[Rule]
    catalogue: dict[str, list[str]]


def _spec(low: int, high: int) -> str:
    return f">={VERSIONS[low]}" + (f",<{VERSIONS[high]}" if high < len(VERSIONS) else "")


def generated_stack(
    repos: int = 100, tools: int = 8, groups: int = 1, width: int = 15, seed: int = 7
) -> Stack:
    """Each repo needs every tool in a random range around its group's hidden good version;
    rules say a tool in band k needs the next tool in bands k-1..k+1. With one group one
    environment holds all; with several, groups are far enough apart that none can share."""
    rng = random.Random(seed)
    names = [f"tool{i}" for i in range(tools)]
    goods = [5 + (len(VERSIONS) - 10) * g // max(groups - 1, 1) for g in range(groups)]
    if groups == 1:
        goods = [35]
    components = []
    for r in range(repos):
        good = goods[r % groups]
        requirements = []
        for line, tool in enumerate(names, start=1):
            low = rng.randint(max(0, good - width), good)
            high = rng.randint(good + 1, min(len(VERSIONS), good + width))
            requirements.append(
                Requirement(
                    subject=tool,
                    spec=_spec(low, high),
                    component=f"repo{r}",
                    source=file_source(f"repo{r}/pyproject.toml", line),
                )
            )
        components.append(
            Component(
                name=f"repo{r}", path=f"repo{r}", role="other", requirements=tuple(requirements)
            )
        )
    rules = []
    bands = len(VERSIONS) // 10
    for i in range(tools - 1):
        for band in range(bands):
            rules.append(
                Rule(
                    id=f"{names[i]}-{band + 1}.x",
                    subject=names[i],
                    spec=_spec(band * 10, band * 10 + 10),
                    then_subject=names[i + 1],
                    then_spec=_spec(max(0, band - 1) * 10, min(bands, band + 2) * 10),
                    source="generated",
                    topic="bench",
                )
            )
    return Stack(components, rules, {tool: list(VERSIONS) for tool in names})


def _empty_host() -> Snapshot:
    return Snapshot(taken_at="bench", origin="replay")


def median_s(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def median_cpu_s(run: Callable[[], object], repeat: int) -> float:
    """CPU seconds (this process and the children it waited for): steadier than wall time on
    a machine others share."""
    times = []
    for _ in range(repeat):
        before = os.times()
        run()
        after = os.times()
        times.append(
            sum(after[:4]) - sum(before[:4])  # user, system, children's user, children's system
        )
    return statistics.median(times)


# --- the same problem as Python packages ---------------------------------------------------


def _wheel(directory: Path, name: str, version: str, requires: Sequence[str]) -> None:
    """A minimal, valid wheel: METADATA, WHEEL and RECORD, nothing to import."""
    info = f"{name}-{version}.dist-info"
    files = {
        f"{info}/METADATA": "Metadata-Version: 2.1\n"
        f"Name: {name}\nVersion: {version}\n" + "".join(f"Requires-Dist: {r}\n" for r in requires),
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: bringup-bench\n"
        "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{path},sha256={digest.decode()},{len(text.encode())}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = "\n".join(record) + "\n"
    with zipfile.ZipFile(directory / f"{name}-{version}-py3-none-any.whl", "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)


def write_index(stack: Stack, directory: Path) -> Path:
    """Every tool version and every repo as a wheel; returns the requirements file that asks
    for all repos."""
    for tool, versions in stack.catalogue.items():
        for version in versions:
            requires = [
                f"{r.then_subject}{r.then_spec}"
                for r in stack.rules
                if r.subject == tool and _contains(r.spec, version)
            ]
            _wheel(directory, tool, version, requires)
    for component in stack.components:
        requires = [f"{r.subject}{r.spec}" for r in component.requirements]
        _wheel(directory, component.name, "1.0", requires)
    wanted = directory / "requirements.in"
    wanted.write_text("".join(f"{c.name}\n" for c in stack.components), encoding="utf-8")
    return wanted


def _contains(spec: str, version: str) -> bool:
    from bringup.versions import SpecifierSet

    return SpecifierSet(spec, "pep440").contains(version)


def uv_compile(wanted: Path, index: Path, cache: Path | None) -> subprocess.CompletedProcess[str]:
    uv = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    if uv is None:
        raise SystemExit("uv not found (it is a project dependency: make install)")
    argv = [
        uv,
        "pip",
        "compile",
        str(wanted),
        "--offline",
        "--no-index",
        "--find-links",
        str(index),
        "--python-version",
        "3.11",
        "--quiet",
        "--no-header",
    ]
    argv += ["--cache-dir", str(cache)] if cache is not None else ["--no-cache"]
    return subprocess.run(argv, capture_output=True, text=True, check=True, timeout=300)


# --- the runs -------------------------------------------------------------------------------


def bench_generated(repeat: int) -> None:
    for groups in (1, 3):
        stack = generated_stack(groups=groups)
        catalogue = Catalogue.from_mapping(stack.catalogue)

        def run(explain: bool, stack: Stack = stack, catalogue: Catalogue = catalogue) -> object:
            options = SolveOptions(explain=explain)
            return solve(stack.components, _empty_host(), stack.rules, catalogue, options)

        result = solve(stack.components, _empty_host(), stack.rules, catalogue)
        verdict = median_s(lambda: run(False), repeat)
        full = median_s(lambda: run(True), repeat)
        print(
            f"generated 100 repos x 8 tools x 60 versions, {groups} group(s): "
            f"{len(result.environments)} environment(s), {len(result.conflicts)} conflict(s) "
            f"explained; verdict {verdict * 1000:.0f} ms, verdict + explanation "
            f"{full * 1000:.0f} ms (median of {repeat})"
        )


def bench_uv(repeat: int) -> None:
    stack = generated_stack(groups=1)
    catalogue = Catalogue.from_mapping(stack.catalogue)
    with tempfile.TemporaryDirectory() as tmp:
        index = Path(tmp) / "index"
        index.mkdir()
        wanted = write_index(stack, index)
        cache = Path(tmp) / "cache"
        resolved = uv_compile(wanted, index, cache).stdout
        pins = [line.strip() for line in resolved.splitlines() if line.startswith("tool")]
        result = solve(stack.components, _empty_host(), stack.rules, catalogue)
        runs = {
            "bringup solve": lambda: solve(stack.components, _empty_host(), stack.rules, catalogue),
            "uv pip compile (cache)": lambda: uv_compile(wanted, index, cache),
            "uv pip compile --no-cache": lambda: uv_compile(wanted, index, None),
        }
        wall = {name: median_s(run, repeat) for name, run in runs.items()}
        cpu = {name: median_cpu_s(run, repeat) for name, run in runs.items()}
        files = len(list(index.glob("*.whl")))
    ours_pins = {p.subject: p.version for p in result.environments[0].pins}
    uv_pins = dict(line.split("==", 1) for line in pins)
    same = "the same pins" if ours_pins == uv_pins else f"other pins ({uv_pins} vs {ours_pins})"
    print(f"uv pip compile: {len(pins)} tool pins from {files} wheels, {same} as bringup")
    ours_wall, ours_cpu = wall["bringup solve"], cpu["bringup solve"]
    print(f"  {'':27} {'wall':>8} {'cpu':>8}   uv/bringup (wall, cpu)")
    for name in runs:
        ratio = (
            ""
            if name == "bringup solve"
            else f"   {wall[name] / ours_wall:.2f}, {cpu[name] / ours_cpu:.2f}"
        )
        print(f"  {name:27} {wall[name] * 1000:6.0f}ms {cpu[name] * 1000:6.0f}ms{ratio}")


def bench_example(repeat: int) -> None:
    """The main job's solve and plan on examples/six-repos against the recorded development
    machine; and the whole of ``bringup check`` in-process through ``bringup.workflow``
    (scan, knowledge base, host, solve, plan, text)."""
    import io

    from bringup.plan import plan
    from bringup.report.check_text import result_document
    from bringup.report.console import console
    from bringup.report.document_text import render_document
    from bringup.workflow import check, gather

    root = Path(__file__).parent.parent
    stack = root / "examples" / "six-repos"
    recorded = root / "tests" / "fixtures" / "hosts"
    host_dir = recorded / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
    if not stack.is_dir():
        print("examples/six-repos is not here; skipping the example stack")
        return
    inputs = gather([str(stack)], host_dir, None)

    def run(explain: bool) -> object:
        options = SolveOptions(explain=explain)
        resolution = solve(
            inputs.components, inputs.snapshot, inputs.rules, inputs.catalogue, options
        )
        return plan(inputs.components, resolution, inputs.snapshot)

    verdict = median_s(lambda: run(False), repeat)
    full = median_s(lambda: run(True), repeat)

    def whole_check() -> object:
        result = check(gather([str(stack)], host_dir, None))
        render_document(
            console(io.StringIO()),
            result_document(result),
        )
        return result.exit_code

    whole = median_s(whole_check, repeat)
    print(
        f"examples/six-repos ({len(inputs.components)} repos, {len(inputs.rules)} rules): "
        f"verdict + plan {verdict * 1000:.0f} ms, with explanations {full * 1000:.0f} ms; "
        f"bringup check in-process {whole * 1000:.0f} ms (median of {repeat})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    bench_example(args.repeat)
    bench_generated(args.repeat)
    bench_uv(args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
