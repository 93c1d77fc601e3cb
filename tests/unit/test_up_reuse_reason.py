"""A step run again says which of its inputs changed: outsider15 D15 (/work/outsider15/repro.sh,
"D15": libdeflate, not a git checkout, ``.gitignore`` listing ``/build*``, the one step
``cmake -B build``; ``CC=clang bringup up`` said "its inputs changed ... this is not a git
checkout: files count by size and time (list the steps' outputs in .gitignore)", though only
CC had changed). The parts below are those of that step in the tester's tree."""

from __future__ import annotations

from bringup.run.fingerprint import build_variables, changed, input_parts

_TREE = "stat:0c4e"  # a tree read by its files' sizes and times


def _parts(env: dict[str, str], tree: str = _TREE) -> dict[str, str]:
    return input_parts(
        tree=tree,
        environment="f1 2026-12-06T15:00:00/ab12",
        cwd="/work/outsider15/repro.tmp/lib15",
        activation=("export CUDA_HOME=/usr/local/cuda-13.0",),
        before="",
        variables=build_variables(env),
    )


def test_a_changed_compiler_is_said_by_its_name() -> None:
    then = _parts({"PATH": "/usr/bin"})
    now = _parts({"PATH": "/usr/bin", "CC": "clang"})
    assert changed(then, now) == ["variable CC"]
    assert changed(now, then) == ["variable CC"]  # unset again
    assert changed(then, then) == []


def test_the_values_are_not_said() -> None:
    secret = {"PIP_INDEX_URL": "https://user:s3cret@mirror.example/simple"}
    said = changed(_parts({}), _parts(secret))
    assert said == ["variable PIP_INDEX_URL"]
    assert "s3cret" not in " ".join(said)


def test_the_values_are_not_kept() -> None:
    """The parts are written to history (``steps.parts``) and read back by ``bringup history
    --json``: a credential in a variable steering pip or uv must not be in them (review34)."""
    secret = {
        "PIP_INDEX_URL": "https://user:s3cret@mirror.example/simple",
        "UV_INDEX_PRIVATE_PASSWORD": "hunter2-token",
    }
    kept = repr(_parts(secret))
    assert "s3cret" not in kept
    assert "hunter2-token" not in kept
    assert "var:UV_INDEX_PRIVATE_PASSWORD" in kept
    # not even as a hash a word list could be run against: a rotated password changes no
    # build and is no change; the index's host is one
    other = {**secret, "UV_INDEX_PRIVATE_PASSWORD": "rotated"}
    assert changed(_parts(secret), _parts(other)) == []
    assert build_variables(secret) == build_variables(other)
    moved = {**secret, "PIP_INDEX_URL": "https://user:s3cret@other.example/simple"}
    assert changed(_parts(secret), _parts(moved)) == ["variable PIP_INDEX_URL"]


def test_the_tree_is_said_with_its_advice_only_where_it_changed() -> None:
    then = _parts({})
    now = _parts({"CC": "clang", "CFLAGS": "-O0"}, tree="stat:9f1d")
    said = changed(then, now)
    assert said[0] == "variables CC, CFLAGS"
    assert said[1].startswith("the repo's files (not a git checkout")
    assert ".gitignore" in said[1]
    assert changed(_parts({}, "git:1"), _parts({}, "git:2")) == ["the repo's files"]


def test_the_steps_before_count_only_where_nothing_of_its_own_changed() -> None:
    then, now = _parts({}), _parts({})
    now["before"] = "other"
    assert changed(then, now) == ["the steps before it"]
