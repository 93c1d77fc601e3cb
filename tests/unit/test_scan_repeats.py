"""One requirement stated twice is reported once (``repeats.merge_repeats``): the same floor
spelled two ways, stated hard in one place and soft in another, a release named beside the
floor or range starting at it, a bound a wider statement also states, floors at different
releases (and a pin they all admit: ``strictest``). Pins that differ, a range another one
contradicts, a soft floor beside a hard pin stay two. Real lines of the tuning halves (issue 11)."""

from __future__ import annotations

import msgspec

from bringup.model import Requirement, file_source
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.registry import DECLARED, PROSE, USED
from bringup.scan.repeats import merge_repeats


def _stated(
    subject: str, spec: str, rel: str, line: int, text: str, *, hard: bool = True
) -> Requirement:
    return Requirement(
        subject=subject,
        spec=spec,
        component="x",
        source=file_source(rel, line),
        text=text,
        hard=hard,
    )


def found(text: str) -> list[tuple[str, str]]:
    file = SourceFile(ref="README.md", rel="README.md", text=text)
    return [(r.subject, r.spec) for r in extract_docs(file).requirements]


def _places(requirement: Requirement) -> list[tuple[str | None, int | None]]:
    return [(s.ref, s.line) for s in (requirement.source, *requirement.also_at)]


def test_one_floor_stated_hard_and_soft_is_one_hard_requirement() -> None:
    # microsoft/mscclpp@1f5f065d pyproject.toml:15 and docs/quickstart.md:33, read as a soft
    # need (the Python module is optional)
    found = [
        _stated("python", ">=3.10", "pyproject.toml", 15, 'requires-python = ">=3.10"'),
        _stated(
            "python",
            ">=3.10",
            "docs/quickstart.md",
            33,
            "(Optional, for [building the Python module]) Python >= 3.10",
            hard=False,
        ),
    ]
    (merged,) = merge_repeats(found, {"pyproject.toml": DECLARED, "docs/quickstart.md": PROSE})
    assert (merged.spec, merged.hard) == (">=3.10", True)
    assert _places(merged) == [("pyproject.toml", 15), ("docs/quickstart.md", 33)]


def test_a_floor_spelled_with_trailing_zeros_is_the_same_floor() -> None:
    # hicann/hixl@9ed283b2 docs/en/build.md:144 "- CMake >= 3.16.0" and CMakeLists.txt:11
    found = [
        _stated("cmake", ">=3.16", "CMakeLists.txt", 11, "cmake_minimum_required(VERSION 3.16)"),
        _stated("cmake", ">=3.16.0", "docs/en/build.md", 144, "CMake >= 3.16.0"),
    ]
    (merged,) = merge_repeats(found, {"CMakeLists.txt": DECLARED, "docs/en/build.md": PROSE})
    assert (merged.spec, merged.source.ref) == (">=3.16", "CMakeLists.txt")
    assert _places(merged)[1:] == [("docs/en/build.md", 144)]


def test_a_floor_restated_as_a_soft_floor_is_one_hard_need() -> None:
    # hicann/opbase@aa3cd74b docs/zh/install/quick_install.md:109 "（仅支持CANN 8.5.0及后续
    # 版本）" is read as the hard floor CANN >= 8.5.0 ("及后续版本", and later: scan/phrases), its
    # English guide's :108 "(CANN 8.5.0 or later)" as a soft floor: one need, hard, at the floor
    zh, en = "docs/zh/install/quick_install.md", "docs/en/install/quick_install.md"
    found = [
        _stated("cann", ">=8.5.0", zh, 109, "仅支持CANN 8.5.0及后续版本"),
        _stated("cann", ">=8.5.0", en, 108, "CANN 8.5.0 or later", hard=False),
    ]
    (merged,) = merge_repeats(found, {zh: PROSE, en: PROSE})
    assert (merged.spec, merged.hard, merged.source.ref) == (">=8.5.0", True, zh)
    assert _places(merged)[1:] == [(en, 108)]


