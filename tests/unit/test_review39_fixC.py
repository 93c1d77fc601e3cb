# ruff: noqa: RUF001  (the README lines hold full-width punctuation)
"""review39's findings 3, 9, 10 and 12 (/work/review39 r_chip, r_rel, r_smi, r_conda): a removal
word anywhere in a clause refused the chip it names, an older release's own guide was a
contradiction, a status command the script runs only where it finds the tool was a driver
need, and ``conda install X`` was read as making the environment (X lost)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.scan.chipwords import refused
from bringup.scan.repo import scan_repo

# -- finding 3: the removal must govern the chip ---------------------------------------------

_RUN_AFTER_DELETE = "删除旧的build目录后在Atlas A2训练系列产品上运行本样例："
"""review39 r_chip README.md:5 (delete the old build folder, then run on Atlas A2 training
products)."""


def _chip_of(clause: str, chip: str) -> list[bool]:
    at = clause.index(chip)
    return refused(clause, [(at, at + len(chip))])


def test_a_removal_of_something_else_before_the_chip_refuses_nothing() -> None:
    assert _chip_of("Remove the old build folder and run on Ascend 910B", "Ascend 910B") == [False]
    assert _chip_of(_RUN_AFTER_DELETE, "Atlas A2") == [False]
    # the removal whose object holds the chip still refuses it (outsider20 D17,
    # hansheng1001/AscendCContest@4904517 09Spence/FrameworkLaunch/README.md:74)
    note = "需要移除op_host内和CMakeLists.txt内的Atlas 训练系列产品的配置"
    assert _chip_of(note, "Atlas 训练系列产品") == [True]
    assert _chip_of("Remove the Ascend 310P configuration", "Ascend 310P") == [True]


def test_a_readme_that_runs_on_the_chip_after_a_removal_needs_it(tmp_path: Path) -> None:
    run = "```bash\nbash run.sh -v Ascend910B1\n```\n"
    readme = f"# addcustom\n\n## 运行\n\n{_RUN_AFTER_DELETE}\n\n{run}"
    (tmp_path / "README.md").write_text(readme, encoding="utf-8")
    (tmp_path / "run.sh").write_text("#!/bin/bash\nmkdir -p build\n", encoding="utf-8")
    component = scan_repo(tmp_path, "r_chip").component
    chips = [r for r in component.requirements if r.subject == "chip"]
    assert [(r.spec, r.source.line) for r in chips] == [("910B", 5)]


# -- finding 9: an older release's own guide -------------------------------------------------

# shangxt10/verl_mindspeedmm@da9e8534 setup.py:52, 69 and docs/README_vllm0.7.md:1, 20
_SETUP = """\
from setuptools import setup
VLLM_REQUIRES = ["tensordict>=0.8.0,<=0.10.0,!=0.9.0", "vllm>=0.8.5,<=0.12.0"]
setup(name="verl", extras_require={"vllm": VLLM_REQUIRES})
"""
_OLDER_GUIDE = "# Upgrading to vllm >= 0.7\n\n```bash\npip3 install vllm==0.7.3 \n```\n"


@pytest.mark.parametrize(
    ("setup", "guide"),
    [
        (  # review39 r_rel
            'from setuptools import setup\n\nsetup(\n    name="rlkit",\n    version="0.1",\n'
            '    install_requires=["torch>=2.4"],\n'
            '    extras_require={"vllm": ["vllm>=0.8.5,<=0.12.0"]},\n)\n',
            "# Upgrading from vllm 0.7\n\nFor the older release line:\n\n```bash\n"
            "pip install vllm==0.7.3\npip install -e .\n```\n",
        ),
        (_SETUP, _OLDER_GUIDE),
    ],
)
def test_an_older_release_s_guide_is_no_contradiction(
    tmp_path: Path, setup: str, guide: str
) -> None:
    (tmp_path / "setup.py").write_text(setup, encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/README_vllm0.7.md").write_text(guide, encoding="utf-8")
    scanned = scan_repo(tmp_path, "r_rel").component
    assert not [f for f in scanned.findings if f.key == "scan.contradiction.vllm"]
    # the same pin in a guide of the repo's own release line still is one
    (tmp_path / "docs/README_vllm0.7.md").unlink()
    (tmp_path / "docs/install.md").write_text(guide, encoding="utf-8")
    scanned = scan_repo(tmp_path, "r_rel").component
    assert [f for f in scanned.findings if f.key == "scan.contradiction.vllm"]


# -- finding 10: a status command run only where the tool is found ---------------------------

_COLLECT_ENV = """\
#!/bin/bash
# Print the environment for bug reports.
python -c "import torch; print(torch.__version__)"
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi
fi
if command -v npu-smi >/dev/null 2>&1; then
  npu-smi info
fi
"""
"""review39 r_smi collect_env.sh, in a repo whose README says it runs on the CPU."""


def _drivers(tmp_path: Path, script: str) -> list[tuple[str, int]]:
    (tmp_path / "README.md").write_text("# tool\nRuns on CPU.\n```\npip install -e .\n```\n")
    (tmp_path / "setup.py").write_text('from setuptools import setup\nsetup(name="tool")\n')
    (tmp_path / "collect_env.sh").write_text(script, encoding="utf-8")
    component = scan_repo(tmp_path, "r_smi").component
    return sorted(
        (r.subject, r.source.line or 0)
        for r in component.requirements
        if r.subject.endswith("_driver")
    )


def test_a_status_command_guarded_by_the_tool_s_presence_needs_no_driver(
    tmp_path: Path,
) -> None:
    assert _drivers(tmp_path, _COLLECT_ENV) == []
    one_line = "#!/bin/bash\ncommand -v npu-smi >/dev/null && npu-smi info\n"
    assert _drivers(tmp_path, one_line) == []


def test_an_unguarded_or_refusing_status_command_still_needs_the_driver(tmp_path: Path) -> None:
    # after the if's fi, and behind a test that stops the script without the tool
    after = _COLLECT_ENV + "nvidia-smi\n"
    assert _drivers(tmp_path, after) == [("nvidia_driver", 10)]
    refusing = "#!/bin/bash\nif ! command -v npu-smi >/dev/null; then\n  exit 1\nfi\nnpu-smi info\n"
    assert _drivers(tmp_path, refusing) == [("ascend_driver", 5)]
    empty = '#!/bin/bash\nif [ -z "$(command -v npu-smi)" ]; then\n  exit 1\nfi\nnpu-smi info\n'
    assert _drivers(tmp_path, empty) == [("ascend_driver", 5)]


# -- finding 12: conda install names what the environment needs ------------------------------
