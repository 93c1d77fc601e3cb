"""Scopes, any-of support lists and repeated statements, on lines of real repositories.

Sources (public, at the commits the tune-set truth was written for):
- sgl-project/sgl-kernel-npu f425bdf1e191a7682296d3b2ed0b927d4e37d671
- Ascend/MindSpeed 028de58ca629d035185b00ff7d1eb7eff4f7fd48
- Ascend/torchair fced8842d149f16b587c2c867d427e4b766831ca
- hiyouga/LLaMA-Factory ff6d4d12 and Dao-AILab/flash-attention 0251105a (the new-user trial)
"""

from __future__ import annotations

from pathlib import Path

from bringup.model import Requirement, file_source
from bringup.scan.anyof import unite
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.registry import DECLARED, PROSE, USED
from bringup.scan.repeats import merge_repeats
from bringup.scan.repo import scan_repo
from bringup.scan.scopes import CI, DEVELOPMENT, DOCKER, REPO, TESTS, Scopes, feature

# sgl-kernel-npu build.sh:458 and :484 (the default full build packages both directories).
_SGL_BUILD = """cd "$PROJECT_ROOT/python/deep_ep"
cd "$PROJECT_ROOT/python/attentions"
"""
_SGL_FILES = [
    "build.sh",
    "CMakeLists.txt",
    "python/deep_ep/setup.py",
    "python/deep_ep/README.md",
    "python/deep_ep/doc/A2_DEEPEP.md",
    "python/attentions/setup.py",
    "python/attentions/requirements.txt",
    "csrc/CMakeLists.txt",
    "csrc/lightning_indexer/README.md",
    "benchmark/deepep/README.md",
    ".github/workflows/pr-test-kernels.yml",
    "tests/python/deepep/test_intranode.py",
    "tests/python/deepep/README.md",
]


def _sgl() -> Scopes:
    # python/attentions/setup.py:1 — it never names its requirements.txt.
    texts = {"build.sh": _SGL_BUILD, "python/attentions/setup.py": "from setuptools import setup"}
    return Scopes(_SGL_FILES, texts)


def test_a_package_the_top_build_builds_is_the_repo() -> None:
    assert _sgl().of("python/deep_ep/README.md") == REPO
    assert _sgl().of("python/deep_ep/setup.py") == REPO
    assert _sgl().of("csrc/CMakeLists.txt") == REPO  # a build directory without a README


def test_a_kernel_readme_and_a_benchmark_are_sub_projects() -> None:
    assert _sgl().of("csrc/lightning_indexer/README.md") == "csrc/lightning_indexer"
    assert _sgl().of("benchmark/deepep/README.md") == "benchmark/deepep"
    assert not feature("benchmark/deepep")


def test_ci_tests_docs_and_unread_requirements_have_their_own_scope() -> None:
    scopes = _sgl()
    assert scopes.of(".github/workflows/pr-test-kernels.yml") == CI
    assert scopes.of("tests/python/deepep/README.md") == TESTS
    # a test's skip guard is what the test step needs, not the repo
    assert scopes.of("tests/python/deepep/test_intranode.py") == TESTS
    assert scopes.of("python/deep_ep/doc/A2_DEEPEP.md") == "python/deep_ep/doc/A2_DEEPEP"
    assert scopes.of("python/attentions/requirements.txt") == "python/attentions"


def test_nvidia_qa_scripts_are_the_tests_feature() -> None:
    # TransformerEngine qa/L1_pytorch_distributed_unittest/test.sh:32 runs CP tests in
    # parallel when '[ "$NUM_GPUS" -ge 8 ]': what that test step wants, not the repo's need
    scopes = Scopes(["setup.py", "qa/L1_pytorch_distributed_unittest/test.sh"], {})
    assert scopes.of("qa/L1_pytorch_distributed_unittest/test.sh") == TESTS


