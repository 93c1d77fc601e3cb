"""outsider40 D4: Kimsale/qwen3.5_35B_mindspeed@a88ca971 scripts/convert_weights_tp1_ep8.sh
sources its author's environment script and enters its author's MindSpeed-LLM checkout by
absolute paths; ``check`` counted its step runnable once CANN was installed. A script that
enters or sources a folder of its author's machine needs the reader's own folder first."""

from __future__ import annotations

from bringup.scan.commands import parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.scriptneeds import authors_paths
from bringup.scan.shell import script_step

CONVERT_6_11 = """set -eo pipefail

# ---- 固定 CANN 8.5 环境 ----
source /data/sejin/baseline_26/scripts/env_cann85.sh

cd /data/sejin/third_party/mindspeed-llm-26.0.0
"""
"""qwen3.5_35B_mindspeed@a88ca971 scripts/convert_weights_tp1_ep8.sh:6-11."""
ENV_12 = "source /usr/local/Ascend/cann-8.5.0/set_env.sh\n"
"""qwen3.5_35B_mindspeed@a88ca971 scripts/env_cann85.sh:12: the toolkit's own script."""


def test_the_authors_folders_are_the_readers_to_fill_in() -> None:
    assert authors_paths(CONVERT_6_11, "scripts/convert.sh") == [
        "/data/sejin/baseline_26/scripts/env_cann85.sh (scripts/convert.sh:4)",
        "/data/sejin/third_party/mindspeed-llm-26.0.0 (scripts/convert.sh:6)",
    ]


def test_a_toolkits_own_setup_script_is_no_authors_folder() -> None:
    assert authors_paths(ENV_12, "scripts/env.sh") == []


def test_the_scripts_step_needs_the_readers_input() -> None:
    rel = "scripts/convert_weights_tp1_ep8.sh"
    text = "#!/bin/bash\n" + CONVERT_6_11
    step = script_step(SourceFile(ref=rel, rel=rel, text=text), parse_commands(text))
    assert step is not None
    assert step.kind == "convert"
    assert step.needs.inputs[0].startswith("/data/sejin/baseline_26/scripts/env_cann85.sh")
