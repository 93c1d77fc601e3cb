"""The package index as an opt-in source of versions (``--index``), replayed from real
PEP 691 pages of pypi.org (tests/fixtures/index, URL and date in its SOURCE.md): the page is
read into versions with the yanked ones; an installer's offer leaves out yanked releases and
pre-releases unless a spec asks for them; the pages are fetched once and then read from the
cache; the versions become candidates a pin picks from; a version the index does not list is
a real blocker ("no such release on the package index"), unlike one the knowledge base does
not list; an unreachable index is one warning and changes no exit code; and without
``--index`` no request is made."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Optional

import pytest
from click.testing import CliRunner

from bringup.cli.app import cli
from bringup.cli.main import main
from bringup.errors import ExitCode, InputError
from bringup.index.releases import MAX_AGE_S, IndexSource, fetch_projects, index_url, project_name
from bringup.index.simple import Project, offered, parse_project
from bringup.indexread import index_specs
from bringup.model.requirements import Component, Requirement
from bringup.model.source import file_source
from bringup.report.events import RecordingReporter, Warned
from bringup.report.wording import explain_conflict
from bringup.run.indexes import read_index_settings
from bringup.solve import Catalogue
from bringup.workflow import check, gather

ROOT = Path(__file__).parent.parent.parent
PAGES = ROOT / "tests" / "fixtures" / "index"
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
PYPI = "https://pypi.org/simple"
YANKED = ("4.14.0", "4.25.0", "4.46.0", "4.52.0", "4.57.0", "5.10.0")


class Recorded:
    """Replays the recorded pages; a project with no page is a 404; counts the requests."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def __call__(self, url: str, timeout: float) -> Optional[bytes]:
        assert timeout > 0
        self.urls.append(url)
        name = url.rstrip("/").rsplit("/", 1)[1]
        page = PAGES / f"{name}.json"
        return page.read_bytes() if page.exists() else None


def unreachable(url: str, timeout: float) -> Optional[bytes]:
    raise OSError("[Errno -3] Temporary failure in name resolution")


def page(name: str) -> Project:
    return parse_project(name, (PAGES / f"{name}.json").read_bytes())


def repos(tmp_path: Path, **lines: str) -> list[str]:
    """One repo per keyword, its requirements.txt the given lines."""
    paths = []
    for name, text in lines.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "requirements.txt").write_text(text + "\n")
        paths.append(str(tmp_path / name))
    return paths


def test_a_page_gives_every_version_and_those_yanked_on_every_file() -> None:
    torch_npu, transformers = page("torch-npu"), page("transformers")
    assert len(torch_npu.versions) == 67
    assert torch_npu.yanked == ()
    assert "2.7.1.post10" in torch_npu.versions
    assert transformers.yanked == YANKED
    assert len(transformers.versions) == 254


def test_the_offer_leaves_out_yanked_and_pre_releases_unless_a_spec_asks() -> None:
    transformers = page("transformers")
    plain = offered(transformers, [">=4.0"])
    assert not set(YANKED) & set(plain)
    assert "5.0.0rc1" not in plain
    assert "4.45.2" in plain
    assert "4.46.0" in offered(transformers, ["==4.46.0"])
    assert "5.0.0rc1" in offered(transformers, [">=5.0.0rc1"])


def test_the_index_url_comes_from_the_option_then_uv_then_pip_then_pypi() -> None:
    def chosen(given: str, env: dict[str, str]) -> str:
        return index_url(
            given, read_index_settings({**env, "PIP_CONFIG_FILE": os.devnull}).index_url
        )

    assert chosen("", {}) == PYPI
    assert chosen("", {"PIP_INDEX_URL": "https://mirror/simple/"}) == "https://mirror/simple"
    both = {"UV_INDEX_URL": "https://uv/simple", "PIP_INDEX_URL": "https://pip/simple"}
    assert chosen("", both) == "https://uv/simple"
    assert chosen("https://given/simple", both) == "https://given/simple"
    assert project_name("pypi:Torch_NPU") == project_name("torch_npu") == "torch-npu"


