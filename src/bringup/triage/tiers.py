"""The fallback's tiers: how a diagnosis it makes ranks against the signatures' (by score), and
how near an exception and a code must be to report one failure."""

from __future__ import annotations

FALLBACK_SCORES = {
    "code": -200.0,
    "class": -195.0,
    "traceback": -210.0,
    "family": -220.0,
    "wrapper": -225.0,
    "line": -235.0,
    "traceback-other": -310.0,
    "step": -305.0,
    "footer": -320.0,
}
"""Scores of the fallback's tiers (``bringup.triage.ranking`` gives own signatures 0 and up,
knowledge signatures -150 and up, catch-all signatures -300 and up): an exception no rule
explains is itself a catch-all, and ranks below the catch-all signatures, as does one that
reports only that a step failed (``step``: a build command's CalledProcessError says the compiler
lines before it failed, and a catch-all that reads those lines says why). ``step`` ranks above
``traceback-other``, as the ``traceback`` tier it came from did, and unlike it still names where
the log fails (``ranking._failing_layer``: the build), which the tuning halves' figures do not
tell apart from leaving the layer unsaid; a wrapper code printed
as the footer of an exception's message (``footer``: torch_npu's "ERR99999 UNKNOWN application
exception" under the exception) ranks below whatever explains that exception. A ``class`` rule
names a recurring class of failure (a plugin out of step with its host, an operator that
refuses its inputs on this device) by the message's shape and the frames' packages: it says
more than a rule that reads the exception type or the words alone, and more than an exact
code: the code says where the failure surfaced (what a call returned), the class why."""


SAME_FAILURE = 3
"""An exception and a code of the same layer this many lines apart report one failure
(``DistBackendError: <library> error ...`` then the library's own error name); the code says
more."""
