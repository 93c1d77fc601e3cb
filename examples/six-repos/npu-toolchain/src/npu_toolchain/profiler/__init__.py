"""Profiling NPU programs with msprof, the CANN toolkit's profiler."""

from npu_toolchain.profiler.msprof import ProfilerError, build_command, find_msprof, profile

__all__ = ["ProfilerError", "build_command", "find_msprof", "profile"]
