"""The environment manager a guide's or a script's route makes its environment with, on real
lines.

Sources: mit-han-lab/qserve@de6a2ec6 README.md:65-70; zhouxzh/mediapipe_hand_ascend310b@c78d56dd
README.md:51-52; FlagOpen/FlagScale (scan_eval22) install/install-requirements.sh:69-79;
xiaobingling93-pixel/Ascend-msmonitor@50b18674 plugin/cmake/Findglog.cmake:15-17.
"""

from __future__ import annotations

from bringup.scan.cmakelex import cmake_commands
from bringup.scan.commands import commands_of, joined_lines
from bringup.scan.extraction import SourceFile
from bringup.scan.runtools import cmake_tools, guide_tools, script_tools


def _needs(rel: str, text: str, *, script: bool = False) -> list[tuple[str, str, int | None]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    commands = commands_of(joined_lines(text))
    found = script_tools(file, commands) if script else guide_tools(file, commands)
    return [(r.subject, r.spec, r.source.line) for r in found if r.subject == "system_package"]


def test_a_guide_creating_a_conda_environment_needs_conda() -> None:
    text = (
        "conda create -n QServe python=3.10 -y\n"
        "conda activate QServe\n"
        "pip install --upgrade pip  # enable PEP 660 support\n"
        "# This is optional if you prefer to use built-in nvcc\n"
        "conda install -c nvidia cuda-toolkit -y\n"
        "pip install -e .\n"
    )
    assert _needs("README.md", text) == [("system_package", "conda", 1)]


def test_activating_an_existing_environment_needs_it_too() -> None:
    text = (
        "source /usr/local/miniconda3/etc/profile.d/conda.sh\n"
        "conda activate base\n"
        "source /usr/local/Ascend/ascend-toolkit/set_env.sh\n"
    )
    assert _needs("README.md", text) == [("system_package", "conda", 2)]


def test_an_install_script_creating_its_environment_needs_conda() -> None:
    text = (
        'if [ "$env" == "train" ]; then\n'
        '        conda create --name "flagscale-${env}" python==3.10 -y\n'
        "fi\n"
        "conda activate flagscale-${env}\n"
    )
    needs = _needs("install/install-requirements.sh", text, script=True)
    assert needs == [("system_package", "conda", 2)]


def test_asking_conda_about_itself_makes_no_environment() -> None:
    # constructed: a version probe and an info query
    assert _needs("README.md", "conda --version\nconda info --envs\n") == []


def test_a_configure_for_the_makefile_generator_needs_make() -> None:
    # xiaobingling93-pixel/Ascend-msmonitor@50b18674 plugin/cmake/Findglog.cmake:15-17
    text = (
        "execute_process(\n"
        "    WORKING_DIRECTORY ${DIR_NAME}\n"
        '    COMMAND cmake -S . -B build -G "Unix Makefiles" -DBUILD_SHARED_LIBS=OFF'
        " -DBUILD_TESTING=OFF\n"
        "    RESULT_VARIABLE RESULT\n"
        ")\n"
    )
    file = SourceFile(ref="Findglog.cmake", rel="plugin/cmake/Findglog.cmake", text=text)
    found = cmake_tools(file, cmake_commands(text), text.split("\n"))
    assert [(r.subject, r.spec, r.source.line) for r in found] == [("system_package", "make", 3)]
    ninja = "execute_process(COMMAND cmake -S . -B build -G Ninja)\n"  # constructed
    assert [r.spec for r in cmake_tools(file, cmake_commands(ninja), ninja.split("\n"))] == []
