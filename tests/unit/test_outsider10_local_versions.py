"""A version with a local label in a compatibility table (vllm-ascend's versioning policy pairs
v0.18.0 with ``torch_npu 2.9.0.post1+git4c901a4``, a git build) was pinned for a repo that asks
torch_npu with no version (zhonganbi102-netizen/nano-chat-NPU@fe64c6dd README.md:22), though
PyPI refuses local versions and lists torch-npu 2.9.0, .post2 ... (outsider10 #5). Such a build
is a candidate only where it is installed or a repo names it (by its public version where no
plain release has that one), and only the knowledge base's: an index's list keeps its builds
(download.pytorch.org serves ``xformers 0.0.27+cu118``; review29 M2)."""

from __future__ import annotations

from bringup.kb import load_knowledge_base
from bringup.model.source import Source
from bringup.solve import Catalogue, host_facts, knowledge_catalogue
from bringup.solve.candidates import Candidates
from bringup.solve.catalogue import Release
from bringup.versions import SpecifierSet
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


# download.pytorch.org/whl/cu118's xformers wheels, as unslothai/unsloth@015bdef0
# pyproject.toml:281 and :293 install them (the cu121 index serves these releases with no label,
# "xformers-0.0.27-cp39-cp39-manylinux2014_x86_64.whl", same file :287):
#   "xformers @ https://download.pytorch.org/whl/cu118/
#       xformers-0.0.27%2Bcu118-cp39-cp39-manylinux2014_x86_64.whl ; ..."
#   "xformers @ https://download.pytorch.org/whl/cu118/
#       xformers-0.0.27.post2%2Bcu118-cp39-cp39-manylinux2014_x86_64.whl ; ..."
CU118 = ["0.0.27+cu118", "0.0.27.post2+cu118"]
INDEX = Source(kind="derived", ref="package index https://download.pytorch.org/whl/cu118")


def _xformers(catalogue: Catalogue, spec: str) -> list[str]:
    """The candidates of xformers for a repo asking ``spec``, and those the spec admits."""
    cands = Candidates(
        host_facts(host()), catalogue, allow_driver_change=False, specs={"xformers": {spec}}
    )
    admitted = cands.allowed(SpecifierSet(spec, "pep440"), "xformers")
    return [c.version for c in cands.of("xformers") if c.id in admitted]


def test_an_unversioned_need_gets_no_git_build() -> None:
    versions = _versions({""})
    assert GIT_BUILD not in versions
    assert "2.9.0" in versions
    assert all("+" not in v for v in versions)


def test_a_repo_that_names_the_git_build_still_gets_it() -> None:
    assert GIT_BUILD in _versions({f"=={GIT_BUILD}"})


def test_an_installed_git_build_is_a_candidate() -> None:
    assert GIT_BUILD in _versions({""}, packages={"torch_npu": GIT_BUILD})


def test_an_index_serving_local_builds_keeps_them() -> None:
    listed = Catalogue.from_mapping({}).with_index({"xformers": [Release(v, INDEX) for v in CU118]})
    assert _xformers(listed, ">=0.0.27") == ["0.0.27.post2+cu118"]  # the newest that meets it
    assert _xformers(listed, "==0.0.27") == ["0.0.27+cu118"]  # PEP 440: == ignores the label


def test_a_table_build_is_kept_for_the_public_version_a_repo_names() -> None:
    table = Catalogue.from_mapping({"xformers": ["0.0.26.post1", *CU118]})
    assert _xformers(table, "==0.0.27") == ["0.0.27+cu118"]  # no plain 0.0.27 is known
    assert _xformers(table, ">=0.0.26") == ["0.0.26.post1"]  # a plain release serves
    plain = Catalogue.from_mapping({"xformers": ["0.0.27", *CU118]})
    assert _xformers(plain, "==0.0.27") == ["0.0.27"]
    assert _xformers(plain, "==0.0.27+cu118") == ["0.0.27+cu118"]


def test_a_table_of_local_builds_only_keeps_them() -> None:
    assert _xformers(Catalogue.from_mapping({"xformers": CU118}), "") == CU118[::-1]
