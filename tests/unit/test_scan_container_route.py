"""The container build route (issue 11): a repo whose own build script builds an image and then
builds the repo inside it needs the container engine, and what the image is built from is the
route's. Real lines of uccl-project/uccl@da914a2054c29725464803e379bb3b98de90dfa1, only those
needed, each with its file and line."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.containerroute import ContainerRoute, _assigned, container_routes
from bringup.scan.repo import scan_repo
from cpuclock import cpu_seconds

ENGINE = "CONTAINER_ENGINE=${CONTAINER_ENGINE:-docker}\n"
"""build.sh:99."""
USAGE = "#   CONTAINER_ENGINE=podman         Use podman instead of docker.\n"
"""build.sh:12, a comment's usage line."""
CUDA = '      : "${DOCKERFILE:=docker/Dockerfile.cuda}"\n'
"""build.sh:242."""
GH = '      : "${DOCKERFILE:=docker/Dockerfile.gh}"\n'
"""build.sh:236, the same variable for an aarch64 host."""
BUILD = (
    "      ${CONTAINER_ENGINE} build \\\n"
    '        --network="${DOCKER_BUILD_NETWORK}" \\\n'
    "        $BUILD_ARGS \\\n"
    '        -t "$IMAGE_NAME" \\\n'
    '        -f "$DOCKERFILE" .\n'
)
"""build.sh:359-363."""
RUN = (
    '  ${CONTAINER_ENGINE} "${CONTAINER_RUN_ARGS[@]}" \\\n'
    "    --network=host \\\n"
    '    -v "$(pwd)":/io \\\n'
    "    -w /io \\\n"
    '    "$IMAGE_NAME" \\\n'
    "    /bin/bash /io/build_inner.sh\n"
)
"""build.sh:422-425 and 444-446 (the ``-e`` lines between left out)."""
IMAGE = (
    "ARG BASE_IMAGE=nvidia/cuda:12.8.0-devel-ubuntu22.04\n"
    "FROM ${BASE_IMAGE}\n"
    "RUN apt-get update && \\\n"
    "    apt-get install -y --no-install-recommends \\\n"
    "        software-properties-common \\\n"
    "        build-essential cmake git ninja-build g++ make patchelf \\\n"
    "        rdma-core libibverbs-dev libfabric-dev libhwloc-dev libnuma-dev \\\n"
    "        libgflags-dev libgtest-dev libelf-dev \\\n"
    "        pkg-config zlib1g-dev curl unzip\n"
)
"""docker/Dockerfile.cuda:1-2 and 13-19 (the line's ``&& \\`` continuation cut)."""
FILES = ["docker/Dockerfile.cuda", "docker/Dockerfile.gh"]


def test_the_image_a_build_script_builds_and_builds_in_is_its_route() -> None:
    script = USAGE + ENGINE + CUDA + BUILD + RUN
    routes = container_routes({"build.sh": script}, FILES)
    # the usage comment's podman is no default: the engine is the one the script falls back to
    assert routes == [ContainerRoute("docker/Dockerfile.cuda", "build.sh", 4, 9, "docker")]


def test_a_variable_set_to_several_files_names_no_one_image() -> None:
    script = ENGINE + GH + CUDA + BUILD + RUN
    (route,) = container_routes({"build.sh": script}, FILES)
    assert (route.dockerfile, route.engine, route.build_line) == ("", "docker", 4)


def test_an_image_built_and_not_built_in_is_no_route() -> None:
    # the same build, then the image pushed: a release artefact, not where the repo is built
    script = ENGINE + CUDA + BUILD + '  ${CONTAINER_ENGINE} push "$IMAGE_NAME"\n'
    assert container_routes({"build.sh": script}, FILES) == []
    # a script that is not the repo's own build script does not speak for its route
    assert container_routes({"docker/build_image.sh": ENGINE + CUDA + BUILD + RUN}, FILES) == []


def test_the_route_image_needs_are_the_repos(tmp_path: Path) -> None:
    (tmp_path / "docker").mkdir()
    (tmp_path / "build.sh").write_text("#!/bin/bash\n" + ENGINE + CUDA + BUILD + RUN)
    (tmp_path / "docker" / "Dockerfile.cuda").write_text(IMAGE)
    own = scan_repo(tmp_path, "uccl").component.requirements
    found = {(r.subject, r.spec, r.source.ref, r.source.line) for r in own}
    assert ("system_package", "docker", "uccl/build.sh", 4) in found
    # the image's base OS, its compiler and build tools, its libraries: the route's
    assert ("os", "ubuntu", "uccl/docker/Dockerfile.cuda", 2) in found
    subjects = {r.subject for r in own if r.source.ref == "uccl/docker/Dockerfile.cuda"}
    assert {"cmake", "ninja", "system_package"} <= subjects
    # each cited on every line of its install command, the line naming it among them; the
    # base image's facts also where its ARG line spells it out
    lines = {
        r.subject: {a.line for a in r.also_at}
        for r in own
        if r.source.ref == "uccl/docker/Dockerfile.cuda"
    }
    assert 6 in lines["cmake"]
    assert 6 in lines["ninja"]
    assert lines["os_version"] == {1}


def test_a_file_beside_the_route_stays_the_images(tmp_path: Path) -> None:
    # the same image with a build script that only builds it: a docker feature, not the route
    (tmp_path / "docker").mkdir()
    (tmp_path / "build.sh").write_text("#!/bin/bash\n" + ENGINE + CUDA + BUILD)
    (tmp_path / "docker" / "Dockerfile.cuda").write_text(IMAGE)
    own = scan_repo(tmp_path, "uccl").component.requirements
    assert not [r for r in own if r.source.ref == "uccl/docker/Dockerfile.cuda" and r.hard]
    assert ("system_package", "docker") not in {(r.subject, r.spec) for r in own}


def test_reading_assignments_is_linear_on_a_hostile_line() -> None:
    hostile = "DOCKERFILE=" + "a$" * 12_000 + " ${DOCKERFILE:-" + "-" * 25_000
    start = cpu_seconds()
    _assigned("DOCKERFILE", hostile)
    _assigned("DOCKERFILE", " DOCKERFILE=" * 4_000)
    assert cpu_seconds() - start < 2


def test_of_one_image_per_target_the_one_named_for_the_repos_toolkit_is_the_route() -> None:
    # README.md:103 names CUDA 12.8/13.0: of Dockerfile.gh and Dockerfile.cuda, the CUDA one
    script = ENGINE + GH + CUDA + BUILD + RUN
    (route,) = container_routes({"build.sh": script}, FILES, {"cuda"})
    assert route.dockerfile == "docker/Dockerfile.cuda"
    # a toolkit no file is named for picks none
    (route,) = container_routes({"build.sh": script}, FILES, {"cann"})
    assert route.dockerfile == ""
