"""The driver a script's or setup.py's run of the status tool needs, on real lines.

Sources: HowXu/alphafold3-pytorch-npu@f1b109e0 npu-info.sh:11-15;
NVIDIA/multi-gpu-programming-models@9a600f5e test.sh:65; uccl-project/uccl@da914a20
build.sh:109-110 and ep/setup.py:214-231.
"""

from __future__ import annotations

import ast

from bringup.scan.extraction import SourceFile
from bringup.scan.runtools import device_probes
from bringup.scan.shell import extract_shell
from bringup.scan.statuscheck import script_driver_runs


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text=text)


def test_a_monitoring_script_running_npu_smi_needs_the_ascend_driver() -> None:
    text = (
        '    current_time=$(date "+%Y-%m-%d %H:%M:%S")\n'
        '    echo "============================================"\n'
        '    echo "时间: ${current_time}"\n'
        "    npu-smi info\n"
    )
    found = [
        (r.subject, r.source.line, r.hard)
        for r in extract_shell(_file("npu-info.sh", text)).requirements
        if r.subject.endswith("driver")
    ]
    assert found == [("ascend_driver", 4, False)]


def test_a_run_inside_a_command_substitution_and_not_a_look_for_the_tool() -> None:
    counted = _file("test.sh", "            NUM_GPUS=`nvidia-smi -L | wc -l`\n")
    assert [(r.subject, r.source.line) for r in script_driver_runs(counted)] == [
        ("nvidia_driver", 1)
    ]
    probed = _file(
        "build.sh",
        '  if [[ "$TARGET" == cu* ]] && command -v nvidia-smi &>/dev/null; then\n'
        '    DETECTED_GPU_ARCH="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader'
        " 2>/dev/null | head -n1 | tr -d ' ' || true)\"\n",
    )
    assert [(r.subject, r.source.line) for r in script_driver_runs(probed)] == [
        ("nvidia_driver", 2)
    ]
    # constructed: a comment and a message name the tool without running it
    said = _file("x.sh", "# nvidia-smi shows the GPUs\necho 'run nvidia-smi first'\n")
    assert script_driver_runs(said) == []


def test_every_probe_setup_py_makes_is_cited() -> None:
    text = (
        "import subprocess\n"
        "try:\n"
        "    gpu_query = subprocess.check_output(\n"
        '        ["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],\n'
        "        stderr=subprocess.DEVNULL,\n"
        "    )\n"
        "    compute_cap_query = (\n"
        "        subprocess.check_output(\n"
        "            [\n"
        '                "nvidia-smi",\n'
        '                "--query-gpu=compute_cap",\n'
        "            ]\n"
        "        )\n"
        "    )\n"
        "except Exception:\n"
        "    pass\n"
    )
    found = device_probes(_file("ep/setup.py", text), ast.parse(text))
    assert [(r.subject, r.source.line, [a.line for a in r.also_at]) for r in found] == [
        ("nvidia_driver", 4, [10])
    ]
