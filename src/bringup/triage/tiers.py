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


PAIR_SCORE = -100.5
"""Two versions the log states that the knowledge base's tables rule out
(``bringup.triage.versionpairs``, which places it: the score only says how sure it is). Half a
point, which no other score has (signatures score whole numbers, the fallback the values above),
so that ``confidence_grounds`` tells it by its score."""

SAME_FAILURE = 3
"""An exception and a code of the same layer this many lines apart report one failure
(``DistBackendError: <library> error ...`` then the library's own error name); the code says
more."""

CONFIRMED_FROM = 500.0
"""A score this high or higher holds a snapshot's confirmation (``ranking.CONFIRMATION_WEIGHT``,
1000, outweighs every other step), and one this low or lower its contradiction."""
OWN_FROM = 0.0
KNOWLEDGE_FROM = -150.0
"""Own signatures found through their own patterns score 0 and up, the vendors' knowledge
-150 and up (``ranking.KNOWLEDGE_PENALTY``), the fallback's codes and classes of failure
``FALLBACK_SCORES["code"]`` and up; below are the catch-alls, the symptoms that several causes
share and the fallback's other readings."""
NAMED_CODE_SCORE = 0.0
"""The score of a code told as an own signature (``fallbackranks.named_codes``): an own
signature found directly with no bonus, which ranks it; its confidence is a code's (a bare
number in the log, not the failure's own message: outsider47 D6, "error code:507014")."""
_WORDS = ("low", "medium", "high")


def confidence_words(confidence: str, score: float, confirmation: str = "unknown") -> str:
    """How sure a diagnosis is, in words a reader of ``explain`` can weigh: its confidence,
    at most what its score rests on allows (a vendor's knowledge, a code's meaning or a
    class of failure: medium; a catch-all, a shared symptom or a contradicted cause: low), and
    what that is. The score only orders
    diagnoses; ``--json`` keeps it."""
    word, grounds = confidence_grounds(confidence, score, confirmation)
    return f"{word}: {grounds}"


def confidence_grounds(
    confidence: str, score: float, confirmation: str = "unknown"
) -> tuple[str, str]:
    """The confidence word of ``confidence_words`` and what it rests on, apart: the text and
    ``--json`` say the same. Only a snapshot's ``confirmation`` is said to confirm or
    contradict: a score as low as a contradiction's may come from the log alone (a symptom
    many causes share, of a vendor the log never names), and with no snapshot at all "the
    snapshot contradicts it" was said (outsider17 D8)."""
    if confirmation == "confirmed":
        cap, grounds = "high", "the snapshot confirms it"
    elif confirmation == "contradicted":
        cap, grounds = "low", "the snapshot contradicts it"
    elif score == PAIR_SCORE:
        cap, grounds = (
            "medium",
            "the knowledge base's version table rules out two versions the log states",
        )
    elif score == NAMED_CODE_SCORE:
        cap, grounds = "medium", "an error code's documented meaning or the failure's class"
    elif score >= OWN_FROM:
        cap, grounds = "high", "the log shows this failure's own message"
    elif score >= KNOWLEDGE_FROM:
        cap, grounds = "medium", "a vendor's fault knowledge matches the log"
    elif score >= FALLBACK_SCORES["code"]:
        cap, grounds = "medium", "an error code's documented meaning or the failure's class"
    else:
        cap, grounds = "low", "only a general rule or a message many causes share matched"
    return min(confidence, cap, key=_WORDS.index), grounds
