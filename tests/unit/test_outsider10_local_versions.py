"""A version with a local label in a compatibility table (vllm-ascend's versioning policy pairs
v0.18.0 with ``torch_npu 2.9.0.post1+git4c901a4``, a git build) was pinned for a repo that asks
torch_npu with no version (zhonganbi102-netizen/nano-chat-NPU@fe64c6dd README.md:22), though
PyPI refuses local versions and lists torch-npu 2.9.0, .post2 ... (outsider10 #5). Such a build
is a candidate only where it is installed or a repo names it so."""

from __future__ import annotations

from bringup.kb import load_knowledge_base
from bringup.solve import host_facts, knowledge_catalogue
from bringup.solve.candidates import Candidates
from solve_inputs import host

GIT_BUILD = "2.9.0.post1+git4c901a4"


def _versions(specs: set[str], packages: dict[str, str] | None = None) -> list[str]:
    kb = load_knowledge_base()
    cands = Candidates(
        host_facts(host(packages=packages)),
        knowledge_catalogue(kb),
        allow_driver_change=False,
        specs={"torch_npu": specs},
        rows=kb.rules(),
    )
    return [c.version for c in cands.of("torch_npu")]


def test_an_unversioned_need_gets_no_git_build() -> None:
    versions = _versions({""})
    assert GIT_BUILD not in versions
    assert "2.9.0" in versions
    assert all("+" not in v for v in versions)


def test_a_repo_that_names_the_git_build_still_gets_it() -> None:
    assert GIT_BUILD in _versions({f"=={GIT_BUILD}"})


def test_an_installed_git_build_is_a_candidate() -> None:
    assert GIT_BUILD in _versions({""}, packages={"torch_npu": GIT_BUILD})
