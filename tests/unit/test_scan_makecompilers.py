"""The compiler a Makefile builds with (``makecompilers``), on real lines.

Sources: uccl-project/uccl@da914a20 p2p/Makefile:24,144 and collective/rdma/Makefile:40-43;
Cryspia/cann-on-gpu@9b6420d5 tests/Makefile:12; NVIDIA/MinkowskiEngine@02fc608b
Makefile:45-53; intelligent-machine-learning/dlrover@7c3e9648 dlrover/Makefile:1-10.
"""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.makecompilers import make_compilers
from bringup.scan.makefile import extract_makefile


def _compilers(text: str) -> list[tuple[str, str, int | None]]:
    file = SourceFile(ref="Makefile", rel="Makefile", text=text)
    return [(r.subject, r.spec, r.source.line) for r in make_compilers(file)]


def test_the_compiler_variable_set_to_g_plus_plus_is_gcc_of_any_release() -> None:
    # uccl p2p/Makefile:21-24 and the recipe at :144 that uses it
    text = (
        "INC = -I./ -I$(CUDA_HOME)/include\n\nCXX := g++\nCXXFLAGS := -O3 -shared\n"
        "\t$(CXX) -O3 -std=c++17 -fPIC -fvisibility=hidden $(NB_ABI_FLAGS) $(NB_INCLUDES)"
        " -c $< -o $@\n"
    )
    assert _compilers(text) == [("gcc", "", 3)]


def test_a_recipe_running_g_plus_plus_by_name_pattern_rules_included() -> None:
    # uccl collective/rdma/Makefile:39-43
    text = (
        "%_test: %_test.cc $(lib_obj)\n"
        "\tg++ $< -o $@ $(lib_obj) $(INC) $(LIBS) $(CXXFLAGS)\n"
        "\n"
        "%.o: %.cc\n"
        "\tg++ -c $< -o $@ $(INC) $(CXXFLAGS)\n"
    )
    assert _compilers(text) == [("gcc", "", 2)]
    file = SourceFile(ref="Makefile", rel="Makefile", text=text)
    assert [r.subject for r in extract_makefile(file).requirements] == ["gcc"]


def test_a_choice_between_two_compilers_states_neither() -> None:
    # cann-on-gpu tests/Makefile:12 (clang++ on Darwin, g++ elsewhere)
    assert _compilers("CXX     := $(if $(filter Darwin,$(UNAME_S)),clang++,g++)\n") == []


def test_flags_and_other_variables_name_no_compiler() -> None:
    # constructed: a flag that names gcc's library and a variable that is not the compiler
    assert _compilers("LDFLAGS := -lgcc_s\nCXXFLAGS := -std=c++17\nNVCC := nvcc\n") == []


def test_a_setting_for_macos_or_one_nothing_uses_states_no_need() -> None:
    # MinkowskiEngine Makefile:45-53: clang only on Darwin
    darwin = (
        "UNAME := $(shell uname -s)\n"
        "ifeq ($(UNAME), Linux)\n"
        "\tLINUX := 1\n"
        "else ifeq ($(UNAME), Darwin)\n"
        "\tOSX := 1\n"
        "\tCXX := /usr/local/opt/llvm/bin/clang\n"
        "endif\n"
        "\t$(CXX) -c $< -o $@\n"
    )
    assert _compilers(darwin) == []
    # dlrover dlrover/Makefile:1-10: CXX set, the targets run protoc and a script
    unused = (
        "PYTHON = python\n"
        "CXX = g++\n"
        "\n"
        "all: python_pb go_pb\n"
        "\n"
        "python_pb: dlrover/proto/elastic_training.proto dlrover/proto/brain.proto\n"
        "\t/bin/sh scripts/build_proto.sh\n"
    )
    assert _compilers(unused) == []


def test_a_shells_else_in_a_recipe_is_no_branch_of_make() -> None:
    # review36 (constructed): the recipe's `else` is the shell's; the macOS branch goes on
    text = (
        "ifeq ($(shell uname -s),Darwin)\nall:\n\tif [ -f x ]; then \\\n\t  echo a; \\\n"
        "\telse \\\n\t  echo b; fi\nCXX := clang++\nendif\nCXX ?= g++\n\t$(CXX) -c a.cc\n"
    )
    assert _compilers(text) == [("gcc", "", 9)]
