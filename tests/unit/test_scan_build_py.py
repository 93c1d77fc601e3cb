"""The tools a Python build script at the repo's top runs (``buildpy``, ``runtools``)."""

from __future__ import annotations

from bringup.scan.buildpy import BUILD_PY, extract_build_py
from bringup.scan.filekinds import classify
from scan_needs import source_file

# Ascend/msopprof d6c29dfa6a2e60053fb1efc8a3f1f5c62232fa3a build.py:83-85 and 127-129
# (the lines between are left out)
MSOPPROF_BUILD = """import subprocess


class Builder:
    def _execute_command(self, command_sequence, timeout_seconds=36000, cwd=None):
        logging.info("Running: %s", " ".join(command_sequence))
        subprocess.run(command_sequence, timeout=timeout_seconds, check=True, cwd=cwd)

    def run(self):
            self._execute_command(["pip", "install", "numpy"])
            self._execute_command(["cmake", "..", "-DBUILD_TESTS=ON", "-DCMAKE_BUILD_TYPE=Debug"])
            self._execute_command(["make", "-j", str(self.build_jobs), "install"])
"""

# the same commit's download_dependencies.py:51-58 and 75-83 (lines between left out)
MSOPPROF_DOWNLOAD = """import subprocess


class DependencyManager:
    def _exec_shell_cmd(self, cmd, cwd=None, msg=None):
        if msg: logging.info(msg)
        try:
            logging.info(f"Run CMD: {' '.join(cmd)}")
            subprocess.run(cmd, cwd=cwd, check=True)
        except Exception as e:
            logging.error(f"Error executing command: {' '.join(cmd)}")
            raise e

    def proc_submodule(self, submodules, force_latest_submodules):
        logging.info("=== Download git submodules start ===")
        third = [m for m in submodules if m.startswith("third") and "party" in m]
        builtin = [m for m in submodules if m not in third]
        base = ["git", "submodule", "update", "--init", "--progress", "--depth=1", "--jobs=4"]

        traditional_third = [x for x in third if x not in force_latest_submodules]
        if traditional_third:
            self._exec_shell_cmd(base + ["--recursive"] + traditional_third, msg="Fetching")
"""


def test_a_top_level_build_script_is_read_and_a_nested_one_is_not() -> None:
    assert classify("build.py") == BUILD_PY
    assert classify("download_dependencies.py") == BUILD_PY
    assert classify("gsplat/cuda/build.py") is None


def test_a_runtime_helper_named_like_a_download_is_no_build_script() -> None:
    # constructed names (review 23, 18): a model download, a data fetch, a vocabulary build
    for name in ("download_model.py", "fetch_data.py", "build_vocab.py"):
        assert classify(name) is None


def test_a_tool_run_through_the_script_s_own_runner_is_a_system_package() -> None:
    found = extract_build_py(source_file("build.py", MSOPPROF_BUILD)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [("system_package", "make", 12)]


def test_a_command_list_bound_to_a_name_and_extended_is_read() -> None:
    rel = "download_dependencies.py"
    found = extract_build_py(source_file(rel, MSOPPROF_DOWNLOAD)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [("system_package", "git", 18)]
