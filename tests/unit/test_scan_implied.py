"""A statement another one of its subject implies is a place of that one (``implied``), the
releases one file names that exclude each other are alternatives, the versions in use an
``unversioned`` finding names are no requirements of their own (``settle_unversioned``), and a
soft support list sharing a value with the hard one joins it (``anyof.unite``). Real lines
of the tuning halves (issue 11); conflicts between files stay shown."""

from __future__ import annotations

import msgspec
import pytest

from bringup.model import Alternative, Requirement, file_source
from bringup.scan.anyof import unite
from bringup.scan.implied import fold_implied, one_file_alternatives
from bringup.scan.registry import DECLARED, PROSE
from bringup.scan.specranges import _clause, can_meet, ranges, says_no_more
from bringup.scan.unversioned import settle_unversioned
from bringup.versions import InvalidSpecifier
from cpuclock import cpu_seconds


def _stated(
    subject: str,
    spec: str,
    rel: str,
    line: int,
    text: str,
    *,
    hard: bool = True,
    confidence: str = "high",
) -> Requirement:
    return Requirement(
        subject=subject,
        spec=spec,
        component="x",
        source=file_source(rel, line),
        text=text,
        hard=hard,
        confidence=confidence,  # type: ignore[arg-type]
    )


def _places(requirement: Requirement) -> list[tuple[str | None, int | None]]:
    return [(s.ref, s.line) for s in (requirement.source, *requirement.also_at)]


def test_ranges_say_which_statement_says_no_more() -> None:
    assert says_no_more(">=3.8", "==3.9.* || ==3.10.* || ==3.11.*", "python")
    assert says_no_more(">=9.3", "==14.*", "gcc")
    assert says_no_more("==2.7.1 || ==2.1.0", "==2.7.1+cpu", "torch")
    assert says_no_more(">=3.8,<3.14 || ==3.8.*", "==3.10.* || ==3.11.*", "python")
    assert says_no_more(">=9.0.0-beta.2 || >=8.5.0 || >=8.3.RC1", "==9.0.0", "cann")
    assert not says_no_more(">=3.9", ">=3.7", "python")
    assert not says_no_more(">=11.4", "==11.* || ==12.*", "cuda")
    assert not says_no_more("<=3.12", "<4", "python")
    assert not says_no_more("!=3.11.*", "==3.10.*", "python")
    assert can_meet("==12.*", "==13.*", "cuda") is False
    assert can_meet(">=12.2", "==12.* || ==13.*", "cuda") is True
    assert can_meet("910B", "910B", "chip") is None


def test_a_prose_floor_a_version_list_implies_is_a_place_of_the_list() -> None:
    # Ascend/DrivingSDK@e667017e docs/zh/installation/compile.md:152 "支持Python 3.8及以上版本"
    # (read as soft) beside docs/zh/version/versions.md:7 "Python3.9.x,Python3.10.x,Python3.11.x"
    guide, table = "docs/zh/installation/compile.md", "docs/zh/version/versions.md"
    found = [
        _stated("python", "==3.9.* || ==3.10.* || ==3.11.*", table, 7, "Python3.9.x,..."),
        _stated("python", ">=3.8", guide, 152, "Python 3.8及以上", hard=False),
    ]
    (one,) = fold_implied(found, {table: PROSE, guide: PROSE})
    assert (one.spec, one.hard, _places(one)) == (found[0].spec, True, [(table, 7), (guide, 152)])
    assert one.text == f"Python3.9.x,...; also stated: >=3.8 ({guide}:152)"


def test_a_prose_list_a_manifest_pin_implies_joins_the_pin() -> None:
    # hicann/amct@2be20daf requirements.txt:3 "torch==2.7.1+cpu" beside docs/zh/quick_install.md:98
    # "- PyTorch：2.7.1、2.1.0" (a local version meets ``==2.7.1``)
    guide = "docs/zh/quick_install.md"
    found = [
        _stated("torch", "==2.7.1 || ==2.1.0", guide, 98, "PyTorch：2.7.1、2.1.0"),
        _stated("torch", "==2.7.1+cpu", "requirements.txt", 3, "torch==2.7.1+cpu"),
    ]
    (one,) = fold_implied(found, {"requirements.txt": DECLARED, guide: PROSE})
    assert (one.spec, _places(one)) == ("==2.7.1+cpu", [("requirements.txt", 3), (guide, 98)])


