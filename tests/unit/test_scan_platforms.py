"""The OS and CPU a guide states: labelled OS lists, "Linux x86_64", Linux packages (issue 11)."""

from __future__ import annotations

from bringup.scan.commands import parse_commands
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.phrases import read_phrase
from bringup.scan.prose import read_line


def _found(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None, bool]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return [(r.subject, r.spec, r.source.line, r.hard) for r in extract_docs(file).requirements]


def test_a_labelled_os_line_is_a_support_list() -> None:
    # NVIDIA/TransformerEngine@d0067d0d README.rst:156-158 (under "Installation" /
    # "System Requirements")
    text = (
        "System Requirements\n===================\n\n"
        "* **OS:** Linux (official), WSL2 (limited support)\n"
    )
    assert ("os", "linux,wsl2", 4, True) in _found(text, "README.rst")
    # triton-ascend@eeb030e7 docs/en/quick_start.md:12-16: the CPUs beside the OS too
    text = "## Environment Requirements\n\nSupported OS: Linux (AArch64/x86_64)\n"
    assert _found(text) == [("os", "linux", 3, True), ("arch", "aarch64,x86_64", 3, True)]


def test_a_chinese_system_label_in_a_list_of_needs_is_an_os_line() -> None:
    # hicann/catlass@0dfcf9df README.md:105-110 (its README's "软件硬件配套说明" list); the OS
    # name touches Chinese words ("CANN支持的Linux")
    text = (
        "## 软件硬件配套说明\n\n"
        "- CPU架构：`aarch64`/`x86_64`\n"
        "- 系统：CANN支持的Linux（进行[兼容性查询](https://www.hiascend.com/hardware/compatibility)）\n"
    )
    assert ("os", "linux", 4, True) in _found(text)
    # hicann/pyasc@cecba26a README.md:63, the same list
    line = (
        "- 系统：支持的Linux（进行[兼容性查询](https://www.hiascend.com/hardware/compatibility)）"
    )
    assert [(m.subject, m.spec) for m in read_line(line, required=True)] == [("os", "linux")]


def test_a_platform_in_a_prerequisite_list_is_an_os_and_a_cpu() -> None:
    # TransformerEngine docs/installation.rst:7-14
    text = "Prerequisites\n-------------\n\n1. Linux x86_64\n"
    assert _found(text, "docs/installation.rst") == [
        ("os", "linux", 4, True),
        ("arch", "x86_64", 4, True),
    ]


def test_linux_named_as_where_a_need_is_built_or_run_is_the_os() -> None:
    # hicann/tensorflow@82957b92 tf_adapter/README.md:17-19
    text = (
        "### 环境准备\n\n"
        "Ascend Adapter 软件包需要在Linux OS环境上进行编译，同时环境上需要安装一下软件依赖:\n"
    )
    assert ("os", "linux", 3, True) in _found(text, "tf_adapter/README.md")
    # OpenPPL/ppl.llm.kernel.cuda@255f3c82 README.md:17-19
    text = "## Prerequisites\n\n* Linux running on x86_64 or arm64 CPUs\n"
    # the CPUs the clause names are its arch any-of (test_scan_host_guards)
    assert _found(text) == [("arch", "x86_64,aarch64", 3, True), ("os", "linux", 3, True)]
    # pyg-team/pyg-lib@764e3a49 README.md:50-52
    text = (
        "### From nightly\n\n"
        "Nightly wheels are provided for Linux and support CPython 3.10 through 3.14:\n"
    )
    assert ("os", "linux", 3, True) in _found(text)


def test_on_linux_opening_one_os_s_steps_is_no_os_need() -> None:
    # kvcache-ai/Mooncake@3b5a5941 docs/source/troubleshooting/troubleshooting.md:199 (under a
    # heading that makes its lines needs)
    text = "## Requirements\n\nTo provision `2 MiB` hugepages on Linux:\n"
    assert [r for r in _found(text) if r[0] == "os"] == []


