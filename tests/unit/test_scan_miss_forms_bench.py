"""bench/scan_miss_forms.py counts the tuning half's scan misses by outcome, subject and the
form of the file cited. The lines are real: ``bench/heldout.py --tuning --misses vocabulary``
at main a2752afe on the tuning half (uccl, catlass, hccl-competition, gdrcopy)."""

from __future__ import annotations

from bench_modules import bench_module

LISTING = [
    "tuning half, scan misses:\n",
    "scan_eval34/uccl: scope vocabulary     submodule thirdparty/nccl-tests  .gitmodules:16\n",
    "scan_eval9/catlass: scope vocabulary     system_package git  scripts/build.sh:127\n",
    "scan_eval29/hccl-competition: miss  vocabulary     env_var ASCEND_HOME_PATH=<CANN install "
    "path, set by set_env.sh>  Hccl_Broadcast_Final/build.sh:48, docs/Preliminaries/problem.md:"
    "249  (scan: -)\n",
    "scan_eval10/gdrcopy: dup   vocabulary     system_package devscripts debhelper fakeroot "
    "pkg-config dkms  README.md:171\n",
]


def test_each_listed_miss_is_counted_by_outcome_subject_and_the_first_places_form() -> None:
    counted = bench_module("scan_miss_forms").counted(LISTING)
    assert counted == {
        ("scope", "submodule", "gitmodules"): 1,
        ("scope", "system_package", "shell"): 1,
        ("miss", "env_var", "shell"): 1,
        ("dup", "system_package", "guide"): 1,
    }


def test_a_file_form_is_read_from_its_name() -> None:
    form = bench_module("scan_miss_forms").form
    assert form("ops/CMakeLists.txt") == "cmake"
    assert form("docker/Dockerfile.cuda") == "dockerfile"
    assert form("requirements/train/megatron/requirements-cuda.txt") == "other"
    assert form("docs/zh/install_guide/msopprof_install_guide.md") == "guide"
