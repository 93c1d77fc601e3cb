"""Driver and device evidence the scan reads from how CI and containers use the host: a CI job's
status check and runner label lent to a repo that never names the driver or chip, CircleCI's
run steps, and a container started with the host's driver mounted. Real lines, source beside
each; the repos around them are cut down to the lines the rule reads (marked constructed)."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Source
from bringup.scan.commands import parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.filekinds import classify
from bringup.scan.repo import scan_repo
from bringup.scan.shell import extract_shell
from bringup.scan.statuscheck import mounted_drivers

# Ascend/DrivingSDK@e667017e docs/zh/installation/compile.md: its docker run, :76-80, the other
# --device lines dropped (numbered from :75 below so that the mounts keep their lines)
DRIVINGSDK_RUN = (
    "docker run -it --ipc=host \\\n"
    "    --device=/dev/davinci_manager \\\n"
    "    -v /usr/local/sbin/npu-smi:/usr/local/sbin/npu-smi \\\n"
    "    -v /usr/local/Ascend/driver:/usr/local/Ascend/driver \\\n"
    "    -v /usr/bin/hccn_tool:/usr/bin/hccn_tool \\\n"
    "    ${IMAGE}:${TAG} \\\n"
    "    /bin/bash\n"
)
# xiaobingling93-pixel/Ascend-AgentSDK@76c518e8 dockers/build_docker_image.sh: its docker run
# and :20-24, the --device lines between dropped
AGENTSDK_RUN = (
    "docker run -it -d --net=host --shm-size=500g \\\n"
    "    -v /usr/local/dcmi:/usr/local/dcmi \\\n"
    "    -v /usr/local/bin/npu-smi:/usr/local/bin/npu-smi \\\n"
    "    -v /usr/local/Ascend/driver/lib64/:/usr/local/Ascend/driver/lib64/ \\\n"
    "    -v /usr/local/Ascend/driver/version.info:/usr/local/Ascend/driver/version.info \\\n"
    "    $IMAGE_NAME_TMP\n"
)


def _mounted(text: str, first_line: int) -> list[tuple[str, list[int | None]]]:
    source = Source(kind="file", ref="guide.md")
    found = []
    for command in parse_commands(text, first_line):
        for r in mounted_drivers(command.argv, command.lines, source, hard=True):
            found.append((r.subject, [r.source.line, *(a.line for a in r.also_at)]))
    return found


def test_a_container_given_the_hosts_driver_needs_the_driver_at_each_mounts_line() -> None:
    # the status tool at :77 and the driver's folder at :78; hccn_tool is the network tool,
    # no driver file
    assert _mounted(DRIVINGSDK_RUN, 75) == [("ascend_driver", [77, 78])]


def test_a_container_without_the_drivers_files_needs_no_driver() -> None:
    # constructed: the same run with only the network tool and a data folder mounted
    text = "docker run -it -v /usr/bin/hccn_tool:/usr/bin/hccn_tool -v /data:/data img bash\n"
    assert _mounted(text, 1) == []
    # a driver folder named as the container's side only is no mount from the host
    # (constructed from the DrivingSDK line with the host side replaced)
    assert _mounted("docker run -v /opt/drv:/usr/local/Ascend/driver img\n", 1) == []


def test_a_script_that_starts_the_container_states_its_hosts_driver() -> None:
    # dockers/ is no repo-level folder: its script is read for its container all the same
    file = SourceFile(
        ref="ascend-agentsdk/dockers/build_docker_image.sh",
        rel="dockers/build_docker_image.sh",
        text="#!/bin/bash\n" + "\n" * 17 + AGENTSDK_RUN,  # the mounts at :20-23
    )
    drivers = [r for r in extract_shell(file).requirements if r.subject == "ascend_driver"]
    assert [(r.source.line, [a.line for a in r.also_at]) for r in drivers] == [(21, [22, 23])]


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


# facebookresearch/xformers@ca6d2aa0 .github/workflows/gpu_test_gh.yml:44-50, cut down
XFORMERS_JOB = (
    "name: gpu_test_gh\non:\n  workflow_dispatch: {}\njobs:\n  gpu_test:\n"
    "    runs-on: 4-core-ubuntu-gpu-t4\n    steps:\n"
    "      - name: Recursive checkout\n        uses: actions/checkout@v3\n"
    "      - run: nvidia-smi\n"
)


def test_a_ci_jobs_driver_check_is_the_repos_driver_where_it_names_the_toolkit(
    tmp_path: Path,
) -> None:
    # constructed around the real job: a README that names CUDA (xformers README.md:31
    # "pip3 install -U xformers --index-url https://download.pytorch.org/whl/cu126") and
    # never the driver
    _write(
        tmp_path,
        {
            "README.md": "# xFormers\n\nRequires CUDA 12.6 or newer.\n",
            ".github/workflows/gpu_test_gh.yml": XFORMERS_JOB,
        },
    )
    own = scan_repo(tmp_path, "xformers").component.requirements
    drivers = [r for r in own if r.subject == "nvidia_driver"]
    assert [(r.source.line, r.confidence, r.hard) for r in drivers] == [(10, "low", False)]


def test_a_ci_jobs_driver_check_of_another_backend_stays_the_cis(tmp_path: Path) -> None:
    # fla-org/flash-linear-attention@bc3b101d .github/workflows/ascend-a2-ci.yml:108-112: an
    # Ascend job of a GPU library whose own files never name CANN (an extra installs torch_npu)
    _write(
        tmp_path,
        {
            "README.md": "# fla\n\nRequires CUDA 12.6 or newer.\n",
            ".github/workflows/ascend-a2-ci.yml": "name: ascend\non: [push]\njobs:\n"
            "  test:\n    runs-on: linux-aarch64-a2-1\n    steps:\n"
            "      - name: Check NPU and CANN info\n        run: |\n          npu-smi info\n",
        },
    )
    own = scan_repo(tmp_path, "fla").component.requirements
    assert [r for r in own if r.subject == "ascend_driver"] == []


def test_a_runner_named_for_its_chip_lends_the_chip(tmp_path: Path) -> None:
    # DeepLink-org/DeepLinkExt@9eb52a22 .github/workflows/static.yml:84-86; its own files name
    # no chip
    _write(
        tmp_path,
        {
            "setup.py": "from setuptools import setup\nsetup(name='deeplinkext')\n",
            ".github/workflows/static.yml": "name: static\non: [push]\njobs:\n"
            "  build-on-ascend:\n    name: build on ascend\n    runs-on: tps-ascend-ci-910b\n"
            "    steps:\n      - name: prepare code\n        run: echo\n",
        },
    )
    own = scan_repo(tmp_path, "deeplinkext").component.requirements
    chips = [(r.spec, r.source.line, r.confidence) for r in own if r.subject == "chip"]
    assert chips == [("910B", 6, "low")]


# facebookresearch/pytorch3d@9381c401 .circleci/config.yml:15-25
PYTORCH3D_SETUP = (
    "setupcuda: &setupcuda\n"
    "  run:\n"
    "    name: Setup CUDA\n"
    "    working_directory: ~/\n"
    "    command: |\n"
    "      # download and install nvidia drivers, cuda, etc\n"
    "      wget --no-verbose --no-clobber -P ~/nvidia-downloads https://developer.download.nvidia"
    ".com/compute/cuda/11.3.1/local_installers/cuda_11.3.1_465.19.01_linux.run\n"
    "      sudo sh ~/nvidia-downloads/cuda_11.3.1_465.19.01_linux.run --silent\n"
    '      echo "Done installing CUDA."\n'
    "      pyenv versions\n"
    "      nvidia-smi\n"
)


def test_circleci_config_is_ci_and_its_run_commands_are_read() -> None:
    assert classify(".circleci/config.yml") == "ci"
    # the template a script generates it from, and a vendored project's, are not what runs
    assert classify(".circleci/config.in.yml") is None
    assert classify("third_party/x/.circleci/config.yml") is None
    from bringup.scan.ci import extract_ci

    file = SourceFile(ref="pytorch3d/.circleci/config.yml", rel=".circleci/config.yml",
                      text=PYTORCH3D_SETUP)  # fmt: skip
    found = {(r.subject, r.source.line) for r in extract_ci(file).requirements}
    assert ("nvidia_driver", 11) in found


def test_an_optional_backends_container_is_no_need_of_a_repo_naming_another_toolkit(
    tmp_path: Path,
) -> None:
    # PKU-Alignment/align-anything@3f9decc2: README.md:154-155 installs CUDA in the conda
    # environment (its fence kept; "Requires CUDA 12.2." constructed); scripts/docker/
    # setup_docker.sh starts an Ascend container (:39-41 mount npu-smi and the driver; the
    # AgentSDK lines, the same words): the Ascend host is an option, not the repo's need
    readme = (
        "# align-anything\n\n## Installation\n\n```bash\n"
        "conda install nvidia/label/cuda-12.2.0::cuda\n"
        "export CUDA_HOME=$CONDA_PREFIX\n```\n\nRequires CUDA 12.2.\n"
    )
    _write(tmp_path, {"README.md": readme, "scripts/docker/setup_docker.sh": AGENTSDK_RUN})
    own = scan_repo(tmp_path, "align-anything").component.requirements
    assert "cuda" in {r.subject for r in own}
    assert [r for r in own if r.subject == "ascend_driver"] == []
    # the same script in a repo that names no other toolkit states its host's driver
    (tmp_path / "README.md").write_text("# agentsdk\n")
    own = scan_repo(tmp_path, "agentsdk").component.requirements
    assert [r.subject for r in own if r.subject == "ascend_driver"] == ["ascend_driver"]


def test_a_ci_scripts_exported_architectures_are_what_its_job_builds_for() -> None:
    # nerfstudio-project/gsplat@90d7b4b3 .github/workflows/building.yml:118, the export (in
    # its Windows branch there); the job and step around it constructed
    from bringup.scan.ci import extract_ci

    text = (
        "jobs:\n  wheel:\n    runs-on: ubuntu-22.04\n    steps:\n"
        "      - name: Build wheel\n        run: |\n"
        '          export TORCH_CUDA_ARCH_LIST="7.5;8.0;8.6;9.0"\n'
        "          python setup.py bdist_wheel --dist-dir=dist\n"
    )
    file = SourceFile(ref="gsplat/.github/workflows/building.yml",
                      rel=".github/workflows/building.yml", text=text)  # fmt: skip
    found = [(r.subject, r.spec, r.source.line) for r in extract_ci(file).requirements]
    # machine code for 7.5 ... 9.0 and no PTX: runs on 7.5 up to 9.x (outsider8 #2's reading)
    assert ("compute_capability", ">=7.5,<10.0", 7) in found