def test_a_soft_floor_a_hard_floor_implies_joins_it_and_a_stricter_one_stays() -> None:
    # CVCUDA/CV-CUDA@da51fc96 README.md:158 "- cmake (>= 3.20), ..." (soft) beside
    # CMakeLists.txt:16 cmake_minimum_required(VERSION 3.20.1); Ascend/msprof-analyze@8399c1cd
    # docs/zh/install_guide/msprof-analyze_install_guide.md:9 "建议使用 Python 3.9 及以上版本"
    # (a recommendation stricter than setup.py:107 python_requires='>=3.7'): it says more
    guide = "docs/zh/install_guide/msprof-analyze_install_guide.md"
    found = [
        _stated("cmake", ">=3.20.1", "CMakeLists.txt", 16, "cmake_minimum_required(3.20.1)"),
        _stated("cmake", ">=3.20", "README.md", 158, "cmake (>= 3.20", hard=False),
        _stated("python", ">=3.7", "setup.py", 107, "python_requires >=3.7"),
        _stated("python", ">=3.9", guide, 9, "Python 3.9 及以上", hard=False),
    ]
    authority = {"CMakeLists.txt": DECLARED, "README.md": PROSE, "setup.py": DECLARED, guide: PROSE}
    merged = fold_implied(found, authority)
    assert [(r.subject, r.spec, r.hard, len(r.also_at)) for r in merged] == [
        ("cmake", ">=3.20.1", True, 1),
        ("python", ">=3.7", True, 0),
        ("python", ">=3.9", False, 0),
    ]


def test_a_bound_a_build_file_checks_keeps_its_statement_and_soft_never_takes_hard() -> None:
    # the same lines, the guide's "Python 3.9 及以上" here taken as hard: setup.py's floor, which
    # the guide implies, is what pip checks and stays. Ascend/MindSpeed-LLM@c77308a1
    # docs/zh/pytorch/training/install_guide.md:130 "建议使用Python 3.10版本" (soft) beside a
    # hard "Python >= 3.10" (NVIDIA/Fuser@81c4b22f README.md:65): the floor binds, the
    # recommendation is no place of it
    guide = "docs/zh/install_guide/msprof-analyze_install_guide.md"
    training = "docs/zh/pytorch/training/install_guide.md"
    found = [
        _stated("python", ">=3.7", "setup.py", 107, "python_requires >=3.7"),
        _stated("python", ">=3.9", guide, 9, "Python 3.9 及以上"),
    ]
    assert fold_implied(found, {"setup.py": DECLARED, guide: PROSE}) == found
    found = [
        _stated("python", ">=3.10", "README.md", 65, "Python >= 3.10"),
        _stated("python", "==3.10.*", training, 130, "建议使用Python 3.10版本", hard=False),
    ]
    assert fold_implied(found, {"README.md": PROSE, training: PROSE}) == found


def test_one_list_read_in_two_orders_is_one() -> None:
    # rapidsai/cuvs@ff0c8076 README.md:83 "... cuVS builds for CUDA 13 ... of CUDA 12 builds",
    # read as "==13.* || ==12.*" and as "==12.* || ==13.*"
    found = [
        _stated("cuda", "==13.* || ==12.*", "README.md", 83, "CUDA 13 CUDA 12"),
        _stated("cuda", "==12.* || ==13.*", "README.md", 83, "CUDA 12 CUDA 13"),
    ]
    (one,) = fold_implied(found, {"README.md": PROSE})
    assert one.spec == "==13.* || ==12.*"


def test_releases_one_file_names_apart_are_alternatives_and_files_still_conflict() -> None:
    # ai-dynamo/nixl@8770b655 README.md:270 "**For CUDA 12:**" and :279 "**For CUDA 13:**";
    # a second file's pin excluding both stays its own (``contradictions`` weighs the files)
    found = [
        _stated("cuda", "==12.*", "README.md", 270, "CUDA 12"),
        _stated("cuda", "==13.*", "README.md", 279, "CUDA 13"),
        _stated("cuda", "==12.*", "README.md", 162, "CUDA 12"),
        _stated("cuda", "==11.8", "docs/old.md", 4, "CUDA 11.8"),
        _stated("cuda", ">=12.8", "README.md", 300, "CUDA 12.8+"),
    ]
    lines = ["text"] * 300
    lines[161], lines[269], lines[278], lines[299] = (
        "CUDA 12",
        "**For CUDA 12:**",
        "**For CUDA 13:**",
        "CUDA 12.8+",
    )
    merged = one_file_alternatives(found, {"README.md": "\n".join(lines), "docs/old.md": ""})
    assert [(r.spec, _places(r)) for r in merged] == [
        (
            "==12.* || ==13.*",
            [("README.md", 270), ("README.md", 279), ("README.md", 162)],
        ),
        ("==11.8", [("docs/old.md", 4)]),
        (">=12.8", [("README.md", 300)]),
    ]


