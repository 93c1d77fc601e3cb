"""A guide's install of the project itself from the package index or its upstream repository is
another copy than the checkout: listed, not run; and ``up --offline`` runs the guide's local
install with the installers' offline settings (outsider10 D12; review29 M1: it was skipped)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from bringup.checkouttop import checkout_top
from bringup.cli.main import main
from bringup.model.requirements import Component, Step
from bringup.model.source import file_source
from bringup.plan.itself import CheckoutTop, installs_itself, with_checkout_install
from bringup.report.reason_wording import reason_text

# mindspore-lab/mindpose@85b42778 README.md:44-66 (the dependency list's install, then the
# two alternatives: "Install with PyPI" and "Install from Source")
README = """\
- openmpi 4.1.2 (for distributed mode)

To install the dependency, please run
```shell
pip install -r requirements.txt
```

### Install with PyPI

The released version of MindPose can be installed via `PyPI` as follows:
```shell
pip install mindpose
```

### Install from Source

The latest version of MindPose can be installed as follows:
```shell
pip install git+https://github.com/mindspore-lab/mindpose.git
```
"""

MINDPOSE = Component(name="mindpose", path="mindpose", role="training")


def _step(*argv: str) -> Step:
    return Step(name=" ".join(argv), kind="install", argv=argv, source=file_source("README.md", 1))


@pytest.mark.parametrize(
    "argv",
    [
        ("pip", "install", "mindpose"),
        ("pip", "install", "git+https://github.com/mindspore-lab/mindpose.git"),
        ("pip3", "install", "-U", "MindPose==0.1.0"),
        ("python", "-m", "pip", "install", "git+ssh://git@github.com/x/mindpose.git@v1#egg=x"),
    ],
)
def test_the_project_from_elsewhere_is_another_route(argv: tuple[str, ...]) -> None:
    reason = installs_itself(_step(*argv), MINDPOSE)
    assert reason is not None
    assert reason.kind == "itself"
    assert "not this checkout" in reason_text(reason)


@pytest.mark.parametrize(
    "argv",
    [
        ("pip", "install", "-r", "requirements.txt"),
        ("pip", "install", "-e", "."),
        ("pip", "install", "."),
        ("pip", "install", "mindpose", "mindspore"),
        ("pip", "install", "git+https://github.com/mindspore-lab/mindcv.git"),
        ("pip", "install", "-i", "https://example.org/mindpose", "torch"),
    ],
)
def test_the_checkout_and_other_packages_are_not(argv: tuple[str, ...]) -> None:
    assert installs_itself(_step(*argv), MINDPOSE) is None


def test_up_offline_runs_the_local_install_not_the_other_copies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "mindpose"
    repo.mkdir()
    (repo / "README.md").write_text(README, encoding="utf-8")
    (repo / "requirements.txt").write_text("", encoding="utf-8")
    state = tmp_path / "state"
    assert main(["up", str(repo), "--offline", "--yes", "--state", str(state)]) == 0
    out = capsys.readouterr().out
    assert "[1/3] ok       mindpose: pip install -r requirements.txt" in out
    assert "pip install mindpose: installs mindpose itself from the package index" in out
    assert "installs mindpose itself from git+https://github.com/mindspore-lab/mindpose.git" in out
    assert "--offline was given" not in out
    assert "FAILED" not in out


def test_up_offline_asks_about_the_install_it_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "mindpose"
    repo.mkdir()
    (repo / "README.md").write_text(README, encoding="utf-8")
    (repo / "requirements.txt").write_text("", encoding="utf-8")
    assert main(["up", str(repo), "--offline", "--state", str(tmp_path / "state")]) == 1
    asked = capsys.readouterr().out
    assert "would run these commands" in asked
    assert "pip install -r requirements.txt" in asked


@pytest.mark.parametrize(
    ("target", "place"),
    [
        # a user and a port belong to the host; the ref after the path's "@" is not the repo's
        (
            "git+https://ci@git.example.org:8443/team/mindpose.git@v0.1#egg=mindpose",
            "git+https://ci@git.example.org:8443/team/mindpose.git",
        ),
        (
            "git+ssh://git@github.com/mindspore-lab/mindpose.git@main",
            "git+ssh://git@github.com/mindspore-lab/mindpose.git",
        ),
        (
            "mindpose @ git+https://github.com/mindspore-lab/mindpose.git",
            "git+https://github.com/mindspore-lab/mindpose.git",
        ),
    ],
)
def test_the_place_of_a_url_is_read_by_its_parts(target: str, place: str) -> None:
    reason = installs_itself(_step("pip", "install", target), MINDPOSE)
    assert reason is not None
    assert reason.need == place


SETUP = "from setuptools import setup\n\nsetup(name='mindpose', packages=['mindpose'])\n"
SETUP_TOP = CheckoutTop(manifest="setup.py")
"""What the edge reads of a checkout with ``SETUP`` at its top: a Python project."""


def _mindpose(*steps: tuple[str, ...]) -> Component:
    listed = [_step(*argv) for argv in steps]
    return Component(name="mindpose", path="mindpose", role="training", steps=tuple(listed))


GUIDE = (
    ("pip", "install", "-r", "requirements.txt"),
    ("pip", "install", "mindpose"),
    ("pip", "install", "git+https://github.com/mindspore-lab/mindpose.git"),
    ("python", "-m", "pytest", "tests/models/backbones"),
)


def test_the_checkout_is_installed_where_the_guide_installs_another_copy() -> None:
    found = with_checkout_install(_mindpose(*GUIDE), SETUP_TOP)
    assert [s.argv for s in found.steps] == [
        GUIDE[0],
        GUIDE[1],
        ("python", "-m", "pip", "install", "-e", "."),
        *GUIDE[2:],
    ]
    assert found.steps[2].source.ref == "setup.py"
    component = _mindpose(*GUIDE)
    # no setup.py nor pyproject.toml at the top: not a Python project, nothing to install
    assert with_checkout_install(component, CheckoutTop()) is component


@pytest.mark.parametrize(
    "installs",
    [
        ("pip", "install", "-e", "."),
        ("pip", "install", ".[dev]"),
        ("python", "setup.py", "develop"),
        ("python", "setup.py", "build_ext", "--inplace"),
        ("pip", "install", "dist/mindpose-0.1.0-py3-none-any.whl"),
        ("uv", "sync"),
        ("poetry", "install"),
    ],
)
def test_a_repo_that_installs_its_checkout_gets_nothing_more(installs: tuple[str, ...]) -> None:
    component = _mindpose(*GUIDE[:2], installs, *GUIDE[2:])
    assert with_checkout_install(component, SETUP_TOP) is component


def test_a_repo_whose_guide_installs_no_copy_of_the_project_gets_nothing() -> None:
    component = _mindpose(GUIDE[0], GUIDE[3])
    assert with_checkout_install(component, SETUP_TOP) is component


def test_up_lists_the_checkout_s_install_among_the_commands_it_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # offline, pip builds the checkout only from local find-links that hold its build tools
    # (outsider13 D15): setuptools is there
    links = tmp_path / "wheels"
    links.mkdir()
    (links / "setuptools-80.9.0-py3-none-any.whl").touch()
    monkeypatch.setenv("PIP_FIND_LINKS", str(links))
    repo = tmp_path / "mindpose"
    repo.mkdir()
    (repo / "README.md").write_text(README, encoding="utf-8")
    (repo / "requirements.txt").write_text("", encoding="utf-8")
    (repo / "setup.py").write_text(SETUP, encoding="utf-8")
    assert main(["up", str(repo), "--offline", "--state", str(tmp_path / "state")]) == 1
    asked = capsys.readouterr().out
    assert "would run these commands" in asked
    assert asked.index("pip install -r requirements.txt") < asked.index("pip install -e .")


# NVIDIA/nvmath-python@63409f5 pyproject.toml:21-22 and DESCRIPTION.rst:18: a checkout in a
# folder of another name ("nvmath python") whose manifest names the distribution its guide
# installs from the package index (outsider20 D3)
NVMATH_PYPROJECT = '[project]\nname = "nvmath-python"\n'
NVMATH_GUIDE = ("pip", "install", "nvmath-python[cu12]")


def test_the_distribution_the_manifest_names_is_the_project_too() -> None:
    component = Component(
        name="nvmath python", path="nvmath python", role="other", steps=(_step(*NVMATH_GUIDE),)
    )
    assert installs_itself(component.steps[0], component) is None  # its folder's name only
    reason = installs_itself(component.steps[0], component, "nvmath-python")
    assert reason is not None
    assert reason.need == "the package index"
    found = with_checkout_install(component, CheckoutTop("nvmath-python", "pyproject.toml"))
    assert [s.argv for s in found.steps] == [
        NVMATH_GUIDE,
        ("python", "-m", "pip", "install", "-e", ".[cu12]"),
    ]
    other = _step("pip", "install", "nvmath-python[cu12]", "torch")
    assert installs_itself(other, component, "nvmath-python") is None  # not only itself


def test_the_edge_reads_the_checkout_s_top(tmp_path: Path) -> None:
    assert checkout_top(str(tmp_path)) == CheckoutTop()
    (tmp_path / "setup.py").write_text(SETUP, encoding="utf-8")
    assert checkout_top(str(tmp_path)) == SETUP_TOP  # setup.py names no distribution here
    (tmp_path / "pyproject.toml").write_text(NVMATH_PYPROJECT, encoding="utf-8")
    assert checkout_top(str(tmp_path)) == CheckoutTop("nvmath-python", "pyproject.toml")
    (tmp_path / "pyproject.toml").write_text("[project\n", encoding="utf-8")  # unreadable
    assert checkout_top(str(tmp_path)) == CheckoutTop("", "pyproject.toml")


def test_up_reads_the_distribution_at_the_edge_and_plans_with_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "nvmath python"
    repo.mkdir()
    (repo / "pyproject.toml").write_text(NVMATH_PYPROJECT, encoding="utf-8")
    (repo / "README.md").write_text("```\npip install nvmath-python[cu12]\n```\n")
    main(["up", str(repo), "--offline", "--state", str(tmp_path / "state")])
    out = capsys.readouterr().out
    assert "installs nvmath python itself from the package index" in out


def test_the_checkout_s_install_keeps_the_extras_the_guide_asked_of_the_project(
    tmp_path: Path,
) -> None:
    # reread40 M1: the `cu12` extra of nvmath-python's guide install (DESCRIPTION.rst:18) is what
    # brings its CUDA libraries: pyproject.toml `cu12 = { file =
    # ["requirements/pip/nvmath-python-cu12.txt"] }`, that file listing cupy-cuda12x,
    # nvidia-cublas-cu12, nvidia-cuda-runtime-cu12 ... (NVIDIA/nvmath-python). The checkout put
    # in the release's place is installed with them, not bare.
    guide = ("pip", "install", "-U", "nvmath-python[dx,cu12]>=0.3")
    component = Component(name="nvmath", path=str(tmp_path), role="other", steps=(_step(*guide),))
    top = CheckoutTop("nvmath-python", "pyproject.toml")
    added = with_checkout_install(component, top).steps[1]
    assert added.argv == ("python", "-m", "pip", "install", "-e", ".[cu12,dx]")
    assert added.name == "pip install -e .[cu12,dx]"
    # no extras asked: the bare checkout, as before
    plain = msgspec.structs.replace(component, steps=(_step("pip", "install", "nvmath-python"),))
    assert with_checkout_install(plain, top).steps[1].argv[-1] == "."


def test_an_install_that_reads_no_index_is_no_release_from_it(tmp_path: Path) -> None:
    # reread40 M3: MacPython/openblas-libs@01b3d6d7 tools/build_wheel.sh builds the checkout's
    # wheel ("$PYTHON -m pip wheel -w dist -v .") and tests it with "$PYTHON -m pip install
    # --no-index --find-links dist scipy_openblas64"; the distribution its pyproject.toml names
    # (@00ad94b1: name = "scipy-openblas64"). pip reads no index there: that is the checkout's own
    # wheel from dist/, not the release "from the package index".
    component = Component(name="openblas-libs", path=str(tmp_path), role="other")
    local = ("python3.11", "-m", "pip", "install", "--no-index", "--find-links", "dist")
    assert installs_itself(_step(*local, "scipy_openblas64"), component, "scipy-openblas64") is None
    assert installs_itself(
        _step("pip", "install", "scipy-openblas64"), component, "scipy-openblas64"
    )
