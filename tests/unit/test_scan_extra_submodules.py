"""A submodule only one extra of setup.py builds is that extra's (scan/extrasubmodules.py).

Real lines of thu-pacman/chitu@6261b7a06d348b865154dab5d018168bd92e75da: .gitmodules:1-9 and
setup.py:27, :102-106 (cut to what the test needs).
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

GITMODULES = (
    '[submodule "third_party/spdlog"]\n'
    "    path = third_party/spdlog\n"
    "    url = https://github.com/gabime/spdlog.git\n"
    '[submodule "third_party/EETQ"]\n'
    "    path = third_party/EETQ\n"
    "    url = https://github.com/NetEase-FuXi/EETQ.git\n"
)
SETUP = (
    "import os\n"
    "from setuptools import setup\n"
    "setup_dir = os.path.dirname(os.path.abspath(__file__))\n"
    "ext_modules = [dict(\n"
    '        include_dirs=[os.path.join(setup_dir, "third_party/spdlog/include")],\n'
    ")]\n"
    "setup(\n"
    '    name="chitu",\n'
    "    extras_require={\n"
    '        "quant": [\n'
    '            "optimum",\n'
    '            "EETQ @ file://localhost" + os.path.join(setup_dir, "third_party/EETQ"),\n'
    "        ],\n"
    "    },\n"
    ")\n"
)


def _submodules(root: Path) -> tuple[list[str], dict[str, str]]:
    component = scan_repo(root, "chitu").component
    own = [r.spec for r in component.requirements if r.subject == "submodule"]
    scoped = {
        r.spec: scope.name
        for scope in component.scopes
        for r in scope.requirements
        if r.subject == "submodule"
    }
    return own, scoped


def test_a_submodule_only_an_extra_installs_is_that_extras(tmp_path: Path) -> None:
    (tmp_path / ".gitmodules").write_text(GITMODULES)
    (tmp_path / "setup.py").write_text(SETUP)
    own, scoped = _submodules(tmp_path)
    assert own == ["third_party/spdlog"]  # the core extension's include path
    assert scoped == {"third_party/EETQ": "extra:quant"}


def test_a_submodule_the_core_build_names_as_well_stays_the_repos(tmp_path: Path) -> None:
    (tmp_path / ".gitmodules").write_text(GITMODULES)
    core = SETUP.replace("third_party/spdlog/include", "third_party/EETQ/include")
    (tmp_path / "setup.py").write_text(core)
    own, scoped = _submodules(tmp_path)
    assert sorted(own) == ["third_party/EETQ", "third_party/spdlog"]
    assert not scoped


def test_a_submodule_the_core_build_names_in_parts_stays_the_repos(tmp_path: Path) -> None:
    # review37 MEDIUM 6: a path joined from parts, or written ./third_party/..., names it too
    (tmp_path / ".gitmodules").write_text(GITMODULES)
    for core in (
        'os.path.join(setup_dir, "third_party", "EETQ", "include")',
        'os.path.join(setup_dir, "./third_party/EETQ/include")',
    ):
        text = SETUP.replace('os.path.join(setup_dir, "third_party/spdlog/include")', core)
        (tmp_path / "setup.py").write_text(text)
        own, scoped = _submodules(tmp_path)
        assert "third_party/EETQ" in own
        assert not scoped