def test_a_version_in_use_is_named_by_the_unversioned_finding_not_stated_again() -> None:
    # hicann/cann-recipes-infer@fbc225d2 README.md:66 "... 提供基于 CANN 平台的优化样例" and
    # :122 "| CANN | 推荐 9.0.0 |" (a version table's recommendation, soft)
    found = [
        _stated("cann", "", "README.md", 66, "基于 CANN 平台", confidence="medium"),
        _stated("cann", "==9.0.0", "README.md", 122, "CANN | 推荐 9.0.0", hard=False),
    ]
    settled = settle_unversioned(found, "x")
    assert [(r.spec, _places(r)) for r in settled.requirements] == [
        ("", [("README.md", 66), ("README.md", 122)])
    ]
    assert settled.in_use == [found[1]]
    (finding,) = settled.findings
    assert "only README.md:122 shows ==9.0.0 in use" in finding.message
    # without a finding to name it (a scope beside the repo's) it stays a requirement
    kept = settle_unversioned(found, "x", name_in_use=False).requirements
    assert [r.spec for r in kept] == ["", "==9.0.0"]


def test_versions_in_use_that_exclude_each_other_stay_requirements() -> None:
    found = [
        _stated("cann", "", "README.md", 66, "基于 CANN 平台", confidence="medium"),
        _stated("cann", "==9.0.0", "README.md", 122, "CANN | 推荐 9.0.0", hard=False),
        _stated("cann", "==8.5.0", "docs/install.md", 9, "CANN 8.5.0", hard=False),
    ]
    settled = settle_unversioned(found, "x")
    assert [r.spec for r in settled.requirements] == ["", "==9.0.0", "==8.5.0"]
    assert settled.in_use == []
    (finding,) = settled.findings
    assert "README.md:122 shows ==9.0.0, docs/install.md:9 shows ==8.5.0" in finding.message


def test_a_soft_chip_list_sharing_a_chip_with_the_guides_joins_it() -> None:
    # hicann/ops-sparse@ae60d05a build.sh:46 SUPPORT_COMPUTE_UNIT_SHORT=("ascend910_93"
    # "ascend910b" ...) (soft, what the build compiles for) beside
    # docs/zh/install/quick_install.md:17 "当前仅适用于Atlas A2系列产品": the guide's list decides
    guide = "docs/zh/install/quick_install.md"
    built = _stated("chip", "910_93,910B,310P", "build.sh", 46, "SUPPORT_COMPUTE_UNIT_SHORT=")
    chips = tuple(Alternative(value=v, source=built.source) for v in built.spec.split(","))
    built = msgspec.structs.replace(built, hard=False, any_of=chips)
    found = [built, _stated("chip", "910B", guide, 17, "仅适用于Atlas A2系列产品")]
    (one,) = unite(found, {"build.sh": DECLARED, guide: PROSE})
    assert (one.spec, one.hard, _places(one)) == ("910B", True, [(guide, 17), ("build.sh", 46)])
    assert one.text == "仅适用于Atlas A2系列产品; also stated: 910_93,910B,310P (build.sh:46)"
    # a list naming none of the guide's chips is a disagreement, shown as two
    other = msgspec.structs.replace(built, spec="310P", any_of=chips[2:])
    assert len(unite([other, found[1]], {"build.sh": DECLARED, guide: PROSE})) == 2


def test_unbounded_ranges_join_as_unbounded() -> None:
    # a floor beside a series it holds still admits all above: the union is >=3.8
    assert says_no_more(">=3.8 || ==3.9.*", ">=3.11", "python")
    assert says_no_more("==3.9.* || >=3.8", "==3.12.*", "python")
    assert says_no_more("<3.10 || ==3.9.*", "<3.8", "python")
    assert says_no_more("<=3.9 || >=3.9", ">=4", "python")
    assert not says_no_more(">=3.8 || ==3.7.*", "==3.6.*", "python")