def test_linux_beside_another_os_negated_or_opening_a_branch_is_not_the_one_os() -> None:
    # Constructed by review (session 14): lines under a heading that makes its lines needs
    for line in (
        "* Builds on Linux and macOS with a C++17 compiler",
        "* Works on Linux or Windows; needs CMake 3.18",
        "* Windows only: this package is not supported on Linux",
        "* CUDA 12 is required (not supported on Linux ARM yet)",
        "On Linux you also need libnuma-dev.",
        "On Linux install gcc; on macOS install clang.",
        "You need Docker. For Linux users, see the Docker docs.",
        "You need CMake 3.18; builds for Linux are tested in CI.",
    ):
        found = _found(f"## Requirements\n\n{line}\n")
        assert [r for r in found if r[0] == "os"] == [], line


def test_linux_outside_a_need_is_no_requirement() -> None:
    # a sentence naming Linux without saying anything is needed
    assert _found("We mostly develop on Linux x86_64 laptops.\n") == []


def test_a_download_for_a_linux_platform_is_built_for_linux() -> None:
    # Ascend/msit@6e3e8873 docs/en/msit_install_guide.md:21-23 (the URL is in a link)
    text = (
        "The msit installation package is available in two CPU architectures.\n"
        "* **x86_64**:\n"
        "    If you use a server based on Intel or AMD processors, download this installation "
        "package. [Click](https://ascend-package.obs.cn-north-4.myhuaweicloud.com/msit/"
        "Ascend-mindstudio-inference-toolkit_linux-x86_64.run) to download the package.\n"
        "* **AArch64:**\n"
        "    [Click](https://ascend-package.obs.cn-north-4.myhuaweicloud.com/msit/"
        "Ascend-mindstudio-inference-toolkit_linux-aarch64.run) to download the package.\n"
    )
    # once per document, soft: what the packages are built for, not a sentence of need
    assert [r for r in _found(text) if r[0] == "os"] == [("os", "linux", 3, False)]


def test_a_build_directory_in_a_code_block_names_its_platform() -> None:
    # deepseek-ai/DeepEP@dd758caf README.md:91-92
    text = (
        "```bash\n# You may modify the specific SO names according to your own platform\n"
        "ln -s build/lib.linux-x86_64-cpython-38/deep_ep_cpp.cpython-38-x86_64-linux-gnu.so\n"
        "```\n"
    )
    assert _found(text) == [("os", "linux", 3, False)]


def test_a_platform_in_a_changelog_section_is_history() -> None:
    text = "## Changelog\n\n- dropped the linux-aarch64 wheel\n"
    assert _found(text) == []


def test_a_placeholder_in_a_command_is_a_word_not_two_redirections() -> None:
    # Ascend/op-plugin@517f2e7d docs/en/install.md:48-52
    text = (
        "1. Script for configuring CANN environment variables.\n\n"
        "    ```bash\n"
        "    source <CANN软件安装目录>/<CANN软件路径>/set_env.sh\n"
        "    ```\n"
    )
    assert ("cann", "", 4, True) in _found(text, "docs/en/install.md")
    # a real redirection stays one
    commands = parse_commands("sort < a.txt > b.txt\ncat <in >out\n")
    assert [c.argv for c in commands] == [
        ("sort", "<", "a.txt", ">", "b.txt"),
        ("cat", "<", "in", ">", "out"),
    ]


def test_memory_per_device_is_a_floor_and_its_single_device_no_count() -> None:
    # Ascend/MindSpeed@028de58c docs/zh/user-guide/quickstart.md:23 (<term> tags as written)
    line = (
        "> MindSpeed Core支持<term>Ascend 950 系列产品</term>、<term>Atlas A3 训练系列产品</term>"
        "和<term>Atlas A2 训练系列产品</term>，且要求单NPU的片上内存为64GB及以上\n"
    )
    got = _found(line, "docs/zh/user-guide/quickstart.md")
    assert ("npu_memory", ">=64", 1, True) in got
    assert [r for r in got if r[0] == "npu_count"] == []


def test_memory_in_english_and_memory_that_is_not_the_devices() -> None:
    assert _found("## Requirements\n\n- at least 80GB of GPU memory\n") == [
        ("gpu_memory", ">=80", 3, True)
    ]
    # host memory and download sizes are not device memory
    assert _found("## Requirements\n\nWe need 8 NPUs with 64 GB host memory.\n") == [
        ("npu_count", ">=8", 3, True)
    ]


