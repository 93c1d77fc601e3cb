"""outsider26 #2 (the install side): ``up`` would install from PyPI names the scan read from
docs prose (``apex`` from a table cell, momo609/mindspeed@7e624cf1
docs/zh/user-guide/installation.md:63; PyPI's apex is another project). A distribution whose
every line is read from a docs file's prose is left to the user: ``up`` does not install it
and its plan says so, while the verdict and exit code stay as for any other name (review 26b
H1). Names a manifest lists, a ``pip install`` of the docs installs, or the package imports,
stay installed from the index."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model import Component, Requirement, Source, file_source
from bringup.model.snapshot import Snapshot
from bringup.plan import plan
from bringup.run.environments import environment_spec
from bringup.solve import SolveOptions, solve
from bringup.solve.prosenames import REASON, from_prose, left_to_user
from solve_inputs import catalogue, host

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures/repos/review26b"
SNAPSHOT = Snapshot(taken_at="2026-12-05T00:00:00Z", origin="replay")


def _mindspeed(*requirements: Requirement) -> Component:
    return Component(name="mindspeed", path="mindspeed", role="other", requirements=requirements)


# the scan's readings of momo609/mindspeed@7e624cf1 (confidence and text as it gives them)
APEX = Requirement(
    subject="pypi:apex",
    spec="",
    component="mindspeed",
    source=file_source("docs/zh/user-guide/installation.md", 63),
    confidence="low",
    text="apex | 《Ascend Extension for PyTorch 配置与安装》",
)
EINOPS = Requirement(  # requirements.txt:12
    subject="pypi:einops",
    spec="",
    component="mindspeed",
    source=file_source("requirements.txt", 12),
)
# shanshuo/MindSpeed-MM@dc326082 docs/user-guide/getting_start.md:270
DECORD = Requirement(
    subject="pypi:decord",
    spec="==0.6.0",
    component="mindspeed",
    source=file_source("docs/user-guide/getting_start.md", 270),
    confidence="medium",
    text="pip install: decord==0.6.0",
)


def test_a_name_read_from_prose_is_left_to_the_user_not_unverified() -> None:
    """Review 26b H1: the solver and the verdict treat a prose name as any other line (no
    "unverified", no exit 1); only up leaves it out of its install, and the plan says so."""
    resolution = solve([_mindspeed(APEX, EINOPS, DECORD)], host(), [], catalogue({}))
    (env,) = resolution.environments
    assert {"apex", "einops", "decord"} <= {p.subject for p in env.pins}
    (prose,) = [u for u in resolution.unverified if u.reason == REASON]
    assert (prose.subject, prose.source.line) == ("apex", 63)
    assert left_to_user(resolution, env.index) == {"apex"}
    (verdict,) = resolution.verdicts
    assert verdict.status == "runs_after"
    assert "apex" not in {o.subject for o in verdict.obstacles if o.kind == "unverified"}
    spec = environment_spec(env, SNAPSHOT, (), (), left_to_user(resolution, env.index))
    assert not any(r.startswith("apex") for r in spec.requirements)
    assert any(r.startswith("einops") for r in spec.requirements)
    made = plan([_mindspeed(APEX, EINOPS, DECORD)], resolution)
    (apex,) = [a for a in made.actions if a.subject == "apex"]
    assert not apex.automatic
    assert not apex.argv


def test_the_same_name_in_a_manifest_is_installed() -> None:
    listed = Requirement(  # constructed: apex listed in a requirements file
        subject="pypi:apex",
        spec="",
        component="mindspeed",
        source=file_source("requirements.txt", 1),
    )
    resolution = solve([_mindspeed(APEX, listed)], host(), [], catalogue({}), SolveOptions())
    (env,) = resolution.environments
    assert "apex" in {p.subject for p in env.pins}
    assert left_to_user(resolution, env.index) == frozenset()


def _out(capsys: pytest.CaptureFixture[str]) -> str:
    return " ".join(capsys.readouterr().out.split())


def test_a_docs_table_read_at_high_confidence_is_prose(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real LLaMA-Factory table (tests/fixtures/repos/review26b/SOURCE.md): read at high
    confidence, still prose; check exits 0 and up's plan leaves the names to the user."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["check", str(FIXTURES / "lf-table"), "--target", "A100:8"]) == 0
    out = _out(capsys)
    assert "install accelerate >=0.34.0 for environment 1" in out
    assert "with uv: accelerate" not in out


def test_the_packages_own_imports_are_no_prose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Constructed (review 26b r8): a setup.py without install_requires and a package that
    imports einops: the scan reads the import at medium confidence, not from prose."""
    monkeypatch.setenv("COLUMNS", "200")
    (tmp_path / "setup.py").write_text(
        "from setuptools import setup, find_packages\n"
        'setup(name="demo", version="0.1", packages=find_packages())\n',
        encoding="utf-8",
    )
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo/__init__.py").write_text("import einops\n", encoding="utf-8")
    assert main(["check", str(tmp_path), "--target", "A100:8"]) == 0
    out = _out(capsys)
    assert "runs here after installing einops (from the package index)" in out
    assert "install einops from the package index into environment 1 (uv can" in out


def test_lines_set_aside_that_only_the_docs_state_do_not_block(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Constructed (review 26b M4): a README list and a README table disagree on torch. The
    design sets both aside; the docs disagree (a caveat), no manifest line keeps the repo from
    running, so solve --target exits 0 and check's target column names the environment."""
    monkeypatch.setenv("COLUMNS", "200")
    (tmp_path / "README.md").write_text(
        "# demo\n\n## Requirements\n\n- torch 2.1.0\n\n"
        "| Software | Version |\n| --- | --- |\n| torch | 2.4.0 |\n",
        encoding="utf-8",
    )
    assert main(["solve", str(tmp_path), "--target", "A100:8"]) == 0
    assert "set aside from the plan" in _out(capsys)
    main(["check", str(tmp_path), "--target", "A100:8"])
    assert "once conflict 1 is resolved" not in _out(capsys)


def test_a_readme_of_any_suffix_is_prose_as_the_walk_reads_it() -> None:
    """The walk reads ``README`` and ``README.txt`` as documentation, as it does a ``.md``
    page: their lines are prose too; a manifest's and an install command's are not
    (constructed paths)."""
    for ref in ("repo/README", "repo/README.txt", "repo/docs/install.md", "repo/README.rst"):
        assert from_prose(Source(kind="file", ref=ref, line=3), "apex")
    assert not from_prose(Source(kind="file", ref="repo/requirements.txt", line=3), "apex")
    assert not from_prose(Source(kind="file", ref="repo/README", line=3), "pip install apex")
