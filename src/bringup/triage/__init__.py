"""Triage: which known failure a log shows, why it happens and how to fix it.

Error signatures are knowledge-base data (``kb/data/failures/*.toml``); the engine matches them
all in one pass over a log of any size; ranking puts first what the host snapshot confirms.
"""

from bringup.triage.explain import LogInput, explain_text, scan_log
from bringup.triage.loader import Loaded, failure_dirs, load_signatures, read_signatures
from bringup.triage.parallel import scan_file
from bringup.triage.predicates import PREDICATES, predicate
from bringup.triage.ranking import rank
from bringup.triage.scanner import Matcher
from bringup.triage.scanresult import ScanResult
from bringup.triage.signatures import BUILTIN_DIR, Signature, SignatureRecord, SignatureSet

__all__ = [
    "LogInput",
    "explain_text",
    "scan_log",
    "scan_file",
    "PREDICATES",
    "predicate",
    "rank",
    "Matcher",
    "ScanResult",
    "BUILTIN_DIR",
    "Signature",
    "SignatureRecord",
    "SignatureSet",
    "failure_dirs",
    "load_signatures",
    "read_signatures",
    "Loaded",
]
