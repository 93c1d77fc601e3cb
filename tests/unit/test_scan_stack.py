"""scan_stack on the six-repo example stack, and how paths are read."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bringup.errors import InputError
from bringup.scan import scan_stack

ROOT = Path(__file__).parents[2]
EXPECTED = ROOT / "tests" / "fixtures" / "repos" / "six-repos.scan.json"


@pytest.fixture
def six_repos(monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    monkeypatch.chdir(ROOT)
    stack = scan_stack(["examples/six-repos"])
    data: dict[str, object] = json.loads(msgspec.json.encode(stack))
    return data


def test_six_repos_match_the_expected_scan(six_repos: dict[str, object]) -> None:
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    assert six_repos["components"] == expected["components"]
    assert six_repos["findings"] == expected["findings"]


_SUBJECT_WORDS = {"cann": "CANN", "ascend_driver": "driver", "npu_count": "NPU", "chip": "Atlas"}


def _evidence(requirement: dict[str, Any]) -> str:
    """What the cited line must contain for the citation to be right."""
    text, spec, subject = (
        str(requirement.get("text", "")),
        str(requirement["spec"]),
        str(requirement["subject"]),
    )
    if text.startswith("table "):
        return text[len("table ") :].split(":", maxsplit=1)[0]
    if str(requirement["source"]["ref"]).endswith("bringup.toml"):
        return f'subject = "{subject}"'
    numbers: list[str] = re.findall(r"\d+(?:\.\d+)*", spec)
    if numbers:
        return numbers[0]
    return _SUBJECT_WORDS.get(subject, subject.rsplit(":", maxsplit=1)[-1])


def test_every_requirement_cites_the_line_that_states_it(six_repos: dict[str, object]) -> None:
    """Independent of the expected file: the cited line holds the requirement's version (or,
    for unversioned ones and table headers, its subject's name)."""
    components = six_repos["components"]
    assert isinstance(components, list)
    checked = 0
    for component in components:
        for requirement in component["requirements"]:
            source = requirement["source"]
            lines = (ROOT / source["ref"]).read_text(encoding="utf-8").splitlines()
            line = lines[source["line"] - 1]
            words = requirement.get("text", "")
            assert words in line or _evidence(requirement) in line, (source, words, line)
            checked += 1
    # 37 since a statement repeated in several files is one requirement (``also_at``), a
    # manifest's extras are features of their own (``extra:npu``, ``tests``), not the repo's,
    # train-adapter's version table says nothing its pyproject's pins do not (``implied``),
    # and infer-adapter's README range holds the floor its CMake finds (``strictest``).
    assert checked >= 37


def test_the_stack_is_the_situation_the_tool_exists_for(six_repos: dict[str, object]) -> None:
    components = {c["name"]: c for c in six_repos["components"]}  # type: ignore[attr-defined]
    assert sorted(components) == [
        "ascend-comm",
        "ascend-ops",
        "infer-adapter",
        "npu-samples",
        "npu-toolchain",
        "train-adapter",
    ]

    def hard(name: str, subject: str) -> set[str]:
        return {
            r["spec"]
            for r in components[name]["requirements"]
            if r["subject"] == subject and r.get("hard", True)
        }

    assert hard("ascend-ops", "cann") == {">=7.0"}
    assert hard("infer-adapter", "cann") == {"<7.0", ">=6.3.RC1,<7.0"}
    assert hard("train-adapter", "cann") == {">=7.0.0,<7.1"}
    assert hard("train-adapter", "python") == {">=3.8,<3.11", "!=3.11.*"}
    # README "Python 3.8+" and pyproject's >=3.9 overlap: both bind, together >=3.9, now one
    # requirement at it (issue 11, deliberate), the README's floor in its text
    assert hard("npu-toolchain", "python") == {">=3.9"}
    assert hard("npu-samples", "cann") == {""}
    assert components["infer-adapter"]["depends_on"] == ["ascend-ops"]
    assert components["train-adapter"]["depends_on"] == ["ascend-comm", "ascend-ops"]
    runs_anywhere = {
        c: [" ".join(s["argv"]) for s in components[c]["steps"] if not s.get("needs")]
        for c in ("ascend-ops", "ascend-comm", "npu-toolchain")
    }
    assert runs_anywhere == {
        "ascend-ops": [
            "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release",
            "cmake --build build -j",
            "ctest --test-dir build -L cpu --output-on-failure",
            "cmake --install build --prefix /opt/ascend-ops",
        ],
        "ascend-comm": ["python -m pytest tests/cpu"],
        "npu-toolchain": ["python -m pytest tests/frontend tests/profiler"],
    }


