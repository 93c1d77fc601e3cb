"""The shell's tool probes (``command -v X``, ``which X``, ``type X``) are read by one bounded
fragment (``probewords.PROBED``/``TOOL``) in every pattern that reads one: the same names,
and linear time on a long word (review s18b #4, #7)."""

from __future__ import annotations

import time

from bringup.scan.commands import joined_lines
from bringup.scan.shellfloors import _PROBE
from bringup.scan.shellguards import _LAUNCHER_TEST, _TOOL_TEST, shell_vocabulary
from bringup.scan.statuscheck import _PRESENCE
from scan_needs import source_file


def test_a_long_word_after_a_probe_costs_linear_time() -> None:
    # constructed inputs (review s18b #4, /tmp/review2/retime.py): 3.1 s and 28 s before
    for text in ("which " + "a" * 100_000, "type " + "a" * 300_000, "which a " * 12_500):
        started = time.process_time()
        _TOOL_TEST.findall(text)
        _PROBE.findall(text)
        assert time.process_time() - started < 0.5


def test_the_three_probe_patterns_read_the_same_tool() -> None:
    for probe in ("command -v", "command  -v", "which", "type"):
        line = f"{probe} ccache >/dev/null 2>&1 || exit 1"
        assert _TOOL_TEST.findall(line) == [("", "ccache")]
        assert _LAUNCHER_TEST.findall(line) == ["ccache"]
        assert _PROBE.findall(line) == [("ccache", "")]
    # a word ending in "type" probes nothing ("mytype x ||")
    assert _TOOL_TEST.findall("mytype ccache || exit 1") == []


def test_an_option_named_type_or_which_probes_nothing() -> None:
    # FlagOpen/FlagScale@da4935ec install/install-requirements-metax.sh:75-80, joined: the
    # script's option ``--device-type`` takes a device name, no tool is probed
    line = (
        "python tools/patch/unpatch.py --backend vllm FlagScale --task inference "
        '--device-type Metax_C550 || { echo "Failed to execute unpatch script"; exit 1'
    )
    assert _TOOL_TEST.findall(line) == []
    assert _PROBE.findall(line) == []
    # NVIDIA/Fuser@81c4b22f tools/check_symbol_visibility.sh:41, find's ``-type f``, its
    # ``|| true`` made a stop
    find = 'find "$python_dir" -name "$pattern" -type f 2>/dev/null || exit 1'
    assert _TOOL_TEST.findall(find) == []
    # the probe itself still reads after a path or a negation
    assert _TOOL_TEST.findall("! type ninja >/dev/null 2>&1") == [("ninja", "")]


# dotnet/corefx@f4b9f715 src/Native/build.sh:39, its check_prereqs()
COREFX_PREREQS = (
    "    hash cmake 2>/dev/null || "
    '{ echo >&2 "Please install cmake before running this script"; exit 1; }\n'
)


def test_hash_and_type_p_probe_a_tool_for_every_reader() -> None:
    # bash's ``help hash`` and ``help type``: each exits non-zero when it finds no tool
    assert _TOOL_TEST.findall(COREFX_PREREQS) == [("", "cmake")]
    assert _PROBE.findall(COREFX_PREREQS) == [("cmake", "")]
    assert _PRESENCE.search(COREFX_PREREQS)["program"] == "cmake"  # type: ignore[index]
    # a script's glibc and CUDA report, as statuscheck read it before (constructed line)
    line = "if ! type -P nvidia-smi &> /dev/null; then"
    assert _TOOL_TEST.findall(line) == [("nvidia-smi", "")]
    assert _PRESENCE.search(line)["program"] == "nvidia-smi"  # type: ignore[index]
    # ``hash -r`` forgets the remembered paths: no tool
    assert _TOOL_TEST.findall("hash -r || exit 1") == []


def test_a_hash_check_that_stops_the_build_is_a_need_of_the_tool() -> None:
    script = "#!/usr/bin/env bash\n\ncheck_prereqs()\n{\n" + COREFX_PREREQS + "}\n"
    found = shell_vocabulary(source_file("src/Native/build.sh", script), joined_lines(script))
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found] == [("cmake", "", 5, True)]
