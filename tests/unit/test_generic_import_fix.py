"""The generic module-skew cause's fix works for a module pip does not know (CANN's tbe, shipped
in the toolkit): it does not send the reader to ``pip show`` (outsider24 D13), and its source is
the mechanism's reference, not one unrelated project's issue."""

from __future__ import annotations

from bringup.triage import explain_text

# https://github.com/Ascend/pytorch/issues/29, as outsider24 kept it
# (logs/L6_ascend-pytorch-29_tbe_common.log:4)
TBE = (
    "[ERROR] TUNE(2440326,python):2024-04-08-15:18:43.444.270 [pywrapper.cpp:94][CANNKB]"
    "[Tid:2440326]\"ModuleNotFoundError: No module named 'tbe.common'\n"
)


def test_a_toolkit_module_is_not_sent_to_pip() -> None:
    found = {d.signature_id: d for d in explain_text(TBE)}
    assert next(iter(found)) == "ascend.install.tbe-module-missing"
    generic = found["python.module-attribute-missing"]
    assert "pip show" not in generic.fix
    assert "import tbe; print(tbe.__file__)" in generic.fix
    assert generic.source.startswith("https://docs.python.org/")
