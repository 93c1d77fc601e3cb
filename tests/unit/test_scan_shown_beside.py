"""A soft version shown on a line a hard unversioned need of its subject cites is that need's
preferred release, not a second requirement (``scan.shownbeside``). Real lines, quoted with
their repository, file and commit."""

from __future__ import annotations

from bringup.model import Requirement, file_source
from bringup.scan.shownbeside import fold_shown_versions


def test_a_floor_shown_beside_a_build_import_is_the_needs_preference() -> None:
    # NVIDIA/Fuser cmake/deps/handle_torch.cmake:15 runs ``import torch`` (hard, unversioned);
    # README.md:69 "PyTorch >= 2.9" read as prose (soft); the need cites :69 beside it
    need = Requirement(
        subject="torch",
        spec="",
        component="Fuser",
        source=file_source("Fuser/cmake/deps/handle_torch.cmake", 15),
        also_at=(file_source("Fuser/README.md", 69),),
        text="the build runs Python: COMMAND ${Python_EXECUTABLE} -c import torch",
    )
    shown = Requirement(
        subject="torch",
        spec=">=2.9",
        component="Fuser",
        source=file_source("Fuser/README.md", 69),
        hard=False,
        text="PyTorch >= 2.9",
    )
    (folded,) = fold_shown_versions([need, shown])
    assert folded.hard
    assert folded.spec == ""
    assert [(p.value, p.source) for p in folded.prefers] == [(">=2.9", shown.source)]
    # a version shown on a line the need does not cite stays a requirement of its own
    elsewhere = Requirement(
        subject="torch",
        spec=">=2.9",
        component="Fuser",
        source=file_source("Fuser/README.md", 70),
        hard=False,
    )
    assert fold_shown_versions([need, elsewhere]) == [need, elsewhere]
    # so does a hard version: two needs, compared elsewhere (``contradictions``)
    hard = Requirement(
        subject="torch", spec=">=2.9", component="Fuser", source=shown.source, hard=True
    )
    assert fold_shown_versions([need, hard]) == [need, hard]


def test_a_wheel_a_guide_installs_is_the_release_its_install_step_prefers() -> None:
    # Ascend/pyasc docs/quick_start.md:343 "安装PyTorch框架和torch_npu插件" (hard), :372
    # ``pip3 install torch_npu-2.7.1.post2-cp39-cp39-manylinux_2_28_x86_64.whl`` (soft)
    need = Requirement(
        subject="torch_npu",
        spec="",
        component="pyasc",
        source=file_source("pyasc/docs/quick_start.md", 343),
        also_at=(file_source("pyasc/docs/quick_start.md", 372),),
        confidence="low",
        text="安装PyTorch框架和torch_npu插件",
    )
    shown = Requirement(
        subject="torch_npu",
        spec="==2.7.1.post2",
        component="pyasc",
        source=file_source("pyasc/docs/quick_start.md", 372),
        also_at=(file_source("pyasc/docs/quick_start.md", 370),),
        hard=False,
        text="pip install: torch_npu-2.7.1.post2-cp39-cp39-manylinux_2_28_x86_64.whl",
    )
    (folded,) = fold_shown_versions([need, shown])
    assert [p.line for p in (folded.source, *folded.also_at)] == [343, 372, 370]
    assert [p.value for p in folded.prefers] == ["==2.7.1.post2"]
