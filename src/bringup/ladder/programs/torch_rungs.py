"""Run *inside* the target environment's Python (``python -I torch_rungs.py RUNG --device D
--level L [...]``): exercise one layer of the stack through torch and print ONE JSON object of
evidence on stdout. Standard library and torch only; it judges nothing (bringup's pure judges
do, from the evidence), and it catches what the layer raises so the evidence says which phase
broke and with what message. A hang, a crash or garbage on stdout is what bringup's runner
sees when this script itself cannot answer.

Rungs: ``device`` (the driver tool's answer, the runtime's init, count, names, visible-device
variables), ``operators`` (five ops against a CPU float64 reference per dtype, one timed
matmul), ``communication`` (all_reduce, all_gather, broadcast with one process per device),
``memory`` (allocate a fraction of free memory in blocks, the largest single block, free,
what the allocator gives back).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from typing import Any, Callable, Dict, List, Optional, Tuple

Evidence = Dict[str, Any]

DTYPES = ("fp32", "fp16", "bf16")
MIB = 1 << 20

# Matrix side for the numerics, per level.
OPERATOR_SIZES = {"quick": 64, "standard": 256, "long": 512}
# The timed matmul's side and iterations per level: on a device big enough to approach its
# peak; on the CPU small enough for a shared host.
TIMED_SIZES = {"quick": (4096, 10), "standard": (8192, 20), "long": (8192, 200)}
CPU_TIMED_SIZES = {"quick": (512, 5), "standard": (1024, 10), "long": (2048, 20)}
# Bytes per collective message and timed iterations.
COMM_SIZES = {"quick": (1 * MIB, 5), "standard": (32 * MIB, 20), "long": (256 * MIB, 50)}
# Fraction of free memory to allocate, and the CPU's cap (a shared host is not a device).
MEMORY_SHARE = {
    "quick": (0.25, 256 * MIB),
    "standard": (0.5, 1024 * MIB),
    "long": (0.9, 4096 * MIB),
}
BLOCK = 64 * MIB


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("rung", choices=sorted(RUNGS))
    parser.add_argument("--device", required=True, help="cpu, cuda or npu")
    parser.add_argument("--level", default="quick", choices=("quick", "standard", "long"))
    parser.add_argument("--runtime", default="", help="module that adds the device (torch_npu)")
    parser.add_argument("--smi", default="", help="the driver tool, as one argument per word")
    parser.add_argument("--visible", default="", help="the variable choosing visible devices")
    parser.add_argument("--dist-backend", default="gloo", help="gloo, nccl or hccl")
    parser.add_argument("--world", type=int, default=0, help="processes (0: one per device)")
    parser.add_argument(
        "--budget", type=float, default=0.0, help="seconds before the ladder kills this run"
    )
    parser.add_argument("--rank", type=int, default=-1, help=argparse.SUPPRESS)
    parser.add_argument("--init", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    evidence: Evidence = {"rung": args.rung, "device": args.device, "level": args.level}
    try:
        RUNGS[args.rung](args, evidence)
    except Exception as error:  # every failure of the layer is evidence
        evidence.setdefault("error", failure(evidence.get("phase", args.rung), error))
    sys.stdout.write(json.dumps(evidence, sort_keys=True) + "\n")
    sys.stdout.flush()
    return 0


def failure(phase: str, error: BaseException) -> Evidence:
    """An exception as evidence: where, its type, its message and the traceback's tail."""
    return {
        "phase": phase,
        "type": type(error).__name__,
        "message": str(error)[-4000:],
        "traceback": traceback.format_exc()[-4000:],
    }


def load_runtime(args: argparse.Namespace, evidence: Evidence) -> Any:
    """torch (and the module that adds the device), recorded in the evidence; raises on failure
    with ``phase`` set to ``runtime``."""
    evidence["phase"] = "runtime"
    import torch

    evidence["torch"] = torch.__version__
    if args.runtime:
        module = __import__(args.runtime)
        evidence["runtime_module"] = args.runtime
        evidence["runtime_version"] = str(getattr(module, "__version__", ""))
    return torch


def device_module(torch: Any, device: str) -> Any:
    """``torch.cuda`` / ``torch.npu``; None for the CPU."""
    return None if device == "cpu" else getattr(torch, device)


