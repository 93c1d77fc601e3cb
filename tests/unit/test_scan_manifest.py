"""bringup.toml: overrides apply; every schema error names file:line:column and underlines
the bad span."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.errors import InputError, InputErrors
from bringup.scan import load_manifest, scan_stack
from bringup.scan.manifest import RepoManifest


def error_for(tmp_path: Path, text: str) -> InputError:
    path = tmp_path / "bringup.toml"
    path.write_text(text)
    with pytest.raises(InputError) as raised:
        load_manifest(path)
    return raised.value


def test_wrong_type_underlines_the_value(tmp_path: Path) -> None:
    error = error_for(
        tmp_path, 'role = "ops"\n\n[[steps]]\nname = "unit"\nkind = "test"\nargv = "pytest -q"\n'
    )
    assert (error.line, error.column, error.width) == (6, 8, 11)
    assert "Expected `array`, got `str`" in error.message
    assert str(error).endswith('argv = "pytest -q"\n           ^^^^^^^^^^^')


def test_unknown_field_underlines_the_key(tmp_path: Path) -> None:
    error = error_for(tmp_path, '[[requirements]]\nsubject = "cann"\nspecs = ">=8.0"\n')
    assert (error.line, error.column, error.width) == (3, 1, 5)
    assert "unknown field `specs`" in error.message


def test_bad_spec_points_at_the_clause(tmp_path: Path) -> None:
    error = error_for(tmp_path, '[[requirements]]\nsubject = "cann"\nspec = ">=8.0.RC1,<banana"\n')
    assert error.line == 3
    assert error.column == 19
    assert "bad spec for cann" in error.message
    assert "^" * 7 in str(error)


def test_unknown_role_is_an_error_at_its_line(tmp_path: Path) -> None:
    error = error_for(tmp_path, 'name = "x"\nrole = "kernels"\n')
    assert (error.line, error.column) == (2, 8)
    assert "Invalid enum value 'kernels'" in error.message


def test_empty_argv(tmp_path: Path) -> None:
    error = error_for(tmp_path, '[[steps]]\nname = "x"\nkind = "run"\nargv = []\n')
    assert (error.line, error.message) == (4, "argv is empty: a step needs a command")


@pytest.mark.parametrize("cwd", ["/", "..", "../../elsewhere", "build/../../.."])
def test_step_cwd_outside_the_repo(tmp_path: Path, cwd: str) -> None:
    error = error_for(
        tmp_path, f'[[steps]]\nname = "x"\nkind = "run"\nargv = ["make"]\ncwd = "{cwd}"\n'
    )
    assert error.line == 5
    assert error.message == f"cwd {cwd!r} leaves the repo: write a path in it"


@pytest.mark.parametrize("repo", ["/", "..", "a/../../b"])
def test_stack_repo_outside_the_stack_directory(tmp_path: Path, repo: str) -> None:
    (tmp_path / "a").mkdir()
    error = error_for(tmp_path, f'[[repos]]\npath = "a"\n\n[[repos]]\npath = "{repo}"\n')
    assert error.line == 5
    assert error.message == f"path {repo!r} leaves the stack's directory: list repos in it"


def test_step_cwd_inside_the_repo(tmp_path: Path) -> None:
    path = tmp_path / "bringup.toml"
    path.write_text('[[steps]]\nname = "x"\nkind = "run"\nargv = ["make"]\ncwd = "a/../b"\n')
    manifest = load_manifest(path).manifest
    assert isinstance(manifest, RepoManifest)
    assert manifest.steps[0].cwd == "a/../b"


def test_invalid_toml_is_input_error_with_position(tmp_path: Path) -> None:
    error = error_for(tmp_path, 'role = "ops"\ntrusted = yes\n')
    assert (error.line, error.column) == (2, 11)


def test_inline_table_needs(tmp_path: Path) -> None:
    error = error_for(
        tmp_path,
        '[[steps]]\nname = "x"\nkind = "test"\nargv = ["pytest"]\nneeds = { devices = "two" }\n',
    )
    assert error.line == 5
    assert "Expected `int`, got `str`" in error.message
    assert "(at steps[0].needs.devices)" in error.message


def test_stack_manifest_errors_point_into_the_right_repo(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "requirements.txt").write_text("numpy\n")
    (tmp_path / "bringup.toml").write_text(
        '[[repos]]\npath = "a"\n\n[[repos]]\npath = "b"\n\n[[repos.requirements]]\n'
        'subject = "python"\nspec = "3.9"\nhard = "yes"\n'
    )
    with pytest.raises(InputErrors) as raised:
        scan_stack([tmp_path])
    # both of repo b's problems, each at its line: the spec (no operator) and the type
    said = [(p.line, p.message) for p in raised.value.problems]
    assert said[0] == (9, "bad spec for python: Invalid specifier: '3.9'")
    assert said[1][0] == 10
    assert "(at repos[1].requirements[0].hard)" in said[1][1]


def test_stack_manifest_with_missing_repo_and_unknown_dependency(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "requirements.txt").write_text("numpy\n")
    stack_file = tmp_path / "stack.toml"
    stack_file.write_text('[[repos]]\npath = "a"\n\n[[repos]]\npath = "missing"\n')
    with pytest.raises(InputError) as raised:
        scan_stack([stack_file])
    assert raised.value.line == 5
    assert "repo directory not found: missing" in raised.value.message
    stack_file.write_text('[[repos]]\npath = "a"\ndepends_on = ["ghost"]\n')
    with pytest.raises(InputError) as raised:
        scan_stack([stack_file])
    assert raised.value.line == 3
    assert "'ghost'" in raised.value.message


def test_manifest_overrides_what_was_inferred(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("## Requirements\n\n- CANN 7.0\n- Python 3.8+\n")
    (tmp_path / "requirements.txt").write_text("numpy\nscipy==1.10\n")
    (tmp_path / "bringup.toml").write_text(
        'name = "trainer"\nrole = "training"\ntrusted = true\n\n'
        '[[requirements]]\nsubject = "cann"\nspec = ">=7.0.0,<7.1"\n'
        'text = "7.0.RC1 lacks a kernel"\n\n'
        '[[requirements]]\nsubject = "pypi:scipy"\nignore = true\n\n'
        '[[steps]]\nname = "smoke"\nkind = "test"\n'
        'argv = ["torchrun", "--nproc_per_node=2", "smoke.py"]\n'
        'needs = { devices = 2, device_kind = "npu" }\n'
    )
    stack = scan_stack([tmp_path])
    (component,) = stack.components
    assert (component.name, component.role, component.trusted) == ("trainer", "training", True)
    found = {(r.subject, r.spec, str(r.source)) for r in component.requirements}
    manifest = str(tmp_path / "bringup.toml")
    assert found == {
        ("cann", ">=7.0.0,<7.1", f"{manifest}:6"),
        ("python", ">=3.8", f"{tmp_path / 'README.md'}:4"),
        ("pypi:numpy", "", f"{tmp_path / 'requirements.txt'}:1"),
    }
    overridden = [f for f in stack.findings if f.kind == "overridden"]
    assert [f.subject for f in overridden] == ["cann", "pypi:scipy"]
    assert str(overridden[0].sources[0]) == f"{manifest}:6"
    (step,) = component.steps
    assert (step.name, step.needs.devices, str(step.source)) == ("smoke", 2, f"{manifest}:15")


def test_a_drafted_manifest_reads_back_with_its_submodule(tmp_path: Path) -> None:
    """``scan --write`` drafted ``subject = "submodule"`` (graphdeco-inria's
    diff-gaussian-rasterization, .gitmodules:1-3) and every command on the repo then failed
    with "unknown subject 'submodule'"."""
    from bringup.cli.main import main

    (tmp_path / ".gitmodules").write_text(
        '[submodule "third_party/glm"]\n'
        "\tpath = third_party/glm\n"
        "\turl = https://github.com/g-truc/glm.git\n"
    )
    scanned = {(r.subject, r.spec) for r in scan_stack([tmp_path]).components[0].requirements}
    assert main(["scan", str(tmp_path), "--write"]) == 0
    (component,) = scan_stack([tmp_path]).components
    assert ("submodule", "third_party/glm") in scanned
    assert {(r.subject, r.spec) for r in component.requirements} == scanned


def test_a_drafted_manifest_that_states_what_the_scan_found_overrides_nothing(
    tmp_path: Path,
) -> None:
    """An outside tester ran ``scan --write`` then ``scan``: every drafted entry came back as
    "overridden: the manifest's ==1.26.4 replaces what the scan found (==1.26.4)". The lines
    are huawei-csl/pytorch-tcuscan@ddcd5cef requirements.txt:3-4."""
    from bringup.cli.main import main

    (tmp_path / "requirements.txt").write_text("numpy==1.26.4\nscipy==1.13.1\n")
    assert main(["scan", str(tmp_path), "--write"]) == 0
    stack = scan_stack([tmp_path])
    assert [f.message for f in stack.findings if f.kind == "overridden"] == []
    found = {(r.subject, r.spec) for r in stack.components[0].requirements}
    assert {("pypi:numpy", "==1.26.4"), ("pypi:scipy", "==1.13.1")} <= found


@pytest.mark.parametrize(
    ("subject", "spec"),
    [
        ("submodule", "third_party/glm"),
        ("env_var", "ASCEND_HOME_PATH"),
        ("system_package", "ccache"),
        ("network", "github.com"),
    ],
)
def test_a_need_names_its_thing_not_a_version(tmp_path: Path, subject: str, spec: str) -> None:
    path = tmp_path / "bringup.toml"
    path.write_text(f'[[requirements]]\nsubject = "{subject}"\nspec = "{spec}"\n')
    manifest = load_manifest(path).manifest
    assert isinstance(manifest, RepoManifest)
    assert [(r.subject, r.spec) for r in manifest.requirements] == [(subject, spec)]
    error = error_for(tmp_path, f'[[requirements]]\nsubject = "{subject}"\nspec = " "\n')
    assert error.line == 3
    assert error.message == f"empty spec: a {subject} requirement names what it needs"