def test_a_release_series_prose_names_restates_the_floor_at_it() -> None:
    # microsoft/mscclpp@1f5f065d docs/quickstart.md:17 "CUDA Toolkit >= 12.0 is required" and
    # :15-18's example systems "NVIDIA A100 GPUs + CUDA 12.0" (read as the 12.0 series)
    found = [
        _stated("cuda", ">=12.0", "docs/quickstart.md", 17, "CUDA Toolkit >= 12.0"),
        _stated("cuda", "==12.0.*", "docs/quickstart.md", 25, "CUDA 12.0", hard=False),
    ]
    (merged,) = merge_repeats(found, {"docs/quickstart.md": PROSE})
    assert (merged.spec, merged.hard) == (">=12.0", True)
    assert _places(merged)[1:] == [("docs/quickstart.md", 25)]


def test_bounds_a_range_also_states_are_that_range() -> None:
    # hicann/pyasc@cecba26a README.md:65 "`python` 3.9-3.12", docs/quick_start.md:236
    # "- python >= 3.9.0, python <= 3.12" (read as two bounds) and setup.py:376
    # "if sys.version_info < (3, 9):", a bound the build checks: the range admits only what
    # it admits, so it is a place of the range, as the guide's ">= 3.9.0" is
    found = [
        _stated("python", ">=3.9,<3.13", "README.md", 65, "python 3.9-3.12"),
        _stated("python", ">=3.9", "setup.py", 376, "sys.version_info < (3, 9)"),
        _stated("python", ">=3.9.0", "docs/quick_start.md", 236, "python >= 3.9.0"),
        _stated("python", "<3.13", "docs/quick_start.md", 236, "python <= 3.12"),
    ]
    authority = {"README.md": PROSE, "setup.py": DECLARED, "docs/quick_start.md": PROSE}
    merged = merge_repeats(found, authority)
    assert [(r.spec, _places(r)) for r in merged] == [
        (">=3.9,<3.13", [("README.md", 65), ("docs/quick_start.md", 236), ("setup.py", 376)]),
    ]


def test_a_release_beside_its_compatible_release_is_that_one_need() -> None:
    # Ascend/MindIE-LLM@8b4871ad docs/zh/user_guide/install/source/: the dependency table of
    # preparing_software_and_dependencies.md:73-74 and the requirements file the install
    # guide writes, installing_software_and_dependencies.md:80-81
    table = "docs/zh/user_guide/install/source/preparing_software_and_dependencies.md"
    guide = "docs/zh/user_guide/install/source/installing_software_and_dependencies.md"
    found = [
        _stated("pypi:pyarrow", ">=15.0.0", table, 73, "|pyarrow|大于或等于15.0.0|"),
        _stated("pypi:pydantic", "==2.6.3", table, 74, "|pydantic|2.6.3|"),
        _stated("pypi:pyarrow", "~=15.0.0", guide, 80, "pyarrow~=15.0.0"),
        _stated("pypi:pydantic", "~=2.6.3", guide, 81, "pydantic~=2.6.3"),
    ]
    merged = merge_repeats(found, {table: PROSE, guide: PROSE})
    assert [(r.subject, r.spec, _places(r)) for r in merged] == [
        ("pypi:pyarrow", "~=15.0.0", [(guide, 80), (table, 73)]),
        ("pypi:pydantic", "~=2.6.3", [(guide, 81), (table, 74)]),
    ]


def test_a_range_and_a_floor_it_contradicts_stay_apart() -> None:
    # hicann/ascend-boost-comm@00d35274 README.md:54 "| gcc/g++ | 推荐 7.3.1–11.x |" (soft)
    # and :113 "在 **GCC 12 及以上** 环境中 ... 追加 --no_werror"
    found = [
        _stated("gcc", ">=7.3.1,<12", "README.md", 54, "推荐 7.3.1–11.x", hard=False),
        _stated("gcc", ">=12", "README.md", 113, "GCC 12 及以上"),
    ]
    merged = merge_repeats(found, {"README.md": PROSE})
    assert [(r.subject, r.spec, r.hard, r.also_at) for r in merged] == [
        ("gcc", ">=7.3.1,<12", False, ()),
        ("gcc", ">=12", True, ()),
    ]


