"""compute_21 asked of CUDA 7.5's nvcc (outsider17 D16, vlfeat/matconvnet#338: ``nvcc fatal :
Unsupported gpu architecture 'compute_21'`` from ``C:\\...\\CUDA\\v7.5\\bin\\nvcc``) was
explained as "compute_21 was removed in CUDA 9.0", which the log itself contradicts. sm_21 is
a real architecture whose virtual one is compute_20 (llvm-project clang/lib/Basic/Cuda.cpp,
CudaArchToVirtualArchString: SM_21 -> "compute_20"), the gpus row's ``virtual`` detail."""

from __future__ import annotations

from bringup.kb import load_knowledge_base
from bringup.triage.lookups import CudaForArch


def test_a_real_only_architecture_is_said_as_such() -> None:
    said = CudaForArch(load_knowledge_base)["compute_21"]
    assert "removed" not in said
    assert "compiled from compute_20 (arch=compute_20,code=sm_21)" in said


def test_a_virtual_architecture_keeps_its_releases() -> None:
    assert "was removed in CUDA 9.0" in CudaForArch(load_knowledge_base)["compute_20"]
    assert "was removed in CUDA 9.0" in CudaForArch(load_knowledge_base)["sm_21"]