def synchronize(torch: Any, device: str) -> None:
    module = device_module(torch, device)
    if module is not None:
        module.synchronize()


# -- device ---------------------------------------------------------------------------------


def run_device(args: argparse.Namespace, evidence: Evidence) -> None:
    if args.visible in os.environ:
        evidence["visible"] = {args.visible: os.environ[args.visible]}
    if args.smi:
        evidence["phase"] = "driver"
        evidence["driver"] = run_tool(args.smi.split())
    torch = load_runtime(args, evidence)
    module = device_module(torch, args.device)
    evidence["phase"] = "count"
    if module is None:
        evidence["available"] = True
        evidence["count"] = 1
        evidence["names"] = [cpu_name()]
        evidence["threads"] = torch.get_num_threads()
        return
    evidence["available"] = bool(module.is_available())
    evidence["count"] = int(module.device_count())
    evidence["phase"] = "init"
    names = []
    for index in range(evidence["count"]):
        names.append(str(module.get_device_name(index)))
    evidence["names"] = names
    if evidence["count"]:
        module.set_device(0)
        torch.ones(1, device=args.device).add_(1)
        synchronize(torch, args.device)


def run_tool(argv: List[str]) -> Evidence:
    """The driver tool's answer, bounded; never raises."""
    try:
        done = subprocess.run(argv, capture_output=True, timeout=30, check=False)
    except FileNotFoundError:
        return {"argv": argv, "error": f"not found: {argv[0]}"}
    except subprocess.TimeoutExpired:
        return {"argv": argv, "error": "timed out after 30 s"}
    except OSError as error:
        return {"argv": argv, "error": f"cannot run: {error}"}
    return {
        "argv": argv,
        "returncode": done.returncode,
        "stdout": done.stdout.decode("utf-8", "replace")[-20000:],
        "stderr": done.stderr.decode("utf-8", "replace")[-4000:],
    }


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if line.lower().startswith(("model name", "cpu model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    import platform

    return platform.processor() or platform.machine()


# -- operators ------------------------------------------------------------------------------


def open_device(args: argparse.Namespace, evidence: Evidence) -> Tuple[Any, Any]:
    """torch and the device module, device 0 made current and named in the evidence."""
    torch = load_runtime(args, evidence)
    evidence["phase"] = "init"
    module = device_module(torch, args.device)
    if module is None:
        evidence["name"] = cpu_name()
        return torch, None
    module.set_device(0)
    evidence["name"] = str(module.get_device_name(0))
    torch.ones(1, device=args.device).add_(1)
    return torch, module


def run_operators(args: argparse.Namespace, evidence: Evidence) -> None:
    torch, _ = open_device(args, evidence)
    side = OPERATOR_SIZES[args.level]
    sizes = CPU_TIMED_SIZES if args.device == "cpu" else TIMED_SIZES
    timed_side, iterations = sizes[args.level]
    generator = torch.Generator().manual_seed(20261201)
    results: List[Evidence] = []
    supported: Dict[str, Evidence] = {}
    for dtype_name in DTYPES:
        support = dtype_support(torch, args.device, dtype_name)
        supported[dtype_name] = support
        if not support["supported"]:
            continue
        for op_name, op in operators(torch, side, generator).items():
            evidence["phase"] = f"op:{op_name}:{dtype_name}"
            results.append(check_op(torch, args.device, op_name, dtype_name, op))
    evidence["dtypes"] = supported
    evidence["ops"] = results
    evidence["phase"] = "timed"
    timed_dtype = (
        "fp32"
        if args.device == "cpu"
        else next((d for d in ("bf16", "fp16") if supported[d]["supported"]), "fp32")
    )
    evidence["timed"] = timed_matmul(
        torch, args.device, timed_dtype, side=timed_side, iterations=iterations, generator=generator
    )


def dtype_support(torch: Any, device: str, name: str) -> Evidence:
    """Whether the device computes in ``name``, and what said so."""
    if name != "bf16" or device == "cpu":
        return {"supported": True}
    module = device_module(torch, device)
    probe = getattr(module, "is_bf16_supported", None)
    if probe is None:
        return {"supported": True, "why": f"torch.{device}.is_bf16_supported is missing"}
    ok = bool(probe())
    return {"supported": ok, "why": f"torch.{device}.is_bf16_supported() is {ok}"}


def torch_dtype(torch: Any, name: str) -> Any:
    return {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[name]


OpInputs = Tuple[Callable[..., Any], Tuple[Any, ...]]


def operators(torch: Any, side: int, generator: Any) -> Dict[str, OpInputs]:
    """Each op with float32 CPU inputs scaled so outputs are of order one."""
    functional = torch.nn.functional

    def randn(*shape: int) -> Any:
        return torch.randn(*shape, generator=generator)

    scale = side**-0.5
    return {
        "matmul": (torch.matmul, (randn(side, side), randn(side, side) * scale)),
        "conv2d": (
            functional.conv2d,
            (randn(2, 8, side // 4 + 4, side // 4 + 4), randn(16, 8, 3, 3) * (72**-0.5)),
        ),
        "softmax": (lambda x: torch.softmax(x, dim=-1), (randn(side, side),)),
        "layer_norm": (lambda x: functional.layer_norm(x, (x.shape[-1],)), (randn(side, side),)),
        "add": (torch.add, (randn(side, side), randn(side, side))),
    }


def check_op(torch: Any, device: str, op_name: str, dtype_name: str, op: OpInputs) -> Evidence:
    """The op on the device in ``dtype`` against float64 on the CPU from the same (rounded)
    inputs: the largest absolute error and the largest reference magnitude."""
    function, inputs = op
    rounded = [x.to(torch_dtype(torch, dtype_name)) for x in inputs]
    try:
        reference = function(*[x.double() for x in rounded])
        result = function(*[x.to(device) for x in rounded])
        synchronize(torch, device)
        got = result.double().cpu()
    except Exception as error:  # the failure is the evidence
        return {"op": op_name, "dtype": dtype_name, "error": failure(op_name, error)}
    finite = bool(torch.isfinite(got).all())
    worst = (got - reference).abs().max().item() if finite else None
    return {
        "op": op_name,
        "dtype": dtype_name,
        "max_abs_error": worst,
        "max_abs_reference": reference.abs().max().item(),
        "finite": finite,
    }


def timed_matmul(
    torch: Any, device: str, dtype_name: str, *, side: int, iterations: int, generator: Any
) -> Evidence:
    dtype = torch_dtype(torch, dtype_name)
    a = torch.randn(side, side, generator=generator).to(device=device, dtype=dtype)
    b = torch.randn(side, side, generator=generator).to(device=device, dtype=dtype)
    torch.matmul(a, b)  # warm-up: kernel selection, workspace
    synchronize(torch, device)
    started = time.perf_counter()
    for _ in range(iterations):
        torch.matmul(a, b)
    synchronize(torch, device)
    seconds = time.perf_counter() - started
    return {
        "dtype": dtype_name,
        "side": side,
        "iterations": iterations,
        "seconds": seconds,
        "tflops": 2.0 * side**3 * iterations / seconds / 1e12,
    }


# -- communication --------------------------------------------------------------------------


def run_communication(args: argparse.Namespace, evidence: Evidence) -> None:
    if args.rank >= 0:
        rank_main(args, evidence)
        return
    torch = load_runtime(args, evidence)
    evidence["phase"] = "count"
    module = device_module(torch, args.device)
    devices = 1 if module is None else int(module.device_count())
    world = args.world or devices
    evidence.update(devices=devices, world=world, backend=args.dist_backend)
    if world < 2:
        return
    evidence["phase"] = "launch"
    address = f"tcp://127.0.0.1:{free_port()}"
    # The ranks get most of the budget, so that a hung rank is reported with its phase
    # before the ladder kills this whole process group.
    wait = args.budget * RANK_SHARE if args.budget > 0 else None
    evidence["rank_timeout"] = wait
    with tempfile.TemporaryDirectory(prefix="bringup-ranks-") as folder:
        ranks = [spawn_rank(args, rank, world, address, folder) for rank in range(world)]
        evidence["ranks"] = finish_ranks(ranks, wait)
    evidence["phase"] = "collectives"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


RANK_SHARE = 0.75
PHASE_MARK = "bringup-ladder-phase: "


def spawn_rank(args: argparse.Namespace, rank: int, world: int, address: str, folder: str) -> Any:
    """One rank, its output in files of ``folder`` (pipes read one rank at a time could
    fill and stall another)."""
    argv = [sys.executable, "-I", os.path.abspath(__file__), "communication"]
    argv += ["--device", args.device, "--level", args.level, "--runtime", args.runtime]
    argv += ["--dist-backend", args.dist_backend, "--world", str(world)]
    argv += ["--rank", str(rank), "--init", address]
    out_path = os.path.join(folder, f"rank{rank}.out")
    err_path = os.path.join(folder, f"rank{rank}.err")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        child = subprocess.Popen(argv, stdout=out, stderr=err)
    return child, out_path, err_path


def finish_ranks(ranks: List[Any], wait: Optional[float]) -> List[Evidence]:
    """Each rank's evidence (its last stdout line), exit status and stderr tail. Ranks not
    done within ``wait`` seconds are killed and said to have hung, with the last phase they
    announced on stderr."""
    deadline = None if wait is None else time.monotonic() + wait
    hung = set()
    for index, (child, _, _) in enumerate(ranks):
        left = None if deadline is None else max(0.1, deadline - time.monotonic())
        try:
            child.wait(timeout=left)
        except subprocess.TimeoutExpired:
            hung.add(index)
    for index in hung:
        ranks[index][0].kill()
        ranks[index][0].wait()
    return [rank_evidence(rank, index in hung, wait) for index, rank in enumerate(ranks)]


def rank_evidence(rank: Any, hung: bool, wait: Optional[float]) -> Evidence:
    child, out_path, err_path = rank
    with open(out_path, "rb") as out:
        lines = out.read().decode("utf-8", "replace").strip().splitlines()
    with open(err_path, "rb") as err:
        stderr = err.read().decode("utf-8", "replace")
    try:
        answer: Evidence = json.loads(lines[-1]) if lines else {}
    except ValueError:
        answer = {"garbage": lines[-1][-2000:]}
    marks = [line for line in stderr.splitlines() if line.startswith(PHASE_MARK)]
    if hung:
        answer["hung"] = wait
        answer["phase"] = marks[-1][len(PHASE_MARK) :] if marks else "start"
    answer["returncode"] = child.returncode
    answer["stderr"] = "\n".join(
        line for line in stderr.splitlines() if not line.startswith(PHASE_MARK)
    )[-4000:]
    return answer


def announce(evidence: Evidence, phase: str) -> None:
    """Enter ``phase``: in the evidence, and on stderr for a parent waiting on a hung rank."""
    evidence["phase"] = phase
    sys.stderr.write(PHASE_MARK + phase + "\n")
    sys.stderr.flush()


def rank_main(args: argparse.Namespace, evidence: Evidence) -> None:
    import datetime

    torch = load_runtime(args, evidence)
    import torch.distributed as dist

    evidence["rank"] = args.rank
    module = device_module(torch, args.device)
    announce(evidence, "set_device")
    if module is not None:
        module.set_device(args.rank)
    announce(evidence, "init_process_group")
    dist.init_process_group(
        args.dist_backend,
        init_method=args.init,
        rank=args.rank,
        world_size=args.world,
        timeout=datetime.timedelta(seconds=120),
    )
    size, iterations = COMM_SIZES[args.level]
    count = size // 4
    results = []
    for name, collective in collectives(
        torch, dist, args.device, rank=args.rank, world=args.world, count=count
    ):
        announce(evidence, name)
        collective()  # warm-up, and the one whose result is checked
        correct = collective.check()
        synchronize(torch, args.device)
        dist.barrier()
        started = time.perf_counter()
        for _ in range(iterations):
            collective()
        synchronize(torch, args.device)
        seconds = (time.perf_counter() - started) / iterations
        results.append({"op": name, "count": count, "seconds": seconds, "correct": correct})
    evidence["collectives"] = results
    announce(evidence, "destroy")
    dist.destroy_process_group()


def collectives(
    torch: Any, dist: Any, device: str, *, rank: int, world: int, count: int
) -> List[Tuple[str, Any]]:
    """all_reduce, all_gather and broadcast on float32 tensors of ``count`` elements, each
    with a ``check`` of the last result (rank r contributes r + 1)."""
    mine = torch.full((count,), float(rank + 1), device=device)
    summed = mine.clone()
    gathered = [torch.empty_like(mine) for _ in range(world)]
    broadcast = mine.clone()

    def all_reduce() -> None:
        summed.copy_(mine)
        dist.all_reduce(summed)

    def all_gather() -> None:
        dist.all_gather(gathered, mine)

    def do_broadcast() -> None:
        broadcast.copy_(mine)
        dist.broadcast(broadcast, src=0)

    expected_sum = world * (world + 1) / 2
    all_reduce.check = lambda: bool((summed.cpu() == expected_sum).all())  # type: ignore[attr-defined]
    all_gather.check = lambda: all(  # type: ignore[attr-defined]
        bool((g.cpu() == i + 1).all()) for i, g in enumerate(gathered)
    )
    do_broadcast.check = lambda: bool((broadcast.cpu() == 1.0).all())  # type: ignore[attr-defined]
    return [("all_reduce", all_reduce), ("all_gather", all_gather), ("broadcast", do_broadcast)]


# -- memory ---------------------------------------------------------------------------------


def run_memory(args: argparse.Namespace, evidence: Evidence) -> None:
    torch, module = open_device(args, evidence)
    share, cpu_cap = MEMORY_SHARE[args.level]
    free_before, total = free_memory(torch, args.device)
    used_before = in_use(torch, args.device)
    target = int(free_before * share)
    if module is None:
        target = min(target, cpu_cap)
    evidence.update(total=total, free_before=free_before, used_before=used_before, target=target)
    evidence["phase"] = "allocate"
    blocks: List[Any] = []
    try:
        while len(blocks) * BLOCK < target:
            blocks.append(torch.empty(BLOCK, dtype=torch.uint8, device=args.device))
            blocks[-1].fill_(1)  # touch it: the CPU hands out pages lazily
        synchronize(torch, args.device)
    finally:
        evidence["allocated"] = len(blocks) * BLOCK
        evidence["blocks"] = len(blocks)
        del blocks
    evidence["phase"] = "largest"
    evidence["largest_block"] = largest_block(torch, args.device, target)
    evidence["phase"] = "free"
    release(torch, args.device)
    evidence["used_after"] = in_use(torch, args.device)
    evidence["free_after"] = free_memory(torch, args.device)[0]


def free_memory(torch: Any, device: str) -> Tuple[int, int]:
    """(free, total) bytes: the runtime's view on a device, MemAvailable on the CPU."""
    module = device_module(torch, device)
    if module is not None:
        free, total = module.mem_get_info()
        return int(free), int(total)
    fields = {}
    with open("/proc/meminfo", encoding="utf-8") as handle:
        for line in handle:
            name, _, rest = line.partition(":")
            fields[name] = int(rest.split()[0]) * 1024
    return fields.get("MemAvailable", fields.get("MemFree", 0)), fields.get("MemTotal", 0)


def in_use(torch: Any, device: str) -> int:
    """Bytes the allocator holds for tensors (device), or this process's resident set (CPU)."""
    module = device_module(torch, device)
    if module is not None:
        return int(module.memory_allocated())
    with open("/proc/self/statm", encoding="utf-8") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def largest_block(torch: Any, device: str, limit: int) -> int:
    """The largest single block obtained, halving from ``limit`` until one succeeds."""
    size = limit
    while size >= MIB:
        try:
            block = torch.empty(size, dtype=torch.uint8, device=device)
        except (RuntimeError, MemoryError):
            release(torch, device)
            size //= 2
            continue
        del block
        release(torch, device)
        return size
    return 0


def release(torch: Any, device: str) -> None:
    module = device_module(torch, device)
    if module is not None:
        synchronize(torch, device)
        module.empty_cache()


RUNGS: Dict[str, Callable[[argparse.Namespace, Evidence], None]] = {
    "device": run_device,
    "operators": run_operators,
    "communication": run_communication,
    "memory": run_memory,
}


if __name__ == "__main__":
    sys.exit(main())
