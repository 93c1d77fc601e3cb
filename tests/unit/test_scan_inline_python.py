"""The Python a build script runs inline (``python3 -c "import torch"``) needs what it imports
(``inlinepy``); the standard library and names no table knows say nothing."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.shell import extract_shell

# mirror-cann/sip@680699a2 build.sh:16 and :25 (a warning when torch is missing, then its ABI)
SIP = (
    "function fn_init_use_cxx11_abi()\n"
    "{\n"
    '    res=$(python3 -c "import torch" &> /dev/null || echo "torch_not_exist")\n'
    '    if [ "$res" == "torch_not_exist" ]; then\n'
    '        echo "Warning: Torch is not installed!"\n'
    "        return 0\n"
    "    fi\n"
    "    if [ \"$(python3 -c 'import torch; print(torch.compiled_with_cxx11_abi())')\" =="
    ' "True" ]; then\n'
    "        USE_CXX11_ABI=ON\n"
    "    fi\n"
    "}\n"
)
# xLLM-AI/xllm-ops@d4a441a6 build.sh:115 (the SoC to build for, asked of torch_npu)
XLLM_OPS = (
    '    ops=$(python3 -c "import torch; import torch_npu;'
    " soc = torch_npu._C._npu_get_soc_version();"
    " ops = 'ascend910b' if soc <= 250 else ('ascend950' if soc == 260 else 'ascend910_93');"
    ' print(ops)")\n'
)
# hicann/shmem@643bfb73 scripts/build.sh:207 (the standard library only)
SHMEM = (
    "    py_ver=$(python3 -c \"import sys; print(f'cp{sys.version_info.major}"
    "{sys.version_info.minor}')\")\n"
)


def _inline(text: str, rel: str = "build.sh") -> list[tuple[str, int | None, list[int | None]]]:
    file = SourceFile(ref=f"repo/{rel}", rel=rel, text=text)
    return [
        (r.subject, r.source.line, [a.line for a in r.also_at])
        for r in extract_shell(file).requirements
        if "inline Python" in (r.text or "")
    ]


def test_a_build_scripts_inline_import_is_a_need() -> None:
    assert _inline(SIP) == [("torch", 3, [8])]
    assert _inline(XLLM_OPS) == [("torch", 1, []), ("torch_npu", 1, [])]


def test_the_standard_library_is_no_need() -> None:
    assert _inline(SHMEM, "scripts/build.sh") == []


# Ascend/MindIE-LLM @ 8b4871ad src/kernels/build.sh:46-49 (a script deeper in the tree: its
# folder's scope decides whose need it is)
MINDIE_KERNELS = (
    'if ! python3 -c "import psutil" 2>/dev/null; then\n'
    '    echo "正在安装 psutil..."\n'
    "    pip3 install psutil\n"
    "fi\n"
)


def test_a_deeper_scripts_imports_are_needs_a_test_scripts_are_not() -> None:
    assert _inline(MINDIE_KERNELS, "src/kernels/build.sh") == [("pypi:psutil", 1, [])]
    assert _inline(SIP, "run_tests.sh") == []


def _hardness(text: str, rel: str = "build.sh") -> list[tuple[str, bool]]:
    file = SourceFile(ref=f"repo/{rel}", rel=rel, text=text)
    return [
        (r.subject, r.hard)
        for r in extract_shell(file).requirements
        if "inline Python" in (r.text or "")
    ]


def test_a_probed_import_is_soft_a_tolerated_one_no_need() -> None:
    # constructed input (review s18b #3, /tmp/review2/r2/build.sh:3-7)
    text = (
        "#!/bin/bash\nset -e\n"
        'python3 -c "import os, sys; print(sys.version_info)"\n'
        'if python3 -c "import torch_npu" 2>/dev/null; then\n    USE_NPU=ON\nfi\n'
        'python -c "import numpy as np; print(np.__version__)" || true\n'
    )
    assert _hardness(text) == [("torch_npu", False)]
    # MindIE-LLM src/kernels/build.sh:46 (above): a condition's probe, installed when missing
    assert _hardness(MINDIE_KERNELS, "src/kernels/build.sh") == [("pypi:psutil", False)]
    # sip build.sh:16 probes torch, :25 reads its ABI unguarded: a need all the same
    assert _hardness(SIP) == [("torch", True)]
    assert _hardness(XLLM_OPS) == [("torch", True), ("torch_npu", True)]
