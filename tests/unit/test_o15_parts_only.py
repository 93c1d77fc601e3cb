"""outsider15 D16: a checkout that states nothing of its own while its sub-folders have builds
of their own is not "runs here" with 0 steps: unverified, naming the parts and where to point
bringup. The parts as the scan reads hu-qi/opt-test@021a3be569be1463d8db7d8ca087c5ebadecf56b
(no file at its top but .gitignore): ACLHelloWorld/src/CMakeLists.txt:43
``target_link_libraries(main ascendcl stdc++)`` and ACLLite/build_so.sh:1 as a step."""

from __future__ import annotations

from bringup.model import Component, Requirement, Scope, Step, file_source
from bringup.solve.partsonly import parts_only

CANN = Requirement(
    subject="cann",
    spec="",
    component="opt-test",
    source=file_source("opt-test/ACLHelloWorld/src/CMakeLists.txt", 43),
    text="target_link_libraries(... ascendcl): AscendCL, part of CANN",
)
BUILD_SO = Step(
    name="bash ACLLite/build_so.sh",
    kind="build",
    argv=("bash", "ACLLite/build_so.sh"),
    source=file_source("opt-test/ACLLite/build_so.sh", 1),
)
PARTS = (
    Scope(name="ACLHelloWorld", requirements=(CANN,)),
    Scope(name="ACLLite", steps=(BUILD_SO,)),
    Scope(name="docs", feature=True, requirements=(CANN,)),
    Scope(name="fan"),
)


def test_a_checkout_of_parts_only_is_unverified_and_names_them() -> None:
    repo = Component(name="opt-test", path="/w/opt-test", role="other", scopes=PARTS)
    (obstacle,) = parts_only(repo)
    assert obstacle.kind == "unchecked"
    (why,) = obstacle.missing
    assert why.startswith("its parts ACLHelloWorld, ACLLite have builds of their own")
    assert why.endswith("bringup check /w/opt-test/ACLHelloWorld")


def test_a_need_or_step_of_its_own_decides_instead() -> None:
    own = Component(
        name="opt-test", path="/w/opt-test", role="other", scopes=PARTS, steps=(BUILD_SO,)
    )
    assert parts_only(own) == []
    features = Component(name="opt-test", path="/w/opt-test", role="other", scopes=PARTS[2:])
    assert parts_only(features) == []
