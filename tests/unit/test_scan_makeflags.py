"""A Makefile's compile flags read through its variables (scan/makeflags.py)."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.makefile import extract_makefile
from cpuclock import cpu_seconds

# NVIDIA/multi-gpu-programming-models@9a600f5ea8f5e53614e30b7b36e9136107178dd8
# single_gpu/Makefile:1-23 (its recipes' targets, lines 22-32, kept to the one that compiles)
SINGLE_GPU = """\
# Copyright (c) 2017-2018, NVIDIA CORPORATION. All rights reserved.
NVCC=nvcc
GENCODE_SM30	:= -gencode arch=compute_30,code=sm_30
GENCODE_SM35	:= -gencode arch=compute_35,code=sm_35
GENCODE_SM37	:= -gencode arch=compute_37,code=sm_37
GENCODE_SM50	:= -gencode arch=compute_50,code=sm_50
GENCODE_SM52	:= -gencode arch=compute_52,code=sm_52
GENCODE_SM60    := -gencode arch=compute_60,code=sm_60
GENCODE_SM70    := -gencode arch=compute_70,code=sm_70
GENCODE_SM80    := -gencode arch=compute_80,code=sm_80
GENCODE_SM90    := -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90
GENCODE_FLAGS	:= $(GENCODE_SM70) $(GENCODE_SM80) $(GENCODE_SM90)
ifdef BUILD_SM_ARCH
	GENCODE_FLAGS	:= $(GENCODE_SM$(BUILD_SM_ARCH))
endif
ifdef DISABLE_CUB
        NVCC_FLAGS = -Xptxas --optimize-float-atomics
else
        NVCC_FLAGS = -DHAVE_CUB
endif
NVCC_FLAGS += -Xcompiler -fopenmp -lineinfo -DUSE_NVTX -ldl $(GENCODE_FLAGS) -std=c++14
jacobi: Makefile jacobi.cu
	$(NVCC) $(NVCC_FLAGS) jacobi.cu -o jacobi
"""


def _needs(text: str) -> dict[str, tuple[str, int | None]]:
    file = SourceFile(ref="single_gpu/Makefile", rel="single_gpu/Makefile", text=text)
    return {
        r.subject: (r.spec, r.source.line)
        for r in extract_makefile(file).requirements
        if r.subject in ("compute_capability", "cxx_standard")
    }


def test_the_architectures_and_standard_a_recipe_compiles_with_through_its_variables() -> None:
    # the menu of GENCODE_SMxx (3.0 up) is not what the build compiles for: GENCODE_FLAGS
    # (line 12) picks 7.0, 8.0 and 9.0, and is where the set is cited
    assert _needs(SINGLE_GPU) == {
        "compute_capability": (">=7.0", 12),
        "cxx_standard": (">=14", 21),
    }


def test_a_flag_no_recipe_uses_or_only_a_conditional_override_sets_is_not_read() -> None:
    unused = SINGLE_GPU.replace("$(NVCC) $(NVCC_FLAGS) jacobi.cu", "$(NVCC) -DX jacobi.cu")
    assert _needs(unused) == {}
    # the tab-led override inside ``ifdef`` (line 14) is an assignment, not a recipe line
    override = SINGLE_GPU.replace("$(GENCODE_SM$(BUILD_SM_ARCH))", "$(GENCODE_SM30)")
    assert _needs(override)["compute_capability"] == (">=7.0", 12)


def test_a_long_hostile_makefile_line_is_read_in_bounded_time() -> None:
    hostile = "X := " + "$(X" * 10_000 + " -std=c++" + "1" * 20_000 + "\n\t$(CC) $(X)\n"
    started = cpu_seconds()
    _needs(hostile)
    assert cpu_seconds() - started < 2


def test_variables_naming_each_other_many_times_over_are_expanded_within_a_budget() -> None:
    # 10**6 pieces unbounded; the first path down is read before the budget runs out
    levels = "".join(f"V{n} := " + f"$(V{n + 1}) " * 10 + "\n" for n in range(6))
    text = levels + "V6 := -std=c++17\nall:\n\t$(CXX) $(V0) a.cc\n"
    started = cpu_seconds()
    assert _needs(text) == {"cxx_standard": (">=17", 7)}
    assert cpu_seconds() - started < 2


def test_a_reference_repeated_over_many_assignments_or_a_long_value_is_bounded() -> None:
    # review31: the budget counted references only, so 3,000 ``+=`` lines under a recipe
    # naming the variable 3,000 times made 9 million pieces (96 s); a 60 KB value named
    # 4,000 times was scanned 4,000 times (60 s); 5,000 recipes each expanded in full
    appended = "".join(f"X += -arch=sm_{70 + n % 20}\n" for n in range(3000))
    long_value = "A = " + "-arch=sm_80 " * 5000 + "\n"
    tree = "T = -std=c++14 $(U) $(U) $(U) $(U)\nU = $(V) $(V) $(V) $(V)\nV = -arch=sm_80\n"
    recipes = "".join(f"\tnvcc $(T) f{n}.cu\n" for n in range(5000))
    for text in (
        appended + "all:\n\tnvcc " + "$(X) " * 3000 + "\n",
        long_value + "all:\n\tnvcc " + "$(A) " * 4000 + "\n",
        tree + "all:\n" + recipes,
    ):
        started = cpu_seconds()
        assert _needs(text)["compute_capability"][0] in (">=7.0", ">=8.0")
        assert cpu_seconds() - started < 2
