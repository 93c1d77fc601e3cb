"""The driver a CI job checks (issue 11, item 4): ``- run: nvidia-smi`` before a job's GPU
tests is the repo's only word on its driver where its own files name none, borrowed as a
soft need of low confidence. Real lines, quoted with repository, commit, file and line; the
workflows around them are cut down (constructed: only the keys that place the step)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

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
