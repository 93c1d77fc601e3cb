"""A manifest's problems are said all at once, each at file:line:column with its caret
(outside tester 23b, D5: five problems took five edit-and-rerun rounds); a repo's own
manifest naming the repo in ``depends_on`` is refused as a stack's is; a dependency cycle is
said in ``scan``'s default view. The manifests are constructed (the tester's ``mf/bad1.toml``
as described in the report); the repos are the example's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.errors import InputError, InputErrors
from bringup.scan import load_manifest

ROOT = Path(__file__).resolve().parents[2]
SIX = ROOT / "examples" / "six-repos"

FIVE_PROBLEMS = """\
name = "s"
[[repos]]
path = "ascend-ops"
role = "kernels"
[[repos]]
path = "../../etc"
[[repos]]
path = "missing-repo"
[[repos]]
path = "train-adapter"
depends_on = ["train-adapter"]
[[repos.requirements]]
subject = "cuda"
spec = ">=banana"
"""


def _stack(tmp_path: Path, text: str) -> Path:
    for name in ("ascend-ops", "train-adapter"):
        shutil.copytree(SIX / name, tmp_path / name)
    manifest = tmp_path / "stack.toml"
    manifest.write_text(text, encoding="utf-8")
    return manifest


def test_every_problem_is_said_in_one_run_in_line_order(tmp_path: Path) -> None:
    manifest = _stack(tmp_path, FIVE_PROBLEMS)
    with pytest.raises(InputErrors) as raised:
        load_manifest(manifest)
    said = [(p.line, p.column, p.message.split(":")[0]) for p in raised.value.problems]
    assert said == [
        (4, 8, "Invalid enum value 'kernels' (at repos[0].role)"),
        (6, 8, "path '../../etc' leaves the stack's directory"),
        (8, 8, "repo directory not found"),
        (11, 15, "depends_on names 'train-adapter', the repo itself"),
        (14, 9, "bad spec for cuda"),
    ]
    shown = str(raised.value)
    assert shown.startswith(f"{manifest}: 5 problems\n")
    assert f"  {manifest}:14:9: bad spec for cuda" in shown
    # each with its line and the caret under the bad span
    assert '      spec = ">=banana"\n              ^^^^^^^^' in shown


def test_the_json_error_lists_every_problem_and_locates_the_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = _stack(tmp_path, FIVE_PROBLEMS)
    assert main(["scan", str(manifest), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert (error["kind"], error["file"], error["line"], error["column"]) == (
        "input",
        str(manifest),
        4,
        8,
    )
    assert [(p["line"], p["column"]) for p in error["problems"]] == [
        (4, 8),
        (6, 8),
        (8, 8),
        (11, 15),
        (14, 9),
    ]


def test_one_problem_is_one_error_without_a_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = _stack(tmp_path, 'name = "s"\n[[repos]]\npath = "ascend-ops"\nrole = "kernels"\n')
    with pytest.raises(InputError) as raised:
        load_manifest(manifest)
    assert not isinstance(raised.value, InputErrors)
    assert main(["scan", str(manifest), "--json"]) == 2
    assert "problems" not in json.loads(capsys.readouterr().out)["error"]


def test_a_bad_value_does_not_hide_an_unknown_key_in_the_same_table(tmp_path: Path) -> None:
    """msgspec stops at the first bad value of a table; the walk goes on to the next key."""
    path = tmp_path / "bringup.toml"
    path.write_text('role = "kernels"\ntrusted = "yes"\nfrob = 1\n', encoding="utf-8")
    with pytest.raises(InputErrors) as raised:
        load_manifest(path)
    assert [(p.line, p.column) for p in raised.value.problems] == [(1, 8), (2, 11), (3, 1)]
    assert "unknown field `frob`" in raised.value.problems[2].message


def test_a_repos_own_manifest_naming_the_repo_in_depends_on_is_refused(tmp_path: Path) -> None:
    repo = tmp_path / "train-adapter"
    shutil.copytree(SIX / "train-adapter", repo)
    (repo / "bringup.toml").write_text('depends_on = ["train-adapter"]\n', encoding="utf-8")
    with pytest.raises(InputError, match="depends_on names 'train-adapter', the repo itself"):
        load_manifest(repo / "bringup.toml")
    (repo / "bringup.toml").write_text(
        'name = "adapter"\ndepends_on = ["adapter"]\n', encoding="utf-8"
    )
    with pytest.raises(InputError, match="the repo itself") as raised:
        load_manifest(repo / "bringup.toml")
    assert (raised.value.line, raised.value.column) == (2, 15)


def test_a_dependency_cycle_is_said_in_scans_default_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = _stack(
        tmp_path,
        'name = "s"\n[[repos]]\npath = "ascend-ops"\ndepends_on = ["train-adapter"]\n'
        '[[repos]]\npath = "train-adapter"\ndepends_on = ["ascend-ops"]\n',
    )
    assert main(["scan", str(manifest)]) == 0
    out = capsys.readouterr().out
    assert "note: dependency cycle among ascend-ops, train-adapter; ordered by role" in out
    manifest.write_text(
        'name = "s"\n[[repos]]\npath = "ascend-ops"\n[[repos]]\npath = "train-adapter"\n'
        'depends_on = ["ascend-ops"]\n',
        encoding="utf-8",
    )
    assert main(["scan", str(manifest)]) == 0
    assert "dependency cycle" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "text",
    [
        "steps = 3\n",
        "requirements = 1\n",
        'requirements = "cann"\n',
        "steps = [3]\n",
        '[[repos]]\npath = 3\nname = 4\ndepends_on = "x"\n',
        "repos = [1]\n",
    ],
)
def test_values_of_the_wrong_type_are_problems_not_crashes(tmp_path: Path, text: str) -> None:
    """The value checks now run beside the schema's, on whatever the document holds."""
    path = tmp_path / "bringup.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as raised:
        load_manifest(path)
    problems = getattr(raised.value, "problems", (raised.value,))
    assert all(p.line is not None for p in problems)
    assert any("Expected" in p.message for p in problems)
