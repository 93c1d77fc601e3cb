"""How Ascend repos name CANN, the driver, the chips and the NPUs, in English and Chinese;
moved here from the scan so that a new backend brings its own words. Forms the generic scan
reads through it: "CANN 版本" and "昇腾NPU驱动" (table cells naming CANN and the driver),
"| NPU | 1 × Atlas A2 (910B) | device tests only |" (a count and a chip family, soft for
tests), "CANN 8.5 and CANN 9.0" / "CANN 8.5 或 9.0" (a list, any of which will do),
"A2, A3 (support CANN 8.5 and CANN 9.0)" (what works, soft), ``test-npu`` (a Makefile target
needing NPUs), ``.../ascend-toolkit/8.0.RC1/...`` (a version in a path), ``hccl`` (a linked
library CANN provides), ``find_package(CANN 6.3)``, ``pip install pkg[npu]`` (an extra)."""

from __future__ import annotations

from bringup.backends.base import Vocabulary

SUBJECT_PATTERNS: tuple[tuple[str, str], ...] = (
    # "Ascend for PyTorch 26.0.0" / "Ascend Extension for PyTorch" (hicann/shmem
    # docs/quickstart.md:131): the extension's own name, not PyTorch's
    (
        "torch_npu",
        r"\btorch[_-]npu\b|\bTorch[_-]?NPU\b|\btorchnpu\b|"
        r"\bAscend\s+(?:Extension\s+)?for\s+PyTorch\b",
    ),
    ("vllm_ascend", r"\bvllm[_-]ascend\b"),
    ("triton_ascend", r"\btriton[_-]ascend\b"),
    ("mindspore", r"\bMindSpore\b"),
    # a release may be glued to the name ("构建 a3 + CANN9.0.0镜像")
    (
        "cann",
        r"\bCANN(?:(?=\d+\.\d)|(?![A-Za-z0-9_]))|\bascend[_-]toolkit\b|\bAscend-cann-toolkit\b",
    ),
    # "需要安装nnal软件包" (ascend-transformer-boost README.md:137): lower case as a package
    (
        "nnal",
        r"(?<![A-Za-z0-9_])NNAL(?![A-Za-z0-9_])|\bAscend-cann-nnal\b|"
        r"(?<![\w/.-])nnal(?=\s*(?:软件包|包|packages?\b))",
    ),
    ("ascend_firmware", r"(?:昇腾\s*)?(?:NPU\s*)?(?:\bfirmware\b|固件)"),
    (
        "ascend_driver",
        r"(?:昇腾\s*)?(?:NPU|Ascend|昇腾)\s*(?:driver|驱动)|\bHDK\b|\bnpu[_-]driver\b",
    ),
)

CHIPS: tuple[tuple[str, str], ...] = (
    # "CloudMatrix384" (omni-infer docs/omni_infer_installation_guide.md:3): the A3 SuperPoD
    # system of 384 910C NPUs, named instead of the chip
    (
        "910_93",
        r"Atlas\s*(?:800[TI]|900|9000|A200T)?\s*A3\b|昇腾\s*A3\b|"
        r"(?:\b|(?<=ascend))(?:910_93\d*|910C)\b|(?<=910B/)C\b|\bCloudMatrix\s*384(?!\d)",
    ),
    (
        "910B",
        r"Atlas\s*(?:800[TI]|900|200T|300[TI])?\s*A2\b|昇腾\s*A2\b|"
        r"(?:\b|(?<=ascend))910B\d?C?(?:-\d)?\b",
    ),
    (
        "310P",
        r"(?:\b|(?<=ascend))310P\d?\b|Atlas\s*300I\s*(?:Pro|Duo)|Atlas\s*300V\b|"
        r"Atlas\s*(?:推理系列产品|Inference\s+(?:Series|products))",
    ),
    ("310B", r"(?:\b|(?<=ascend))310B\d?\b|Atlas\s*200I\s*(?:/\s*500\s*)?(?:DK\s*)?A2"),
    ("950", r"(?:Ascend|Atlas|昇腾)\s*950"),
    # the first inference chip, the kb's family 310 (SoC version Ascend310): "推理部分运行在昇腾
    # 310上", ``atc --soc_version=Ascend310`` (1171800323/photo-translator-ascend@ee32d8b
    # README.md:5, atc.sh:18); never 310P/310B, which the lines above spell
    ("310", r"(?:Ascend|昇腾)\s*310(?![\w.])|(?<=ascend)310(?![\w.])"),
    (
        "910",
        r"(?:Ascend|昇腾)\s*910(?:(?![\w_])|(?=AI))|(?:\b|(?<=ascend))910(?:A|Pro[AB]?|PremiumA)\b|"
        r"Atlas\s*(?:训练系列产品|Training\s+(?:Series|products))",
    ),
)
"""Chip families and how product names and SoC versions spell them (Atlas A2 is 910B). The
product series of Huawei's compatibility lists name them too: "Atlas 训练系列产品" (Atlas
Training Series, no generation) is 910, "Atlas 推理系列产品" (Inference Series) is 310P,
"Atlas 200I/500 A2 推理产品" is 310B; English guides write "Atlas inference
products" (hicann/ascend-boost-comm@00d35274 README_en.md:43). A SoC version keeps the
vendor's word glued to the chip whatever the family (``ai_core-ascend310B``,
linnlh/ascendc-competition-s3@04c0c97d basic/asinh/README.md:6; ``"ascend310p"``,
hicann/ops-sparse@ae60d05a build.sh:46; ``Ascend910ProB``, the kb's chips.toml)."""

