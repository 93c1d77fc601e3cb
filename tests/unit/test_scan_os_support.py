"""The OS a repo supports, read where its docs and setup scripts state it (issue 11): a
product x OS support table, a labelled OS sentence, "Linux only", a distribution's release
floor, a setup script's OS probe; and a Linux package beside a list of distributions is one
OS need. Every case is a real line, quoted with its repository, file and commit."""

from __future__ import annotations

from bringup.scan.anyof import unite
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line
from bringup.scan.pyproject import extract_pyproject
from bringup.scan.registry import DECLARED, PROSE
from bringup.scan.shellos import os_probe

Found = tuple[str, str, "int | None", list["int | None"]]


def _os(text: str, rel: str = "docs/zh/introduction.md") -> list[Found]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    found = extract_docs(file).requirements
    return [
        (r.subject, r.spec, r.source.line, [s.line for s in r.also_at])
        for r in found
        if r.subject in ("os", "os_version")
    ]


def _said(line: str, *, required: bool = False) -> list[tuple[str, str]]:
    found = read_line(line, required=required)
    return [(m.subject, m.spec) for m in found if m.subject in ("os", "os_version")]


_DETECT_OS = """\
detect_os() {
    # OS detection, supports debian (uses apt), rhel (uses dnf or yum), macos
    if [[ "$(uname -s)" == "Linux" ]]; then
        if [[ -f /etc/debian_version ]]; then
            OS="debian"
            PKG_MANAGER="apt"
        elif [[ -f /etc/redhat-release ]]; then
            OS="rhel"
            if command -v dnf &> /dev/null; then
                PKG_MANAGER="dnf"
            else
                PKG_MANAGER="yum"
            fi
        elif grep -qE '^NAME="openEuler"$|^NAME="EulerOS"$' /etc/os-release 2>/dev/null; then
            OS="euler"
            PKG_MANAGER="dnf"
        else
            echo "Unsupported Linux distribution, please install manually"
            exit 1
        fi
    elif [[ "$(uname -s)" == "Darwin" ]]; then
        OS="macos"
"""


def test_a_setup_script_that_refuses_other_oses_states_linux() -> None:
    # hicann/ops-nn@e5c3fa93 install_deps.sh:125-146 (numbered from 1 here)
    file = SourceFile(ref="install_deps.sh", rel="install_deps.sh", text=_DETECT_OS)
    (found,) = os_probe(file)
    assert (found.subject, found.spec, found.hard, found.source.line) == ("os", "linux", False, 3)
    assert [s.line for s in found.also_at] == [1, 18]
    # the same probe picking a branch per OS with no refusal (hicann/shmem scripts/oat_check.sh
    # :93-95 shape) states no need
    branch = (
        'if [ "$(uname)" = "Linux" ]; then\n    SED=sed\nelif [ "$(uname)" = "Darwin" ]; then\n'
    )
    assert os_probe(SourceFile(ref="a.sh", rel="a.sh", text=branch)) == []
    # Ascend/MindSpeed-MM@57069cd5 scripts/install_cann.sh:24 reads /etc/os-release; its
    # "Unsupported operating system" at :200 refuses a package manager, far from the probe
    far = (
        "if [ -f /etc/os-release ]; then\n"
        + "    :\n" * 30
        + ('    echo "Error: Unsupported operating system: $OS_TYPE"\n')
    )
    assert os_probe(SourceFile(ref="a.sh", rel="a.sh", text=far)) == []


def test_a_linux_package_beside_a_list_of_distributions_is_that_list() -> None:
    # kvcache-ai/Mooncake@3b5a5941 pyproject.toml:35 (a Linux classifier, soft) and
    # docs/source/getting_started/build.md:8 ("OS: Ubuntu 22.04 LTS+"): Ubuntu is a Linux
    manifest = SourceFile(
        ref="pyproject.toml",
        rel="pyproject.toml",
        text='[project]\nname = "x"\nclassifiers = [\n"Operating System :: POSIX :: Linux",\n]\n',
    )
    guide = SourceFile(
        ref="build.md", rel="build.md", text="## Prerequisites\n\n- OS: Ubuntu 22.04 LTS+\n"
    )
    found = [
        r
        for r in (*extract_pyproject(manifest).requirements, *extract_docs(guide).requirements)
        if r.subject == "os"
    ]
    assert sorted((r.spec, r.hard) for r in found) == [("linux", False), ("ubuntu", True)]
    (united,) = unite(found, {"pyproject.toml": DECLARED, "build.md": PROSE})
    assert (united.spec, united.source.ref) == ("ubuntu", "build.md")
    assert [s.ref for s in united.also_at] == ["pyproject.toml"]
