"""Second outside tester, session 22 (outsider22b): prose in an install hint and a run mode
named in a list item are no distributions to get from the package index."""

from __future__ import annotations

from bringup.model import Source
from bringup.scan.commandneeds import requirements_of
from bringup.scan.commands import parse_commands, pip_install_targets
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.fillins import fill_ins
from bringup.scan.stepkinds import step_kind, system_level
from bringup.scan.steps import steps_from_commands


def _subjects(rel: str, text: str) -> set[str]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return {r.subject for r in found}


# InternLM/InternEvo@c628a8c87411258e90c50f6a49f6a5e1f507ddb8:doc/en/install.md:28-31
INTERNEVO_INSTALL = """Install through pip command:
```bash
pip install InternEvo==xxx (xxx is the version you want to install)
```
"""


def test_a_note_in_brackets_after_pip_install_installs_none_of_its_words() -> None:
    subjects = _subjects("doc/en/install.md", INTERNEVO_INSTALL)
    assert not {s for s in subjects if s.startswith("pypi:")}, subjects


def _pip(line: str) -> list[str]:
    (command,) = parse_commands(line)
    targets = pip_install_targets(command.argv)
    assert targets is not None
    return targets[0]


def test_the_words_after_a_pipe_or_a_redirection_are_no_targets() -> None:
    # constructed: a log kept beside the install
    piped = _pip("pip install ninja 2>&1 | tee install.log")
    assert "ninja" in piped
    assert "tee" not in piped
    assert _pip("pip install ninja > install.log") == ["ninja"]
    # an unquoted specifier a shell would cut as a redirection is the guide's specifier
    assert _pip("pip install torch>=2.0 numpy") == ["torch>=2.0", "numpy"]


def test_a_pip_line_that_is_a_sentence_installs_only_what_it_pins() -> None:
    # constructed: the InternEvo hint (install.md:30) written without its brackets
    (command,) = parse_commands("pip install InternEvo==0.5.0 xxx is the version you want")
    source = Source(kind="file", ref="doc/en/install.md", line=30)
    found = {r.subject for r in requirements_of(command, source, hard=True)}
    assert found == {"pypi:internevo"}


# bigorange1024/ascendc@541ca73c1931f5d6d9cf34a18e9ad7f27b3437b5:Cursor-Cloud环境说明.md:10,16
ASCENDC_CLOUD = """## 环境概况

- `npu` 模式不可用（无实机）。CPU 孪生（`-r cpu`）与 CAModel 仿真（SIM）均可用。
"""


def test_a_run_mode_named_bare_in_a_list_is_no_distribution() -> None:
    assert "pypi:npu" not in _subjects("Cursor-Cloud环境说明.md", ASCENDC_CLOUD)


def _steps(rel: str, block: str) -> list[str]:
    file = SourceFile(ref=rel, rel=rel, text=block)
    return [" ".join(s.argv) for s in steps_from_commands(file, parse_commands(block))]


# bigorange1024/ascendc@541ca73c1931f5d6d9cf34a18e9ad7f27b3437b5:README.md:256-259,267,273-280
ASCENDC_REINSTALL = """cd ~/ascendc/packages
./Ascend-cann-910-ops_9.0.0_linux-x86_64.run --uninstall --quiet
./Ascend-cann-toolkit_9.0.0_linux-x86_64.run --uninstall --quiet
rm -rf ~/Ascend/cann-9.0.0 ~/Ascend/cann ~/Ascend/ascend-toolkit
bash ~/ascendc/scripts/install-cann-9.0.sh
chmod +x Ascend-cann-*.run
./Ascend-cann-toolkit_9.0.0_linux-x86_64.run --install --quiet --feature=ascendc
./Ascend-cann-910-ops_9.0.0_linux-x86_64.run --install --quiet
source ~/ascendc/scripts/env.sh
bash ~/ascendc/scripts/verify-cann.sh
"""


def test_installing_or_removing_a_system_toolkit_is_never_a_step() -> None:
    assert _steps("README.md", ASCENDC_REINSTALL) == ["bash ~/ascendc/scripts/verify-cann.sh"]


def test_a_script_that_installs_the_repos_own_dependencies_is_still_a_step() -> None:
    # hicann/amct style "bash install_deps.sh" (constructed name): not named for a toolkit
    # a step, of the install kind: it prepares the environment as pip install does
    assert step_kind(("bash", "scripts/install_deps.sh")) == "install"
    assert system_level(("bash", "install-cann-9.0.sh"))
    # constructed, the shape of a CANN toolkit's own script/uninstall.sh run by hand
    assert system_level(("bash", "uninstall.sh"))


# liguodongiot/llm-action@923449432b6bd00674efd5965fdb70365a88ce5e:
# llm-localization/ascend/ascend910-env-install.md:71,153,159
LLM_ACTION_DRIVER = """./Ascend-hdk-910-npu-driver_23.0.rc1_linux-aarch64.run --full --install-path=/usr/local/Ascend
/usr/local/Ascend/firmware/script/uninstall.sh --quiet
/usr/local/Ascend/driver/script/uninstall.sh  --quiet
"""  # noqa: E501