def test_pages_are_fetched_once_then_read_from_the_cache_until_a_day_old(tmp_path: Path) -> None:
    fetcher = Recorded()
    subjects = ["transformers", "torch_npu", "ascend_comm"]
    first = fetch_projects(subjects, PYPI, fetcher, cache_dir=tmp_path, now=1000.0)
    assert first.requests == 3
    assert sorted(fetcher.urls) == [
        f"{PYPI}/ascend-comm/",
        f"{PYPI}/torch-npu/",
        f"{PYPI}/transformers/",
    ]
    assert not first.found["ascend_comm"].project.found
    assert first.warnings() == [f"not on {PYPI}: ascend_comm"]
    again = fetch_projects(subjects, PYPI, fetcher, cache_dir=tmp_path, now=2000.0)
    assert again.requests == 0
    assert again.found["transformers"].project == first.found["transformers"].project
    stale = fetch_projects(subjects, PYPI, fetcher, cache_dir=tmp_path, now=1000.0 + MAX_AGE_S)
    assert stale.requests == 3


def test_a_request_past_the_budget_is_given_up(tmp_path: Path) -> None:
    import threading

    release = threading.Event()

    def hanging(url: str, timeout: float) -> Optional[bytes]:
        release.wait(timeout)
        return None

    answer = fetch_projects(["transformers"], PYPI, hanging, cache_dir=None, budget=0.05)
    release.set()
    assert answer.failed == {"transformers": "no answer within the 0.05 s budget"}


def index(fetcher: object, tmp_path: Path) -> IndexSource:
    return IndexSource(PYPI, fetcher, tmp_path / "cache")  # type: ignore[arg-type]


def test_replayed_versions_become_candidates_and_a_pin_picks_a_real_release(
    tmp_path: Path,
) -> None:
    paths = repos(tmp_path, app="transformers>=4.40,<4.46.1")
    inputs = gather(paths, HOST, None, index=index(Recorded(), tmp_path))
    result = check(inputs)
    pin = result.resolution.environments[0].pin("transformers")
    assert pin is not None
    # 4.46.0 is yanked: the newest release an installer takes is 4.45.2
    assert (pin.version, pin.origin) == ("4.45.2", "release")
    assert pin.source.ref.startswith(f"package index {PYPI} (fetched ")
    assert pin.source.url == f"{PYPI}/transformers/"
    assert inputs.index is not None
    assert inputs.index.requests == 1


def test_a_pin_the_index_lists_is_verified_and_one_it_does_not_is_a_blocker(
    tmp_path: Path,
) -> None:
    paths = repos(tmp_path, known="transformers==5.2.0", unknown="transformers==5.2.7")
    inputs = gather(paths, HOST, None, index=index(Recorded(), tmp_path))
    result = check(inputs)
    verdicts = {v.component: v.status for v in result.resolution.verdicts}
    assert verdicts == {"known": "runs_after", "unknown": "blocked"}
    env = result.resolution.environment_of("known")
    assert env is not None
    pin = env.pin("transformers")
    assert pin is not None
    assert (pin.version, pin.origin) == ("5.2.0", "release")
    (stuck,) = result.resolution.unplaced
    assert stuck.conflict is not None
    assert [i.kind for i in stuck.conflict.items] == ["requirement", "index"]
    assert "no such transformers release on the package index" in explain_conflict(stuck.conflict)
    # without the index, 5.2.7 is a version the knowledge base does not know: not a blocker
    offline = check(gather(paths, HOST, None))
    assert {v.status for v in offline.resolution.verdicts} == {"runs_after"}


def test_an_unreachable_index_is_one_warning_and_the_same_answer(tmp_path: Path) -> None:
    paths = repos(tmp_path, app="transformers>=4.40,<4.47\nnumpy<2,>=1.21")
    reporter = RecordingReporter()
    given = gather(paths, HOST, None, (), reporter, index=index(unreachable, tmp_path))
    degraded = check(given, reporter=reporter)
    offline = check(gather(paths, HOST, None))
    warned = [e.text for e in reporter.events if isinstance(e, Warned)]
    assert warned == [
        f"could not reach {PYPI}: [Errno -3] Temporary failure in name resolution; "
        "versions from the KB and this machine only"
    ]
    assert degraded.exit_code == offline.exit_code
    assert degraded.resolution.environments == offline.resolution.environments


