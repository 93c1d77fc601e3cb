"""A local path the installer cannot find is not a version conflict (outsider 13, D11):
``up`` ran pybind/cmake_example's README step ``pip install ./cmake_example`` inside the clone,
and explain, in up's failure box, called pip's "File './cmake_example' does not exist" packages
"that do not go together" and told the user to compare versions."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

# pip 25's output for pybind/cmake_example@7a94877f581a14de4de1a096fb053a55fc2a66bf
# README.md:57 (`pip install ./cmake_example`) run inside the clone (outsider 13, D3)
CMAKE_EXAMPLE = """\
ERROR: Invalid requirement: './cmake_example': Expected package name at the start of dependency specifier
    ./cmake_example
    ^
Hint: It looks like a path. File './cmake_example' does not exist.
"""  # noqa: E501


def test_a_readme_path_run_in_the_wrong_folder_is_a_missing_path() -> None:
    first = explain_text(CMAKE_EXAMPLE)[0]
    assert (first.signature_id, first.layer) == ("python.install-path-missing", "install")
    assert "./cmake_example" in first.cause
    assert "version" not in first.fix.lower()


@pytest.mark.parametrize(
    ("line", "path"),
    [
        # pypa/pip@75981eccd2a0c98fc43b260a5e08e6a110669767 src/pip/_internal/req/constructors.py,
        # _get_url_from_path: a folder without a project, a wheel file that is not there
        (
            "ERROR: Directory '.' is not installable. Neither 'setup.py' nor 'pyproject.toml'"
            " found.",
            ".",
        ),
        (
            "WARNING: Requirement 'dist/hermes_realtime-0.0.3-py3-none-any.whl' looks like a"
            " filename, but the file does not exist",
            "dist/hermes_realtime-0.0.3-py3-none-any.whl",
        ),
        # pip's req_file.py: "Could not open requirements file: {exc}"
        (
            "ERROR: Could not open requirements file: [Errno 2] No such file or directory:"
            " 'requirements.txt'",
            "requirements.txt",
        ),
        # astral-sh/uv@8c7076869e90200b662a1ff92de51c5d6debfa66 crates/uv/tests/it/tool_run.rs
        ("error: Distribution not found at: file:///app/packages/greeter", "file:///app/packages"),
    ],
)
def test_each_installers_words_for_a_missing_path(line: str, path: str) -> None:
    first = explain_text(line)[0]
    assert first.signature_id == "python.install-path-missing"
    assert path in first.cause