def test_floors_at_different_releases_are_one_at_the_strictest() -> None:
    # Changed deliberately (issue 11; this test's DeepGEMM "CUDA 12.3 or higher" beside "CUDA
    # 12.9 or higher" stayed two): both bind, the solver ANDs them, so one requirement at the
    # strictest floor says the same, the other floor kept in its text and places.
    # hicann/asnumpy@eec66dd9 README.md:71 "**Requirements:** GCC >= 11.2, CMake >= 3.26,
    # Python >= 3.9, ..." and pyproject.toml:42 'requires-python = ">=3.10"';
    # NVIDIA/TransformerEngine@d0067d0d README.rst:167 "Source Build Requirements: CMake 3.18+,
    # ..." and transformer_engine/common/CMakeLists.txt:5 "cmake_minimum_required(VERSION 3.21)"
    cmakelists = "transformer_engine/common/CMakeLists.txt"
    found = [
        _stated("python", ">=3.9", "README.md", 71, "Python >= 3.9"),
        _stated("cmake", ">=3.18", "README.rst", 167, "CMake 3.18+"),
        _stated("python", ">=3.10", "pyproject.toml", 42, "requires-python >=3.10"),
        _stated("cmake", ">=3.21", cmakelists, 5, "cmake_minimum_required(VERSION 3.21)"),
    ]
    authority = {"README.md": PROSE, "README.rst": PROSE, "pyproject.toml": DECLARED}
    merged = merge_repeats(found, {**authority, cmakelists: DECLARED})
    assert [(r.spec, r.text, _places(r)) for r in merged] == [
        (
            ">=3.10",
            "requires-python >=3.10; also stated: >=3.9 (README.md:71)",
            [("pyproject.toml", 42), ("README.md", 71)],
        ),
        (
            ">=3.21",
            "cmake_minimum_required(VERSION 3.21); also stated: >=3.18 (README.rst:167)",
            [(cmakelists, 5), ("README.rst", 167)],
        ),
    ]


def test_a_pin_every_floor_admits_is_their_one_requirement() -> None:
    # Ascend/MindIE-LLM@8b4871ad docs/zh/user_guide/install/source/
    # preparing_software_and_dependencies.md:61 "|Python|3.11|Mind 1.0版本新增|" and setup.py:127
    # 'python_requires=">=3.10",': Python 3.11 is the conjunction, cited where it is stated
    table = "docs/zh/user_guide/install/source/preparing_software_and_dependencies.md"
    found = [
        _stated("python", ">=3.10", "setup.py", 127, 'python_requires=">=3.10"'),
        _stated("python", "==3.11.*", table, 61, "|Python|3.11|"),
    ]
    (merged,) = merge_repeats(found, {"setup.py": DECLARED, table: PROSE})
    assert (merged.spec, _places(merged)) == ("==3.11.*", [(table, 61), ("setup.py", 127)])
    assert merged.text == "|Python|3.11|; also stated: >=3.10 (setup.py:127)"


def test_a_range_whose_floor_is_the_strictest_is_their_one_requirement() -> None:
    # mindspore-lab/mindrl@7f55a67f requirements.txt:4 "gym >= 0.18.3, <= 0.21.0" and setup.py:34
    # '"gym>=0.18.3",': the range holds the floor; a range below a floor stays apart
    found = [
        _stated("pypi:gym", "<=0.21.0,>=0.18.3", "requirements.txt", 4, "gym >= 0.18.3, <= 0.21.0"),
        _stated("pypi:gym", ">=0.18.3", "setup.py", 34, "gym>=0.18.3"),
    ]
    (merged,) = merge_repeats(found, {"setup.py": DECLARED, "requirements.txt": DECLARED})
    assert (merged.spec, _places(merged)) == (
        "<=0.21.0,>=0.18.3",
        [("requirements.txt", 4), ("setup.py", 34)],
    )
    higher = [found[0], _stated("pypi:gym", ">=0.19", "setup.py", 34, "gym>=0.19")]
    merged_apart = merge_repeats(higher, {"setup.py": DECLARED, "requirements.txt": DECLARED})
    assert [r.spec for r in merged_apart] == ["<=0.21.0,>=0.18.3", ">=0.19"]


