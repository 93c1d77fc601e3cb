"""How much of what pasted reports state ``bringup probe --from`` finds: the share of expected
facts found, by fact kind and by report kind, and the reports it rejects (exit 2).

The corpus is a directory holding the reports verbatim and a ``cases.toml``::

    [[case]]
    file = "01-....txt"
    source = "https://github.com/.../issues/N"
    kind = "free-form"          # or collect_env, npu-smi, nvidia-smi, pip-list, mixed, ...
    expected = { cann = "8.0.RC2", torch_npu = "2.1.0.post6", chip = "910B", npu_count = "8" }

Subjects: cann, ascend_driver, ascend_firmware, python, chip, npu_count, os, os_version, arch,
glibc, kernel, gcc, cuda, nvidia_driver, gpu, gpu_count, cudnn; any other name is a Python
package by its PEP 503 name (torch, torch_npu, vllm_ascend...). Each report goes through the
command itself (``bringup probe --json --from FILE``, in process), so the score of any
checkout can be taken the same way, before and after a change.

Run: ``.venv/bin/python bench/probe_from_eval.py --corpus tests/data/reports_dev [--json]``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

from packaging.version import InvalidVersion, Version

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.cuda import keys as cuda_keys
from bringup.errors import StackError
from bringup.inputs import read_report
from bringup.model import Snapshot, keys

Values = Callable[[Snapshot], list[str]]

PACKAGE = "python.package."
# Keys are spelled out where a checkout before issue 16 lacks their constant, so that the
# same script scores any checkout.
OS_NAMES = (
    {"euleros", "hce", "huawei cloud euleros"},
    {"kylin", "ky", "kylinos", "kylin linux advanced server"},
    {"openeuler"},
    {"centos"},
    {"ubuntu"},
    {"debian"},
)


def _facts(*names: str) -> Values:
    """The winning value of each fact key (the first fact under it: what the snapshot says)."""

    def values(snapshot: Snapshot) -> list[str]:
        found = []
        for name in names:
            value = snapshot.value(name)
            if value is not None:
                found.append(str(value))
        return found

    return values


def _with(first: Values, more: Callable[[Snapshot], list[str]]) -> Values:
    return lambda snapshot: first(snapshot) + more(snapshot)


def _toolkits(prefix: str) -> Callable[[Snapshot], list[str]]:
    return lambda s: [t.version for t in s.toolkits if t.kind.startswith(prefix)]


def _devices(vendor: str, *, count: bool = False) -> Callable[[Snapshot], list[str]]:
    def values(snapshot: Snapshot) -> list[str]:
        devices = [d for d in snapshot.accelerators if d.vendor == vendor]
        if count:
            return [str(len(devices))] if devices else []
        return [v for d in devices for v in (d.family, d.name) if v]

    return values


SUBJECTS: dict[str, tuple[str, Values]] = {
    "cann": (
        "ascend",
        _with(
            _facts(
                ascend_keys.ASCEND_CANN_ACTIVE, ascend_keys.ASCEND_CANN_RUNNING_PREFIX + "toolkit"
            ),
            _toolkits("cann-toolkit"),
        ),
    ),
    "ascend_driver": ("ascend", _facts(ascend_keys.ASCEND_DRIVER)),
    "ascend_firmware": ("ascend", _facts(ascend_keys.ASCEND_FIRMWARE)),
    "chip": ("device", _with(_facts("ascend.chip"), _devices("ascend"))),
    "npu_count": (
        "device",
        _with(
            _facts(ascend_keys.ASCEND_NPU_COUNT, ascend_keys.ASCEND_DEVICE_COUNT),
            _devices("ascend", count=True),
        ),
    ),
    "gpu": ("device", _with(_facts("nvidia.gpu.name"), _devices("nvidia"))),
    "gpu_count": (
        "device",
        _with(_facts(cuda_keys.NVIDIA_DEVICE_COUNT), _devices("nvidia", count=True)),
    ),
    "cuda": (
        "cuda",
        _with(
            _facts(
                cuda_keys.CUDA_ACTIVE, "python.torch.cuda_version", cuda_keys.NVIDIA_DRIVER_CUDA
            ),
            _toolkits("cuda"),
        ),
    ),
    "nvidia_driver": ("cuda", _facts(cuda_keys.NVIDIA_DRIVER)),
    "cudnn": ("cuda", _facts(cuda_keys.CUDA_CUDNN)),
    "python": (
        "python",
        _with(_facts(keys.PYTHON_DEFAULT), lambda s: [p.version for p in s.pythons]),
    ),
    "os": ("host", _facts(keys.OS_ID, keys.OS_PRETTY_NAME)),
    "os_version": ("host", _facts(keys.OS_VERSION_ID, keys.OS_PRETTY_NAME)),
    "arch": ("host", _facts(keys.ARCH)),
    "glibc": ("host", _facts(keys.GLIBC)),
    "kernel": ("host", _facts(keys.KERNEL)),
    "gcc": ("host", _facts(keys.GCC)),
    # CMake is a host tool (collect_env's "CMake version"), though pip can install it too
    "cmake": ("host", _with(_facts(keys.CMAKE), lambda s: _package_values("cmake", s))),
}


def normalise_name(name: str) -> str:
    """PEP 503: ``torch_npu`` and ``Torch-NPU`` are one package."""
    return re.sub(r"[-_.]+", "-", name).lower()


def found_values(subject: str, snapshot: Snapshot) -> list[str]:
    """What the snapshot says about ``subject`` (a known subject, else a package)."""
    if subject in SUBJECTS:
        return SUBJECTS[subject][1](snapshot)
    return _package_values(subject, snapshot)


def _package_values(subject: str, snapshot: Snapshot) -> list[str]:
    name = normalise_name(subject)
    values = _facts(PACKAGE + name)(snapshot)
    for python in snapshot.pythons:
        values += [p.version for p in python.packages or () if normalise_name(p.name) == name]
    return values


def fact_kind(subject: str) -> str:
    return SUBJECTS[subject][0] if subject in SUBJECTS else "package"


def matches(subject: str, expected: str, found: str) -> bool:
    """The found value states the expected one: equal (case, a leading ``v``, PEP 440
    spelling aside), or more specific (``2.1.0+cpu`` for ``2.1.0``, ``5.15.0-105-generic``
    for ``5.15.0``); a device or OS name contains the other."""
    want, got = expected.strip().lower().lstrip("v"), found.strip().lower().lstrip("v")
    if subject in ("chip", "gpu"):
        squeeze = re.compile(r"[\s_\-]+|^ascend|^nvidia")
        a, b = squeeze.sub("", want), squeeze.sub("", got)
        return bool(a) and (a in b or b in a)
    if subject == "os":
        group = next((g for g in OS_NAMES if want in g), {want})
        return any(name in got for name in group)
    if subject == "os_version" and want in got.split():
        return True
    if got == want or (got.startswith(want) and got[len(want)] in "-+._ ("):
        return True
    try:
        return Version(got) == Version(want)
    except InvalidVersion:
        return False


def probe(path: Path) -> tuple[int, Snapshot | None]:
    """What ``bringup probe --from PATH`` reads (``inputs.read_report``): exit code and
    snapshot (None when refused as bad input)."""
    try:
        return 0, read_report(str(path))
    except StackError as refused:
        return int(refused.exit_code), None


def evaluate(corpus: Path) -> dict[str, Any]:
    """Per case and in total: expected facts, found facts, misses, rejections."""
    cases = tomllib.loads((corpus / "cases.toml").read_text(encoding="utf-8"))["case"]
    by_fact: dict[str, list[int]] = {}
    by_report: dict[str, list[int]] = {}
    misses: list[str] = []
    rejected: list[str] = []
    for case in cases:
        code, snapshot = probe(corpus / case["file"])
        if snapshot is None:
            rejected.append(f"{case['file']} (exit {code})")
        for subject, expected in case["expected"].items():
            values = found_values(subject, snapshot) if snapshot is not None else []
            hit = any(matches(subject, str(expected), v) for v in values)
            for table, key in ((by_fact, fact_kind(subject)), (by_report, case["kind"])):
                table.setdefault(key, [0, 0])
                table[key][0] += hit
                table[key][1] += 1
            if not hit:
                misses.append(
                    f"{case['file']}: {subject} = {expected!r}, found {values or 'nothing'}"
                )
    found = sum(v[0] for v in by_fact.values())
    total = sum(v[1] for v in by_fact.values())
    return {
        "cases": len(cases),
        "found": found,
        "expected": total,
        "share": found / total if total else 0.0,
        "by_fact_kind": by_fact,
        "by_report_kind": by_report,
        "rejected": rejected,
        "misses": misses,
    }


def _print(result: dict[str, Any]) -> None:
    print(
        f"{result['cases']} reports, {result['found']}/{result['expected']} expected facts found "
        f"({result['share']:.1%}); rejected: {len(result['rejected'])}"
    )
    for title in ("by_fact_kind", "by_report_kind"):
        print(f"\n{title.replace('_', ' ')}:")
        for kind, (hit, total) in sorted(result[title].items()):
            print(f"  {kind:<20} {hit:>4}/{total:<4} {hit / total:.0%}")
    for heading in ("rejected", "misses"):
        if result[heading]:
            print(f"\n{heading}:")
            for line in result[heading]:
                print(f"  {line}")


def main_eval(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, required=True, help="directory with cases.toml")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    result = evaluate(args.corpus)
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        _print(result)
    return 0


if __name__ == "__main__":
    sys.exit(main_eval())
