"""outsider17 D14: an environment holding a release no row says the Python of took the newest
Python candidate (triton-ascend 3.2.1 beside Python 3.15). Such a release now goes with a
Python that the rows of its nearest release with rows allow: triton-ascend 3.2.0rc4's row says
Python >=3.9,<3.12 (kb vllm_ascend.toml), and the repo that ran 3.2.1 ran it on Python 3.11
(ZyEng-Art/flash_attn_npu@aa59cd6 OPTIMIZATION_NOTES.md:263: "Py3.11 + CANN 8.5.0 + torch_npu
2.7.1.post4 + triton-ascend 3.2.1"). A Python the repo states still decides."""

from __future__ import annotations

from bringup.kb import load_knowledge_base
from bringup.model import Component, Requirement, file_source
from bringup.solve import knowledge_catalogue, solve
from bringup.solve.catalogue import Catalogue
from solve_inputs import host


def _python(*requirements: tuple[str, str, int]) -> str:
    reqs = tuple(
        Requirement(
            subject=subject,
            spec=spec,
            component="fa",
            source=file_source("fa/OPTIMIZATION_NOTES.md", line),
        )
        for subject, spec, line in requirements
    )
    component = Component(name="fa", path="fa", role="ops", requirements=reqs)
    kb = load_knowledge_base()
    catalogue: Catalogue = knowledge_catalogue(kb)
    # a host with no Python of its own (as a --target plans): nothing installed decides
    resolution = solve([component], host(pythons=()), kb.rules(chips=()), catalogue)
    environment = resolution.environment_of("fa")
    assert environment is not None
    pin = environment.pin("python")
    assert pin is not None
    return pin.version


def test_a_release_with_no_python_row_takes_its_nearest_releases_python() -> None:
    # OPTIMIZATION_NOTES.md:306 "triton-ascend 3.2.1"
    version = _python(("triton_ascend", "==3.2.1", 306))
    assert version.startswith("3.11"), version


def test_a_python_the_repo_states_still_decides() -> None:
    # OPTIMIZATION_NOTES.md:263 "本 workspace = Py3.12 + ... triton-ascend 3.2.1"
    version = _python(("triton_ascend", "==3.2.1", 306), ("python", "==3.12.*", 263))
    assert version.startswith("3.12"), version