def test_a_host_tools_range_whose_floor_is_the_strictest_takes_its_floors() -> None:
    # ByteDance-Seed/Triton-distributed@1512a811 python/pyproject.toml:2 requires
    # "cmake>=3.20,<4.0" to build, python/setup.py:675 raises "CMake >= 3.20.0 is required":
    # one CMake need, the range; hicann/catlass@0dfcf9df README.md:112 "gcc >= 7.5, < 13.0"
    # beside environment.yml:11 "gcc>=7.5.0" likewise. A floor above the range's stays apart
    found = [
        _stated("cmake", "<4.0,>=3.20", "python/pyproject.toml", 2, "build: cmake>=3.20,<4.0"),
        _stated("cmake", ">=3.20.0", "python/setup.py", 675, "CMake >= 3.20.0 is required"),
        _stated("gcc", ">=7.5,<13.0", "README.md", 112, "gcc >= 7.5, < 13.0"),
        _stated("gcc", ">=7.5.0", "environment.yml", 11, "conda: gcc>=7.5.0"),
    ]
    authority = {
        "python/pyproject.toml": DECLARED,
        "python/setup.py": DECLARED,
        "README.md": PROSE,
        "environment.yml": DECLARED,
    }
    merged = merge_repeats(found, authority)
    assert [(r.subject, r.spec, _places(r)) for r in merged] == [
        ("cmake", "<4.0,>=3.20", [("python/pyproject.toml", 2), ("python/setup.py", 675)]),
        ("gcc", ">=7.5,<13.0", [("README.md", 112), ("environment.yml", 11)]),
    ]
    above = [found[0], _stated("cmake", ">=3.22", "CMakeLists.txt", 1, "VERSION 3.22")]
    assert [r.spec for r in merge_repeats(above, authority)] == ["<4.0,>=3.20", ">=3.22"]


def test_pins_that_differ_and_a_soft_floor_beside_a_pin_stay_apart() -> None:
    # NVIDIA/MinkowskiEngine@02fc608b README.md:62 "- CUDA >= 10.1.243 and **the same CUDA
    # version used for pytorch** (e.g. ... use CUDA=11.1 ...)" and :63 "... `conda install ...
    # pytorch=1.8.1 cudatoolkit=10.2`)": two pins that exclude each other (a contradiction whose
    # two lines the check shows) and neither is the floor's one requirement.
    # Ascend/MultimodalSDK@916d29e1 README_en.md:114 "Building requires Python 3.11" beside
    # docs/en/installation_guide.md:26 "| Python | Minimum 3.9; **Recommended 3.10 or 3.11** |"
    # read as soft: a soft floor does not join what binds
    guide = "docs/en/installation_guide.md"
    found = [
        _stated("cuda", ">=10.1.243", "README.md", 62, "CUDA >= 10.1.243"),
        _stated("cuda", "==11.1", "README.md", 62, "CUDA=11.1"),
        _stated("cuda", "==10.2", "README.md", 63, "cudatoolkit=10.2"),
        _stated("python", "==3.11.*", "README_en.md", 114, "Building requires Python 3.11"),
        _stated("python", ">=3.9", guide, 26, "Python | Minimum 3.9", hard=False),
    ]
    merged = merge_repeats(found, {"README.md": PROSE, "README_en.md": PROSE, guide: PROSE})
    assert [(r.spec, r.hard, r.also_at) for r in merged] == [
        (">=10.1.243", True, ()),
        ("==11.1", True, ()),
        ("==10.2", True, ()),
        ("==3.11.*", True, ()),
        (">=3.9", False, ()),
    ]


def test_a_soft_range_does_not_take_a_hard_floor() -> None:
    # pyg-team/pyg-lib@764e3a49 README.md:15 "Each wheel supports CPython 3.10 through 3.14"
    # (what the wheels support, soft) and pyproject.toml:13 requires-python=">=3.10": the
    # floor binds, the wheels' ceiling stays advice
    found = [
        _stated("python", ">=3.10,<3.15", "README.md", 15, "CPython 3.10 through 3.14", hard=False),
        _stated("python", ">=3.10", "pyproject.toml", 13, 'requires-python=">=3.10"'),
    ]
    merged = merge_repeats(found, {"README.md": PROSE, "pyproject.toml": DECLARED})
    assert [(r.spec, r.hard) for r in merged] == [(">=3.10,<3.15", False), (">=3.10", True)]


def test_a_soft_release_restates_a_hard_floor_no_soft_floor_implies() -> None:
    # Ascend/MindSpeed-LLM@c77308a1 docs/zh/pytorch/training/install_guide.md:130
    # "建议使用Python 3.10版本" (recommended, soft) beside setup.py:106 python_requires='>=3.10'
    guide = "docs/zh/pytorch/training/install_guide.md"
    found = [
        _stated("python", ">=3.10", "setup.py", 106, "python_requires='>=3.10'"),
        _stated("python", "==3.10.*", guide, 130, "建议使用Python 3.10版本", hard=False),
    ]
    (merged,) = merge_repeats(found, {"setup.py": DECLARED, guide: PROSE})
    assert (merged.spec, merged.hard, _places(merged)[1:]) == (">=3.10", True, [(guide, 130)])


