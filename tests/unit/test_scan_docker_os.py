"""The one OS an install guide's Docker route is for, its release read off the image pulled
(``bringup.scan.dockeros``). Every case is a real line, quoted with its repository, file
and commit."""

from __future__ import annotations

from bringup.scan.dockeros import docker_os
from bringup.scan.extraction import SourceFile

# hicann/ops-blas@35101c89 docs/zh/install/quick_install.md:17 (cut after the OS)
_ZH_ROUTE = (
    "|  Docker  | Docker镜像是一种高效部署方式，已预集成CANN包和必备依赖。<br>"
    "当前仅适用于Atlas A2系列产品，OS仅支持Ubuntu操作系统。**默认安装最新商发版CANN包**。 |"
)
# hicann/opbase@aa3cd74b docs/en/install/quick_install.md:17 (cut after the OS)
_EN_ROUTE = (
    "|  Docker  | Docker images enable efficient deployment. The CANN package and required "
    "dependencies are pre-integrated in images.<br>Currently, this method is applicable only "
    "to Atlas A2 series with Ubuntu. **The latest commercial CANN package is installed by "
    "default.**|"
)
# hicann/ops-blas@35101c89 docs/zh/install/quick_install.md:55-58
_PULLS = (
    "    ```bash\n"
    "    # 示例：拉取ARM架构的CANN开发镜像\n"
    "    docker pull --platform=arm64 swr.cn-south-1.myhuaweicloud.com/ascendhub/"
    "cann:9.0.0-910b-ubuntu22.04-py3.10-ops\n"
    "    # 示例：拉取X86架构的CANN开发镜像\n"
    "    docker pull --platform=amd64 swr.cn-south-1.myhuaweicloud.com/ascendhub/"
    "cann:9.0.0-910b-ubuntu22.04-py3.10-ops\n"
)


def _found(text: str) -> list[tuple[str, int | None, list[int | None], bool]]:
    file = SourceFile(ref="quick_install.md", rel="quick_install.md", text=text)
    return [(r.spec, r.source.line, [s.line for s in r.also_at], r.hard) for r in docker_os(file)]


def test_the_release_of_the_one_os_a_docker_route_is_for_is_the_image_s() -> None:
    for route in (_ZH_ROUTE, _EN_ROUTE):
        assert _found(f"{route}\n\n{_PULLS}") == [("==22.04", 1, [5, 7], False)], route


def test_a_route_for_one_os_with_no_image_of_it_pulled_names_no_release() -> None:
    assert _found(_ZH_ROUTE + "\n") == []
    # Ascend/MindSpeed@028de58c docker/OVERVIEW.md:75 pulls an openEuler image: not Ubuntu's
    other = (
        "docker pull swr.cn-south-1.myhuaweicloud.com/ascendhub/mindspeed-core:"
        "26.0.0_core_r0.12.1-a3-openeuler24.03-py3.11-aarch64\n"
    )
    assert _found(f"{_ZH_ROUTE}\n{other}") == []


def test_an_image_pulled_with_no_route_limited_to_one_os_states_none() -> None:
    assert _found(_PULLS) == []


def test_not_only_with_one_os_is_no_route_limited_to_it() -> None:
    # Constructed by review (session 14)
    line = "The Docker image works not only with Ubuntu but also with openEuler and CentOS."
    assert _found(f"{line}\n\n{_PULLS}") == []


def test_a_pull_spelled_with_two_spaces_is_read() -> None:
    # Constructed by review (session 14): the precheck wanted "docker pull" exactly
    assert _found(_EN_ROUTE + "\n\n" + _PULLS.replace("docker pull", "docker  pull")) == [
        ("==22.04", 1, [5, 7], False)
    ]


def test_the_os_releases_a_docker_route_lists_are_any_of_them() -> None:
    # hicann/ops-cv@6ae87653 docs/zh/install/quick_install.md:17 (cut after the OS) and :59
    route = (
        "|  Docker  | Docker镜像是一种高效部署方式，已预集成CANN包和必备依赖。<br>"
        "当前适用于Atlas A2、A3系列产品，OS支持ubuntu22.04、openeuler24.03。"
        "**默认安装最新版本CANN包**。 |"
    )
    pull = (
        "      docker pull swr.cn-south-1.myhuaweicloud.com/ascendhub/"
        "cann:9.1.0-beta.1-910b-ubuntu22.04-py3.12-devel\n"
    )
    assert _found(f"{route}\n\n{pull}") == [("==22.04 || ==24.03", 1, [3], False)]
    # one release is no list; a line about no Docker route lists nothing
    assert _found(f"|  Docker  | OS支持ubuntu22.04。 |\n{pull}") == []
    assert _found(f"OS支持ubuntu22.04、openeuler24.03\n{pull}") == []
