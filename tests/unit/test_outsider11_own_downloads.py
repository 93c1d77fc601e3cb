"""A build step needs the network only for the downloads its own project makes (outsider11
#6: ``up --offline`` skipped cuda-kernel-uv's local ``cmake ..``/``make`` as "needs the
network" because setup.sh installs torch from an index). Real lines at the commit beside
them."""

from __future__ import annotations

import msgspec

from bringup.model import Component, file_source
from bringup.model.requirements import Step
from bringup.plan.downloads import downloads_here
from cpuclock import cpu_seconds
from solve_inputs import requirement

ROOT = "/work/repos/cuda-kernel-uv"  # the scan cites a checkout given by its path so


def _repo(at: str) -> Component:
    download = requirement("cku", "network", "https://download.pytorch.org/whl/cu121", at)
    return Component(name="cku", path=ROOT, role="other", requirements=(download,))


def _build(*argv: str, cwd: str | None = None) -> Step:
    # uv-xiao/cuda-kernel-uv@2fe491e1eb2f2a1adcfc6c64485c43a896db6119 README.md:170-175:
    # cd chapters/01_introduction; mkdir build && cd build; cmake ..; make
    found = Step(name=argv[0], kind="build", argv=argv, source=file_source("README.md", 174))
    return msgspec.structs.replace(found, cwd=cwd)


CHAPTER = "chapters/01_introduction/build"


def test_a_scripts_download_is_made_by_the_steps_that_run_it() -> None:
    # the same commit, setup.sh:77: pip install torch --index-url .../whl/cu121
    repo = _repo(f"{ROOT}/setup.sh:77")
    assert not downloads_here(_build("cmake", "..", cwd=CHAPTER), repo)
    assert not downloads_here(_build("make", cwd=CHAPTER), repo)
    assert downloads_here(_build("bash", "setup.sh"), repo)


def test_a_build_files_download_is_made_by_its_projects_builds() -> None:
    fetched = _repo(f"{ROOT}/chapters/01_introduction/CMakeLists.txt:30")
    assert downloads_here(_build("cmake", "..", cwd=CHAPTER), fetched)
    assert downloads_here(_build("cmake", "..", cwd="build"), fetched)  # the top adds it
    assert not downloads_here(_build("cmake", "..", cwd="chapters/02_cuda_basics/build"), fetched)
    top = _repo(f"{ROOT}/CMakeLists.txt:40")
    assert downloads_here(_build("make", cwd=CHAPTER), top)
    # a download a README states stays the whole repo's
    assert downloads_here(_build("make", cwd=CHAPTER), _repo(f"{ROOT}/README.md:9"))


def test_a_script_run_through_a_shell_string_or_as_a_module_makes_its_download() -> None:
    """review30 L7: only a step whose argv names the script counted."""
    repo = _repo(f"{ROOT}/setup.sh:77")
    assert downloads_here(_build("sh", "-c", "chmod +x setup.sh && ./setup.sh"), repo)
    assert downloads_here(_build("bash", "-c", "bash ../setup.sh", cwd="build"), repo)
    assert not downloads_here(_build("sh", "-c", "cmake .. && make", cwd=CHAPTER), repo)
    module = _repo(f"{ROOT}/tools/fetch/__main__.py:5")
    assert downloads_here(_build("python", "-m", "tools.fetch"), module)
    assert downloads_here(_build("python", "-m", "setup"), _repo(f"{ROOT}/setup.py:3"))
    assert not downloads_here(_build("python", "-m", "tools.other"), module)


def test_a_long_shell_string_is_read_in_bounded_time() -> None:

    repo = _repo(f"{ROOT}/setup.sh:77")
    for text in ("a" * 50_000, " -m" * 16_000, "x;" * 25_000, "setup.sh " * 5_000):
        started = cpu_seconds()
        downloads_here(_build("sh", "-c", text), repo)
        assert cpu_seconds() - started < 2.0