def test_the_vendors_whole_software_stack_is_its_driver_and_toolkit() -> None:
    # Ascend/torchair@fced8842 README.md:13-15
    text = (
        "- 安装依赖\n\n"
        "在安装TorchAir之前，请参考[版本配套表](#version_match)和[支持型号](#hardware_support)"
        "说明，确保您的硬件能够使用TorchAir，并安装最新昇腾软件栈。\n"
    )
    got = [r for r in _found(text) if r[0] in ("ascend_driver", "cann")]
    assert got == [("ascend_driver", "", 3, True), ("cann", "", 3, True)]
    # triton-ascend@eeb030e7 README.md:15: the stack named, nothing said to be needed
    about = (
        "It provides a universal and efficient operator development paradigm, which is a key "
        "part of agile development for the Ascend software stack.\n"
    )
    assert _found(about) == []


def test_a_count_said_of_one_chip_holds_on_that_chip_only() -> None:
    # vllm-project/vllm-ascend@182b75ea docs/source/quick_start.md:95 (a comment in the
    # "Ubuntu (A3)" tab): not "NPUs >= 2" for every chip
    (count,) = read_line("A3 requires at least 2 NPUs to work together.")
    assert (count.subject, count.spec, count.hard) == ("npu_count", ">=2", False)
    assert count.text.startswith("on 910_93:")
    # several chips, or none, named before it: the repo's own need
    for line in ("MindSpeed requires at least 8 NPUs.", "Atlas A2 and A3 need at least 8 NPUs."):
        (count,) = [m for m in read_line(line, vendor="ascend") if m.subject == "npu_count"]
        assert count.hard, line


def test_names_and_versions_glued_to_chinese_are_read() -> None:
    # a Han character is a word character to \w and \b: "安装CANN" had no boundary before
    # CANN, and "2.7.1版本" read as 2.7 (triton-ascend@eeb030e7 docs/zh/installation_guide.md:47)
    assert [(m.subject, m.spec) for m in read_line("请先安装CANN软件包。", vendor="ascend")] == [
        ("cann", "")
    ]
    line = "当前配套的torch_npu版本为2.7.1版本。"
    assert [(m.subject, m.spec) for m in read_line(line, required=True)] == [
        ("torch_npu", "==2.7.1")
    ]
    assert read_phrase("3.10以上", "python") is not None
    assert read_phrase("8.0.RC1版本", "cann") == read_phrase("8.0.RC1", "cann")


def test_what_is_said_not_to_be_needed_is_no_need() -> None:
    # Ascend/op-plugin@517f2e7d docker/devel/README.md:120 ("only mount the source; no NPU
    # driver pass-through needed") beside :19 (the host needs the matching NPU driver)
    assert read_line("仅需挂载源码，无需 NPU 驱动透传。", vendor="ascend") == []
    (need,) = read_line("运行时需宿主机已安装匹配的 NPU 驱动。", vendor="ascend")
    assert (need.subject, need.spec) == ("ascend_driver", "")
    assert read_line("There is no need for the NPU driver in the image.", vendor="ascend") == []


def test_a_list_of_architectures_under_a_sentence_about_them_is_an_any_of() -> None:
    # Ascend/msit@6e3e8873 docs/en/msit_install_guide.md:20-26 (URLs cut)
    text = (
        "2. **Download the installation package of the corresponding architecture.**\n"
        "\n"
        "    The msit installation package is available in two CPU architectures. Download "
        "the installation package based on the architecture of your server.\n"
        "    * **x86_64**:\n"
        "        If you use a server based on Intel or AMD processors, download this "
        "installation package.\n"
        "    * **AArch64:**\n"
        "        If you use a server based on an Arm processor such as Kunpeng processors, "
        "download this installation package.\n"
        "\n"
        "3. **Install the package.**\n"
    )
    assert [r for r in _found(text) if r[0] == "arch"] == [("arch", "x86_64,aarch64", 4, True)]
    # one item is no list of alternatives
    one = "Supported CPU architectures:\n\n* x86_64: the only build\n\nThen install.\n"
    assert [r for r in _found(one) if r[0] == "arch" and "," in r[1]] == []


