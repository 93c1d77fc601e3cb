"""outsider12 #14's leftover: a model zoo's every model folder holds a README that says
``bash run.sh`` and the run.sh beside it; with several folders holding a run.sh no one folder
was chosen, so each model's step was "missing run.sh". A guide's command runs its script from
the guide's own folder when the script is there. The line is MagicBowen/ascendc_agent@598bc37
samples/add_custom/README.md:58 (its run.sh beside it, and one in ops/sinh too); the layout is
O12's repro.sh 14 (models/mN/{README.md,run.sh})."""

from __future__ import annotations

from pathlib import Path

from bringup.scan import scan_stack

GUIDE = "# sample\n\n```bash\nbash run.sh -r cpu -v Ascend910B\n```\n"
RUN = "#!/bin/bash\nsource /usr/local/Ascend/ascend-toolkit/set_env.sh\n"


def _steps(repo: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    (component,) = scan_stack([str(repo)]).components
    steps = [*component.steps, *(s for scope in component.scopes for s in scope.steps)]
    return {
        Path(s.source.ref).relative_to(repo).as_posix(): (s.cwd, s.needs.missing)
        for s in steps
        if s.argv[:2] == ("bash", "run.sh")
    }


def test_each_guide_runs_the_script_beside_it(tmp_path: Path) -> None:
    repo = tmp_path / "zoo"
    for name in ("m0", "m1"):
        folder = repo / "models" / name
        folder.mkdir(parents=True)
        (folder / "README.md").write_text(GUIDE, encoding="utf-8")
        (folder / "run.sh").write_text(RUN, encoding="utf-8")
    assert _steps(repo) == {
        "models/m0/README.md": ("models/m0", ()),
        "models/m1/README.md": ("models/m1", ()),
    }


def test_a_guide_without_the_script_beside_it_still_misses_it(tmp_path: Path) -> None:
    repo = tmp_path / "zoo"
    for name in ("m0", "m1"):
        (repo / "models" / name).mkdir(parents=True)
        (repo / "models" / name / "run.sh").write_text(RUN, encoding="utf-8")
    (repo / "docs").mkdir()
    (repo / "docs" / "README.md").write_text(GUIDE, encoding="utf-8")
    assert _steps(repo) == {"docs/README.md": (".", ("run.sh",))}
