"""outsider15 D12: a step that runs a repo script starting a container with the host's GPUs is
a GPU step, not a CPU run. Real lines: NVlabs/stylegan2-ada-pytorch@d72cc7d041b42ec8e806021a205ed9349f87c6a4
docker_run.sh:11-22, run by README.md:100 ``./docker_run.sh python3 generate.py ...``."""  # noqa: E501

from __future__ import annotations

from bringup.model import Step, file_source
from bringup.scan.scriptneeds import with_script_needs

DOCKER_RUN = """set -e

rest=$@

IMAGE="${IMAGE:-sg2ada:latest}"

CONTAINER_ID=$(docker inspect --format="{{.Id}}" ${IMAGE} 2> /dev/null)
if [[ "${CONTAINER_ID}" ]]; then
    docker run --shm-size=2g --gpus all -it --rm -v `pwd`:/scratch --user $(id -u):$(id -g) \\
        --workdir=/scratch -e HOME=/scratch $IMAGE $@
else
    echo "Unknown container image: ${IMAGE}"
    exit 1
fi
"""
STEP = Step(
    name="./docker_run.sh python3 generate.py",
    kind="run",
    argv=("./docker_run.sh", "python3", "generate.py", "--outdir=out", "--trunc=1"),
    source=file_source("README.md", 100),
)


def test_a_script_that_starts_a_container_with_gpus_needs_a_gpu() -> None:
    needs = with_script_needs(STEP, "docker_run.sh", DOCKER_RUN).needs
    assert needs.devices == 1
    assert needs.device_kind == "gpu"
    # Ascend's device files passed to the container
    ascend = DOCKER_RUN.replace("--gpus all", "--device=/dev/davinci0")
    assert with_script_needs(STEP, "docker_run.sh", ascend).needs.device_kind == "npu"


def test_a_container_without_devices_adds_no_device() -> None:
    cpu = DOCKER_RUN.replace("--gpus all ", "")
    assert with_script_needs(STEP, "docker_run.sh", cpu).needs.devices == 0
    # the flag only counts on the line that runs the container
    apart = "echo --gpus\ndocker run -it --rm image\n"
    assert with_script_needs(STEP, "docker_run.sh", apart).needs.devices == 0
