"""Outsider 26's explain defects (session 44, tests/data/outsider45): each log's thread and
established cause in logs/README.md and truth.md; logs/odd holds the outsider's rearrangements
of the threads' lines (O5: L03 inside the `docker build` step lines docker prints)."""

from __future__ import annotations

from pathlib import Path

from bringup.model.diagnosis import Diagnosis
from bringup.triage import explain_text

LOGS = Path(__file__).resolve().parents[1] / "data" / "outsider45" / "logs"
SAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


def _ranked(name: str) -> list[Diagnosis]:
    return explain_text((LOGS / name).read_text(encoding="utf-8"))


def test_cuda_used_in_a_docker_build_step_is_not_an_old_driver() -> None:
    # D1: NVIDIA/nvidia-docker#191 (lukeyeager): error 35 in a `docker build` RUN step with
    # driver 367.48 beside a CUDA 7.5 image; RUN -> CMD fixed it.
    ranked = _ranked("odd/O5_L03_with_docker_build_lines.log")
    assert ranked[0].signature_id == "cuda.container.gpu-used-in-docker-build"
    assert "docker run" in ranked[0].fix


def test_a_build_step_that_finds_no_gpu_is_the_same_class() -> None:
    # open-mmlab/mmdetection#1893: `Step 12/12 : RUN pip install -e .` stops at setup.py's
    # "CUDA is required to compile MMDetection!" (torch sees no GPU in the build container).
    log = SAMPLES / "cuda.container.gpu-used-in-docker-build" / "mmdetection-1893.log"
    ranked = explain_text(log.read_text(encoding="utf-8"))
    assert ranked[0].signature_id == "cuda.container.gpu-used-in-docker-build"


def test_the_same_messages_outside_a_build_step_keep_their_own_causes() -> None:
    # source: https://github.com/NVIDIA/nvidia-docker/issues/781
    line = (
        "Check failed: error == cudaSuccess (35 vs. 0)  "
        "CUDA driver version is insufficient for CUDA runtime version"
    )
    ranked = explain_text([line])
    assert [d.signature_id for d in ranked][:1] == ["cuda.runtime.driver-insufficient"]
    # the message alone does not say the driver is old: the cause names a missing driver too
    assert "no driver reaches the process" in ranked[0].cause


def test_a_tensorrt_engine_of_another_release_is_read_from_tensorrts_own_lines() -> None:
    # D2: NVIDIA/TensorRT#2105, "Version tag does not match ... Engine deserialization failed"
    # below the user's prose about a docker container; rebuilding the engine fixed it.
    for name in ("L10_tensorrt_engine_version.log", "odd/O2_crlf_ansi_L10.log"):
        first = _ranked(name)[0]
        assert first.signature_id == "cuda.runtime.tensorrt-engine-other-version"
        assert "[TRT]" in first.evidence[0].text
    # NVIDIA/TensorRT#2195 (the maintainer: build and deserialize TRT versions not matched)
    log = SAMPLES / "cuda.runtime.tensorrt-engine-other-version" / "tensorrt-2195.log"
    first = explain_text(log.read_text(encoding="utf-8"))[0]
    assert first.signature_id == "cuda.runtime.tensorrt-engine-other-version"
    assert "serialization version 96" in first.cause
    # source: https://github.com/GeekAlexis/FastMOT/issues/127 (TensorRT 7's wording)
    line = (
        "[TensorRT] ERROR: coreReadArchive.cpp (41) - Serialization Error in verifyHeader: 0 "
        "(Version tag does not match. Note: Current Version: 96, Serialized Engine Version: 97)"
    )
    assert explain_text([line])[0].signature_id == "cuda.runtime.tensorrt-engine-other-version"


def test_an_extension_older_than_the_python_is_an_install_mismatch() -> None:
    # D3: BytePioneer-AI/PaddleOCR-NPU#10, CANN 7.0.1 under Python 3.10; upgrading CANN fixed it.
    first = _ranked("L07_paddleocr_npu_py_ssize_t.log")[0]
    assert (first.signature_id, first.layer) == ("python.c-extension-older-than-python", "install")
    assert "ASCEND_LAUNCH_BLOCKING" not in first.fix
    # JPCERTCC/impfuzzy#7: the same SystemError from a PyPI package's C module
    log = SAMPLES / "python.c-extension-older-than-python" / "impfuzzy-7.log"
    first = explain_text(log.read_text(encoding="utf-8"))[0]
    assert first.signature_id == "python.c-extension-older-than-python"
    # CANN's own hook frame keeps its more specific reading (Ascend/pytorch#61)
    log = SAMPLES / "ascend.runtime.python-hook-py-ssize-t-clean" / "ascend-pytorch-61-e40024.log"
    ranked = explain_text(log.read_text(encoding="utf-8"))
    assert ranked[0].signature_id == "ascend.runtime.python-hook-py-ssize-t-clean"


def test_a_build_tool_the_shell_cannot_find_is_not_installed() -> None:
    # D4: flashserve/flash-linear-attention-npu#63, "build.sh: line 401: cmake: command not found"
    first = _ranked("L04_fla_npu_cmake_missing.log")[0]
    assert (first.signature_id, first.layer) == ("toolchain.build-tool-missing", "build")
    assert "`cmake`" in first.cause
    # OpenBoardView/OpenBoardView#278 (the maintainer: install the build dependencies)
    log = SAMPLES / "toolchain.build-tool-missing" / "openboardview-278.log"
    assert explain_text(log.read_text(encoding="utf-8"))[0].captures["tool"] == "cmake"
    # make's shell, then make's echo; source: https://github.com/freebayes/freebayes/issues/396
    lines = [
        "/bin/sh: cmake: command not found",
        "make[1]: *** [../bamtools/lib/libbamtools.a] Error 127",
    ]
    assert explain_text(lines)[0].captures["tool"] == "cmake"


