"""``python -m bringup``: the same entry point as the ``bringup`` console script."""

from bringup.cli.main import entry

entry()
