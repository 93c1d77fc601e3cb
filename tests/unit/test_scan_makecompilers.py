"""The compiler a Makefile builds with (``makecompilers``), on real lines.

Sources: uccl-project/uccl@da914a20 p2p/Makefile:24 and collective/rdma/Makefile:40-43;
Cryspia/cann-on-gpu@9b6420d5 tests/Makefile:12.
"""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.makecompilers import make_compilers
from bringup.scan.makefile import extract_makefile


def _compilers(text: str) -> list[tuple[str, str, int | None]]:
    file = SourceFile(ref="Makefile", rel="Makefile", text=text)
    return [(r.subject, r.spec, r.source.line) for r in make_compilers(file)]


def test_the_compiler_variable_set_to_g_plus_plus_is_gcc_of_any_release() -> None:
    # uccl p2p/Makefile:21-24
    text = "INC = -I./ -I$(CUDA_HOME)/include\n\nCXX := g++\nCXXFLAGS := -O3 -shared\n"
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
