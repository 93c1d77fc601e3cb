"""A memo kept while a repo is scanned and dropped after: what several readers compute of the
same text or file once per scan (``moduletexts``' module texts, ``lowertexts``' lower-cased
texts), never carried from one scan to the next (the goal is the first scan's figures, and a
file may change between scans)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ScanMemo(Generic[K, V]):
    """Values by key, kept while a scan is under way (``kept``; scans may nest), made afresh
    each time outside one."""

    def __init__(self) -> None:
        self.values: dict[K, V] = {}
        self._scans = 0

    @contextlib.contextmanager
    def kept(self) -> Iterator[None]:
        """The values made while a repo is scanned kept, dropped however its scan ends."""
        self._scans += 1
        try:
            yield
        finally:
            self._scans -= 1
            if not self._scans:
                self.values.clear()

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value of ``key``: ``make()``, once per scan while one is under way."""
        if key in self.values:
            return self.values[key]
        value = make()
        if self._scans:
            self.values[key] = value
        return value
