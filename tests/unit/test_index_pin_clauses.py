"""A range pinned for the installer states each clause once (outsider23 D15: "transformers
< 5.0.0, < 5.0.0, >= 4.51.0")."""

from __future__ import annotations

from bringup.solve.outcome import _index_pin


def test_a_clause_two_lines_state_is_pinned_once() -> None:
    stated = [
        (0, "<5.0.0"),  # montehoover/verl@9c46ae8 requirements.txt:18 transformers<5.0.0
        # the same commit, scripts/install_vllm_sglang_mcore.sh:16
        # pip install "transformers[hf_xet]>=4.51.0,<5.0.0"
        (0, "<5.0.0,>=4.51.0"),
        (1, "==5.5.4"),  # zzhx1/vllm-ascend@5e39074 pyproject.toml:20, another environment's
    ]
    pin = _index_pin(stated, "pypi:transformers", {0})
    assert pin.version == "<5.0.0,>=4.51.0"