NAMES = {
    "cann": "cann",
    "ascend": "cann",
    "ascendcl": "cann",
    "kernel": "cann",
    "kernels": "cann",
    "算子包": "cann",
    "torch_npu": "torch_npu",
    "torch-npu": "torch_npu",
    "torchnpu": "torch_npu",
    "torch npu": "torch_npu",
    "pytorch adapter": "torch_npu",
    "mindspore": "mindspore",
    "vllm-ascend": "vllm_ascend",
    "vllm_ascend": "vllm_ascend",
    "triton-ascend": "triton_ascend",
    "npu driver": "ascend_driver",
    "npu 驱动": "ascend_driver",
    "hdk": "ascend_driver",
    "firmware": "ascend_firmware",
    "nnal": "nnal",
    "固件": "ascend_firmware",
    "cann-toolkit": "cann",
    "cann-910b-ops": "cann",
    "cann-a3-ops": "cann",
    "cann-950-ops": "cann",
}
"""Names in table cells, package lists and build files (lower case) -> subject. The ``ascend``
conda channel ships CANN as ``cann-toolkit`` and one ops package per chip family
(``ascend::cann-toolkit>=9.0.0``, ``ascend::cann-950-ops>=9.0.0``, hicann/catlass
environment.ascend950.yml:8-9; ``cann-910b-ops``, ``cann-a3-ops`` in environment.atlasa2.yml
and environment.atlasa3.yml): the toolkit and its kernels, released together."""

LIBRARIES = {
    "hccl": ("cann", "HCCL, part of CANN"),
    "hcomm": ("cann", "HCOMM, part of CANN"),
    "ascendcl": ("cann", "AscendCL, part of CANN"),
    "atb": ("nnal", "ATB, part of CANN NNAL"),
    "dcmi": ("ascend_driver", "DCMI, the Ascend driver's management library"),
}
"""Libraries a build links (``-lhccl``, ``target_link_libraries(... ascendcl)``) or a program
loads (``libdcmi.so``, which the driver installs in ``/usr/local/Ascend/driver/lib64``) ->
(provider, why)."""

CANN_CMAKE_PACKAGES = (
    "asc",
    "opbase",
    "nnopbase",
    "metadef",
    "runtime",
    "ascendcl",
    "hccl",
    "hcomm",
    "platform",
    "tilingapi",
    "aicpu",
    "dlog",
    "alog",
    "slog",
    "unified_dlog",
    "mmpa",
    "tikicpulib",
)
"""``find_package`` names (lower case) of the CANN components a build finds in CANN's install
(under ``ASCEND_HOME_PATH``), which the toolkit provides: part of ``cann``, never a CMake
package of their own (the scan22 truth writers' convention). ``find_package(ASC)``, the Ascend
C compiler's package (hicann/ops-fft CMakeLists.txt:34-35); ``find_package(OPBASE MODULE
REQUIRED)`` ... ``find_package(aicpu MODULE REQUIRED)`` (Ascend/MindIE-LLM
src/kernels/mie_ops/csrc/cmake/dependencies.cmake:56-64: dlog, OPBASE, platform, metadef,
runtime, nnopbase, tilingapi, aicpu); ``find_package(alog MODULE)`` (hicann/amct
amct_ops/CMakeLists.txt:42), ``find_package(tikicpulib REQUIRED)`` (hicann/atvoss
cmake/dependencies.cmake:50), ``find_package(unified_dlog ...)`` (hicann/cmake
modules/Findslog.cmake:69). Not ``securec``: repos build it from libboundscheck's source as
often (msprobe cmake/download_opensource.sh:44)."""