def test_many_statements_of_one_subject_fold_in_time() -> None:
    # hostile input: 1,500 prose floors of python in one guide (each compared with all)
    found = [
        _stated("python", f">=3.{n % 15}", "README.md", n + 1, f"python >=3.{n % 15}")
        for n in range(1500)
    ]
    started = cpu_seconds()
    (one,) = fold_implied(found, {"README.md": PROSE})
    assert cpu_seconds() - started < 2
    assert (one.spec, one.source.line) == (">=3.14", 15)


def test_a_clause_of_blanks_is_refused_in_time() -> None:
    started = cpu_seconds()
    with pytest.raises(InvalidSpecifier):
        _clause(" " * 100_000 + "x y", "numeric")
    assert cpu_seconds() - started < 2
    assert ranges(" ==3.9.* ", "python") == ranges("==3.9.*", "python")


def _cuda_pins(text: str, first: int, second: int) -> list[str]:
    found = [
        _stated("cuda", "==11.8", "README.md", first, "CUDA 11.8"),
        _stated("cuda", "==12.4", "README.md", second, "CUDA 12.4"),
    ]
    return [r.spec for r in one_file_alternatives(found, {"README.md": text})]


def test_releases_one_file_names_are_alternatives_only_where_it_sets_them_apart() -> None:
    # constructed: a stale pin beside the new one in one section is two statements (the
    # contradiction stays to be shown), not a choice
    stale = "## Install\n\nCUDA 11.8 is required.\n\nBuild it.\n\nCUDA 12.4 is required.\n"
    assert _cuda_pins(stale, 3, 7) == ["==11.8", "==12.4"]
    # the same words under headings of their own, as cases led in, or rows of one table
    headed = stale.replace("Build it.", "## Install on newer systems")
    assert _cuda_pins(headed, 3, 7) == ["==11.8 || ==12.4"]
    led = "## Install\n\nIf you use CUDA 11.8:\n\nx\n\nFor CUDA 12.4:\n"
    assert _cuda_pins(led, 3, 7) == ["==11.8 || ==12.4"]
    # facebookresearch/faiss@02dbb4e4 INSTALL.md:8-9 (list items naming the CUDA of each package)
    faiss = (
        "- faiss-gpu, containing both CPU and GPU indices, is available on Linux (x86-64 only) "
        "for CUDA 11.4 and 12.1\n- faiss-gpu-cuvs package containing GPU indices provided by "
        "[NVIDIA cuVS](https://github.com/rapidsai/cuvs/) version 26.06, is available on Linux "
        "(x86-64 only) for CUDA 13.2.\n"
    )
    assert _cuda_pins(faiss, 1, 2) == ["==11.8 || ==12.4"]
    table = "| OS | CUDA |\n| --- | --- |\n| Ubuntu 20.04 | 11.8 |\n| Ubuntu 22.04 | 12.4 |\n"
    assert _cuda_pins(table, 3, 4) == ["==11.8 || ==12.4"]


_TASK = "CLAUDE_NPU_HARNESS_TASK.md"


def test_a_hard_mention_stands_for_the_others() -> None:
    # ascend-npu-harness@0a9f1704 AGENTS.md:64 and CLAUDE_NPU_HARNESS_TASK.md:770 (constructed:
    # their confidence and hardness): the surer soft line does not stand for a hard need
    # (review 25b, L4)
    found = [
        _stated("cann", "", "AGENTS.md", 64, "Graceful skip when CANN unavailable", hard=False),
        _stated("cann", "", _TASK, 770, "detect missing CANN/NPU cleanly.", confidence="medium"),
    ]
    (kept,) = settle_unversioned(found, "x").requirements
    assert (kept.source.line, kept.hard, _places(kept)) == (
        770,
        True,
        [(_TASK, 770), ("AGENTS.md", 64)],
    )
    # none hard: the surest stands, soft
    soft = [msgspec.structs.replace(r, hard=False) for r in found]
    (kept,) = settle_unversioned(soft, "x").requirements
    assert (kept.source.line, kept.hard) == (64, False)
