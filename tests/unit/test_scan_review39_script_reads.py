"""review39 findings 1 and 4 and two minors: a here-document inside an assignment's command
substitution over several lines leaves the rest of the script readable; a usage line takes only
a block's value made of safe characters, never one the shell would split into commands; with
the autotools route chosen, a build script running cmake has one note, not two that disagree;
``NOCONFIGURE=1 ./autogen.sh`` runs as ``./autogen.sh`` (a step carries no variables), which
configures, so ``make`` follows it. Each test scans the review's input (/work/review39/<name>);
finding 1 also a real script's lines (repo@commit path:line)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.commands import joined_lines
from bringup.scan.repo import scan_repo
from bringup.scan.routedirs import top_builders
from bringup.scan.shlayout import script_layout, substitutions_joined
from bringup.scan.usagelines import usage_commands


def _component(root: Path, files: dict[str, str]):  # type: ignore[no-untyped-def]
    for rel, text in files.items():
        (root / rel).write_text(text)
    return scan_repo(root, ".", name="r").component


# /work/review39/r_cm/build.sh
R_CM = """#!/bin/bash
set -e
TORCH_DIR=$(python3 - <<'PY'
import os, torch
print(os.path.dirname(torch.__file__))
PY
)
cmake -S . -B build -DTorch_DIR="$TORCH_DIR"
cmake --build build
"""
R_CM_CMAKE = (
    "cmake_minimum_required(VERSION 3.16)\nproject(foo CXX)\nadd_executable(foo main.cpp)\n"
)


def test_a_here_document_in_a_substitution_leaves_the_script_after_it_read(tmp_path: Path) -> None:
    # joined into one line, the document's end word `PY` stood on no line of its own: every
    # line below was its data, top_builders {} and cmake planned beside `bash build.sh`
    rels = ["build.sh", "CMakeLists.txt", "main.cpp"]
    assert top_builders("build.sh", R_CM, rels) == {"cmake": 8}
    files = {"build.sh": R_CM, "CMakeLists.txt": R_CM_CMAKE, "main.cpp": "int main() {}\n"}
    steps = _component(tmp_path, files).steps
    assert [s.argv for s in steps] == [("bash", "build.sh")]
    # the review's variant: `USAGE=$(cat <<EOF` ... `EOF` / `)`
    usage = R_CM.replace("python3 - <<'PY'", "cat <<EOF").replace("\nPY\n", "\nEOF\n")
    assert top_builders("build.sh", usage, rels) == {"cmake": 8}


# xLLM-AI/xllm-service@73d5e0043e120a08feccfe5d17a13caa829d256e
# xllm_service/examples/vllm_backend/register_vllm.sh:20-27
XLLM = """KEY="XLLM:DEFAULT:${ADDR}"

JSON=$(cat <<EOF
{"name":"${ADDR}","rpc_address":"${ADDR}","type":0,"backend_type":"vllm","incarnation_id":"vllm-1","register_ts_ms":1}
EOF
)

etcdctl --endpoints="$ETCD" put "$KEY" "$JSON" >/dev/null
"""


def test_a_real_here_document_in_a_substitution_ends_where_its_word_does() -> None:
    lines = substitutions_joined(joined_lines(XLLM, first_line=20))
    bodies, conditional = script_layout(lines)
    top = [lines[i].text for i in bodies[""] if not conditional[i]]
    assert top[-1].startswith("etcdctl --endpoints=")  # a command of the top level, not data
    # a substitution with no document is still one line (hicann/ops-blas build.sh:19-22)
    blas = 'export BASE_PATH=$(\n  cd "$(dirname $0)"\n  pwd\n)\ncmake -S "${BASE_PATH}"\n'
    joined = substitutions_joined(joined_lines(blas))
    assert joined[0].text == 'export BASE_PATH=$(cd "$(dirname $0)"; pwd)'


# /work/review39/r_usage/README.md:5-8
R_USAGE = """# ops

## Build

```bash
export SOC="ascend910b; pip install evilpkg"
bash build.sh --soc=${SOC} [--jit]
```
"""


def test_a_usage_line_takes_no_value_the_shell_would_split(tmp_path: Path) -> None:
    # the value pasted into the line and parsed again made `pip install evilpkg` a step and
    # evilpkg a requirement
    files = {"README.md": R_USAGE, "build.sh": "#!/bin/bash\ncmake -S . -B build\n"}
    component = _component(tmp_path, files)
    assert ("pip", "install", "evilpkg") not in [s.argv for s in component.steps]
    assert not [r for r in component.requirements if "evilpkg" in r.subject]
    lines = R_USAGE.splitlines()
    commands, said = usage_commands(lines, 5, 7, "README.md")
    assert [c.argv for c in commands] == [
        ("export", "SOC=ascend910b; pip install evilpkg"),
        ("bash", "build.sh", "--soc=${SOC}", "[--jit]"),  # as written: not run as read
    ]
    assert not said
    # a plain word is still the block's value (review38 finding 7)
    lines[5] = "export SOC=Ascend310P3"
    commands, _ = usage_commands(lines, 5, 7, "README.md")
    assert commands[-1].argv == ("bash", "build.sh", "--soc=Ascend310P3")


# /work/review39/r_both
R_BOTH = {
    "CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(foo C)\n",
    "Makefile.am": "bin_PROGRAMS=foo\n",
    "README.md": "# foo\n\nBuild with the GNU Build System:\n\n"
    "```sh\n./autogen.sh\n./configure\n```\n",
    "autogen.sh": "#!/bin/sh\nautoreconf -fi\n",
    "build.sh": "#!/bin/bash\nset -e\ncmake -S . -B build -DCMAKE_BUILD_TYPE=Release\n"
    "cmake --build build\n",
    "configure.ac": "AC_INIT([foo],[1.0])\nAM_INIT_AUTOMAKE\nAC_PROG_CC\nAC_OUTPUT\n",
}


def test_a_build_script_of_the_route_left_out_is_not_said_to_be_planned(tmp_path: Path) -> None:
    component = _component(tmp_path, R_BOTH)
    assert "bash" not in [s.argv[0] for s in component.steps]
    reasons = [f.reason or "" for f in component.findings]
    assert not [r for r in reasons if "planned bash build.sh as the CMake route" in r]
    (route,) = [r for r in reasons if "both build the repo" in r]
    assert route.endswith(
        "the alternative, not planned: bash build.sh (build.sh:3 runs cmake on the top's "
        "CMakeLists.txt, in place of cmake -S . -B build; cmake --build build)"
    )


def test_an_autogen_told_not_to_configure_runs_as_a_step_that_does(tmp_path: Path) -> None:
    # review39 minor: `NOCONFIGURE=1 ./autogen.sh` is followed by make. A step has no
    # variables: it runs `./autogen.sh`, which configures (fribidi autogen.sh:32-34), so the
    # build after it is make's, as the module's docstring now says
    files = {k: v for k, v in R_BOTH.items() if k not in ("CMakeLists.txt", "build.sh")}
    files["README.md"] = "# foo\n\n```sh\nNOCONFIGURE=1 ./autogen.sh\n```\n"
    steps = _component(tmp_path, files).steps
    assert [s.argv[-1] for s in steps] == ["autogen.sh", "make"]
