"""Collectors for the host tier (OS, toolchain, Pythons); accelerator collectors live with
their backends in ``bringup.backends``."""