def test_install_guides_are_the_repo_topic_pages_are_features() -> None:
    files = [
        "README.md",
        "AGENTS.md",
        "CONTRIBUTING.md",
        "ci/Dockerfile",
        "docker/Dockerfile",
        "docs/zh/user-guide/install_guide.md",
        "docs/zh/user-guide/quickstart.md",
        "docs/zh/release_notes_core.md",
        "docs/zh/overview.md",
        "docs/zh/mindspore/install_guide.md",
        "docs/zh/ascend_ir/features/basic/pattern_fusion_pass.md",
        "experimental/_inductor_npu_ext/python/setup.py",
    ]
    scopes = Scopes(files, {})
    for rel in files[5:9]:
        assert scopes.of(rel) == REPO, rel
    assert scopes.of("docs/zh/mindspore/install_guide.md") == "docs/zh/mindspore"
    page = "docs/zh/ascend_ir/features/basic/pattern_fusion_pass.md"
    assert scopes.of(page) == "docs/zh/ascend_ir/features/basic"
    assert feature(scopes.of(page))
    assert scopes.of("AGENTS.md") == scopes.of("CONTRIBUTING.md") == DEVELOPMENT
    assert scopes.of("ci/Dockerfile") == CI
    assert scopes.of("docker/Dockerfile") == DOCKER
    setup = "experimental/_inductor_npu_ext/python/setup.py"
    assert scopes.of(setup) == "experimental/_inductor_npu_ext"


def test_lint_and_dev_requirement_files_are_not_the_repo() -> None:
    # deepseek-ai/DeepEP requirements-lint.txt (clang-format, yapf, ruff); NVIDIA/apex
    # requirements_dev.txt (flake8, Sphinx) beside its requirements.txt
    scopes = Scopes(["requirements-lint.txt", "requirements_dev.txt", "requirements.txt"], {})
    assert scopes.of("requirements-lint.txt") == DEVELOPMENT
    assert scopes.of("requirements_dev.txt") == DEVELOPMENT
    assert scopes.of("requirements-test.txt") == TESTS
    assert scopes.of("requirements.txt") == REPO


def _docs(rel: str, text: str) -> list[Requirement]:
    return list(extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements)


# MindSpeed docs/zh/user-guide/install_guide.md:5-14 (a support table, one row per product).
_MINDSPEED_TABLE = """## 硬件配套和支持的操作系统

|产品|是否支持（训练场景）|
|--|:-:|
|<term>Ascend 950 系列产品</term>|√|
|<term>Atlas A3 训练系列产品</term>|√|
|<term>Atlas A2 训练系列产品</term>|√|
"""
# torchair README.md:163-169 (a bullet list under "支持的型号").
_TORCHAIR_LIST = """# 支持的型号

- Ascend 950PR/Ascend 950DT
- Atlas A3 训练系列产品/Atlas A3 推理系列产品
- Atlas A2 训练系列产品/Atlas A2 推理系列产品
"""


def test_support_lists_in_several_docs_unite_into_one_any_of() -> None:
    found = _docs("docs/install_guide.md", _MINDSPEED_TABLE) + _docs("README.md", _TORCHAIR_LIST)
    chips = [r for r in found if r.subject == "chip"]
    assert len(chips) > 1  # each row or bullet is read on its own
    authority = {"docs/install_guide.md": PROSE, "README.md": PROSE}
    (united,) = [r for r in unite(found, authority) if r.subject == "chip"]
    assert sorted(united.spec.split(",")) == ["910B", "910_93", "950"]
    assert united.source == chips[0].source
    assert {a.source for a in united.any_of} == {r.source for r in chips}


def test_a_machine_read_chip_narrows_and_stays_apart() -> None:
    prose = _docs("README.md", _TORCHAIR_LIST)
    # sgl-kernel-npu CMakeLists.txt's SOC default, as the CMake reader states it (soft, here
    # made hard to show that a machine-read value is never merged into the docs' list)
    cmake = Requirement(
        subject="chip",
        spec="910_93",
        component="x",
        source=file_source("CMakeLists.txt", 20),
        text='set(SOC_VERSION "Ascend910_9382")',
    )
    authority = {"README.md": PROSE, "CMakeLists.txt": DECLARED}
    chips = [r for r in unite([*prose, cmake], authority) if r.subject == "chip"]
    assert [r.spec for r in chips] == ["950,910_93,910B", "910_93"]


def _python(spec: str, rel: str, line: int, text: str) -> Requirement:
    return Requirement(
        subject="python", spec=spec, component="x", source=file_source(rel, line), text=text
    )


def test_an_implied_floor_and_a_repeat_are_one_requirement() -> None:
    found = [
        _python(">=3", "setup.py", 7, "sys.version_info < (3,)"),  # MindSpeed setup.py:7
        _python(">=3.8", "setup.py", 76, "python_requires='>=3.8'"),  # MindSpeed setup.py:76
        _python(">=3.8", "README.md", 24, "Python 3.8 or newer"),
    ]
    authority = {"setup.py": DECLARED, "README.md": PROSE}
    (merged,) = merge_repeats(found, authority)
    assert (merged.spec, merged.source) == (">=3.8", file_source("setup.py", 76))
    assert merged.also_at == (file_source("setup.py", 7), file_source("README.md", 24))
    assert USED > PROSE  # a script outranks prose when picking the place to cite


