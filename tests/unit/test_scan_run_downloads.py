"""What a script the build runs downloads, the build downloads (issue 11: "a build download is a
``needs network`` on the step"): whatever the script's name, wherever the walk meets it, and
when the build names it through a variable. Each case keeps only the lines it needs, with the
public repository, path, lines and commit; a layout the case builds around them says so."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.commands import commands_of, joined_lines
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.shell import extract_shell
from bringup.scan.shellruns import run_scripts

# Tencent/hpc-ops @ 6e2ecede, 3rd/update-cutlass.sh:6: a script named for neither building
# nor fetching that clones CUTLASS.
UPDATE_CUTLASS = "git clone https://github.com/NVIDIA/cutlass.git cutlass.git\n"
CUTLASS = "https://github.com/NVIDIA/cutlass.git"


# MegEngine/MegEngine @ 47952c07, scripts/whl/manylinux2014/init_image.sh:83-85: a script
# named for neither building nor fetching that downloads patchelf with ``curl``.
INIT_IMAGE = """pushd /tmp >/dev/null
    curl -sSL https://github.com/NixOS/patchelf/archive/0.12.tar.gz | tar xz
    pushd /tmp/patchelf-0.12 >/dev/null
"""
PATCHELF = "https://github.com/NixOS/patchelf/archive/0.12.tar.gz"


def _downloads(rel: str, text: str, run_by_build: bool) -> list[tuple[str, int | None]]:
    file = SourceFile(ref=f"repo/{rel}", rel=rel, text=text, run_by_build=run_by_build)
    found = extract_shell(file).requirements
    return [(r.spec, r.source.line) for r in found if r.subject == "network"]


def test_a_repo_level_script_the_build_runs_downloads_whatever_its_name() -> None:
    rel = "scripts/whl/manylinux2014/init_image.sh"
    assert _downloads(rel, INIT_IMAGE, run_by_build=True) == [(PATCHELF, 2)]
    # one nothing runs is a helper the user may never call: its download is no need of the
    # build (a clone it makes is still read, ``clones``: hpc-ops' script, the repo's own)
    assert _downloads(rel, INIT_IMAGE, run_by_build=False) == []
    assert _downloads("scripts/update-cutlass.sh", UPDATE_CUTLASS, run_by_build=False) == [
        (CUTLASS, 1)
    ]


def _network(root: Path) -> list[tuple[str, int | None]]:
    found = scan_repo(root, root.name).component.requirements
    return [(r.source.ref or "", r.source.line) for r in found if r.subject == "network"]


def test_a_script_walked_before_the_build_script_that_runs_it_is_read_as_run(
    tmp_path: Path,
) -> None:
    root = tmp_path / "hpc-ops"
    (root / "3rd").mkdir(parents=True)
    (root / "3rd/update-cutlass.sh").write_text(UPDATE_CUTLASS)
    # constructed: a build script in a folder the walk reaches after ``3rd/``
    (root / "tools").mkdir()
    (root / "tools/build.sh").write_text("#!/bin/bash\nbash 3rd/update-cutlass.sh\n")
    assert _network(root) == [("hpc-ops/3rd/update-cutlass.sh", 1)]
    (root / "tools/build.sh").write_text("#!/bin/bash\necho nothing runs it\n")
    assert _network(root) == []


def _run(rel: str, text: str) -> tuple[str, ...]:
    return run_scripts(rel, commands_of(joined_lines(text)))


def test_a_script_run_through_a_variable_set_once_to_its_path_is_run() -> None:
    # intel/intel-extension-for-pytorch @ 6d3ba89c, examples/cpu/llm/tools/env_setup.sh:7, 148
    env_setup = "AUX_INSTALL_SCRIPT=${WHEELFOLDER}/aux_install.sh\n    bash ${AUX_INSTALL_SCRIPT}\n"
    assert _run("examples/cpu/llm/tools/env_setup.sh", env_setup) == (
        "examples/cpu/llm/tools/aux_install.sh",
        "aux_install.sh",
    )
    # the same repo, examples/cpu/inference/python/models/dlrm/preprocess_raw_dataset.sh:18, 53
    dlrm = (
        "PREPRECESS_SCRIPT=${MODEL_DIR}/scripts/process_Criteo_1TB_Click_Logs_dataset.sh\n"
        "bash $PREPRECESS_SCRIPT ${RAW_DIR} ${TEMP_DIR} ${PREPROCESSED_DIR}\n"
    )
    assert "scripts/process_Criteo_1TB_Click_Logs_dataset.sh" in _run(
        "examples/cpu/inference/python/models/dlrm/preprocess_raw_dataset.sh", dlrm
    )


def test_a_variable_given_a_function_s_argument_names_no_script() -> None:
    # MegEngine/MegEngine @ 47952c07, scripts/whl/utils/utils.sh:20, 27
    utils = (
        "        _BUILD_SHELL=$1\n    bash ${_BUILD_SHELL} ${_BUILD_FLAGS} 2>&1 | tee dry_run.log\n"
    )
    assert _run("scripts/whl/utils/utils.sh", utils) == ()
    # a variable set to two scripts names neither (constructed from env_setup.sh:7 above)
    twice = (
        "AUX_INSTALL_SCRIPT=${WHEELFOLDER}/aux_install.sh\n"
        "AUX_INSTALL_SCRIPT=${WHEELFOLDER}/other.sh\n"
        "bash ${AUX_INSTALL_SCRIPT}\n"
    )
    assert _run("tools/env_setup.sh", twice) == ()
