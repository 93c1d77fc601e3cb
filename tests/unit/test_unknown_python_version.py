"""A report that lists packages but not the Python they are installed in (the first line of
the issue body of https://github.com/Ascend/pytorch/issues/34: ``torch-npu  2.2 版本``) records
an interpreter of unknown version. Everything that compares an interpreter's version treats it as
unknown (not checked): the solver does not crash on it and does not count its packages as
installed in any environment, and no environment is made for a Python called ``unknown``."""

from __future__ import annotations

from bringup.model import Snapshot
from bringup.model.resolution import Environment
from bringup.probe.importers import import_report
from bringup.run.environments import environment_spec
from bringup.solve import solve
from bringup.solve.host import host_facts
from solve_inputs import catalogue, component

ISSUE_34 = "torch-npu  2.2 版本。模型llama 7b \n"
"""Ascend/pytorch#34, line 1 of the issue body (the rest is ``npu-smi info``)."""


def _snapshot() -> Snapshot:
    return import_report(ISSUE_34, "issue34.txt", taken_at="2026-01-01T00:00:00+00:00")


def test_the_report_records_an_interpreter_whose_version_is_unknown() -> None:
    snapshot = _snapshot()
    assert [(p.path, p.version) for p in snapshot.pythons] == [("(reported)", "unknown")]


def test_its_packages_are_not_installed_in_any_known_interpreter() -> None:
    installed = host_facts(_snapshot()).installed
    assert "torch_npu" not in installed
    assert "python" not in installed


def test_the_solver_reads_it_as_unknown_and_does_not_crash() -> None:
    repo = component("npu-repo", [("torch_npu", ">=2.1"), ("python", ">=3.8")])
    releases = {"torch_npu": ["2.1.0", "2.2.0"], "python": ["3.10", "3.11"]}
    resolution = solve([repo], _snapshot(), [], catalogue(releases))
    assert resolution.environments


def test_no_environment_is_made_for_a_python_called_unknown() -> None:
    environment = Environment(index=1, components=("npu-repo",))
    spec = environment_spec(environment, _snapshot(), ())
    assert spec.python != "unknown"
