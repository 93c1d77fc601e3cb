"""A missing kernel binary is the kernels package's (install) wherever the log shows it fail:
the fix is installing the package, as the layer rule places a cause where its fix is applied."""

from __future__ import annotations

from bringup.triage.explain import explain_text

# vllm-project/vllm-ascend#237 (the title, cut by GitHub): an operator call failed
# because the kernels package was not installed.
VLLM_ASCEND_237 = (
    "[Bug]: RuntimeError: call aclnnSwiGlu failed, detail:EZ1001: [PID: 72153] "
    "2025-03-04-15:41:40.695.851 Get path and read binary_info_config.json failed, please "
    "check if the opp_kernel package is instal\n"
)


def test_a_kernel_binary_missing_in_an_operator_call_is_install() -> None:
    found = explain_text(VLLM_ASCEND_237)
    assert [(d.signature_id, d.layer) for d in found[:1]] == [
        ("ascend.install.op-binary-missing", "install")
    ]