def test_python_in_a_dependency_list_is_the_interpreter_not_a_distribution() -> None:
    # hicann/pyasc@cecba26a README.md:64-65 "- 软件依赖：" / "  - `python` 3.9-3.12", and
    # hicann/catlass@0dfcf9df README.md:114 "  - `python` >= 3.8, < 3.12": one Python need,
    # no PyPI distribution named python beside it
    text = "## 环境要求\n\n- 软件依赖：\n  - `python` 3.9-3.12\n  - `python` >= 3.8, < 3.12\n"
    stated = found(text)
    assert [s for s, *_ in stated] == ["python", "python"]


def _package(spec: str, rel: str, line: int, text: str, *, hard: bool = True) -> Requirement:
    return _stated("system_package", spec, rel, line, text, hard=hard)


def test_a_system_package_named_again_is_a_place_of_the_need_naming_it() -> None:
    # hicann/hixl@9ed283b2 docs/en/build.md:139 "sudo apt-get install cmake bash ccache" and
    # :147 "- ccache (optional, a compiler cache ...)"; hicann/opbase@aa3cd74b
    # docs/QUICKSTART.md:20 "- patch >= 2.7（用于给第三方源码打补丁，如protobuf）" and
    # docs/zh/install/quick_install.md:121 "- patch"
    guide, quick, zh = "docs/en/build.md", "docs/QUICKSTART.md", "docs/zh/install/quick_install.md"
    found = [
        _package(
            "bash ccache", guide, 139, "apt-get install (Debian/Ubuntu packages): bash ccache"
        ),
        _package("ccache", guide, 147, "ccache (optional, a compiler cache)", hard=False),
        _package("patch>=2.7", quick, 20, "patch >= 2.7（用于给第三方源码打补丁，如protobuf）"),
        _package("patch", zh, 121, "patch"),
    ]
    merged = merge_repeats(found, {guide: PROSE, quick: PROSE, zh: PROSE})
    assert [(r.spec, r.hard, _places(r)) for r in merged] == [
        ("bash ccache", True, [(guide, 139), (guide, 147)]),
        ("patch>=2.7", True, [(quick, 20), (zh, 121)]),
    ]


def test_a_tool_the_build_runs_joins_the_guides_advised_release_and_binds() -> None:
    # Ascend/VisionSDK@f156edcf docs/zh/installation_guide.md:26 "|make|不低于3.82|..." (under
    # "版本建议", read as soft) and build_all.sh:92 "make -j$(nproc)": one tool at that release,
    # hard; a soft install line naming more packages stays apart from a hard mention
    guide, build = "docs/zh/installation_guide.md", "build_all.sh"
    found = [
        _package("make>=3.82", guide, 26, "|make|不低于3.82|", hard=False),
        _package("make", build, 92, "build_all.sh runs make: make -j$(nproc)"),
        _package("cmake bash ccache", guide, 40, "apt-get install: cmake bash ccache", hard=False),
        _package("ccache", build, 7, "build_all.sh runs ccache: ccache -s"),
    ]
    merged = merge_repeats(found, {guide: PROSE, build: PROSE})
    assert [(r.spec, r.hard, _places(r)) for r in merged] == [
        ("make>=3.82", True, [(guide, 26), (build, 92)]),
        ("cmake bash ccache", False, [(guide, 40)]),
        ("ccache", True, [(build, 7)]),
    ]


def test_a_package_the_tests_name_again_stays_the_main_builds() -> None:
    # Constructed by review (2026-12-03) on hixl's shape (docs/en/build.md:139 "apt-get install
    # cmake bash ccache"): a tests feature naming cmake with googletest is no place of the main
    # build's cmake, whose need would otherwise vanish into the tests'
    main = _package("bash ccache", "docs/en/build.md", 139, "apt-get install: bash ccache")
    tests = msgspec.structs.replace(
        _package("bash ccache googletest", "tests/README.md", 4, "apt-get install: ..."),
        feature="tests",
    )
    merged = merge_repeats([main, tests], {"docs/en/build.md": PROSE, "tests/README.md": PROSE})
    assert [(r.spec, r.feature) for r in merged] == [
        ("bash ccache", ""),
        ("bash ccache googletest", "tests"),
    ]


