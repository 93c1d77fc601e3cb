"""The communication rung: all_reduce, all_gather and broadcast with one process per device, each
rank a run of ``torch_rungs.py`` with ``--rank``; the parent gathers the ranks' evidence.

Standard library and torch only: this runs *inside* the target environment's Python (see
``torch_rungs.py``)."""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from typing import Any, List, Optional, Tuple

try:  # imported as bringup.ladder.programs.* (bringup's own tests)
    from .rung_common import MIB, Evidence, device_module, load_runtime, synchronize
except ImportError:  # run as a script: torch_rungs.py put this folder on sys.path
    from rung_common import MIB, Evidence, device_module, load_runtime, synchronize  # type: ignore[import-not-found,no-redef]

# Bytes per collective message and timed iterations.
COMM_SIZES = {"quick": (1 * MIB, 5), "standard": (32 * MIB, 20), "long": (256 * MIB, 50)}
RANK_SHARE = 0.75
PHASE_MARK = "bringup-ladder-phase: "


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


def spawn_rank(args: argparse.Namespace, rank: int, world: int, address: str, folder: str) -> Any:
    """One rank, its output in files of ``folder`` (pipes read one rank at a time could
    fill and stall another)."""
    entry = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch_rungs.py")
    argv = [sys.executable, "-I", entry, "communication"]
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