def test_missing_path_is_bad_input(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file or directory"):
        scan_stack([tmp_path / "absent"])


def test_empty_directory_is_bad_input(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="empty directory"):
        scan_stack([tmp_path])


def test_no_path_is_bad_input() -> None:
    with pytest.raises(InputError):
        scan_stack([])


def test_a_file_that_is_not_a_manifest(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# hi\n")
    with pytest.raises(InputError):
        scan_stack([readme])


def test_directory_of_repos_and_dependencies_found_between_them(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# my stack\n\nRequires CANN 8.0.RC1.\n")
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "pyproject.toml").write_text('[project]\nname = "Core_Lib"\nrequires-python = ">=3.9"\n')
    app = tmp_path / "app"
    app.mkdir()
    (app / "requirements.txt").write_text("core-lib>=1.0\n")
    stack = scan_stack([tmp_path])
    names = {c.name: c for c in stack.components}
    assert sorted(names) == ["app", "lib"]
    assert names["app"].depends_on == ("lib",)
    assert names["lib"].depends_on == ()


def test_one_repo_with_subdirectories_is_one_repo(tmp_path: Path) -> None:
    (tmp_path / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.20)\n")
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / "README.md").write_text("# part\n")
    (component,) = scan_stack([tmp_path]).components
    assert [r.spec for r in component.requirements] == [">=3.20"]


def test_a_repo_without_a_top_build_file_is_one_repo(tmp_path: Path) -> None:
    # the top of Ascend/op-plugin (README.md, LICENSE, .gitmodules, ci/build.sh, examples/,
    # op_plugin/): a snapshot without .git came back as one "repo" per subdirectory
    (tmp_path / "README.md").write_text("# op-plugin\n")
    (tmp_path / "LICENSE").write_text("BSD 3-Clause License\n")
    (tmp_path / ".gitmodules").write_text('[submodule "third_party/op-plugin"]\n')
    for sub, name in (("ci", "build.sh"), ("examples", "README.md"), ("op_plugin", "README.md")):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / name).write_text("# part\n")
    (component,) = scan_stack([tmp_path]).components
    assert component.name == tmp_path.name


def test_two_repos_with_one_name(tmp_path: Path) -> None:
    for parent in ("x", "y"):
        repo = tmp_path / parent / "same"
        repo.mkdir(parents=True)
        (repo / "requirements.txt").write_text("numpy\n")
    with pytest.raises(InputError, match="two repos are named 'same'"):
        scan_stack([tmp_path / "x" / "same", tmp_path / "y" / "same"])


def test_a_repo_that_depends_on_itself_is_bad_input(tmp_path: Path) -> None:
    """Outside tester 23b, D5: ``depends_on = ["train-adapter"]`` on train-adapter itself was
    accepted. The manifest is constructed; the repo is the example's."""
    manifest = tmp_path / "stack.toml"
    shutil.copytree(ROOT / "examples" / "six-repos" / "train-adapter", tmp_path / "train-adapter")
    manifest.write_text(
        'name = "s"\n[[repos]]\npath = "train-adapter"\ndepends_on = ["train-adapter"]\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError, match="the repo itself"):
        scan_stack([manifest])


def test_a_dependency_cycle_is_said_in_checks_default_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Outside tester 23b, D5: a cycle (ascend-ops and train-adapter depending on each
    other) was said only under ``--details``. The manifest is constructed."""
    from bringup.cli.main import main

    for name in ("ascend-ops", "train-adapter"):
        shutil.copytree(ROOT / "examples" / "six-repos" / name, tmp_path / name)
    manifest = tmp_path / "stack.toml"
    manifest.write_text(
        'name = "s"\n[[repos]]\npath = "ascend-ops"\ndepends_on = ["train-adapter"]\n'
        '[[repos]]\npath = "train-adapter"\ndepends_on = ["ascend-ops"]\n',
        encoding="utf-8",
    )
    main(["check", str(manifest)])
    screen = " ".join(capsys.readouterr().out.split())
    assert "dependency cycle among ascend-ops, train-adapter; ordered by role" in screen
