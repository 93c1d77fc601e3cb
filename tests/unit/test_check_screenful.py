"""``bringup check`` on a five-repo stack of real Ascend repos (``tests/fixtures/repos/
ascend-five``: the lines check cites, with their upstream path:line in ``SOURCES``): a
screenful by default, every requirement and step under ``--details``, each requirement said
once, and the same document as Markdown (a real table) and HTML (everything escaped)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from bringup.cli.main import main
from bringup.report.wording import format_spec
from bringup.subjects import display_name

ROOT = Path(__file__).parent.parent.parent
STACK = "tests/fixtures/repos/ascend-five"
REPOS = [f"{STACK}/{name}" for name in ("op-plugin", "sgl-kernel-npu", "torchair", "MindSpeed")]
REPOS.append(f"{STACK}/MindSpeed-LLM")
HOST = "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"


def _check(capsys: pytest.CaptureFixture[str], *options: str) -> str:
    main(["check", *REPOS, "--snapshot", HOST, *options])
    return capsys.readouterr().out


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "80")


@pytest.fixture
def data(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    document = json.loads(_check(capsys, "--json"))
    assert isinstance(document["data"], dict)
    return document["data"]


def test_five_real_repos_fit_a_screen(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _check(capsys).splitlines()
    assert len(lines) <= 80, "\n".join(lines)
    assert all(len(line) <= 80 for line in lines)
    text = "\n".join(lines)
    for repo in ("op-plugin", "sgl-kernel-npu", "torchair", "MindSpeed", "MindSpeed-LLM"):
        assert re.search(rf"^{re.escape(repo)} +(runs|needs|blocked)", text, re.M), repo
    assert "Why two environments" in text
    assert re.search(r"^  \d+ steps need an NPU$", text, re.M)
    assert "Next actions" in text


def test_details_show_every_requirement_and_step(
    capsys: pytest.CaptureFixture[str], data: dict[str, object]
) -> None:
    screen = _check(capsys)
    details = _check(capsys, "--details")
    resolution = data["resolution"]
    plan = data["plan"]
    assert isinstance(resolution, dict)
    assert isinstance(plan, dict)
    words = " ".join(details.split())
    for check in resolution["checks"]:
        if check.get("hard", True) and check["source"]["kind"] == "file":
            inside = check["source"]["ref"].split(f"/{check['component']}/", 1)[1]
            where = f"{inside}:{check['source']['line']}"
            assert where in words, check
    for step in plan["steps"]:
        assert f"{step['order']} {step['status']}" in words, step
    assert len(details.splitlines()) > 5 * len(screen.splitlines())


def test_details_of_one_repo_are_that_repo_only(capsys: pytest.CaptureFixture[str]) -> None:
    one = _check(capsys, "--details=torchair")
    assert "torchair's details" in one.splitlines()[0]
    assert "  torchair  " in one
    assert not re.search(r"^ +(MindSpeed-LLM|op-plugin|MindSpeed) ", one, re.M)
    assert main(["check", *REPOS, "--snapshot", HOST, "--details=nope"]) == 2
    assert "--details nope: no repo of that name" in capsys.readouterr().err


def test_a_details_value_is_a_repo_name_even_when_a_folder_is_called_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a stack's folder every repo is also a folder: ``--details=REPO`` is still that
    repo's part of the whole stack, never the repo read alone as the stack."""
    monkeypatch.chdir(ROOT / "examples" / "six-repos")
    host = str(ROOT / HOST)
    assert main(["check", "--snapshot", host, "--details=ascend-comm"]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("bringup check (ascend-comm's details): 6 repos on")
    # a folder that is no repo of the stack is no repo to detail either
    assert main(["check", "ascend-comm", "--snapshot", host, "--details=ascend-ops"]) == 2
    err = capsys.readouterr().err
    assert "--details ascend-ops: no repo of that name" in err
    assert "the repos: ascend-comm" in err
    assert "for the stack in ascend-ops: bringup check ascend-ops --details" in err


def test_a_details_name_completed_with_its_folder_s_slash_is_that_repo(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shell completion writes a folder's name with a ``/``: ``--details ascend-comm/`` is the
    repo ascend-comm, not "no repo of that name" beside a list that names it (reread40 M2)."""
    monkeypatch.chdir(ROOT / "examples" / "six-repos")
    host = str(ROOT / HOST)
    assert main(["check", "--snapshot", host, "--details", "ascend-comm/"]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("bringup check (ascend-comm's details): 6 repos on")
    assert main(["check", ".", "--snapshot", host, "--details=ascend-comm//"]) == 1
    assert capsys.readouterr().out.startswith("bringup check (ascend-comm's details)")


def test_the_command_a_details_hint_suggests_is_quoted_for_the_shell(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A folder's name in the command the hint suggests is one shell word (reread40 L10)."""
    (tmp_path / "two words").mkdir()
    monkeypatch.chdir(tmp_path)
    stack = str(ROOT / "examples" / "six-repos" / "ascend-comm")
    assert main(["check", stack, "--snapshot", str(ROOT / HOST), "--details=two words"]) == 2
    assert "bringup check 'two words' --details" in capsys.readouterr().err


def test_a_details_value_that_is_a_path_is_the_repo_to_check(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``check --details repos/mindspeed-fork`` with no PATH checked the current directory and
    took the path as a repo's name (outsider20 D19): a repo's name holds no ``/``."""
    monkeypatch.chdir(ROOT)
    assert main(["check", "--snapshot", HOST, "--details", REPOS[2]]) == 1
    out = capsys.readouterr().out
    assert out.startswith("bringup check: 1 repo on a recorded host")
    assert "  torchair  " in out


def test_a_details_value_that_is_a_manifest_is_the_path_to_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A PATH may be a bringup.toml: ``--details`` given one with no PATH checks it, all its
    details, as it does a repo's folder (reread40 L11: "no repo of that name", no hint)."""
    manifest = "examples/six-repos/train-adapter/bringup.toml"
    assert main(["check", "--snapshot", HOST, "--details", manifest]) == 1
    out = capsys.readouterr().out
    assert out.startswith("bringup check: 1 repo on a recorded host")
    assert "train-adapter" in out
    # beside paths it names no repo: the hint says how to check that stack
    assert main(["check", REPOS[0], "--snapshot", HOST, "--details", manifest]) == 2
    assert f"for the stack in {manifest}: bringup check {manifest} --details" in " ".join(
        capsys.readouterr().err.split()
    )


def test_one_repo_is_counted_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", REPOS[0], "--snapshot", HOST])
    out = capsys.readouterr().out
    assert out.startswith("bringup check: 1 repo on a recorded host")
    assert not re.search(r"\b1 (repos|things|steps|more needs)\b", out)


def test_no_requirement_is_printed_twice(
    capsys: pytest.CaptureFixture[str], data: dict[str, object]
) -> None:
    """A repo's need of one subject is said once on the screen: in its verdict line (the
    deciding one) or in one conflict; a conflict that shares a member names the first."""
    text = " ".join(_check(capsys).split())
    resolution = data["resolution"]
    assert isinstance(resolution, dict)
    rows = {v["component"] for v in resolution["verdicts"]}
    for repo in rows:
        for subject in {c["subject"] for c in resolution["checks"] if c["component"] == repo}:
            name = display_name(subject)
            said = text.count(f"{repo} needs {name} ")
            said += len(
                re.findall(rf"{re.escape(repo)} needs other hardware: {re.escape(name)} ", text)
            )
            assert said <= 1, (repo, subject)


def test_the_example_says_a_shared_conflict_member_once(capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", "examples/six-repos", "--snapshot", HOST])
    text = capsys.readouterr().out
    # the CMake ceiling (infer-adapter CMakeLists.txt:14) is the member conflicts 1, 2 and 3
    # share: said in 1, named "as in 1" after (the README's range holds the CMake floor since
    # a range takes the floors it admits, strictest.fold_floors)
    assert text.count(f"infer-adapter needs CANN {format_spec('<7.0')}") == 1
    assert text.count("infer-adapter's CANN need (as in 1)") == 2


def test_markdown_is_a_real_table_and_every_string_is_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    html = MarkdownIt("commonmark").enable("table").render(_check(capsys, "--format", "markdown"))
    assert "<table>" in html
    assert "<td>sgl-kernel-npu</td>" in html
    repo = tmp_path / "evil"
    repo.mkdir()
    name = "<script>alert(1)</script>*x*[a](javascript:b)|"
    (repo / "bringup.toml").write_text(
        f'name = "{name}"\n[[requirements]]\nsubject = "python"\nspec = ">=3.8"\n',
        encoding="utf-8",
    )
    (repo / "README.md").write_text("Python >= 3.8\n", encoding="utf-8")
    main(["check", str(repo), "--snapshot", HOST, "--format", "markdown"])
    rendered = MarkdownIt("commonmark").enable("table").render(capsys.readouterr().out)
    assert "<script>" not in rendered
    assert "&lt;script&gt;alert(1)&lt;/script&gt;*x*[a](javascript:b)|" in rendered
    assert "<em>" not in rendered
    assert "<a " not in rendered
    main(["check", str(repo), "--snapshot", HOST, "--format", "html"])
    page = capsys.readouterr().out
    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<table>" in page


def test_solve_is_the_same_kind_of_document(capsys: pytest.CaptureFixture[str]) -> None:
    """``bringup solve`` builds a document too: its pins are a table in Markdown."""
    main(["solve", *REPOS, "--snapshot", HOST, "--format", "markdown"])
    html = MarkdownIt("commonmark").enable("table").render(capsys.readouterr().out)
    assert "<th>chosen by</th>" in html
    assert "<h2>environment 1</h2>" in html
