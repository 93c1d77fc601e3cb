"""Time `bringup scan` on a generated tree of 20,000 files against what a user does instead:
`grep -rn` for version patterns over the same tree (once as is, once told to skip the same
vendored directories). Prints medians, files per second and the ratios.

    .venv/bin/python bench/scan.py [--files 20000] [--runs 5]
    .venv/bin/python bench/scan.py --real DIR [--runs 5]
    .venv/bin/python bench/scan.py --repo REPO [--repo REPO ...] [--runs 5] [--jobs N]

``--real DIR`` times each checkout under DIR (one repo a directory), ``--repo`` the checkouts
named, instead: `bringup scan --json REPO` and `rg -n PATTERN REPO` run in turn (scan, rg,
scan, rg ...) so a drift in the machine's speed touches both; per repo it prints the files, the
median wall and CPU seconds of each, the scan's files/s, the ratio of wall times and the load
average (the scan forks copies only for the cores the load leaves free). ``--jobs N`` runs the
scan in N processes whatever the load (``BRINGUP_JOBS``; 1: one process, no copy).

Both modes compile bringup's bytecode first (``compileall``), as installing a wheel does: where
``PYTHONDONTWRITEBYTECODE`` is set (CI, containers) an editable checkout is never cached and
every run compiled its ~300 modules from source, ~0.3-0.5 s of each scan timed.

The tree: ten repos, each with the files a scan reads (README in English and Chinese,
pyproject, requirements, CMakeLists, Dockerfile, CI workflow, build script, tests with device
guards) and many it must pass over (sources, docs), plus vendored and build directories
(third_party, node_modules, build, .venv) and a .gitignore whose patterns hide more files.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

README = """# repo {n}

## Requirements

| Component | Version |
|-----------|---------|
| CANN | >= 8.0.RC1 |
| Python | 3.9~3.11 |

GCC 7.5 以上。多卡测试需要至少两张卡。

## 版本配套表

| MindSpeed | torch | torch_npu | CANN | Python |
|-----------|-------|-----------|------|--------|

```bash
cmake -S . -B build
ctest --test-dir build
```
"""
FILES = {
    "README.md": README,
    "pyproject.toml": '[project]\nname = "repo{n}"\nrequires-python = ">=3.9"\n'
    'dependencies = ["torch==2.1.0", "torch_npu==2.1.0.post3"]\n',
    "requirements.txt": "numpy>=1.21\npyyaml\n",
    "CMakeLists.txt": "cmake_minimum_required(VERSION 3.18)\nset(CMAKE_CXX_STANDARD 17)\n"
    "find_package(CANN 8.0 REQUIRED)\n",
    "Dockerfile": "FROM ascendai/cann:8.1.rc1-910b-ubuntu22.04-py3.10\n",
    ".github/workflows/ci.yml": "jobs:\n  t:\n    runs-on: linux-aarch64-a2-2\n"
    '    strategy:\n      matrix:\n        python-version: ["3.9", "3.10"]\n',
    "build.sh": "#!/bin/bash\nsource /usr/local/Ascend/ascend-toolkit/set_env.sh\n",
}
TABLE_ROW = "| 2.{i}.0 | 2.{i}.0 | 2.{i}.0.post{i} | 8.{i}.RC1 | 3.{p} |"
LAUNCH = """#!/bin/bash
export CUDA_DEVICE_MAX_CONNECTIONS=1
source /usr/local/Ascend/ascend-toolkit/set_env.sh
NPUS_PER_NODE=8
DISTRIBUTED_ARGS="--nproc_per_node $NPUS_PER_NODE --nnodes 1 --master_port 6000"
echo "start training model {i}"
torchrun $DISTRIBUTED_ARGS pretrain_gpt.py \\
    --tensor-model-parallel-size 8 \\
    --micro-batch-size 1 --global-batch-size 64 \\
    --data-path "$DATA_PATH" --tokenizer-model ${{TOKENIZER}} \\
    --distributed-backend nccl | tee logs/train_{i}.log
"""
DOC = """# 模型 {i} 使用指南

本文介绍如何在昇腾 NPU 上训练模型 {i}。请先安装配套版本的驱动、固件和 CANN。

```shell
bash examples/train_{i}.sh
```

