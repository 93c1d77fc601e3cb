"""A process that glibc's heap check aborted, with no other words, is placed in the install
layer (two native builds in one process out of step), not read as the job's operation."""

from __future__ import annotations

from bringup.triage.explain import explain_text

# pytorch/pytorch#2507 (the crash as posted, its first lines): importing zmq, then torch 0.2,
# whose libshm.so carried its own libstdc++.
PYTORCH_2507 = """\
*** Error in `python3': free(): invalid pointer: 0x00007f98524c1b80 ***
======= Backtrace: =========
/lib/x86_64-linux-gnu/libc.so.6(+0x777e5)[0x7f986429c7e5]
/lib/x86_64-linux-gnu/libc.so.6(+0x8037a)[0x7f98642a537a]
"""

# threeYANG/mmdetection_libtorch#4 (the title); solved with gcc >= 5, as the official
# libtorch needs.
MMDETECTION_LIBTORCH_4 = (
    "*** Error in `./test_detect': double free or corruption (!prev): 0x00000000020a4cd0 ***\n"
)


def test_a_heap_check_abort_alone_is_placed_in_install() -> None:
    for log in (PYTORCH_2507, MMDETECTION_LIBTORCH_4):
        found = explain_text(log)
        assert [(d.signature_id, d.layer, d.confidence) for d in found[:1]] == [
            ("evidence.install.heap-corruption", "install", "low")
        ]


def test_a_bare_abort_stays_unplaced() -> None:
    found = explain_text("# python3 test.py\n\nAborted (core dumped)\n")
    assert [d.signature_id for d in found[:1]] == ["evidence.operator.unnamed"]
