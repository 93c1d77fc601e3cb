"""Debug lines on stderr (``-v``/``--verbose`` or ``BRINGUP_DEBUG``), set up in one place."""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def debug_lines(enabled: bool) -> Iterator[None]:
    """``debug: ...`` lines from bringup's loggers on stderr while the command runs; a no-op
    when they are already on (``bringup -v explain`` with ``BRINGUP_DEBUG`` set too)."""
    logger = logging.getLogger("bringup")
    if not enabled or logger.handlers:
        yield
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("debug: %(name)s: %(message)s"))
    previous = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)
