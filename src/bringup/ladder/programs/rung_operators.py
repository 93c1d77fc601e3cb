"""The operators rung: five ops against a CPU float64 reference per dtype, and one timed matmul.

Standard library and torch only: this runs *inside* the target environment's Python (see
``torch_rungs.py``)."""

from __future__ import annotations

import argparse
import time
from typing import Any, Callable, Dict, List, Tuple

try:  # imported as bringup.ladder.programs.* (bringup's own tests)
    from .rung_common import Evidence, device_module, failure, open_device, synchronize
except ImportError:  # run as a script: torch_rungs.py put this folder on sys.path
    from rung_common import Evidence, device_module, failure, open_device, synchronize  # type: ignore[import-not-found,no-redef]

DTYPES = ("fp32", "fp16", "bf16")
_NOT_IMPLEMENTED = "not implemented for '"
"""How torch says an op has no kernel for a dtype on a device (``"addmm_impl_cpu_" not
implemented for 'Half'``)."""
# Matrix side for the numerics, per level.
OPERATOR_SIZES = {"quick": 64, "standard": 256, "long": 512}
# The timed matmul's side and iterations per level: on a device big enough to approach its
# peak; on the CPU small enough for a shared host.
TIMED_SIZES = {"quick": (4096, 10), "standard": (8192, 20), "long": (8192, 200)}
CPU_TIMED_SIZES = {"quick": (512, 5), "standard": (1024, 10), "long": (2048, 20)}


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
        if device == "cpu" and _NOT_IMPLEMENTED in str(error):
            # this torch's CPU build has no kernel for the dtype (torch 1.7.1: conv2d in fp16,
            # '"unfolded2d_copy" not implemented for 'Half'', outsider15 D7): not a fault
            return {"op": op_name, "dtype": dtype_name, "unsupported": str(error)[:200]}
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
