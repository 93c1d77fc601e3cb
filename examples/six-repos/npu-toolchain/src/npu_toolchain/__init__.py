"""npu-toolchain: a front end for a small kernel IR, and a profiler wrapper around msprof."""

__version__ = "0.6.0"
