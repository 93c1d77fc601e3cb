"""Work started in a daemon thread whose result the caller takes later. Not a thread pool: a
pool's threads are joined when its ``with`` block ends and again at exit, and after a Ctrl-C
that join can wait for ever (the worker stuck on the import lock the interrupted main thread
still holds); a daemon thread is left behind and ends with the process."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

T = TypeVar("T")


def in_background(work: Callable[[], T], name: str) -> Future[T]:
    """``work()`` running in a daemon thread named ``name``; its result (or its exception)
    is the future's."""
    future: Future[T] = Future()

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(work())
        except BaseException as failure:  # the caller's ``result()`` raises it
            future.set_exception(failure)

    threading.Thread(target=run, name=name, daemon=True).start()
    return future
