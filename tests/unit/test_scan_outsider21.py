"""An outside tester's scan defects (outsider21.md, session 21): a compute-capability floor
beside a not-yet aside, its wordings. Each test quotes the lines of a public repo
(repo@commit path:line)."""

from __future__ import annotations

from pathlib import Path

from bringup.run.state import StateLayout
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line
from bringup.scan.repo import scan_repo
from bringup.scan.walk import walk_repo


def _needs(rel: str, text: str) -> list[tuple[str, str, int | None]]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.spec, r.source.line) for r in found]


def test_a_not_yet_aside_voids_only_itself() -> None:
    # IST-DASLab/marlin@2f6d7c10 README.md:62-65 (item 8): the aside's plan for Hopper left the
    # whole line unread
    text = (
        "## Requirements:\n\n"
        "* CUDA >= 11.8 (in particular also for the `nvcc` compiler, the version of which should "
        "match with torch)\n"
        "* NVIDIA GPU with compute capability >= 8.0 (Ampere or Ada, Marlin is not yet optimized "
        "for Hopper)\n"
    )
    assert ("compute_capability", ">=8.0", 4) in _needs("README.md", text)
    # what the aside is about stays unread: "(CUDA 13 not yet supported)" states no need
    assert read_line("Requires CUDA 12.1 (CUDA 13 is not yet supported)") == read_line(
        "Requires CUDA 12.1"
    )


def test_the_wordings_of_a_capability_floor() -> None:
    # the class of item 8 (constructed): the floor in other words and in Chinese
    for line in (
        "Requires an NVIDIA GPU with CC >= 8.0",
        "Requires a GPU with compute capability (CC) 8.0 or later",
        "Requires a GPU with compute capability: 8.0+",
        "需要计算能力8.0及以上的NVIDIA GPU",
    ):
        found = [(m.subject, m.spec) for m in read_line(line)]
        assert ("compute_capability", ">=8.0") in found, line
    assert [m.spec for m in read_line("GPU 计算能力不低于 7.5", required=True)] == [">=7.5"]


_MARLIN_SETUP = """from setuptools import setup
from torch.utils import cpp_extension

setup(
    name='marlin',
    version='0.1.1',
    install_requires=['numpy', 'torch'],
    packages=['marlin'],
    ext_modules=[cpp_extension.CUDAExtension(
        'marlin_cuda', ['marlin/marlin_cuda.cpp', 'marlin/marlin_cuda_kernel.cu']
    )],
    cmdclass={'build_ext': cpp_extension.BuildExtension},
)
"""


def test_installing_a_folder_whose_setup_builds_a_cuda_extension_needs_the_toolkit(
    tmp_path: Path,
) -> None:
    # IST-DASLab/marlin@2f6d7c10 setup.py:1-16 (a CUDAExtension; author lines left out) and
    # README.md:74-78 ("pip install ."), item 8: the step needed "nothing + network"; the
    # same for "python setup.py install" in a sub-folder (mit-han-lab/llm-awq@d6e797a4
    # README.md:124, awq/kernels/setup.py)
    (tmp_path / "setup.py").write_text(_MARLIN_SETUP)
    (tmp_path / "kernels").mkdir()
    (tmp_path / "kernels" / "setup.py").write_text(_MARLIN_SETUP)
    (tmp_path / "README.md").write_text(
        "If all requirements are met, it should be possible to install Marlin by calling\n\n"
        "```\npip install .\n```\n\n```\ncd kernels\npython setup.py install\n```\n\n"
        "```\npip install numpy\n```\n"
    )
    component = scan_repo(tmp_path, "marlin").component
    # the install run in kernels/ is that sub-project's step (outsider22 item 3), needs alike
    steps = {
        s.name: s.needs for s in (*component.steps, *(s for c in component.scopes for s in c.steps))
    }
    assert steps["pip install ."].toolkit
    assert steps["pip install ."].device_kind == "gpu"
    assert steps["python setup.py install"].toolkit
    assert not steps["pip install numpy"].toolkit


def test_a_version_a_scope_states_is_named_by_the_unversioned_finding(tmp_path: Path) -> None:
    # HowXu/alphafold3-pytorch-npu@f1b109e0 Dockerfile:2-3 and migration_work_report.md:5-11
    # (item 7): the docker scope states CUDA 12.1; the finding said "no version is stated
    # anywhere in the repo"
    (tmp_path / "Dockerfile").write_text(
        "\nARG PYTORCH_TAG=2.3.0-cuda12.1-cudnn8-runtime\nFROM pytorch/pytorch:${PYTORCH_TAG}\n"
    )
    (tmp_path / "migration_work_report.md").write_text(
        "### 1.1 开发环境\n- **硬件环境**: 昇腾910B NPU\n- **软件环境**: \n"
        "  - CANN (Compute Architecture for Neural Networks)\n  - PyTorch NPU版本\n"
        "  - Python 3.8+\n  - CUDA工具包\n"
    )
    scan = scan_repo(tmp_path, "af3npu")
    cuda = [f for f in scan.findings if f.kind == "unversioned" and f.subject == "cuda"]
    assert cuda
    assert "anywhere" not in cuda[0].message
    assert "docker: ==12.1.*" in cuda[0].message
    assert [s.line for s in cuda[0].sources] == [7, 3]