def test_without_index_no_request_is_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise AssertionError("a request without --index")

    monkeypatch.setattr(urllib.request, "urlopen", fail)
    paths = repos(tmp_path, app="transformers==5.2.7")
    for command in ("check", "solve"):
        result = CliRunner().invoke(cli, [command, *paths, "--snapshot", str(HOST)])
        assert result.exit_code in (0, 1), result.output
    script = (
        "import sys\n"
        "from bringup.cli.main import main\n"
        f"code = main(['check', {paths[0]!r}, '--snapshot', {str(HOST)!r}])\n"
        "print(code, 'bringup.index.http' in sys.modules, 'urllib.request' in sys.modules)"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.split()[-3:]
    assert shown[1:] == ["False", "False"]


def test_the_index_is_asked_only_of_distributions_nothing_else_provides() -> None:
    def needs(component: str, *pairs: tuple[str, str]) -> Component:
        source = file_source("requirements.txt", 1)
        reqs = tuple(
            Requirement(subject=s, spec=v, component=component, source=source) for s, v in pairs
        )
        return Component(name=component, path=component, role="other", requirements=reqs)

    stack = [
        needs("ascend-comm", ("pypi:numpy", "<2,>=1.21"), ("submodule", "third_party/hccl")),
        needs("app", ("pypi:ascend-comm", ">=0.2"), ("torch", ">=2.1"), ("pypi:wheel", "")),
        needs("ops", ("cmake", ">=3.18"), ("cmake:AscendOps", ">=0.3"), ("pypi:Numpy", ">=1.22")),
    ]
    known = Catalogue.from_mapping({"torch": ["2.1.0"]})
    assert index_specs(stack, known) == {"numpy": {"<2,>=1.21", ">=1.22"}}


@pytest.mark.parametrize("value", ["/path/to/stack", "stack", "file:///srv/simple", "http://[::1"])
def test_an_index_value_that_is_not_an_http_url_is_an_input_error(value: str) -> None:
    with pytest.raises(InputError) as caught:
        index_url(value, PYPI)
    assert caught.value.exit_code == ExitCode.BAD_INPUT
    assert caught.value.hint == "use `--index=URL`, or put the path before `--index`"


def test_index_then_a_path_stops_with_exit_2_before_reading_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `--index PATH`: click gives PATH to --index, and the stack would be `.`
    paths = repos(tmp_path, app="transformers>=4.40")
    for command in ("check", "solve"):
        code = main([command, "--index", paths[0], "--snapshot", str(HOST)])
        assert code == ExitCode.BAD_INPUT
        assert capsys.readouterr().err.splitlines() == [
            f"ERROR: --index {paths[0]}: not an http(s) URL",
            "TIP: use `--index=URL`, or put the path before `--index`",
        ]


def test_credentials_in_an_index_value_are_not_shown_when_it_is_refused() -> None:
    with pytest.raises(InputError) as caught:
        index_url("ftp://user:s3cret@mirror/simple", PYPI)
    assert "s3cret" not in str(caught.value)
    assert (
        index_url("https://user:s3cret@mirror/simple/", PYPI) == "https://user:s3cret@mirror/simple"
    )


def test_an_index_answering_html_is_said_so_not_called_unreachable(tmp_path: Path) -> None:
    html = (PAGES / "torch-npu.html").read_bytes()

    def pep_503(url: str, timeout: float) -> Optional[bytes]:
        return html

    answer = fetch_projects(["torch_npu", "transformers"], PYPI, pep_503, cache_dir=None)
    assert answer.failed == {}
    assert answer.warnings() == [
        f"{PYPI} answered, but not as PEP 691 JSON (an HTML page: the PEP 503 simple API); "
        "versions from the KB and this machine only"
    ]
    fetcher = Recorded()

    def mixed(url: str, timeout: float) -> Optional[bytes]:
        return html if "torch-npu" in url else fetcher(url, timeout)

    some = fetch_projects(["torch_npu", "transformers"], PYPI, mixed, cache_dir=None)
    assert some.warnings() == [
        f"{PYPI} answered for torch_npu, but not as PEP 691 JSON (an HTML page: the PEP 503 "
        "simple API); their versions from the KB and this machine only"
    ]
    other = fetch_projects(
        ["torch_npu"], PYPI, lambda url, timeout: b'{"files": 3}', cache_dir=None
    )
    assert other.warnings() == [
        f"{PYPI} answered, but not as PEP 691 JSON (Expected `array`, got `int` - at `$.files`); "
        "versions from the KB and this machine only"
    ]
