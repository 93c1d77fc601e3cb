"""One observed fact about a host, with its source; failures to observe are facts too."""

from __future__ import annotations

from typing import Literal, Optional, Union

import msgspec

from bringup.model.source import Confidence, Source

FactStatus = Literal["ok", "absent", "unknown", "timed_out", "failed", "unparsed"]
"""``ok``: observed. ``absent``: looked for and not there (no vendor tool, no toolkit). ``unknown``:
could not tell. ``timed_out``/``failed``: the probe itself broke. ``unparsed``: output was read
but did not have the expected shape."""

FactValue = Union[str, int, float, bool, None]


class Fact(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """``key`` is dotted (``host.glibc``, ``<backend>.driver.version``); values stay raw strings
    for versions so the vendor's spelling is kept for display and table look-ups."""

    key: str
    value: FactValue = None
    source: Source
    status: FactStatus = "ok"
    reason: Optional[str] = None
    confidence: Confidence = "high"

    @property
    def ok(self) -> bool:
        return self.status == "ok"
