"""A shell's "Killed" for a child that SIGKILL ended is, with nothing else said, the kernel's OOM
killer: host memory, whatever ran in it (issue 15, layer review of 2026-12-03)."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.evidence import by_words
from bringup.triage.fallbackrules import builtin_rules

LSF_KILLED = (
    # FredslundMagnus/Myretuen@03cfb633be1c37677083f382f35ce83f8884d94e:
    # outputs/network-60-20/NNAgent2network-60-20.md:1 (LSF: TERM_MEMLIMIT, exit code 137)
    "/zhome/ee/d/137643/.lsbatch/1586426244.6148158.shell: line 12: 17783 Killed"
    "                  python main.py $LSB_PROJECT_NAME\n"
)


@pytest.mark.parametrize(
    "log",
    [
        # https://github.com/equinor/ert/issues/7797: the shell's report of a job the OOM killer
        # ended (dmesg: "Out of memory: Killed process 1440763 (perl)")
        "Killed\n",
        LSF_KILLED,
    ],
)
def test_the_shell_reporting_a_child_killed_is_host_memory(log: str) -> None:
    top = explain_text(log)[0]
    assert (top.signature_id, top.layer) == ("host.oom-killed", "memory")


def test_a_job_killed_at_its_time_limit_is_no_shell_report() -> None:
    # FredslundMagnus/Myretuen@55bc949ebb11c20a852aa2b6cd28ebc66e69de78:
    # outputs/8000-IMP-sample-length10-hist10/NNAgent178000-IMP-sample-length10-hist10.md:35
    found = explain_text("TERM_RUNLIMIT: job killed after reaching LSF run time limit.\n")
    assert "host.oom-killed" not in [d.signature_id for d in found]


def test_a_script_killed_line_is_placed_in_memory_by_its_words() -> None:
    # what the fallback reads when no signature is asked (bench/triage_eval.py --unsigned)
    said = by_words((LSF_KILLED,), builtin_rules().evidence)
    assert said is not None
    assert said.id == "evidence.memory.exhausted"
