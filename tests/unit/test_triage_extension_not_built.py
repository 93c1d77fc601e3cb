"""A package's compiled extension that is missing is an install fault, not a bug of its code.

Outsider test 22 item 12: GroundingDINO's "NameError: name '_C' is not defined" was explained as
"a bug or regression in the project's own code". Real lines, their issue beside each.
"""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

# https://github.com/IDEA-Research/GroundingDINO/issues/303 (the _C frame as in issue #80)
GROUNDINGDINO_303 = """\
/data/pratibha/GroundingDINO/groundingdino/models/GroundingDINO/ms_deform_attn.py:31: UserWarning: Failed to load custom C++ ops. Running on CPU mode Only!
  warnings.warn("Failed to load custom C++ ops. Running on CPU mode Only!")
final text_encoder_type: bert-base-uncased
     51     ):
     52         ctx.im2col_step = im2col_step
---> 53         output = _C.ms_deform_attn_forward(
     54             value,
     55             value_spatial_shapes,

NameError: name '_C' is not defined
"""  # noqa: E501


@pytest.mark.parametrize(
    "log",
    [
        GROUNDINGDINO_303,
        # https://github.com/caoyunkang/Segment-Any-Anomaly/issues/24 (a vendored GroundingDINO)
        "    output = _C.ms_deform_attn_forward(...)\n\"NameError: name '_C' is not defined \"\n",
        # https://github.com/zju3dv/snake/issues/83: DCNv2 imported by name, never compiled
        "ImportError: cannot import name '_ext' from 'lib.csrc.dcn_v2'\n",
        # https://github.com/CharlesShang/DCNv2/issues/39 ("You need to build first")
        "ModuleNotFoundError: No module named '_ext'\n",
    ],
)
def test_a_compiled_module_never_built_is_an_install_fault(log: str) -> None:
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == ("python.torch-custom-op-missing", "install")


def test_a_name_of_the_code_itself_stays_a_code_fault() -> None:
    # https://github.com/coleifer/sqlite-web/pull/216: "Seems to be a trivial bug in the handling
    # code"
    first = explain_text("NameError: name 'extensions' is not defined\n")[0]
    assert first.signature_id != "python.torch-custom-op-missing"
    assert first.layer != "install"


def test_an_unknown_location_stays_a_shadowed_package() -> None:
    # constructed: the GroundingDINO import in python.package-shadowed's form (a directory
    # without __init__.py, "(unknown location)"): that rule's, not this one's
    line = "ImportError: cannot import name '_C' from 'groundingdino' (unknown location)\n"
    assert explain_text(line)[0].signature_id == "python.package-shadowed"