def test_each_missing_build_tool_is_a_diagnosis_of_its_own() -> None:
    # D4 (O4): cmake missing, then after installing it patch missing (the thread's two steps)
    ranked = _ranked("odd/O4_glued_cmake_then_patch.log")
    tools = [
        d.captures.get("tool") for d in ranked if d.signature_id == "toolchain.build-tool-missing"
    ]
    assert tools == ["cmake", "patch"]
    assert [len(d.evidence) for d in ranked[:2]] == [1, 1]


def test_sigill_at_import_on_a_cpu_the_build_does_not_support() -> None:
    # D6: vllm-project/vllm-ascend#13936, "Illegal instruction (core dumped)" at `import torch`
    # (torch 2.10) on a Phytium D2000 (ARMv8.0); torch 2.9 imports.
    first = _ranked("L09_vllm_ascend_d2000_sigill.log")[0]
    assert (first.signature_id, first.layer) == ("install.binary-needs-other-cpu", "install")
    # pytorch/pytorch#37577: SIGILL in libtorch_cpu.so's AVX2 initialiser at `import torch`
    log = SAMPLES / "install.binary-needs-other-cpu" / "pytorch-37577.log"
    first = explain_text(log.read_text(encoding="utf-8"))[0]
    assert first.signature_id == "install.binary-needs-other-cpu"


def test_a_device_kernels_illegal_instruction_is_not_the_hosts() -> None:
    # ggml-org/whisper.cpp#2372 (L08): an AI Core vector unit's "Illegal instruction" fault
    ranked = _ranked("L08_whisper_310p_aivec.log")
    assert "install.binary-needs-other-cpu" not in [d.signature_id for d in ranked]


def test_ptxas_too_old_sends_the_user_to_a_newer_ptxas_not_the_toolkits() -> None:
    # D8: triton-lang/triton#5385, the toolkit's ptxas (7.8) is the old one; Triton bundles its own
    first = _ranked("L02_triton_ptxas.log")[0]
    assert first.signature_id == "cuda.build.ptxas-too-old"
    assert "unset TRITON_PTXAS_PATH" in first.fix
    assert "TRITON_PTXAS_PATH=/usr/local/cuda/bin/ptxas" not in first.fix


def test_an_aivec_illegal_instruction_on_a_310p_is_a_kernel_made_for_another_soc() -> None:
    # D7: ggml-org/whisper.cpp#2372, GGML_CANN on a 310P3 (the maintainer in #2336: "Not support
    # 310 now"); ggml-org/llama.cpp#10108, the same fault on a 310p, fixed by 310P support (#10216)
    for ranked in (
        _ranked("L08_whisper_310p_aivec.log"),
        explain_text(
            (
                SAMPLES / "ascend.runtime.kernel-not-built-for-310p" / "llama-cpp-10108.log"
            ).read_text(encoding="utf-8")
        ),
    ):
        assert (ranked[0].signature_id, ranked[0].layer) == (
            "ascend.runtime.kernel-not-built-for-310p",
            "operator_execution",
        )
        assert "310P" in ranked[0].cause


def test_the_same_fault_on_another_chip_stays_a_kernel_fault() -> None:
    # source: https://github.com/k2-fsa/sherpa-onnx/issues/3076 (a 910B2)
    log = [
        "The error from device(chipId:1, dieId:0), serial number is 179, there is an aivec error "
        "exception, core id is 41, error code = 0x10",
        "The extend info: errcode:(0x10, 0, 0) errorStr: Illegal instruction, which is usually "
        "caused by unaligned UUB addresses.",
    ]
    ranked = explain_text(log)
    assert ranked[0].signature_id == "ascend.runtime.aicore-exception"


def test_a_compile_error_on_ascend_cites_canns_own_page_not_another_projects() -> None:
    # D9: tile-ai/tilelang-ascend#106, a TileLang codegen error (AscendC::Or), cited llama.cpp's
    # CANN page; the class's Ascend source is CANN's own list of its API changes
    first = _ranked("L06_tilelang_ascend_or_codegen.log")[0]
    assert first.signature_id == "class.build.source-out-of-step"
    assert "llama.cpp" not in first.source
    assert first.source.startswith("https://www.hiascend.com/")


def test_no_confident_old_driver_where_the_log_states_a_driver_that_fits_the_image() -> None:
    # D1: NVIDIA/nvidia-docker#191 (L03): error 35 with driver 367.48 and nvidia/cuda:7.5 stated;
    # CUDA 7.5 needs >= 352.31 (CUDA release notes' driver table)
    first = _ranked("L03_nvdocker_build_err35.log")[0]
    assert (first.signature_id, first.confidence) == ("cuda.runtime.driver-insufficient", "low")
    assert "driver 367.48 and an image of CUDA 7.5" in first.cause
    assert "docker build" in first.cause


def test_an_image_without_its_cuda_release_says_nothing_of_the_driver() -> None:
    # a driver and an untagged image (NVIDIA/nvidia-docker#317) beside error 35 (deviceQuery's
    # words, loretoparisi/docker#11): no CUDA stated, so the reading stays as it was
    log = [
        # source: https://github.com/NVIDIA/nvidia-docker/issues/317
        "| NVIDIA-SMI 367.35                 Driver Version: 367.35                    |",
        "host-pc:# nvidia-docker run --rm -ti nvidia/cuda bash",
        # source: https://github.com/loretoparisi/docker/issues/11
        "cudaGetDeviceCount returned 35",
        "-> CUDA driver version is insufficient for CUDA runtime version",
    ]
    first = explain_text(log)[0]
    assert (first.signature_id, first.confidence) == ("cuda.runtime.driver-insufficient", "high")