INSTALLERS = (
    (r"Ascend-hdk-[\w<>*-]*?npu-driver_(?P<v>[^_/\s]*?)(?:_|\.run)", "ascend_driver"),
    (r"Ascend-hdk-[\w<>*-]*?npu-firmware_(?P<v>[^_/\s]*?)\.run", "ascend_firmware"),
    (r"Ascend-cann-toolkit_(?P<v>[^_/\s]*)_", "cann"),
    (r"Ascend-cann-(?:kernels|ops)-[\w<>]*?_(?P<v>[^_/\s]*)_", "cann"),
    (r"Ascend-cann-nnal_(?P<v>[^_/\s]*)_", "nnal"),
)
"""The .run packages of the Ascend HDK and CANN as install guides name them, a chip or version
given as a shell glob too (``Ascend-hdk-*-npu-driver_*.run``, shanshuo/MindSpeed-MM@dc326082
docs/user-guide/installation.md:60: the driver, at no version)."""

VOCABULARY = Vocabulary(
    subject_patterns=SUBJECT_PATTERNS,
    unversioned=("cann", "nnal", "ascend_driver", "ascend_firmware"),
    installers=INSTALLERS,
    names=NAMES,
    toolkit_subject="cann",
    chips=CHIPS,
    markers=r"NPU|Ascend|昇腾|CANN|Atlas|HCCL|910|310P",
    device_words=("NPU",),
    vendor_words=("Ascend", "昇腾"),
    device_env=("ASCEND_RT_VISIBLE_DEVICES",),
    device_programs=("msprof", "npu-smi"),
    toolkit_programs=("atc", "bisheng"),
    tools=("npu-smi",),
    status_command="npu-smi info",
    launch_blocking="ASCEND_LAUNCH_BLOCKING",
    device_log="plog",
    device_nodes=("davinci[0-9]*",),
    driver_home="/usr/local/Ascend/driver",
    variable_prefixes=("ASCEND_", "ATB_", "HCCL_"),
    # torch_npu's wheels carry the torch release they build for (2.7.1.post4, 1.11.0); the
    # Ascend Extension for PyTorch release train is numbered apart (6.0.0, 7.3.0, 26.0.0:
    # MindSpeed README.md:82 'TorchNPU版本 | 26.0.0', torchair docs 'torch_npu >= 7.3.0').
    version_forms={"torch_npu": r"[12]\."},
    # torchair README.md:15 "安装最新昇腾软件栈" (install the latest Ascend software stack)
    stack=r"昇腾\s*(?:AI\s*)?软件栈|Ascend\s+(?:AI\s+)?software\s+stack",
    code_markers=r"npu|acl|ascend|hccl|davinci",
    code_modules=("torch.npu", "torch_npu.npu"),
    # torch runs on NPUs through torch_npu (Ascend/pytorch README.md: "import torch_npu" before
    # moving tensors to "npu"); torch alone sees no NPU
    torch_adapters=("torch_npu",),
    # MindSpore's builds for Ascend devices alone, named apart before the unified wheel of 1.8
    # (Ascend/mindx-science@8e312c0 requirements.txt:3 ``mindspore_ascend==1.7.0``); vLLM's
    # Ascend plugin (vllm-project/vllm-ascend README.md: "vLLM Ascend ... is a community
    # maintained hardware plugin for running vLLM seamlessly on the Ascend NPU"); Triton for
    # Ascend (triton-lang/triton-ascend docs/zh/release_note.md: hardware platform "Ascend
    # NPU", products "Atlas A2/A3"): a repo whose route installs one runs on NPUs (outsider17
    # D2: pillumina/verl_npu@2faa869 README.md:13-16 installs vllm-ascend, D3:
    # ZyEng-Art/flash_attn_npu@aa59cd6 OPTIMIZATION_NOTES.md:306 names triton-ascend 3.2.1)
    device_packages=("mindspore_ascend", "vllm_ascend", "triton_ascend"),
    # vLLM's plugin for Ascend NPUs (vllm-project/vllm-ascend); triton-ascend is not one: it
    # imports as ``triton``, the name CUDA's Triton has
    device_modules=("vllm_ascend",),
    setup_markers=(
        r"set_env\.sh|setenv\.bash|/Ascend/|/usr/local/Ascend\b|"
        r"ASCEND_HOME_PATH|ASCEND_TOOLKIT_HOME|ASCEND_CANN_PACKAGE_PATH"
    ),
    home_variables=(
        "ASCEND_HOME_PATH",
        "ASCEND_TOOLKIT_HOME",
        "ASCEND_CANN_PACKAGE_PATH",
        "ASCEND_OPP_PATH",
    ),
    path_versions=(
        r"(?i)(?:ascend-toolkit|cann|nnae|nnrt)[/-](\d+\.\d+\.(?:RC\d+|\d+)(?:\.\d+)?)",
    ),
    version_variables=((r"(?i)^\w*CANN\w*VERSION\w*$", "cann"),),
    # CMAKE_ASC_ARCHITECTURES: the Ascend C language's architecture list, as CMake's
    # CMAKE_CUDA_ARCHITECTURES ("set(CMAKE_ASC_ARCHITECTURES "dav-2201" CACHE STRING "NPU
    # architecture: dav-2201 (Ascend910B)")", desly-0/flashattention_Ascendc@1fa2e505
    # tools/CMakeLists.txt:16-17)
    chip_variables=("SOC_VERSION", "CMAKE_ASC_ARCHITECTURES"),
    collectives=("hccl",),
    libraries=LIBRARIES,
    runner_labels={"a2": "910B", "910b": "910B", "a3": "910_93", "310p": "310P"},
    # Ascend C's compiler names the chip by its architecture ("-DCATLASS_ARCH  NPU arch.
    # Supports 2201(AtlasA2/A3)/3510(Ascend950PR/DT).", hicann/catlass@0dfcf9df
    # scripts/build.sh:55; ascend910b and ascend910_93 -> dav-2201, ascend950 -> dav-3510,
    # ascend310p -> dav-2002, hicann/ops-sparse@ae60d05a CMakeLists.txt:21-28); a kernel
    # built with ``--npu-arch=dav-2201`` runs on either A2 or A3. The older flag names the core
    # architecture instead, ``--cce-aicore-arch=dav-c220`` (and its ``-cube``/``-vec`` halves),
    # one of the same numbers: "dav-c220-vec|2201", "dav-c310-cube|3510", "dav-m200|2002",
    # "dav-c100|1001", "dav-m300|3002" (cannmirror/asc-devkit@0da921b9
    # tests/api/basic_api/ascendc_header_checker/CMakeLists.txt:41-49; its
    # cmake/asc/legacy_modules/bisheng_intf.cmake builds each with --cce-aicore-arch=).
    chip_architectures={
        "2201": ("910B", "910_93"),
        "3510": ("950",),
        "2002": ("310P",),
        "1001": ("910",),
        "3002": ("310B",),
        "c220": ("910B", "910_93"),
        "c310": ("950",),
        "m200": ("310P",),
        "c100": ("910",),
        "m300": ("310B",),
    },
    chip_architecture_flags=(
        r"--(?:npu-arch|cce-aicore-arch)[= ]dav-"
        r"(\d{4}(?!\d)|[cm]\d{3}(?![\w])|[cm]\d{3}(?=-(?:cube|vec)\b))"
    ),
    # ATC, CANN's model converter, builds an offline model (.om) for one SoC: "--soc_version
    # ... must be the same as the SoC the model runs on" (the .om is refused elsewhere:
    # "ModelCheckCompatibility failed ... socVersion", modelscope/FunASR issue 2676)
    model_chip_flags=r"--soc_version[= ]+[\"']?([A-Za-z][\w-]{0,40})",
    # "| CHIP_TYPE | A3 | A3, 910B |", "A3 requires at least 2 NPUs to work together"
    # (vllm-ascend docs/source/quick_start.md:95): the Atlas generations.
    chip_shorthands={"A2": "Atlas A2", "A3": "Atlas A3"},
    extensions={"NpuExtension": "cann"},
    # project(... LANGUAGES ASC CXX): Ascend C compiled by CANN's compiler (hicann/cann-samples
    # CMakeLists.txt:23, hicann/ops-fft CMakeLists.txt:35)
    build_languages=("ASC",),
    # find_package(ASC) and the other CANN components' packages (CANN_CMAKE_PACKAGES), found
    # in CANN's install (hicann/ops-nn cmake/dependencies.cmake:63 finds ASC under
    # ${ASCEND_CANN_PACKAGE_PATH})
    cmake_packages=dict.fromkeys(CANN_CMAKE_PACKAGES, "cann"),
    image_readers=("bringup.backends.ascend.images:read_image",),
)