def test_a_driver_install_or_removal_in_another_guide_is_no_step() -> None:
    assert _steps("ascend910-env-install.md", LLM_ACTION_DRIVER) == []


# OpenRLHF/OpenRLHF@3c3be6234e0cb353e76bb8019947db9dfe99fca7:README.md:300-304
OPENRLHF_CHOOSE_ONE = """# 3. Install OpenRLHF (choose one)
pip install openrlhf                    # Basic
pip install openrlhf[vllm]              # + vLLM 0.27.1 (recommended)
pip install openrlhf[vllm_latest]       # + Latest vLLM
pip install openrlhf[vllm,ring,liger]   # + All optimizations
"""

# pytorch/torchtune@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1:docs/source/install.rst:18-22
TORCHTUNE_OR_NIGHTLY = (
    "    # Install stable version of PyTorch libraries using pip\n"
    "    pip install torch torchvision torchao\n"
    "\n"
    "    # Or nightly install for latest features\n"
    "    pip install --pre torch torchvision torchao --index-url "
    "https://download.pytorch.org/whl/nightly/cu126 # full options are "
    "cpu/cu118/cu124/cu126/xpu/rocm6.2/rocm6.3/rocm6.4\n"
)


def test_variants_of_one_install_are_one_step() -> None:
    assert _steps("README.md", OPENRLHF_CHOOSE_ONE) == ["pip install openrlhf"]
    assert _steps("docs/source/install.rst", TORCHTUNE_OR_NIGHTLY) == [
        "pip install torch torchvision torchao"
    ]


def test_a_value_in_braces_is_the_readers_to_fill_in() -> None:
    # OpenRLHF/OpenRLHF@3c3be62:README.md:394 (the argument as written)
    argv = ("deepspeed", "--module", "openrlhf.cli.train_rm", "--logger.wandb.key", "{wandb_token}")
    assert fill_ins(argv) == ("{wandb_token}",)
    assert fill_ins(("find", ".", "-exec", "rm", "{}", ";")) == ()


# bigorange1024/ascendc@541ca73c1931f5d6d9cf34a18e9ad7f27b3437b5:
# docs/engineering/环境复现与开发指南.md:28-42 (rows cut)
ASCENDC_SOURCE_MACHINE = """## 1. 源机器环境快照

| 项目 | 值 |
|------|-----|
| 主机名 | `BLUEZONE-03` |
| OS | Linux `6.6.87.1-microsoft-standard-WSL2`（WSL2） |
| 发行版 | Ubuntu **22.04.5 LTS** (jammy) |
| CANN 版本 | **9.0.0** 社区版 |
| 编译器 | `ccec`（clang 15.0.5，CANN 自带） |
| 系统编译器 | GCC 11.4.0 / CMake 3.22 |
"""


def test_a_table_of_the_authors_machine_pins_nothing_hard() -> None:
    rel = "docs/engineering/环境复现与开发指南.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=ASCENDC_SOURCE_MACHINE)).requirements
    # Linux's number is a kernel's release: no OS release to compare with os-release's
    assert not [r for r in found if r.subject == "os_version"]
    hard = {r.subject for r in found if r.hard}
    assert not hard & {"gcc", "clang", "os"}, hard


def _hard(rel: str, text: str) -> dict[str, bool]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return {r.subject: r.hard for r in found}


# OpenRLHF/OpenRLHF@3c3be6234e0cb353e76bb8019947db9dfe99fca7:README_ja.md:309-310
OPENRLHF_JA_TIP = """> [!TIP]
> 最高のパフォーマンスのために**vLLM 0.27.1+**を推奨します。[Dockerfiles](./dockerfile/)と[Nvidia-Dockerインストールスクリプト](./examples/scripts/nvidia_docker_install.sh)を参照してください。
"""  # noqa: E501


def test_a_recommendation_in_japanese_is_no_requirement() -> None:
    assert _hard("README_ja.md", OPENRLHF_JA_TIP).get("vllm") is False


# pytorch/torchtune@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1:docs/source/install.rst:73-92
TORCHTUNE_IF_RUNNING = """Install nightly build
---------------------

torchtune gets built every evening with the latest commits to ``main`` branch. If you want the latest updates
to the package *without* installing via ``git clone``, you can install with the following command:

.. code-block:: bash

    pip install --pre torchtune --extra-index-url https://download.pytorch.org/whl/nightly/cpu --no-cache-dir

.. note::

    ``--no-cache-dir`` will direct ``pip`` to not look for a cached version of torchtune, thereby overwriting
    your existing torchtune installation.

If you already have PyTorch installed, torchtune will default to using that version. However, if you want to
use the nightly version of PyTorch, you can append the ``--force-reinstall`` option to the above command. If you
opt for this install method, you will likely need to change the "cpu" suffix in the index url to match your hardware backend.
For example, if you are running CUDA 12, your index url would be "https://download.pytorch.org/whl/nightly/cu126", and if
you are running on Intel XPU, your index url would be "https://download.pytorch.org/whl/nightly/xpu".
"""  # noqa: E501


def test_what_the_reader_is_running_is_their_state_not_a_need() -> None:
    assert _hard("docs/source/install.rst", TORCHTUNE_IF_RUNNING).get("cuda", False) is False