| 参数 | 说明 | 默认值 |
|------|------|--------|
"""
DOC_ROW = "| --arg-{j} | 第 {j} 个参数的说明。详见 docs/zh/args.md | {j} |\n"
PATTERN = (
    r"CANN|requires-python|python_requires|cmake_minimum_required|CMAKE_CXX_STANDARD|"
    r"find_package|torch==|torch_npu|device_count|GCC|set_env\.sh|FROM "
)
SKIPPED = ("third_party", "node_modules", "build", ".venv")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def make_tree(root: Path, total: int) -> None:
    """Write ``total`` files under ``root``, a tenth of them in each of ten repos."""
    per_repo = total // 10
    for n in range(10):
        repo = root / f"repo{n}"
        files = {rel: text.format(n=n) for rel, text in FILES.items()}
        files[".gitignore"] = "*.log\ngenerated/\n"
        for i in range(40):
            guard = "import torch\nif torch.npu.device_count() < 2:\n    pass\n"
            files[f"tests/test_case{i}.py"] = guard
        files["README.md"] += "\n".join(TABLE_ROW.format(i=i, p=9 + i % 3) for i in range(30))
        for i in range(20):
            rows = "".join(DOC_ROW.format(j=j) for j in range(60))
            files[f"docs/zh/guide{i}.md"] = DOC.format(i=i) + rows
            files[f"docs/guide{i}.md"] = "Some prose about the design, version 1.2 of the API.\n"
            files[f"examples/train_{i}.sh"] = LAUNCH.format(i=i)
        for i in range(per_repo // 4):
            files[f"{SKIPPED[i % 4]}/pkg{i % 7}/f{i}.py"] = "# vendored: requires CANN >= 1.0\n"
        for vendored in ("third_party/fmt", "third_party/googletest"):
            files[f"{vendored}/README.md"] = "# vendored\n\nRequires CMake 3.5 and GCC 4.8.\n"
            files[f"{vendored}/CMakeLists.txt"] = "cmake_minimum_required(VERSION 3.5)\n"
        for i in range(per_repo // 10):
            files[f"generated/g{i}.txt"] = "torch==0.0.1\n"
            files[f"logs/run{i}.log"] = "CANN 0.0\n"
        i = 0
        while len(files) < per_repo:
            files[f"src/pkg{i % 23}/mod{i}.py"] = f"def f{i}():\n    return {i}\n"
            i += 1
        for rel, text in files.items():
            _write(repo / rel, text)


def _seconds(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one run: on a shared machine the CPU time
    is the figure that does not move with the other users' load."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def _files(repo: Path) -> int:
    return sum(len(names) for top, _, names in os.walk(repo) if "/.git" not in top + "/")


def time_real(repos: list[Path], runs: int, jobs: int | None = None) -> int:
    """Each checkout of ``repos``: scan and ``rg`` interleaved, medians per repo, with the
    machine's load (the scan forks copies only for the cores the load leaves free:
    ``readahead.copies``, so its wall time moves with the load)."""
    if jobs is not None:
        os.environ["BRINGUP_JOBS"] = str(jobs)
        print(f"the scan in {jobs} process{'es' if jobs > 1 else ''} (BRINGUP_JOBS={jobs})")
    rg = shutil.which("rg")
    if rg is None:
        print("rg not found (Debian: apt-get install ripgrep): no comparison")
    print(
        f"{'repo':28} {'files':>6} {'scan s':>7} {'cpu s':>6} {'files/s':>8} "
        f"{'rg s':>6} {'rg cpu':>6} {'scan/rg':>7} {'load':>5}"
    )
    for repo in repos:
        scan = [sys.executable, "-m", "bringup", "scan", "--json", str(repo)]
        grep = [rg, "-n", PATTERN, str(repo)] if rg else []
        scan_runs, rg_runs, loads = [], [], []
        _seconds(scan)
        for _ in range(runs):
            scan_runs.append(_seconds(scan))
            if grep:
                rg_runs.append(_seconds(grep))
            loads.append(os.getloadavg()[0])
        files = _files(repo)
        scan_s = statistics.median(w for w, _ in scan_runs)
        scan_cpu = statistics.median(c for _, c in scan_runs)
        rg_s = statistics.median(w for w, _ in rg_runs) if rg_runs else float("nan")
        rg_cpu = statistics.median(c for _, c in rg_runs) if rg_runs else float("nan")
        print(
            f"{repo.name:28} {files:6} {scan_s:7.3f} {scan_cpu:6.3f} {files / scan_s:8,.0f} "
            f"{rg_s:6.3f} {rg_cpu:6.3f} {scan_s / rg_s:7.1f}x {statistics.median(loads):5.1f}"
        )
    return 0


def median_time(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def compile_bringup() -> None:
    """Write the bytecode of the bringup package this interpreter imports (quietly; what is
    up to date is left as it is)."""
    import bringup

    compileall.compile_dir(str(Path(bringup.__file__).parent), quiet=1)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--real", type=Path, help="a directory of checkouts, one repo each")
    parser.add_argument(
        "--repo", type=Path, action="append", default=[], help="a checkout to time (repeatable)"
    )
    parser.add_argument("--jobs", type=int, help="processes the scan reads in (BRINGUP_JOBS)")
    args = parser.parse_args()
    compile_bringup()
    if args.real is not None or args.repo:
        under = sorted(p for p in args.real.iterdir() if p.is_dir()) if args.real else []
        return time_real([*under, *args.repo], args.runs, args.jobs)
    grep = shutil.which("grep")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        make_tree(root, args.files)
        written = sum(1 for p in root.rglob("*") if p.is_file())
        scan = [sys.executable, "-m", "bringup", "scan", "--json", str(root)]
        done = subprocess.run(scan, capture_output=True, text=True, check=True)
        import json

        data = json.loads(done.stdout)["data"]
        seen, read = data["files_seen"], data["files_read"]
        requirements = sum(len(c["requirements"]) for c in data["components"])
        scan_time = median_time(scan, args.runs)
        startup = median_time([sys.executable, "-m", "bringup", "--version"], args.runs)
        print(f"tree: {written} files in 10 repos; the scan walked {seen}, read {read}")
        print(
            f"bringup scan --json: median {scan_time:.3f} s over {args.runs} runs, "
            f"{written / scan_time:,.0f} files/s of the tree, {requirements} requirements"
        )
        print(f"  of which starting Python and bringup (bringup --version): {startup:.3f} s")
        if grep is None:
            print("grep not found: no comparison")
            return 0
        plain = [grep, "-rnE", PATTERN, str(root)]
        excluded = [grep, "-rnE", *(f"--exclude-dir={d}" for d in SKIPPED), PATTERN, str(root)]
        plain_time = median_time(plain, args.runs)
        excluded_time = median_time(excluded, args.runs)
        hits = subprocess.run(plain, capture_output=True, text=True, check=False).stdout.count("\n")
        print(f"grep -rnE (whole tree):        median {plain_time:.3f} s, {hits} matching lines")
        print(f"grep -rnE --exclude-dir=...:   median {excluded_time:.3f} s")
        print(
            f"ratio bringup/grep: {scan_time / plain_time:.1f}x (whole tree), "
            f"{scan_time / excluded_time:.1f}x (vendored dirs excluded)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
