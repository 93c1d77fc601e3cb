"""An exception whose type says the distributed layer raised it places the failure in
communication whatever its message says (issue 15; the layer rule of
tests/data/triage_thirtyfourth/LABEL-BRIEF.md: collective communication and distributed set-up).
Each log is a real one and cites where it was printed."""

from __future__ import annotations

from bringup.triage import explain_text

# huggingface/accelerate@539c0701 docs/source/basic_tutorials/troubleshooting.md (operational
# debug mode's check of a broadcast's shapes across the processes)
_ACCELERATE_DOCS = (
    "Traceback (most recent call last):\n"
    '  File "/home/zach_mueller_huggingface_co/test.py", line 18, in <module>\n'
    "    main()\n"
    '  File "/home/zach_mueller_huggingface_co/accelerate/src/accelerate/utils/operations.py",'
    " line 303, in wrapper\n"
    "    broadcast_tensor = broadcast(tensor)\n"
    "accelerate.utils.operations.DistributedOperationException: Cannot apply desired operation"
    " due to shape mismatches. All shapes across devices must be valid.\n"
)
# huggingface/trl#2882 (ORPO under Accelerate/DeepSpeed: a gather of logits of unequal lengths)
_TRL_ISSUE = (
    '[rank3]:   File "/usr/local/lib/python3.10/dist-packages/accelerate/utils/operations.py",'
    " line 389, in wrapper\n"
    "[rank3]:     raise DistributedOperationException(\n"
    "[rank3]: accelerate.utils.operations.DistributedOperationException: Cannot apply desired"
    " operation due to shape mismatches. All shapes across devices must be valid.\n"
)


def test_an_exception_typed_as_distributed_is_communication() -> None:
    for log in (_ACCELERATE_DOCS, _TRL_ISSUE):
        found = explain_text(log)
        assert found, log
        assert found[0].layer == "communication", (log, found[0].signature_id)


def test_a_distribution_that_is_not_found_is_no_collective() -> None:
    # pypa/setuptools pkg_resources/__init__.py: DistributionNotFound names a package, not ranks
    log = "pkg_resources.DistributionNotFound: The 'tqdm>=4.27' distribution was not found\n"
    found = explain_text(log)
    assert found
    assert found[0].layer == "install"