# torchair README.md:151-155 (cell padding squeezed): the release matrix; the master row is
# what a checkout of master needs.
_MASTER = (
    "| master（主线） | 2.6.0 + | 在研版本 | 在研版本 | "
    "Python3.9.x / Python3.10.x / Python3.11.x / Python3.12.x |"
)
_TORCHAIR_MATRIX = f"""# 版本配套表

| TorchAir版本 | PyTorch版本 | torch_npu版本 | CANN版本 | Python版本 |
|------------|-------------------------| ----------------- |---------|---------------|
{_MASTER}
| 7.3.0 | 2.6.0 / 2.7.1 / 2.8.0 | 7.3.0 | 8.5.0 | Python3.9.x / Python3.10.x / Python3.11.x |
| 7.2.0 | 2.1.0 | 7.2.0 | 8.3.RC1 | Python3.8.x / Python3.9.x / Python3.10.x / Python3.11.x |
"""


def test_the_development_row_of_a_release_matrix_is_the_requirement() -> None:
    found = {r.subject: r for r in _docs("README.md", _TORCHAIR_MATRIX)}
    assert found["torch"].spec == ">=2.6.0"
    assert found["python"].spec == "==3.9.* || ==3.10.* || ==3.11.* || ==3.12.*"
    assert found["cann"].spec == ""
    assert "在研版本" in (found["cann"].text or "")
    assert {r.source.line for r in found.values()} == {5}


def test_a_benchmark_pin_is_shown_beside_the_repo_not_in_it(tmp_path: Path) -> None:
    # sgl-kernel-npu csrc/sparse_attention_score/README.md:179 pins a CANN the repo does not
    (tmp_path / "README.md").write_text("# sgl-kernel-npu\n", encoding="utf-8")
    kernel = tmp_path / "csrc" / "sparse_attention_score"
    kernel.mkdir(parents=True)
    (kernel / "README.md").write_text(
        "## Build\n\n```bash\nsource /usr/local/Ascend/cann-9.0.0/set_env.sh\n"
        "bash build.sh -a kernels Ascend910_9382\n```\n",
        encoding="utf-8",
    )
    component = scan_repo(tmp_path, "sgl").component
    assert not [r for r in component.requirements if r.subject == "cann"]
    (scope,) = component.scopes
    assert scope.name == "csrc/sparse_attention_score"
    assert not scope.feature
    assert [r.spec for r in scope.requirements if r.subject == "cann"] == ["==9.0.0"]


# hiyouga/LLaMA-Factory ff6d4d12: requirements/moss-vl.txt:1 and requirements/sglang.txt:1-2;
# pyproject.toml:38 lists the core dependencies inline and names no requirements file.
_LLAMA_FACTORY_PYPROJECT = """[project]
name = "llamafactory"
requires-python = ">=3.11.0"
dependencies = [
    "torch>=2.4.0",
    "transformers>=4.55.0,<=5.8.0,!=4.57.0,!=5.6.0",
]
"""


def test_an_extras_requirements_file_is_an_optional_feature() -> None:
    files = ["pyproject.toml", "README.md", "requirements/moss-vl.txt", "requirements/sglang.txt"]
    scopes = Scopes([*files, "requirements/dev.txt"], {"pyproject.toml": _LLAMA_FACTORY_PYPROJECT})
    assert scopes.of("requirements/moss-vl.txt") == "extra:moss-vl"
    assert scopes.of("requirements/sglang.txt") == "extra:sglang"
    assert scopes.of("requirements/dev.txt") == DEVELOPMENT
    assert feature("extra:sglang")


def test_a_requirements_file_the_build_installs_is_the_repo_an_extra_one_is_not() -> None:
    # constructed (no real line at hand): the two keys a setup.py names requirement files under
    setup = (
        'setup(install_requires=read("requirements/cuda.txt"),\n'
        '      extras_require={"tensorizer": read("requirements/tensorizer.txt")})\n'
    )
    files = ["setup.py", "requirements/cuda.txt", "requirements/tensorizer.txt"]
    scopes = Scopes(files, {"setup.py": setup})
    assert scopes.of("requirements/cuda.txt") == REPO
    assert scopes.of("requirements/tensorizer.txt") == "extra:tensorizer"
    assert Scopes(["requirements/base.txt"], {}).of("requirements/base.txt") == REPO