def test_a_file_the_scan_cites_is_a_file_it_read(tmp_path: Path) -> None:
    # IST-DASLab/marlin@2f6d7c10 setup.py (above) and marlin/__init__.py:16-18, item 24: the
    # package's imports are cited from marlin/__init__.py, yet "1 file read"
    (tmp_path / "setup.py").write_text(_MARLIN_SETUP)
    (tmp_path / "marlin").mkdir()
    (tmp_path / "marlin" / "__init__.py").write_text(
        "\n" * 15 + "import numpy as np\nimport torch\nimport torch.nn as nn\n"
    )
    scan = scan_repo(tmp_path, ".", name="marlin")
    cited = {s.ref for r in scan.component.requirements for s in (r.source, *r.also_at)}
    assert cited == {"setup.py", "marlin/__init__.py"}
    assert scan.files_read == 2


def test_bringup_s_own_state_directory_is_never_read(tmp_path: Path) -> None:
    # outsider21 item 4: `bringup check` in a workspace holding `--state state` read the
    # environment bringup wrote (state/envs/02d0ac35be14/env-1.Dockerfile:4, its first lines
    # here) as a need of the workspace
    layout = StateLayout(tmp_path / "state")
    env = layout.environment("02d0ac35be14", 1)
    env.parent.mkdir(parents=True)
    layout.database.write_bytes(b"")
    env.with_name("env-1.Dockerfile").write_text(
        "# bringup environment 1 (trusttest), written by `bringup up` and not run.\n"
        "# the Docker official Python image, by minor version\n\n"
        "FROM python:3.11-slim-bookworm\n"
    )
    (tmp_path / "README.md").write_text("# workspace\n")
    scan = scan_repo(tmp_path, ".", name="workspace")
    cited = {r.source.ref for r in scan.component.requirements}
    assert not [ref for ref in cited if ref.startswith("state/")]
    assert [f.rel for f in walk_repo(tmp_path)[0] if f.rel.startswith("state/")] == []


def test_the_repo_s_own_release_is_no_step_beside_its_checkout_s_install(tmp_path: Path) -> None:
    # HowXu/alphafold3-pytorch-npu@f1b109e0 pyproject.toml:1-2, README.MD:24-28 and the
    # upstream's README_ORIGIN.md:68-71 (item 11): "pip install alphafold3-pytorch" would
    # replace the NPU fork "pip install ." just built; the einops block is constructed
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "alphafold3-pytorch"\n')
    (tmp_path / "README.MD").write_text("clone本项目后，执行:\n\n```shell\npip install .\n```\n")
    (tmp_path / "README_ORIGIN.md").write_text(
        "## Install\n\n```bash\n$ pip install alphafold3-pytorch\n```\n\n"
        "```bash\n$ pip install einops\n```\n"
    )
    names = [s.name for s in scan_repo(tmp_path, ".", name="af3npu").component.steps]
    assert "pip install alphafold3-pytorch" not in names
    assert "pip install ." in names
    assert "pip install einops" in names


def test_a_step_in_a_folder_the_checkout_lacks_is_no_step(tmp_path: Path) -> None:
    # mit-han-lab/llm-awq@d6e797a4 README.md:122-125 and 138-145 (item 10): "cd VILA" after
    # cloning another project, while awq/kernels is the repo's own; a build folder the steps
    # make (constructed: "mkdir build && cd build && make") stays
    (tmp_path / "awq" / "kernels").mkdir(parents=True)
    (tmp_path / "README.md").write_text(
        "```\ncd awq/kernels\npython setup.py install\n```\n\n"
        "5. [Optional] In order to run AWQ and TinyChat with NVILA model family, please install "
        "VILA:\n\n```bash\ngit clone https://github.com/NVlabs/VILA.git\ncd VILA\n"
        "pip install -e .\n```\n\n```bash\nmkdir build && cd build\nmake\n```\n"
    )
    cwds = {s.cwd for s in scan_repo(tmp_path, ".", name="llm-awq").component.steps}
    assert "awq/kernels" in cwds
    assert "build" in cwds
    assert "VILA" not in cwds
