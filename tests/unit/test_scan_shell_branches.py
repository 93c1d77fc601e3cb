"""What a build script sets up inside a branch that only some machines take (``shellarms``) is
soft: the Blackwell arm of FastVideo's kernel build is not the repo's compute-capability floor
(outsider 25, D1). Real lines, with their source beside them."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.shell import extract_shell
from bringup.scan.shellarms import branch_lines

# hao-ai-lab/FastVideo@2f3d4074 fastvideo-kernel/build.sh:116,139-150 (lines between left out)
_FASTVIDEO = """if [ "${GPU_BACKEND}" = "CUDA" ]; then
    if [ -z "${TORCH_CUDA_ARCH_LIST:-}" ]; then
        if [ "${cc_major}" = "9" ] && [ "${cc_minor}" = "0" ]; then
            export TORCH_CUDA_ARCH_LIST="9.0a"
        elif [ "${cc_major}" = "12" ] && [ "${cc_minor}" = "0" ]; then
            # Blackwell sm_120 needs the arch-conditional 'a' suffix so CMake's
            # AUTO gate (matches 12.0a/120a/sm_120a) builds the attn_qat_infer
            # (modified SageAttention3 FP4) kernels instead of silently skipping.
            export TORCH_CUDA_ARCH_LIST="12.0a"
        else
            export TORCH_CUDA_ARCH_LIST="${cc_major}.${cc_minor}"
        fi
    fi
fi
"""


def _capability(text: str) -> list[tuple[str, int | None, bool]]:
    found = extract_shell(SourceFile(ref="r/build.sh", rel="build.sh", text=text)).requirements
    return [(r.spec, r.source.line, r.hard) for r in found if r.subject == "compute_capability"]


def test_the_blackwell_arm_of_a_kernel_build_is_no_floor() -> None:
    # "9.0a" is sm_90a, which runs on 9.0 alone (outsider8 #2: what a build embeds decides)
    assert _capability(_FASTVIDEO) == [("==9.0", 4, False), ("==12.0", 9, False)]


def test_a_default_set_only_when_unset_stays_a_floor() -> None:
    # the same build with its choice of arms taken away: the one list it sets when the user
    # set none is what every build compiles for
    default = _FASTVIDEO.splitlines()[1]
    plain = "\n".join([default, '    export TORCH_CUDA_ARCH_LIST="9.0a"', "fi"])
    assert _capability(plain) == [("==9.0", 2, True)]


def test_the_lines_of_a_choice() -> None:
    lines = _FASTVIDEO.splitlines()
    assert sorted(branch_lines(lines)) == list(range(1, 15))
    assert sorted(branch_lines(lines[1:2] + lines[3:4] + ["fi"])) == []


def test_a_python_if_in_a_string_opens_no_block() -> None:
    # hao-ai-lab/FastVideo@2f3d4074 fastvideo-kernel/build.sh:109-113: the probe handed to
    # python -c; its ``if`` has no ``then`` and no ``fi``
    probe = [
        '    "${py}" -c "import torch',
        "if not torch.cuda.is_available():",
        "    raise RuntimeError('torch.cuda.is_available() is false')",
        "mj, mn = torch.cuda.get_device_capability(0)",
        "print(f'{mj}.{mn}')\"",
    ]
    default = _FASTVIDEO.splitlines()[1]
    assert branch_lines([*probe, default, '  export X="1"', "fi"]) == frozenset()


def test_one_line_branches() -> None:
    # constructed: a comparing test on one line picks a list for one CUDA; an emptiness test
    # with a ``${X:=…}`` expansion sets a default and compares nothing
    compared = (
        """if [[ "$CU_VERSION" == "cu118" ]]; then export TORCH_CUDA_ARCH_LIST='7.0;8.0'; fi"""
    )
    assert branch_lines([compared]) == frozenset({1})
    assert branch_lines(['if [ -z "${X:=1}" ]; then export X=1; fi']) == frozenset()


# constructed (review 25b, M1): defaults set only when a variable is empty, written as a
# comparison with the empty string
_EMPTY_TESTS = """if [ "${CUDA_HOME}" == "" ]; then
    export CUDA_HOME=/usr/local/cuda-12.1
fi
if [[ "${TORCH_CUDA_ARCH_LIST}" = "" ]]; then
    export TORCH_CUDA_ARCH_LIST="8.0;9.0"
fi
"""


def test_a_comparison_with_the_empty_string_asks_whether_it_is_set() -> None:
    # torch's "8.0;9.0" is machine code for 8.x and 9.x, no PTX: no Blackwell (outsider8 #2)
    assert _capability(_EMPTY_TESTS) == [(">=8.0,<10.0", 5, True)]
    found = extract_shell(SourceFile(ref="r/build.sh", rel="build.sh", text=_EMPTY_TESTS))
    assert [(r.spec, r.hard) for r in found.requirements if r.subject == "cuda"] == [
        ("==12.1.*", True)
    ]
    # a comparison with a value is still a choice
    assert sorted(branch_lines(['if [ "$X" == "12" ]; then', "    export Y=1", "fi"])) == [1, 2, 3]


def test_an_if_whose_one_branch_exits_is_a_guard() -> None:
    # mirror-cann/sip (the scan_eval21 checkout) scripts/install.sh:445-450
    sip = [
        '    if [ "${ASCEND_HOME_PATH}" == "" ]; then',
        '        print "ERROR" "Check owner failed, please check env ASCEND_HOME_PATH is set."',
        "        exit 1",
        "    else",
        "        cann_path=${ASCEND_HOME_PATH}",
        "    fi",
    ]
    assert sorted(branch_lines(sip)) == []
    # constructed: the same guard comparing with a value, and a choice of two ways on
    guard = ['if [ "$V" != "12" ]; then', "    exit 1", "else", "    export CUDA_HOME=/x", "fi"]
    assert sorted(branch_lines(guard)) == []
    both = ['if [ "$V" != "12" ]; then', "    exit 1", "else", "    return 0", "fi"]
    assert sorted(branch_lines(both)) == [1, 2, 3, 4, 5]
    chosen = ['if [ "$V" = "12" ]; then', "    exit 1", "elif [ -f x ]; then", "    y", "fi"]
    assert sorted(branch_lines(chosen)) == [1, 2, 3, 4, 5]
