"""A check that says a package is older than the code needs is the install's version mismatch,
not the project refusing a configuration (review32 LOW: class.code.unsupported-configuration's
``line`` also took "X requires transformers>=4.45"). Both of its routes (a failure line, a
traceback's exception) leave a version need to the readings of packages that do not go together."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

NEEDS = [
    # https://github.com/showlab/Tune-A-Video/issues/76 (the title, the raised line)
    "ValueError: Using torch.compile requires PyTorch 2.0 or higher",
    # https://github.com/bioconda/bioconda-recipes/pull/56728 (transformers' torch.load check)
    "ValueError: Due to a serious vulnerability issue in torch.load, even with weights_only=True,"
    " we now require users to upgrade torch to at least v2.6 in order to use the function. This"
    " version restriction does not apply when loading files with safetensors.",
    # https://github.com/hiyouga/LlamaFactory/issues/10151 (the message, raised as a ValueError)
    "ValueError: LFM2.5-VL model requires transformers>=4.58.0",
]


@pytest.mark.parametrize("line", NEEDS)
def test_a_version_need_is_no_unsupported_configuration(line: str) -> None:
    alone = explain_text(line + "\n")
    traceback = explain_text(
        'Traceback (most recent call last):\n  File "train.py", line 9, in <module>\n'
        "    main()\n" + line + "\n"
    )
    for found in (alone, traceback):
        assert found[0].signature_id != "class.code.unsupported-configuration"


def test_a_refused_setting_is_still_one() -> None:
    # as tests/unit/test_triage_setup_classes.py (t10odd a15-hybrid-block-size-reset.log)
    line = "ValueError: None of the kernel sizes [128] can divide physical block size 16 evenly\n"
    assert explain_text(line)[0].signature_id == "class.code.unsupported-configuration"
