"""Time `bringup scan` on a generated tree of 20,000 files against what a user does instead:
`grep -rn` for version patterns over the same tree (once as is, once told to skip the same
vendored directories). Prints medians, files per second and the ratios.

    .venv/bin/python bench/scan.py [--files 20000] [--runs 5]

The tree: ten repos, each with the files a scan reads (README in English and Chinese,
pyproject, requirements, CMakeLists, Dockerfile, CI workflow, build script, tests with device
guards) and many it must pass over (sources, docs), plus vendored and build directories
(third_party, node_modules, build, .venv) and a .gitignore whose patterns hide more files.
"""

from __future__ import annotations

import argparse
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
        for i in range(20):
            files[f"docs/guide{i}.md"] = "Some prose about the design, version 1.2 of the API.\n"
        for i in range(per_repo // 4):
            files[f"{SKIPPED[i % 4]}/pkg{i % 7}/f{i}.py"] = "# vendored: requires CANN >= 1.0\n"
        for i in range(per_repo // 10):
            files[f"generated/g{i}.txt"] = "torch==0.0.1\n"
            files[f"logs/run{i}.log"] = "CANN 0.0\n"
        i = 0
        while len(files) < per_repo:
            files[f"src/pkg{i % 23}/mod{i}.py"] = f"def f{i}():\n    return {i}\n"
            i += 1
        for rel, text in files.items():
            _write(repo / rel, text)


def median_time(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
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
