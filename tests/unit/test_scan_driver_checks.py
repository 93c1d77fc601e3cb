"""The driver a CI job checks (issue 11, item 4): ``- run: nvidia-smi`` before a job's GPU
tests is the repo's only word on its driver where its own files name none, borrowed as a
soft need of low confidence; an environment a script sets up with the driver's folder
(``LD_LIBRARY_PATH=/usr/local/Ascend/driver/lib64``) loads the driver's libraries. Real
lines, quoted with repository, commit, file and line; the workflows around them are cut down
(constructed: only the keys that place the step)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.shell import extract_shell

XFORMERS = "facebookresearch/xformers@ca6d2aa0d43241fc8a8dcd872debc2406160160d"
GSPLAT = "nerfstudio-project/gsplat@90d7b4b349e379ccf9ee6a8cef76aa40f48bb32e"
HARMONICS = "NVIDIA/torch-harmonics@9e9fa5373bc66add241638ef7a481da2e5c80d32"

_JOB = "name: gpu_test_gh\non: [push]\njobs:\n  gpu_test_gh:\n    runs-on: h100\n    steps:\n"


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def _drivers(root: Path) -> list[tuple[str, str, bool, str, int | None]]:
    own = scan_repo(root, root.name).component.requirements
    return [
        (r.subject, r.confidence, r.hard, (r.source.ref or "").rsplit("/", 1)[-1], r.source.line)
        for r in own
        if r.subject == "nvidia_driver"
    ]


def test_a_ci_jobs_driver_check_is_the_repos_word_on_its_driver(tmp_path: Path) -> None:
    # XFORMERS .github/workflows/gpu_test_gh.yml:50 ``      - run: nvidia-smi``
    _write(tmp_path, {".github/workflows/gpu_test_gh.yml": _JOB + "      - run: nvidia-smi\n"})
    assert _drivers(tmp_path) == [("nvidia_driver", "low", False, "gpu_test_gh.yml", 7)]


def test_a_check_in_a_run_block_is_one_too(tmp_path: Path) -> None:
    # GSPLAT .github/workflows/gpu_tests.yml:47-48 ``name: Check GPU`` / ``run: nvidia-smi -L &&
    # nvidia-smi``: the bare command after ``&&`` is the check (``-L`` lists the GPUs)
    step = "      - name: Check GPU\n        run: nvidia-smi -L && nvidia-smi\n"
    _write(tmp_path, {".github/workflows/gpu_tests.yml": _JOB + step})
    assert _drivers(tmp_path) == [("nvidia_driver", "low", False, "gpu_tests.yml", 8)]


def test_the_repos_own_word_on_its_driver_is_not_doubled(tmp_path: Path) -> None:
    # HARMONICS README.md:101 "> **Tip:** Run `nvidia-smi` to check your driver's CUDA
    # version." is the repo's own statement; the CI job's check borrows nothing beside it
    _write(
        tmp_path,
        {
            "README.md": "# Installation\n\n"
            "> **Tip:** Run `nvidia-smi` to check your driver's CUDA version.\n",
            ".github/workflows/gpu_test_gh.yml": _JOB + "      - run: nvidia-smi\n",
        },
    )
    assert [(s, c) for s, c, *_ in _drivers(tmp_path)] == [("nvidia_driver", "medium")]


def test_a_ci_step_reading_the_links_is_no_driver_check(tmp_path: Path) -> None:
    # ``nvidia-smi topo -m`` (microsoft/mscclpp docs/quickstart.md:9) reads how GPUs are linked:
    # not the bare status command, so no driver is borrowed from it
    _write(tmp_path, {".github/workflows/topo.yml": _JOB + "      - run: nvidia-smi topo -m\n"})
    assert _drivers(tmp_path) == []


WORKLOAD = "Ascend/workload_analysis@d9f2a11afb02af80ea7354af0089e3123451bd3b"
VISION = "Ascend/VisionSDK@f156edcfb5705c8c1eb3370b191ead102c453ec6"


def _script_drivers(rel: str, text: str) -> list[tuple[str, int | None]]:
    found = extract_shell(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.source.line) for r in found if r.subject.endswith("_driver")]


def test_an_environment_naming_the_drivers_folder_uses_the_driver() -> None:
    # VISION build_all.sh:39, the repo's build script: the driver's libraries on the path
    line = (
        "export LD_LIBRARY_PATH=/usr/local/Ascend/driver/lib64:/usr/local/Ascend/driver/lib64/"
        "common:/usr/local/Ascend/driver/lib64/driver:$LD_LIBRARY_PATH\n"
    )
    assert _script_drivers("build_all.sh", "#!/bin/bash\n" + line) == [("ascend_driver", 2)]
    # WORKLOAD op_modeling/set_env.sh:1-3, a part's script (only its environment lines are
    # read): the toolkit's home beside the driver's, each its own
    text = (
        "# !/usr/bin/env bash\nASCEND_HOME=/usr/local/Ascend/ascend-toolkit/latest\n"
        "ASCEND_DRIVER_HOME=/usr/local/Ascend/driver\n"
    )
    assert _script_drivers("op_modeling/set_env.sh", text) == [("ascend_driver", 3)]


def test_the_toolkits_folder_is_no_driver() -> None:
    # WORKLOAD op_modeling/set_env.sh:2 alone: the toolkit's home under /usr/local/Ascend
    text = "ASCEND_HOME=/usr/local/Ascend/ascend-toolkit/latest\n"
    assert _script_drivers("op_modeling/set_env.sh", text) == []
    # a folder whose name only begins with the driver's (constructed) is another folder
    text = "export LD_LIBRARY_PATH=/usr/local/Ascend/driver_backup/lib64:$LD_LIBRARY_PATH\n"
    assert _script_drivers("build.sh", text) == []


def test_the_architectures_a_ci_script_exports_are_the_wheels_devices(tmp_path: Path) -> None:
    # GSPLAT .github/workflows/cuda/Linux-env.sh:1-8, the helper the wheel build sources
    # (.github/workflows/building.yml:120): the oldest architecture its wheels build for is
    # the least GPU they run on, where the repo states none itself
    script = (
        "#!/bin/bash\n\ncase ${1} in\n  cu130)\n    export CUDA_HOME=/usr/local/cuda-13.0\n"
        "    export LD_LIBRARY_PATH=${CUDA_HOME}/lib64:${LD_LIBRARY_PATH}\n"
        "    export PATH=${CUDA_HOME}/bin:${PATH}\n"
        '    export TORCH_CUDA_ARCH_LIST="7.5;8.0;8.6;9.0;9.0a"\n    ;;\nesac\n'
    )
    _write(tmp_path, {".github/workflows/cuda/Linux-env.sh": script})
    own = scan_repo(tmp_path, "gsplat").component.requirements
    found = [(r.subject, r.spec, r.confidence, r.source.line) for r in own]
    assert ("compute_capability", ">=7.5", "low", 8) in found
    # the CUDA its helper points at stays the CI's: a version the job installs, not the repo's
    assert "cuda" not in {r.subject for r in own}
