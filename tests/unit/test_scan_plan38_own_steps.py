"""A repo's own build and test steps as its guides and CI give them (outsider18 D15, D16;
fixed in session 38). Each test writes the real lines of a public repo (repo@commit
path:line) into a tree and scans it."""

from __future__ import annotations

import shutil
from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.scan.stepkinds import step_kind


def _tree(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


_TENSORNVME = {
    # hpcaitech/TensorNVMe@6403388 README.md:168-173, its python tests
    "README.md": (
        "## How to test\n\n"
        "We also have python unit tests. Make sure you have installed `pytest`. To run:\n\n"
        "```shell\npytest ./tests\n```\n"
    ),
    # .github/workflows/build.yml:17-31
    ".github/workflows/build.yml": (
        "name: Build\n\non:\n  pull_request:\n\njobs:\n  build:\n"
        "    runs-on: ubuntu-latest\n"
        "    steps:\n"
        "      - uses: actions/checkout@v2\n"
        "      - name: Install tensornvme\n"
        "        run: |\n"
        "          pip install -r requirements.txt\n"
        "          pip install -v -e .\n"
        "      - name: Unit Testing\n"
        "        run: |\n"
        "          pip install -r tests/requirements.txt\n"
        "          PYTHONPATH=$PWD pytest tests\n"
    ),
    "tests/requirements.txt": "pytest\ntransformers\n",  # tests/requirements.txt:1-2
    "tests/test_adam.py": "from transformers import LlamaConfig\n",  # tests/test_adam.py:7
}


def test_the_tests_requirements_the_ci_installs_come_before_the_tests(tmp_path: Path) -> None:
    # D16: `pytest ./tests` was planned without tests/requirements.txt (transformers), which
    # build.yml:30 installs right before its pytest run (:31)
    _tree(tmp_path, _TENSORNVME)
    steps = scan_repo(tmp_path, ".", name="TensorNVMe").component.steps
    names = [s.name for s in steps]
    assert "pip install -r tests/requirements.txt" in names
    install = names.index("pip install -r tests/requirements.txt")
    assert install < names.index("pytest ./tests")
    assert steps[install].source.ref.endswith(".github/workflows/build.yml")
    assert steps[install].source.line == 17
    assert steps[install].needs.network


def test_a_ci_list_installed_after_no_pytest_run_is_no_test_step(tmp_path: Path) -> None:
    # the same workflow with its pytest line cut: nothing says the list is for a pytest run
    files = dict(_TENSORNVME)
    files[".github/workflows/build.yml"] = files[".github/workflows/build.yml"].rsplit(
        "          PYTHONPATH", 1
    )[0]
    _tree(tmp_path, files)
    names = [s.name for s in scan_repo(tmp_path, ".", name="TensorNVMe").component.steps]
    assert "pip install -r tests/requirements.txt" not in names
    assert "pytest ./tests" in names


def test_a_usage_request_is_no_build() -> None:
    # D15: repo-mirror-test/ops-transformer@bfbbec83 docs/zh/context/build.md:26 `bash
    # build.sh --help` under "可通过如下命令查看所有功能参数" (see all its options with) was
    # planned as a build
    assert step_kind(("bash", "build.sh", "--help")) is None
    assert step_kind(("./build.sh", "-h")) is None
    assert step_kind(("bash", "build.sh", "-u")) == "build"  # build.md:33 `-u`: builds the UT


def test_a_script_the_installer_ships_is_no_step(tmp_path: Path) -> None:
    # D15: repo-mirror-test/ops-transformer@bfbbec83 scripts/package/ops_transformer/scripts/
    # ver_check.sh, which the built .run's install.sh:39 runs (VERCHECK_FILE=
    # "${CURR_PATH}/ver_check.sh"), was a run step of the checkout
    _tree(
        tmp_path,
        {
            "scripts/package/ops_transformer/scripts/ver_check.sh": (
                "#!/bin/bash\n"
                "req_ver_path=$1\n"  # :12-14
                "_CURR_PATH=$(dirname $(readlink -f $0))\n"
                '_DEFAULT_INSTALL_PATH="/usr/local/Ascend"\n'
            ),
            # a repo-level check script stays a step (libdeflate's scripts/run_tests.sh kind)
            "scripts/check_all.sh": "#!/bin/bash\necho checking\n",
        },
    )
    names = [s.name for s in scan_repo(tmp_path, ".", name="ops-transformer").component.steps]
    assert "bash scripts/package/ops_transformer/scripts/ver_check.sh" not in names
    assert "bash scripts/check_all.sh" in names


# repo-mirror-test/ops-transformer@bfbbec83 docs/zh/invocation/quick_op_invocation.md:17-28, its
# custom operator package build (the build the outsider's truth takes, :22 with :28's default)
_QUICK_OP_INVOCATION = (
    "# 算子调用\n\n## 编译执行\n\n### 自定义算子包\n\n"
    "1. **编译自定义算子包**\n\n"
    "    进入项目根目录，执行如下编译命令：\n"
    "    \n"
    "    ```bash\n"
    "    bash build.sh --pkg --soc=${soc_version} [--vendor_name=${vendor_name}] "
    "[--ops=${op_list}]\n"
    "    # 以FlashAttentionScore算子编译为例\n"
    "    # bash build.sh --pkg --soc=ascend910b --ops=flash_attention_score\n"
    "    ```\n"
    '    - --soc：\\$\\{soc\\_version\\}表示NPU型号。Atlas A2系列产品使用"ascend910b"（默认），'
    'Atlas A3系列产品使用"ascend910_93"\n'
)


def _ops_transformer(root: Path, guide: str) -> None:
    _tree(
        root,
        {
            "docs/zh/invocation/quick_op_invocation.md": guide,
            "build.sh": "#!/bin/bash\nset -e\n",  # build.sh:1,12
            # attention/rain_fusion_attention/README.md:184-189, one operator's build note
            "attention/rain_fusion_attention/README.md": (
                "# RainFusionAttention\n\n## 编译说明\n\n"
                "算子编译集成在ops-transformer-dev的统一编译流程中:\n\n"
                "```bash\nbash build.sh --soc=Ascend910B3\n```\n"
            ),
            # attention/rain_fusion_attention/tests/README.md:28-36, its tests' build and run
            "attention/rain_fusion_attention/tests/README.md": (
                "## 编译和运行\n\n```bash\n# 编译测试\ncd /path/to/ops-transformer-dev\n"
                "bash build.sh --soc=Ascend910B3\n\n# 运行测试\n./test_rain_fusion_attention\n```\n"
            ),
            # attention/rain_fusion_attention/CMakeLists.txt:11, its own build file
            "attention/rain_fusion_attention/CMakeLists.txt": (
                "file(GLOB CURRENT_DIRS RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} "
                "${CMAKE_CURRENT_SOURCE_DIR}/*)\n"
            ),
        },
    )


def test_a_usage_line_is_built_as_typed_with_the_default_the_guide_states(tmp_path: Path) -> None:
    # D15: the build was none of quick_op_invocation.md:22 (brackets and ${soc_version} kept it
    # from being a command) but one operator's README.md:188 `bash build.sh --soc=Ascend910B3`
    _ops_transformer(tmp_path, _QUICK_OP_INVOCATION)
    component = scan_repo(tmp_path, ".", name="ops-transformer").component
    builds = [s for s in component.steps if s.kind == "build"]
    assert [s.argv for s in builds] == [("bash", "build.sh", "--pkg", "--soc=ascend910b")]
    assert builds[0].source.line == 12
    (note,) = builds[0].notes
    assert "[--vendor_name=${vendor_name}] [--ops=${op_list}]" in note
    assert "soc_version = ascend910b" in note
    assert "quick_op_invocation.md:16" in note
    operator = next(s for s in component.scopes if s.name == "attention/rain_fusion_attention")
    assert [s.name for s in operator.steps] == ["bash build.sh --soc=Ascend910B3"]


def test_a_placeholder_without_a_stated_default_stays_unread(tmp_path: Path) -> None:
    # the same guide without :28's bullet: ${soc_version} has no value to take, so :22 is no
    # command as written; the repo's own build.sh is the build, as before
    _ops_transformer(tmp_path, _QUICK_OP_INVOCATION.rsplit("    - --soc", 1)[0])
    component = scan_repo(tmp_path, ".", name="ops-transformer").component
    builds = [s.name for s in component.steps if s.kind == "build"]
    assert not any("--pkg" in name or "Ascend910B3" in name for name in builds)


_DCNV4 = Path(__file__).parents[1] / "fixtures" / "repos" / "plan38" / "DCNv4"
"""OpenGVLab/DCNv4@4b848f7 DCNv4_op/setup.py and make.sh, whole (SOURCE.md there)."""


def _dcnv4(root: Path, readme: str) -> None:
    shutil.copytree(_DCNV4, root, dirs_exist_ok=True)
    _tree(
        root,
        {
            "README.md": readme,
            # classification/ops_dcnv3/make.sh and setup.py: a sub-project's own copy (alike)
            "classification/ops_dcnv3/setup.py": (_DCNV4 / "DCNv4_op/setup.py").read_text(),
            "classification/ops_dcnv3/make.sh": (_DCNV4 / "DCNv4_op/make.sh").read_text(),
            # classification/README.md:19, its own environment
            "classification/README.md": "conda create -n internimage python=3.7 -y\n",
        },
    )


def test_the_script_that_builds_the_repo_s_package_folder_is_its_build(tmp_path: Path) -> None:
    # D1: README.md (news, models, no install) and no build file at the top: the plan built
    # nothing, though DCNv4_op/make.sh:10 builds the repo's extension where it lies
    _dcnv4(tmp_path, "# [DCNv4](https://arxiv.org/pdf/2401.06197.pdf)\n\n## News\n")
    component = scan_repo(tmp_path, ".", name="DCNv4").component
    built = [s for s in component.steps if s.kind in ("install", "build")]
    assert [(s.argv, s.cwd, s.source.line) for s in built] == [
        (("bash", "make.sh"), "DCNv4_op", 10)
    ]
    assert built[0].needs.toolkit
    assert built[0].source.ref.endswith("DCNv4_op/make.sh")


def test_a_stated_install_keeps_the_script_out(tmp_path: Path) -> None:
    # the same tree with a guide that installs the folder: the guide's step is the build
    _dcnv4(tmp_path, "## Install\n\n```bash\ncd DCNv4_op\npip install .\n```\n")
    component = scan_repo(tmp_path, ".", name="DCNv4").component
    built = [(s.name, s.cwd) for s in component.steps if s.kind in ("install", "build")]
    assert built == [("pip install .", "DCNv4_op")]
