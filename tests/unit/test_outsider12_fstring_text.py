"""A requirement read from an f-string keeps its fields as written (outsider12 #22): the
message's words around a field were shown with a hole where the field was."""

from __future__ import annotations

import ast

from bringup.scan.fstrings import message, written
from bringup.scan.setup_py import extract_setup_py
from scan_needs import source_file

# AutoGPTQ/AutoGPTQ@9f7d37072917ab3a7545835f23e808294a542153 setup.py:112-114 (the lines the
# raise needs; indented one level less).
AUTOGPTQ_SETUP = """requested_but_unsupported_archs = {arch for arch in archs if arch in UNSUPPORTED_COMPUTE_CAPABILITIES }
if len(requested_but_unsupported_archs) > 0:
    raise ValueError(f"Trying to compile AutoGPTQ for CUDA compute capabilities {torch_cuda_arch_list}, but AutoGPTQ does not support the compute capabilities {requested_but_unsupported_archs} (AutoGPTQ requires Pascal or higher). Please fix your environment variable TORCH_CUDA_ARCH_LIST (Reference: https://github.com/pytorch/pytorch/blob/v2.2.2/setup.py#L135-L139).")
"""  # noqa: E501


def test_a_raised_f_strings_fields_are_shown_in_the_requirements_text() -> None:
    found = extract_setup_py(source_file("setup.py", AUTOGPTQ_SETUP)).requirements
    floor = next(r for r in found if r.subject == "compute_capability")
    assert floor.spec == ">=6.0"
    assert floor.source.line == 3
    assert (floor.text or "").startswith(
        "Trying to compile AutoGPTQ for CUDA compute capabilities {torch_cuda_arch_list}, but"
        " AutoGPTQ does not support the compute capabilities {requested_but_unsupported_archs}"
        " (AutoGPTQ requires Pascal or higher)."
    )


def test_a_name_inside_a_field_is_not_read_as_stated() -> None:
    said = message(ast.parse('f"needs {CUDA_VERSION} or newer"', mode="eval").body)
    assert said is not None
    assert "CUDA" not in said.words
    assert said.shown(said.words) == "needs {CUDA_VERSION} or newer"


def test_a_plain_string_and_a_format_spec() -> None:
    assert written(ast.parse('"plain"', mode="eval").body) == "plain"
    assert written(ast.parse('f"{x:>4} of {y!r}"', mode="eval").body) == "{x} of {y}"
    assert written(ast.parse("name", mode="eval").body) is None
