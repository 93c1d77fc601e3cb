"""Outsider 27's D4 (tests/data/outsider46/REPORT.md): a deployment script that probes each tool
of a list in a loop and exits without it (``local deps=("docker")`` ... ``if ! command -v
"$dep"``) named no container runtime. The class: a probe of a loop variable tests each word
the loop walks (``scan.probeloops``), as a probe of a tool by name does."""

from __future__ import annotations

import pytest

from bringup.scan.commands import joined_lines
from bringup.scan.extraction import SourceFile
from bringup.scan.shellguards import shell_vocabulary

# source: https://github.com/oeyoews/MindIE_Auto_Deploy_Tool_PLUS/blob/4d1a2f8/deploy.sh (18-28)
DEPLOY = """# 检查依赖
check_dependencies() {
    local deps=("docker")
    for dep in "${deps[@]}"; do
        if ! command -v "$dep" &> /dev/null; then
            echo -e "${RED}错误: 未找到命令 '$dep'${NC}"
            echo "请先安装必要的依赖"
            exit 1
        fi
    done
}
"""
# source: https://github.com/sharkzeeh/crypto/blob/96ecd0412e6cd08f43e436f58f154a95dc178bec/healthcheck.sh
HEALTHCHECK = """#!/bin/bash

NEEDED_COMMANDS="docker"

for cmd in ${NEEDED_COMMANDS} ; do
    if ! command -v ${cmd} &> /dev/null
    then
        echo "Please install ${cmd}!"
        exit 1
    fi
done
"""
# the one-line form of the same loop, words given literally
ONE_LINE = (
    'for cmd in docker sha256sum; do command -v "$cmd" >/dev/null 2>&1 || '
    '{ echo "$cmd is required" >&2; exit 2; }; done\n'
)


def _tools(rel: str, text: str) -> dict[str, int]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    found = shell_vocabulary(file, joined_lines(text))
    return {r.spec: r.source.line or 0 for r in found if r.subject == "system_package" and r.hard}


@pytest.mark.parametrize(
    ("rel", "text", "tools"),
    [
        ("deploy.sh", DEPLOY, {"docker": 5}),
        ("healthcheck.sh", HEALTHCHECK, {"docker": 6}),
        ("check.sh", ONE_LINE, {"docker": 1, "sha256sum": 1}),
    ],
)
def test_each_tool_a_loop_probes_and_stops_without_is_a_need(
    rel: str, text: str, tools: dict[str, int]
) -> None:
    assert _tools(rel, text) == tools


def test_a_loop_that_goes_on_without_the_tool_states_no_need() -> None:
    warned = DEPLOY.replace("            exit 1\n", "")
    assert _tools("deploy.sh", warned) == {}


def test_a_list_set_from_an_expansion_names_nothing() -> None:
    computed = HEALTHCHECK.replace('NEEDED_COMMANDS="docker"', 'NEEDED_COMMANDS="$(cat deps.txt)"')
    assert _tools("healthcheck.sh", computed) == {}
