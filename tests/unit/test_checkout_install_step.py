"""The repo's own install that its CI or its Dockerfile runs is its build step where nothing
else states one (outsider22 D6, scan.ownbuildstep): cosdt/vllm-ascend's plan had no install of
the checkout, though its CI runs ``pip install -e .`` and its Dockerfile installs the copy it
makes of the checkout."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Step
from bringup.scan.repo import scan_repo

# cosdt/vllm-ascend@4dd2ffa21dbf3a5b070678fc8e8c6dd21ea44ae3 .github/workflows/vllm_ascend_test.yaml
# :43-45, 63, 91-107 (vLLM's own install runs in the folder it clones, :96-99)
WORKFLOW = """jobs:
  test:
    name: run ut for vllm_ascend
    steps:
      - name: Install vLLM from source
        env:
          HTTPS_PROXY: ${{ secrets.MY_PROXY }}
        run: |
          git clone https://github.com/cosdt/vllm -b apply_plugin
          cd vllm
          pip install -r requirements-cpu.txt
          VLLM_TARGET_DEVICE=cpu python setup.py install

      - name: Install vllm_ascend
        run: |
          pip install -e .

      - name: Run test
        run: |
          pytest tests
"""
# cosdt/vllm-ascend@a524b50 Dockerfile:18, 26, 28, 33-35, 37-38 (outsider22's checkout, R1)
DOCKERFILE = """FROM quay.io/ascend/cann:8.0.rc3.beta1-910b-ubuntu22.04-py3.10
WORKDIR /workspace
COPY . /workspace/vllm-ascend/
ARG VLLM_REPO=https://github.com/vllm-project/vllm.git
RUN git clone --depth 1 $VLLM_REPO /workspace/vllm
RUN VLLM_TARGET_DEVICE="empty" python3 -m pip install /workspace/vllm/
# Install vllm-ascend main
RUN python3 -m pip install /workspace/vllm-ascend/
"""
# cosdt/vllm-ascend@a524b50 setup.py:17 (the checkout is a setuptools package); constructed
# beside it: a guide's line that installs it
SETUP = "from setuptools import setup\n"
# ClementPinard/Pytorch-Correlation-extension@04f877da README.md:12
GUIDE = "- Build and Install C++ and CUDA extensions by executing `python setup.py install`,\n"


def _steps(tmp_path: Path, files: dict[str, str]) -> list[Step]:
    root = tmp_path / "vllm-ascend"
    for path, text in {"setup.py": SETUP, **files}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    return list(scan_repo(root, "vllm-ascend").component.steps)


def _installs(steps: list[Step]) -> list[tuple[str, str, int | None]]:
    return [
        (" ".join(s.argv), s.source.ref.split("/", 1)[1], s.source.line)
        for s in steps
        if s.kind in ("install", "build")
    ]


def test_the_ci_s_install_of_the_checkout_is_its_build_step(tmp_path: Path) -> None:
    steps = _steps(tmp_path, {".github/workflows/vllm_ascend_test.yaml": WORKFLOW})
    assert _installs(steps) == [("pip install -e .", ".github/workflows/vllm_ascend_test.yaml", 16)]
    assert steps[0].kind == "install"


def test_the_dockerfile_s_install_of_its_copy_of_the_checkout_runs_in_the_checkout(
    tmp_path: Path,
) -> None:
    steps = _steps(tmp_path, {"Dockerfile": DOCKERFILE})
    assert _installs(steps) == [("python3 -m pip install .", "Dockerfile", 8)]
    assert "/workspace/vllm-ascend" in steps[0].notes[0]


def test_the_ci_speaks_before_the_image(tmp_path: Path) -> None:
    files = {".github/workflows/vllm_ascend_test.yaml": WORKFLOW, "Dockerfile": DOCKERFILE}
    assert [ref for _, ref, _ in _installs(_steps(tmp_path, files))] == [
        ".github/workflows/vllm_ascend_test.yaml"
    ]


def test_a_lint_or_docs_workflow_s_install_is_no_build_step(tmp_path: Path) -> None:
    for name in ("ruff.yml", "docs.yaml"):
        steps = _steps(tmp_path / name, {f".github/workflows/{name}": WORKFLOW})
        assert _installs(steps) == [], name


def test_a_guide_s_own_install_stays_the_only_one(tmp_path: Path) -> None:
    files = {".github/workflows/vllm_ascend_test.yaml": WORKFLOW, "README.md": GUIDE}
    assert _installs(_steps(tmp_path, files)) == [("python setup.py install", "README.md", 1)]


# Multi-stage builds (https://docs.docker.com/build/building/multi-stage/: "docker build ."
# builds the last stage and the stages it needs, FROM or COPY --from; a stage starts afresh).
# The stages are constructed around cosdt/vllm-ascend@a524b50 Dockerfile's lines above.
BASE = "FROM quay.io/ascend/cann:8.0.rc3.beta1-910b-ubuntu22.04-py3.10"
INSTALL = "RUN python3 -m pip install /workspace/vllm-ascend/"


def test_an_install_in_a_stage_the_final_image_does_not_use_is_no_build_step(
    tmp_path: Path,
) -> None:
    dev = f"{BASE} AS dev\nCOPY . /workspace/vllm-ascend/\n{INSTALL}\n"
    prod = f"{BASE} AS prod\nRUN python3 -m pip install vllm-ascend\n"
    assert _installs(_steps(tmp_path, {"Dockerfile": dev + prod})) == []
    # the final image built FROM the stage, or copying from it, uses it
    chained = f"{dev}FROM dev AS prod\nRUN python3 -m pip install pytest\n"
    assert _installs(_steps(tmp_path / "a", {"Dockerfile": chained})) == [
        ("python3 -m pip install .", "Dockerfile", 3)
    ]
    copies = f"{dev}{BASE}\nCOPY --from=dev /usr/local/lib /usr/local/lib\n"
    assert _installs(_steps(tmp_path / "b", {"Dockerfile": copies})) == [
        ("python3 -m pip install .", "Dockerfile", 3)
    ]


def test_a_stage_starts_afresh_and_a_copy_from_a_stage_is_not_the_checkout(
    tmp_path: Path,
) -> None:
    builder = f"{BASE} AS builder\nCOPY . /workspace/vllm-ascend/\nRUN pip wheel -w /wheels /workspace/vllm-ascend/\n"  # noqa: E501
    # the final stage installs a folder it never copied the checkout to
    fresh = f"{builder}{BASE}\n{INSTALL}\n"
    assert _installs(_steps(tmp_path, {"Dockerfile": fresh})) == []
    # COPY --from copies the builder's files, not the build context
    staged = (
        f"{BASE} AS builder\n{BASE}\nCOPY --from=builder . /workspace/vllm-ascend/\n{INSTALL}\n"
    )
    assert _installs(_steps(tmp_path / "a", {"Dockerfile": staged})) == []


def test_a_copy_from_a_stage_names_no_repo_path() -> None:
    from bringup.scan.dockerfile import copied
    from bringup.scan.extraction import SourceFile

    text = f"{BASE} AS builder\n{BASE}\nCOPY --from=builder scripts/run.sh /run.sh\n"
    assert copied(SourceFile(ref="r/Dockerfile", rel="Dockerfile", text=text)) == ()


def test_a_stage_named_by_a_character_python_calls_a_digit_leaves_the_dockerfile_read(
    tmp_path: Path,
) -> None:
    # review44a: '²'.isdigit() is True and int('²') raises: the whole Dockerfile was "could not
    # be read as dockerfile: ValueError". Docker's stage numbers are ASCII digits (0, 1, ...).
    dev = f"{BASE} AS dev\nCOPY . /workspace/vllm-ascend/\n{INSTALL}\n"
    odd = f"{dev}FROM dev AS prod\nCOPY --from=\u00b2 /usr/local/lib /usr/local/lib\n"
    assert _installs(_steps(tmp_path, {"Dockerfile": odd})) == [
        ("python3 -m pip install .", "Dockerfile", 3)
    ]
    # a stage by its number still counts: the final image copies from stage 0
    numbered = f"{dev}{BASE}\nCOPY --from=0 /usr/local/lib /usr/local/lib\n"
    assert _installs(_steps(tmp_path / "a", {"Dockerfile": numbered})) == [
        ("python3 -m pip install .", "Dockerfile", 3)
    ]


def test_a_long_dockerfile_is_read_in_one_pass(tmp_path: Path) -> None:
    # review44a: each RUN line looked through every logical line before it for its place (and
    # split the whole file again for its own lines): a 310 KB Dockerfile of 23,000 lines took
    # 165 s to scan. Both now take one pass; the install after them is still found.
    import time

    from bringup.scan.dockerfile import image_commands
    from bringup.scan.extraction import SourceFile
    from bringup.scan.ownbuildstep import docker_checkout_installs

    text = f"{BASE}\nCOPY . /workspace/vllm-ascend/\n" + "RUN echo y\n" * 6000 + INSTALL + "\n"
    file = SourceFile(ref="r/Dockerfile", rel="Dockerfile", text=text)
    started = time.process_time()
    (step,) = docker_checkout_installs(file, image_commands(file))
    assert time.process_time() - started < 2.0
    assert (step.argv, step.source.line) == (("python3", "-m", "pip", "install", "."), 6003)
