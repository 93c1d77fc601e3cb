"""A repo script that runs its backend's bare status command needs the driver (issue 11,
session 39). Real lines, with their source."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.shell import extract_shell

# HowXu/alphafold3-pytorch-npu@f1b109e0 npu-info.sh:1-16 (its truth, scan_eval34, cites
# npu-info.sh:14 for the Ascend driver)
NPU_INFO = """#!/bin/bash

# 设置刷新间隔（秒）
interval=5

echo "开始监控NPU运行状态，每${interval}秒刷新一次..."

while true
do
    clear
    current_time=$(date "+%Y-%m-%d %H:%M:%S")
    echo "============================================"
    echo "时间: ${current_time}"
    npu-smi info
    echo "============================================"
"""


def _drivers(rel: str, text: str) -> list[tuple[str, int | None, bool]]:
    found = extract_shell(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.source.line, r.hard) for r in found if r.subject.endswith("_driver")]


def test_a_script_running_the_status_command_needs_the_driver() -> None:
    assert _drivers("npu-info.sh", NPU_INFO) == [("ascend_driver", 14, False)]


def test_a_status_command_reading_one_field_is_no_bare_check() -> None:
    # constructed from the line above: ``npu-smi info -t board`` reads a board's fields
    # (``statuscheck``: only the bare command is the check)
    text = NPU_INFO.replace("npu-smi info", "npu-smi info -t board -i 0")
    assert _drivers("npu-info.sh", text) == []
