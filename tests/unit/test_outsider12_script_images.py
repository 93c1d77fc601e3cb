"""outsider12 #4: a repo that builds in a vendor's container names the image in a script, not a
Dockerfile (``docker_image=".../ascendhub/cann:<CANN>-910b-ubuntu22.04-py3.11"``, then
``docker run ... $docker_image``), and the scan said "cann is required but no version is
stated anywhere in the repo". The image's tag states the CANN release, chip, OS and Python as
a ``FROM`` line's does: soft facts, what the container carries. Real lines of other repos:
Ascend/MultimodalSDK@916d29e1 examples/AutoOptimizeAndSample/test.sh:53 (the image it pulls at
:128) and uccl-project/uccl@da914a20 build.sh:196 and :208 (one image per target)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan import scan_stack
from bringup.scan.extraction import SourceFile
from bringup.scan.scriptimages import script_images
from cpuclock import cpu_seconds

MULTIMODAL = (
    'VRAG_IMAGE_NAME="swr.cn-south-1.myhuaweicloud.com/ascendhub/cann:9.0.0-910b-ubuntu22.04-py3.11"\n'
    'docker pull "${VRAG_IMAGE_NAME}"\n'
)
UCCL = (
    '    : "${BASE_IMAGE:=nvidia/cuda:12.8.0-devel-ubuntu22.04}"\n'
    '    : "${BASE_IMAGE:=nvidia/cuda:13.0.1-cudnn-devel-ubuntu22.04}"\n'
)


def _facts(text: str) -> list[tuple[str, str, bool, int]]:
    file = SourceFile(ref="test.sh", rel="test.sh", text=text)
    return [(r.subject, r.spec, r.hard, r.source.line or 0) for r in script_images(file)]


def test_a_cann_image_a_script_names_states_its_release_chip_os_and_python() -> None:
    assert _facts(MULTIMODAL) == [
        ("cann", "==9.0.0", False, 1),
        ("chip", "910B", False, 1),
        ("python", "==3.11.*", False, 1),
        ("os", "ubuntu", False, 1),
        ("os_version", "==22.04", False, 1),
    ]


def test_a_matrix_of_images_states_no_one_toolkit_release() -> None:
    """Two targets' images: CUDA 12.8.0 and 13.0.1 are alternatives, not the repo's release;
    both are Ubuntu 22.04, which stands (and the ``}`` of ``${VAR:=...}`` is no part of it)."""
    assert _facts(UCCL) == [
        ("os", "ubuntu", False, 1),
        ("os_version", "==22.04", False, 1),
        ("os", "ubuntu", False, 2),
        ("os_version", "==22.04", False, 2),
    ]


def test_words_that_are_no_vendor_image_state_nothing() -> None:
    text = (
        "git clone https://github.com/org/cann:9.0.0\n"  # a URL
        "cp build/out:8.0.0 /tmp/x\n"  # no registry's image
        "# docker run ascendhub/cann:8.0.0-910b\n"  # a comment
        "IMAGE=mindie:2.1.RC1-800I-A2-py311-openeuler24.03-lts\n"  # not a toolkit image
    )
    assert _facts(text) == []


def test_the_unversioned_finding_names_the_release_the_image_carries(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    # a CANN need with no version: the set_env.sh a guide sources
    (repo / "README.md").write_text(
        "# x\n\n```bash\nsource /usr/local/Ascend/ascend-toolkit/set_env.sh\n```\n",
        encoding="utf-8",
    )
    (repo / "docker_run.sh").write_text(MULTIMODAL, encoding="utf-8")
    (component,) = scan_stack([str(repo)]).components
    said = [f.reason or "" for f in component.findings if f.key.startswith("scan.unversioned")]
    assert any("docker_run.sh:1 shows ==9.0.0 in use" in s for s in said), said


def test_the_words_pass_a_hostile_line_in_time() -> None:
    lines = ["a/b:" * 12_500, "nvidia/cuda:" + "1" * 50_000, "x" * 50_000, "${" * 25_000]
    start = cpu_seconds()
    for line in lines:
        script_images(SourceFile(ref="x.sh", rel="x.sh", text=line + "\n"))
    assert cpu_seconds() - start < 2.0
