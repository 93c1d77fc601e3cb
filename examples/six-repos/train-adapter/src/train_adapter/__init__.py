"""train-adapter: fused optimisers on Ascend NPUs and gradient all-reduce via ascend-comm."""

from train_adapter.distributed import GradientSync
from train_adapter.optim import FusedAdam

__all__ = ["FusedAdam", "GradientSync"]
__version__ = "0.4.2"