def test_one_package_for_two_package_managers_stays_each_ones() -> None:
    # NVIDIA/gdrcopy@fcec3ce0 README.md:62 "$ sudo yum install dkms" and :68 "$ sudo zypper install
    # dkms rpmbuild": each distribution's own install
    found = [
        _package("dkms", "README.md", 62, "yum install (RHEL/CentOS/openEuler packages): dkms"),
        _package("dkms rpmbuild", "README.md", 68, "zypper install (SUSE packages): dkms rpmbuild"),
    ]
    assert [r.spec for r in merge_repeats(found, {"README.md": PROSE})] == ["dkms", "dkms rpmbuild"]


def test_a_release_series_beside_a_pin_in_it_is_the_pin() -> None:
    # Ascend/MindIE-LLM@8b4871ad docs/zh/user_guide/install/source/
    # preparing_software_and_dependencies.md:67 "|zope.event|5.0|" (read as the 5.0 series)
    # and installing_software_and_dependencies.md:74 "zope.event==5.0"
    table = "docs/zh/user_guide/install/source/preparing_software_and_dependencies.md"
    guide = "docs/zh/user_guide/install/source/installing_software_and_dependencies.md"
    found = [
        _stated("pypi:zope-event", "==5.0.*", table, 67, "|zope.event|5.0|"),
        _stated("pypi:zope-event", "==5.0", guide, 74, "zope.event==5.0"),
    ]
    (merged,) = merge_repeats(found, {table: PROSE, guide: PROSE})
    assert (merged.spec, _places(merged)) == ("==5.0", [(guide, 74), (table, 67)])


def test_a_soft_release_a_hard_pin_excludes_does_not_join_a_hard_floor() -> None:
    # Ascend/IndexSDK@fa595858 build/setup_openeuler.sh:63 "pip3 install ... sympy==1.4 ..."
    # (the build's pin), docs/en/installation_guide.md:94 "|sympy|1.14|" (a contradiction's
    # loser, made soft) and docs/zh/04_installation_guide.md:58 "|sympy|>=1.14|", here taken
    # as hard: the loser stays beside the pin it contradicts, not inside the floor
    script, en = "build/setup_openeuler.sh", "docs/en/installation_guide.md"
    zh = "docs/zh/04_installation_guide.md"
    found = [
        _stated("pypi:sympy", "==1.4", script, 63, "pip install: sympy==1.4"),
        _stated("pypi:sympy", "==1.14.*", en, 94, "|sympy|1.14|", hard=False),
        _stated("pypi:sympy", ">=1.14", zh, 58, "|sympy|>=1.14|"),
    ]
    merged = merge_repeats(found, {script: USED, en: PROSE, zh: PROSE})
    assert [(r.spec, r.hard) for r in merged] == [
        ("==1.4", True),
        ("==1.14.*", False),
        (">=1.14", True),
    ]


def test_a_bound_joins_the_first_widest_statement_of_its_own_subject() -> None:
    # hicann/pyasc@cecba26a docs/quick_start.md:236 "python >= 3.9.0" beside README.md:65
    # "`python` 3.9-3.12"; a later range of as many bounds (made up, README.md:70) and another
    # subject's range stating the same bounds (made up, CMake 3.9-3.12) take nothing: the
    # statements are looked up by subject (``repeats._stated``), the first widest kept
    found = [
        _stated("cmake", ">=3.9,<3.13", "README.md", 60, "CMake 3.9-3.12"),
        _stated("python", ">=3.9,<3.13", "README.md", 65, "python 3.9-3.12"),
        _stated("python", ">=3.9,<3.12", "README.md", 70, "python 3.9-3.11"),
        _stated("python", ">=3.9.0", "docs/quick_start.md", 236, "python >= 3.9.0"),
    ]
    merged = merge_repeats(found, {"README.md": PROSE, "docs/quick_start.md": PROSE})
    assert [(r.subject, r.spec, _places(r)) for r in merged] == [
        ("cmake", ">=3.9,<3.13", [("README.md", 60)]),
        ("python", ">=3.9,<3.13", [("README.md", 65), ("docs/quick_start.md", 236)]),
        ("python", ">=3.9,<3.12", [("README.md", 70)]),
    ]