def test_a_requirements_folders_file_may_repeat_the_folders_name() -> None:
    # FlagScale@da4935ec requirements/requirements-base.txt:2 (aiohttp ...: the core list
    # install/install-requirements.sh:46 installs), requirements/requirements-common.txt,
    # constructed beside them: a lint list and a flavour named the same way
    files = [
        "setup.py",
        "requirements/requirements-base.txt",
        "requirements/requirements-common.txt",
        "requirements/requirements-lint.txt",
        "requirements/requirements-serving.txt",
    ]
    scopes = Scopes(files, {})
    assert scopes.of("requirements/requirements-base.txt") == REPO
    assert scopes.of("requirements/requirements-common.txt") == REPO
    assert scopes.of("requirements/requirements-lint.txt") == DEVELOPMENT
    assert scopes.of("requirements/requirements-serving.txt") == "extra:serving"


def test_two_extras_pinning_different_versions_are_no_conflict(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(_LLAMA_FACTORY_PYPROJECT, encoding="utf-8")
    (tmp_path / "requirements").mkdir()
    (tmp_path / "requirements" / "moss-vl.txt").write_text(
        "transformers==4.57.1\ntorchcodec==0.7.0\njoblib\n", encoding="utf-8"
    )
    (tmp_path / "requirements" / "sglang.txt").write_text(
        "sglang[srt]>=0.4.5\ntransformers==4.51.1\n", encoding="utf-8"
    )
    scanned = scan_repo(tmp_path, "LLaMA-Factory")
    transformers = [r for r in scanned.component.requirements if r.subject == "pypi:transformers"]
    assert [r.spec for r in transformers] == ["!=4.57.0,!=5.6.0,<=5.8.0,>=4.55.0"]
    assert not [f for f in scanned.findings if f.kind == "contradiction"]
    extras = {
        s.name: [r.spec for r in s.requirements if r.subject == "pypi:transformers"]
        for s in scanned.component.scopes
    }
    assert extras == {"extra:moss-vl": ["==4.57.1"], "extra:sglang": ["==4.51.1"]}


# Dao-AILab/flash-attention 0251105a: setup.py:55 names its package, never hopper/ (FA3, with
# its own hopper/setup.py:839 python_requires=">=3.10"); hopper/ has no README.
_FLASH_FILES = ["setup.py", "README.md", "hopper/setup.py", "hopper/flash_api.cpp"]


def test_a_directory_with_its_own_python_build_is_a_sub_project() -> None:
    scopes = Scopes(_FLASH_FILES, {"setup.py": 'PACKAGE_NAME = "flash_attn"\n'})
    assert scopes.of("hopper/setup.py") == "hopper"
    assert not feature("hopper")
    # named by the build around it, it is part of the repo's build
    assert Scopes(_FLASH_FILES, {"setup.py": 'os.chdir("hopper")\n'}).of("hopper/setup.py") == REPO
    # with no build around it, it is the repo's build
    assert Scopes(_FLASH_FILES[1:], {}).of("hopper/setup.py") == REPO


# hicann/pypto @ 883e7dfb docs/zh/install/prepare_environment.md:149 installs
# python/requirements.txt
# (pip>=22.1, build>=1.0.3 for build_ci.py), a list python/CMakeLists.txt never reads;
# FlagOpen/FlagScale @ da4935ec examples/robotics/README.md:37 installs an example's list.
_PYPTO_GUIDE = "```bash\ncd pypto\npython3 -m pip install -r python/requirements.txt\n```\n"


def test_a_nested_list_the_repos_guide_installs_is_the_repos() -> None:
    rels = [
        "CMakeLists.txt",
        "pyproject.toml",
        "python/CMakeLists.txt",
        "python/requirements.txt",
        "docs/zh/install/prepare_environment.md",
    ]
    build = {
        "CMakeLists.txt": "add_subdirectory(python)\n",
        "python/CMakeLists.txt": "project(x)\n",
    }
    texts = {
        **build,
        "python/requirements.txt": "pip>=22.1\nbuild>=1.0.3\n",
        "docs/zh/install/prepare_environment.md": _PYPTO_GUIDE,
    }
    assert Scopes(rels, build, texts={**texts, rels[-1]: ""}).of(rels[3]) == "python"
    assert Scopes(rels, build, texts=texts).of("python/requirements.txt") == REPO
    # an example's guide installing it says nothing of the repo
    moved = {**texts, "examples/robotics/README.md": _PYPTO_GUIDE, rels[-1]: ""}
    example = [*rels, "examples/robotics/README.md"]
    assert Scopes(example, build, texts=moved).of("python/requirements.txt") == "python"
