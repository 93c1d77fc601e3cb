"""outsider17 D11: ``pip install -r vllm/requirements/build.txt`` after ``git clone -b v0.9.1
https://github.com/vllm-project/vllm.git`` (pillumina/verl_npu@2faa869 README.md:4-8) was
planned to "run now": the list is the clone's, not the checkout's, and the README's comment
has the reader edit it first. The step needs the clone as the user's input."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

README_3_10 = "\n".join(
    [
        "## 1、安装 vllm 和 vllm-ascend",
        "```bash",
        "# vllm",
        "git clone -b v0.9.1 https://github.com/vllm-project/vllm.git",
        "pip install -r vllm/requirements/build.txt -i https://mirrors.aliyun.com/pypi/simple/"
        " # 将里面的torch==2.7删除",
        "pip install -r vllm/requirements/common.txt -i https://mirrors.aliyun.com/pypi/simple/",
        "cd vllm",
        "VLLM_TARGET_DEVICE=empty python setup.py develop",
        "```",
        "",
    ]
)
"""pillumina/verl_npu@2faa869 README.md:3-10 (with its closing fence, :17)."""


def _inputs(root: Path) -> dict[int, tuple[str, ...]]:
    steps = scan_repo(root, str(root), name="verl_npu").component.steps
    return {s.source.line or 0: s.needs.inputs for s in steps if "-r" in s.argv}


def test_a_list_inside_a_fresh_clone_needs_the_clone(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# 使用方式\n\n" + README_3_10)
    inputs = _inputs(tmp_path)
    # the line's comment ("delete torch==2.7 in it") is said with the input (left37)
    assert inputs[7] == (
        "vllm/requirements/build.txt (its line says: 将里面的torch==2.7删除), from the clone of "
        "https://github.com/vllm-project/vllm.git (line 6)",
    )
    assert inputs[8][0].startswith("vllm/requirements/common.txt, from the clone of")


def test_a_list_of_the_checkout_itself_needs_nothing(tmp_path: Path) -> None:
    # the list named before any clone, of the checkout's own folder: no input
    (tmp_path / "requirements").mkdir()
    (tmp_path / "requirements/build.txt").write_text("ninja\n")
    (tmp_path / "README.md").write_text(
        "# x\n\n```bash\npip install -r requirements/build.txt\n"
        "git clone https://github.com/vllm-project/vllm.git\n```\n"
    )
    assert _inputs(tmp_path) == {4: ()}


def test_a_list_inside_a_fresh_clone_of_the_repo_itself_is_the_repos(tmp_path: Path) -> None:
    # review36 (constructed): the guide clones the checkout's own repo; its list is the repo's
    root = tmp_path / "verl"
    root.mkdir()
    (root / "requirements.txt").write_text("ray\n")
    (root / "README.md").write_text(
        "# verl\n\n```bash\ngit clone https://github.com/volcengine/verl.git\n"
        "pip install -r verl/requirements.txt\n```\n"
    )
    steps = scan_repo(root, str(root), name="verl").component.steps
    assert [s.needs.inputs for s in steps if "-r" in s.argv] == [()]
