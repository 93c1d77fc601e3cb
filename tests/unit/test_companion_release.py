"""A repo that builds its companion at a release in its own image pins that companion
(outsider23 D8): vllm-ascend's README says only "vLLM (the same version as vllm-ascend)", and
the plan took vLLM 0.23.0, the newest on the index; its Dockerfile clones and installs v0.22.1.
Lines are vllm-project/vllm-ascend@5e3907448c53a8d48a89b06635427b83ccfc7756 (the outsider's
checkout zzhx1/vllm-ascend at that commit): Dockerfile:48-60 and :69-77, README.md:67."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.borrowed import installs_repo
from bringup.scan.dockerfile import extract_dockerfile
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo

DOCKERFILE = """FROM quay.io/ascend/cann:9.0.0-910b-ubuntu22.04-py3.12
# Install vLLM
ARG VLLM_REPO=https://github.com/vllm-project/vllm.git
ARG VLLM_TAG=v0.22.1
ARG VLLM_COMMIT=""
RUN if [ -n "$VLLM_COMMIT" ]; then \\
      git init /vllm-workspace/vllm && \\
      git -C /vllm-workspace/vllm fetch --depth 1 $VLLM_REPO "$VLLM_COMMIT" && \\
      git -C /vllm-workspace/vllm checkout FETCH_HEAD; \\
    else \\
      git clone --depth 1 -b $VLLM_TAG $VLLM_REPO /vllm-workspace/vllm; \\
    fi
RUN VLLM_TARGET_DEVICE="empty" python3 -m pip install -e /vllm-workspace/vllm/[audio] \\
    --extra-index https://download.pytorch.org/whl/cpu/ && \\
    python3 -m pip uninstall -y triton && \\
    python3 -m pip cache purge
COPY . /vllm-workspace/vllm-ascend/
RUN export PIP_EXTRA_INDEX_URL="https://mirrors.huaweicloud.com/ascend/repos/pypi" && \\
    python3 -m pip install -e /vllm-workspace/vllm-ascend/ --extra-index https://download.pytorch.org/whl/cpu/
"""
"""The FROM line is Dockerfile:18; the rest Dockerfile:48-60, :69 and :73-77, in the file's
order, with its comment at :58 and two ``export``/``source`` lines left out and :59 broken in
two at a constructed backslash."""

README = (
    "| Software | Supported version |\n| --- | --- |\n"
    "| vLLM | vLLM (the same version as vllm-ascend) |\n"
)
"""README.md:67's row; the table's head is constructed (the real one is README.md:60-61)."""


def test_the_image_clones_its_companion_at_a_release() -> None:
    file = SourceFile(ref="Dockerfile", rel="Dockerfile", text=DOCKERFILE)
    found = [r for r in extract_dockerfile(file).requirements if r.subject == "vllm"]
    # cited at the line the clone is on (Dockerfile:57), not the ``else`` before it
    assert [(r.spec, r.hard, r.source.line) for r in found] == [("==0.22.1", False, 11)]


def test_a_copy_of_the_build_context_installed_is_the_repo() -> None:
    assert installs_repo(DOCKERFILE, "vllm-ascend")
    # the clone's own install is not the repo's: without the COPY, nothing installs it
    without = DOCKERFILE.replace("COPY . /vllm-workspace/vllm-ascend/\n", "")
    assert not installs_repo(without, "vllm-ascend")


def test_the_same_version_as_the_repo_takes_the_images_release(tmp_path: Path) -> None:
    root = tmp_path / "vllm-ascend"
    root.mkdir()
    (root / "Dockerfile").write_text(DOCKERFILE, encoding="utf-8")
    (root / "README.md").write_text(README, encoding="utf-8")
    component = scan_repo(root, "vllm-ascend").component
    specs = {r.spec for r in component.requirements if r.subject == "vllm"}
    assert "==0.22.1" in specs
