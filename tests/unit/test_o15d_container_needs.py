"""outsider15 D12 (left): a step whose script starts a container needs the container runtime (a
host tool the probe finds on PATH) and the image it runs. Real lines:
NVlabs/stylegan2-ada-pytorch@d72cc7d041b42ec8e806021a205ed9349f87c6a4 docker_run.sh:11-22
(``IMAGE="${IMAGE:-sg2ada:latest}"``, ``docker run ... --gpus all ... $IMAGE $@``), README.md:99
``docker build --tag sg2ada:latest .`` and :100 ``./docker_run.sh python3 generate.py ...``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.kb.system_packages import system_package
from bringup.model import Step, file_source, keys
from bringup.scan.containerimage import script_image, with_image
from bringup.scan.extraction import SourceFile
from bringup.scan.scriptneeds import container_runtime
from cpuclock import cpu_seconds

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"

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
README = """# StyleGAN2-ADA

**Docker**: You can run the above curated image example using Docker as follows:

```.bash
docker build --tag sg2ada:latest .
./docker_run.sh python3 generate.py --outdir=out --trunc=1 --seeds=85,265,297,849
```
"""
STEP = Step(
    name="./docker_run.sh python3 generate.py",
    kind="run",
    argv=("./docker_run.sh", "python3", "generate.py", "--outdir=out", "--trunc=1"),
    source=file_source("README.md", 7),
)


def test_the_image_is_read_from_the_script() -> None:
    assert script_image(DOCKER_RUN) == "sg2ada:latest"
    assert script_image("docker run --rm -it nvcr.io/nvidia/pytorch:20.12-py3 bash\n") == (
        "nvcr.io/nvidia/pytorch:20.12-py3"
    )
    assert script_image("docker run --rm $UNSET_IMAGE\n") is None
    assert script_image("echo no container\n") is None


def test_an_image_the_guide_builds_outside_the_plan_is_the_users_to_build() -> None:
    texts = {"README.md": README}
    needs = with_image(STEP, DOCKER_RUN, "README.md", texts.get, []).needs
    assert needs.inputs == (
        "container image sg2ada:latest, built by `docker build --tag sg2ada:latest .` "
        "(README.md:6)",
    )
    # built by a step before it: the plan has it
    build = Step(
        name="docker build",
        kind="build",
        argv=("docker", "build", "--tag", "sg2ada:latest", "."),
        source=file_source("README.md", 6),
    )
    assert with_image(STEP, DOCKER_RUN, "README.md", texts.get, [build]).needs.inputs == ()
    # an image no command of the guide builds is pulled by docker run itself
    pulled = DOCKER_RUN.replace(
        "${IMAGE:-sg2ada:latest}", "${IMAGE:-nvcr.io/nvidia/pytorch:20.12-py3}"
    )
    assert with_image(STEP, pulled, "README.md", texts.get, []).needs.inputs == ()


def test_the_runtime_is_a_host_tool_the_probe_finds() -> None:
    file = SourceFile(ref="docker_run.sh", rel="docker_run.sh", text=DOCKER_RUN)
    (need,) = container_runtime(file)
    assert (need.subject, need.spec, need.source.line) == ("system_package", "docker", 9)
    assert "docker" in keys.TOOLCHAIN
    assert "podman" in keys.TOOLCHAIN
    found = system_package("docker")
    assert found is not None
    assert found[0].debian == "docker.io"
    commented = SourceFile(ref="x.sh", rel="x.sh", text="# docker run --gpus all img\n")
    assert container_runtime(commented) == []
    # a container without the host's devices (a lint or CI image) is no need of the route
    plain = SourceFile(ref="x.sh", rel="x.sh", text=DOCKER_RUN.replace("--gpus all ", ""))
    assert container_runtime(plain) == []


def test_check_says_both(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "sg2ada"
    repo.mkdir()
    (repo / "README.md").write_text(README)
    (repo / "docker_run.sh").write_text(DOCKER_RUN)
    (repo / "docker_run.sh").chmod(0o755)  # its git mode at that commit: 100755
    main(["check", str(repo), "--snapshot", str(HOST), "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    (step,) = [s for s in data["plan"]["steps"] if s["argv"][0] == "./docker_run.sh"]
    assert step["status"] == "skip"
    assert step["reason"]["need"].startswith("container image sg2ada:latest")
    actions = data["next_actions"]
    assert any(text.startswith("install docker: apt-get install docker.io") for text in actions)


def test_a_hostile_script_is_read_in_time() -> None:

    for text in ("docker run " + "-v x " * 10_000, "docker run " * 5_000, "a=" * 25_000):
        start = cpu_seconds()
        script_image(text)
        container_runtime(SourceFile(ref="x.sh", rel="x.sh", text=text))
        assert cpu_seconds() - start < 2