def test_an_architecture_that_qualifies_a_version_or_is_turned_off_is_no_need() -> None:
    # deepseek-ai/DeepEP@dd758caf README.md:65-68 and 364
    def capabilities(line: str) -> list[tuple[str, bool]]:
        found = read_line(line, required=True, vendor="cuda")
        return [(m.spec, m.hard) for m in found if m.subject == "compute_capability"]

    assert capabilities("CUDA 12.3 and above for SM90 GPUs") == []
    line = "DISABLE_SM90_FEATURES: 0 or 1, disable SM90 features for legacy methods, 0 by default"
    assert capabilities(line) == []
    # the architecture stated as the need itself still is one
    assert capabilities("This kernel requires CUDA 12.0 and is only for SM90 GPUs") == [
        (">=9.0", True)
    ]
    assert capabilities("Hopper (SM90) GPUs, or other architectures with SM90 PTX ISA support")


def test_an_os_list_kept_elsewhere_is_an_os_need_and_says_it_better_than_a_package() -> None:
    # Ascend/MindSpeed@028de58c docs/zh/user-guide/install_guide.md:5, 24 and 142
    text = (
        "## 硬件配套和支持的操作系统\n\n"
        "- 各硬件产品对应物理机部署场景支持的操作系统请参考[兼容性查询助手]"
        "(https://www.hiascend.com/hardware/compatibility)。\n\n"
        "```shell\npip3 install torch-2.7.1-cp310-cp310-manylinux_2_28_aarch64.whl\n```\n"
    )
    assert [r for r in _found(text) if r[0] == "os"] == [("os", "", 3, True)]
    # MindSpeed-LLM docs/en/pytorch/training/install_guide.md:23, the English twin
    english = (
        "## Hardware and Supported OSs\n\n- For the OSs supported by each hardware product in "
        "physical machine deployment scenarios, see the [Compatibility Query Assistant]"
        "(https://www.hiascend.com/hardware/compatibility).\n"
    )
    assert [r for r in _found(english) if r[0] == "os"] == [("os", "", 3, True)]
    # hicann/ops-nn@e5c3fa93 docs/zh/install/quick_install.md:134: "download the package for
    # your product, CPU and OS, then follow the page": the reference starts a clause of its own
    download = (
        "请参考《[CANN快速安装](https://www.hiascend.com/cann/download)》，选择版本（仅支持CANN "
        "8.5.0及后续版本），并根据产品系列、CPU架构、操作系统等下载对应包，最后参考页面提供的命令完成安装。"
    )
    assert [m for m in read_line(download, required=True) if m.subject == "os"] == []


def test_what_an_image_comes_with_is_what_works() -> None:
    # Ascend/MindSpeed-LLM@c77308a1 docs/zh/pytorch/training/install_guide.md:46 ("the image
    # comes with CANN 9.1.0 and TorchNPU 26.1.0; choose it as needed")
    line = "配套镜像已预装配套的CANN 9.1.0软件及TorchNPU 26.1.0插件，您可根据需要选用。"
    assert [(m.subject, m.spec, m.hard) for m in read_line(line, required=True)] == [
        ("cann", "==9.1.0", False)
    ]
    english = "The image is pre-installed with CANN 9.0.0. You can use it as needed."
    assert [m.hard for m in read_line(english, required=True)] == [False]
    assert [m.hard for m in read_line("You need to install CANN 8.0.RC1.")] == [True]


def test_a_count_said_of_an_example_script_is_that_examples() -> None:
    # Ascend/MindSpeed@028de58c docs/zh/user-guide/quickstart.md:25
    line = (
        "当前示例脚本中`NPUS_PER_NODE=8`表示需要8个NPU，如果实际情况低于此配置，可能遇到OOM问题。"
    )
    (count,) = [m for m in read_line(line, vendor="ascend") if m.subject == "npu_count"]
    assert (count.spec, count.hard) == (">=8", False)
    assert count.text.startswith("example:")
    (need,) = read_line("MindSpeed requires at least 8 NPUs.", vendor="ascend")
    assert need.hard
