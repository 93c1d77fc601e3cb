"""A directory the repo's own build script enters and builds is the repo's build, not a
sub-project beside it (issue 11, scopes): its go.mod, CMakeLists.txt and README state what
the repo needs. What the script does only under a condition, and the tests and examples it
builds, keep their scopes.

Sources (public, at the commits the tune-set truths were written for):
Ascend/ascend-docker-runtime c451124d7bd7d547e7c2f3fe285cb9f1d21483fb,
Ascend/ascend-npu-exporter b2a7545b5bab0357b0eaa4211451f7921af81ee8,
rapidsai/cuvs ff0c8076bf2f8d354bc21039ebffa14a1c9128a3,
Ascend/DrivingSDK e667017eb751b614c128c9c81812634cae362ee4,
Ascend/MindIE-Motor 5dfb024e45feec2e947f12d0af72b79b24edff53.
"""

from __future__ import annotations

from collections.abc import Callable

from bringup.scan.buildtargets import built_targets
from bringup.scan.extraction import SourceFile
from bringup.scan.gomod import extract_go_mod
from bringup.scan.repeats import merge_repeats
from bringup.scan.routedirs import routed_directories, with_replaced_modules
from bringup.scan.scopes import REPO, TESTS, Scopes
from cpuclock import cpu_seconds

# ascend-docker-runtime build/build.sh:20-49 (the variables), 63-80 and 89-111 (build_bin),
# 148-155 (clean, then the calls); its README.md:53-57 builds with `cd build && bash build.sh`
_ADR_BUILD = """\
ROOT=$(cd $(dirname $0); pwd)/..

OPENSRC=${ROOT}/opensource
PLATFORM=${ROOT}/platform
OUTPUT=${ROOT}/output
BUILD=${ROOT}/build

CLIDIR=${ROOT}/cli
DESTROYDIR=${ROOT}/destroy
CLISRCNAME="main.c"

INSTALLHELPERDIR=${ROOT}/install
INSTALLHELPERSRCNAME="main.go"

HOOKDIR=${ROOT}/hook
HOOKSRCNAME="main.go"

RUNTIMEDIR=${ROOT}/runtime
RUNTIMESRCNAME="main.go"

CLISRCPATH=$(find ${CLIDIR} -name "${CLISRCNAME}")
CLISRCDIR=${CLISRCPATH%/${CLISRCNAME}}
DESTROYSRCPATH=$(find ${DESTROYDIR} -name "${CLISRCNAME}")
DESTROYDIR=${DESTROYSRCPATH%/${CLISRCNAME}}
INSTALLHELPERSRCPATH=$(find ${INSTALLHELPERDIR} -name "${INSTALLHELPERSRCNAME}")
INSTALLHELPERSRCDIR=${INSTALLHELPERSRCPATH%/${INSTALLHELPERSRCNAME}}
HOOKSRCPATH=$(find ${HOOKDIR} -name "${HOOKSRCNAME}")
HOOKSRCDIR=${HOOKSRCPATH%/${HOOKSRCNAME}}
RUNTIMESRCPATH=$(find ${RUNTIMEDIR} -name "${RUNTIMESRCNAME}")
RUNTIMESRCDIR=${RUNTIMESRCPATH%/${RUNTIMESRCNAME}}

function build_bin()
{
    echo "make destroy"
    [ -d "${BUILD}/build/destroy/build" ] && rm -rf ${BUILD}/build/destroy/build
    mkdir -p ${BUILD}/build/destroy/build && cd ${BUILD}/build/destroy/build

    cmake ${DESTROYDIR}
    make clean
    make

    echo "make cli"
    [ -d "${BUILD}/build/cli/build" ] && rm -rf ${BUILD}/build/cli/build
    mkdir -p ${BUILD}/build/cli/build && cd ${BUILD}/build/cli/build

    cmake ${CLISRCDIR}
    make clean
    make
    echo "make installhelper"
    cd ${INSTALLHELPERSRCDIR}
    [ -d "${BUILD}/build/helper/build" ] && rm -rf ${BUILD}/build/helper/build
    export CGO_ENABLED=1
    mkdir -p ${BUILD}/build/helper/build
    go build -buildmode=pie  -ldflags='-linkmode=external -buildid=IdNetCheck -extldflags "-Wl,-z,now" -w -s' -trimpath -o ${BUILD}/build/helper/build/ascend-docker-plugin-install-helper ${INSTALLHELPERSRCDIR}/${INSTALLHELPERSRCNAME}

    echo "make hook"
    [ -d "${HOOKSRCDIR}/build" ] && rm -rf ${HOOKSRCDIR}/build
    mkdir ${HOOKSRCDIR}/build && cd ${HOOKSRCDIR}/build
    go build -buildmode=pie  -ldflags='-linkmode=external -buildid=IdNetCheck -extldflags "-Wl,-z,now" -w -s' -trimpath  -o ascend-docker-hook ../${HOOKSRCNAME}
    echo `pwd`
    ls

    echo "make runtime"
    cd ${RUNTIMEDIR}
    [ -d "${RUNTIMESRCDIR}/build" ] && rm -rf ${RUNTIMESRCDIR}/build
    mkdir ${RUNTIMESRCDIR}/build&&cd ${RUNTIMESRCDIR}/build
    go build -buildmode=pie  -ldflags='-linkmode=external -buildid=IdNetCheck -extldflags "-Wl,-z,now" -w -s' -trimpath  -o ascend-docker-runtime ../${RUNTIMESRCNAME}
}

function clean()
{
    [ -d "${OUTPUT}" ] && cd ${OUTPUT}&&rm -rf *
}

clean
build_bin
"""  # noqa: E501
# hook/go.mod:16-19: the hook's module builds mindxcheckutils from the checkout
_ADR_HOOK_GO_MOD = """\
module main

go 1.18

replace (
	huawei.com/npu-exporter/v5 => gitee.com/ascend/ascend-npu-exporter/v5 v5.0.0-RC4.b002
	mindxcheckutils => ../mindxcheckutils
)
"""
# the files of the kinds the walk lists (no C sources: `find -name main.c` sees none)
_ADR_FILES = [
    "README.md",
    "build/build.sh",
    "cli/README.txt",
    "cli/src/CMakeLists.txt",
    "cli/test/dt/CMakeLists.txt",
    "cli/test/dt/README.md",
    "cli/test/dt_go/build.sh",
    "destroy/src/CMakeLists.txt",
    "hook/go.mod",
    "hook/main.go",
    "install/deb/src/go.mod",
    "install/deb/src/main.go",
    "mindxcheckutils/go.mod",
    "mindxcheckutils/mindxcheckutils.go",
    "runtime/go.mod",
    "runtime/main.go",
    "runtime/dcmi/dcmi.go",
]


def test_the_directories_a_build_script_enters_and_builds_are_resolved() -> None:
    routed = routed_directories({"build/build.sh": _ADR_BUILD}, _ADR_FILES)
    # ROOT from $0; find of a file the walk lists (main.go) or, of one it does not (main.c),
    # the directory searched; ${X%/main.go}; `cd X/build` then `go build ../main.go`
    assert {"cli", "destroy", "install/deb/src", "hook", "runtime"} <= routed
    # cleaning output/ builds nothing there
    assert "output" not in routed


def test_what_the_route_builds_is_the_repos_scope() -> None:
    texts = {"build/build.sh": _ADR_BUILD, "README.md": "# Ascend Docker Runtime\n"}
    read = {**texts, "hook/go.mod": _ADR_HOOK_GO_MOD}
    scopes = Scopes(_ADR_FILES, texts, texts=read)
    for rel in ("hook/go.mod", "runtime/go.mod", "install/deb/src/go.mod", "cli/README.txt"):
        assert scopes.of(rel) == REPO, rel
    assert scopes.of("cli/src/CMakeLists.txt") == REPO
    # a module the hook's go.mod replaces by a directory of the checkout is built with it
    assert scopes.of("mindxcheckutils/go.mod") == REPO
    # the tests under a directory the route builds stay the tests'
    assert scopes.of("cli/test/dt/README.md") == TESTS
    assert scopes.of("cli/test/dt_go/build.sh") == TESTS


def test_without_the_route_the_go_modules_are_projects_of_their_own() -> None:
    texts = {"README.md": "# Ascend Docker Runtime\n"}
    scopes = Scopes(_ADR_FILES, texts, texts={**texts, "hook/go.mod": _ADR_HOOK_GO_MOD})
    assert scopes.of("hook/go.mod") == "hook"
    assert scopes.of("mindxcheckutils/go.mod") == "mindxcheckutils"


# ascend-npu-exporter build/build.sh:19-20, 43-48, 72-76 and its last line, `main`
_EXPORTER_BUILD = """\
CUR_DIR=$(dirname $(readlink -f $0))
TOP_DIR=$(realpath "${CUR_DIR}"/..)
function build() {
  cd "${TOP_DIR}/cmd/npu-exporter"
  CGO_CFLAGS="-fstack-protector-strong -D_FORTIFY_SOURCE=2 -O2 -fPIC -ftrapv"
  CGO_CPPFLAGS="-fstack-protector-strong -D_FORTIFY_SOURCE=2 -O2 -fPIC -ftrapv"
  go build -mod=mod -buildmode=pie -ldflags "-s -extldflags=-Wl,-z,now  -X huawei.com/npu-exporter/v5/versions.BuildName=${OUTPUT_NAME} \\
            -X huawei.com/npu-exporter/v5/versions.BuildVersion=${build_version}_linux-${arch}" \\
    -o ${OUTPUT_NAME}
  ls ${OUTPUT_NAME}
}
function main() {
  clean
  build
  mv_file
}
main
"""  # noqa: E501


def test_a_function_the_script_calls_through_another_builds_where_it_went() -> None:
    routed = routed_directories({"build/build.sh": _EXPORTER_BUILD}, ["cmd/npu-exporter/main.go"])
    assert routed == {"cmd/npu-exporter"}


# cuvs build.sh:20 and 512-517: the Go bindings are built when the script is asked for them
# (or for everything): one target of several, the truth's feature "go"
_CUVS_BUILD = """\
REPODIR=$(cd "$(dirname "$0")"; pwd)
# Build the cuvs Go bindings
if (( NUMARGS == 0 )) || hasArg go; then
    cd "${REPODIR}"/go
    go build ./...
    go test ./...
fi
"""
# cuvs build.sh:547-549, read as if the script always ran them (there they sit under
# `if hasArg examples; then`, :546): the examples stay the examples' even so
_CUVS_EXAMPLES = """\
REPODIR=$(cd "$(dirname "$0")"; pwd)
    pushd "${REPODIR}"/examples
    ./build.sh
    popd
"""


def test_what_a_condition_picks_is_no_part_of_the_route() -> None:
    files = ["build.sh", "README.md", "go/go.mod", "go/README.md"]
    assert routed_directories({"build.sh": _CUVS_BUILD}, files) == frozenset()
    scopes = Scopes(files, {"build.sh": _CUVS_BUILD})
    assert scopes.of("go/go.mod") == "go"


def test_an_example_the_route_builds_stays_an_example() -> None:
    files = ["build.sh", "examples/build.sh", "examples/cpp/CMakeLists.txt"]
    files.append("examples/cpp/README.md")
    assert routed_directories({"build.sh": _CUVS_EXAMPLES}, files) == {"examples"}
    scopes = Scopes(files, {"build.sh": _CUVS_EXAMPLES})
    assert scopes.of("examples/cpp/README.md") == "examples/cpp"


def test_a_nested_script_builds_nowhere_before_it_changes_directory() -> None:
    # DrivingSDK ci/build.sh:75, run as `bash ci/build.sh` from the root: the script's
    # directory is not where it builds
    script = 'python"${PY_VERSION}" setup.py bdist_wheel\n'
    assert routed_directories({"ci/build.sh": script}, ["setup.py", "ci/build.sh"]) == set()


def test_the_directories_a_build_command_builds() -> None:
    # cuvs build.sh:403 (a source tree and a build tree)
    cmake = ("cmake", "-S", "${REPODIR}/cpp", "-B", "${LIBCUVS_BUILD_DIR}")
    assert built_targets(cmake) == ["${REPODIR}/cpp"]
    # DrivingSDK scripts/build_kernel.sh:41 builds a build tree, no source
    assert built_targets(("cmake", "--build", ".", "-j16")) == []
    # cuvs build.sh:515, ascend-docker-runtime build/build.sh:102
    assert built_targets(("go", "build", "./...")) == ["."]
    go = ("go", "build", "-buildmode=pie", "-trimpath", "-o", "ascend-docker-hook", "../main.go")
    assert built_targets(go) == [".."]
    # MindIE-Motor ci/build_3rdparty.sh:249
    make = ("make", "-C", "$build_prometheus_cpp_dir", "-j${NUM_PROC}")
    assert built_targets(make) == ["$build_prometheus_cpp_dir"]
    assert built_targets(("ls", "npu-exporter")) == []


def test_the_go_floors_of_the_modules_the_route_builds_are_one_need() -> None:
    # ascend-docker-runtime hook/go.mod:3 `go 1.18`, mindxcheckutils/go.mod:3 `go 1.17`: now
    # both the repo's, they are one need at the strictest floor, the other a place of it
    found = [
        need
        for rel, text in (("hook/go.mod", _ADR_HOOK_GO_MOD), ("mindxcheckutils/go.mod", _MXC))
        for need in extract_go_mod(SourceFile(ref=rel, rel=rel, text=text)).requirements
    ]
    [go] = [r for r in merge_repeats(found, {}) if r.subject == "system_package"]
    assert go.spec == "go>=1.18"
    assert str(go.source) == "hook/go.mod:3"
    assert [str(s) for s in go.also_at] == ["mindxcheckutils/go.mod:3"]


# mindxcheckutils/go.mod:1-3
_MXC = "module mindxcheckutils\n\ngo 1.17\n"


def _seconds(run: Callable[[], object]) -> float:
    start = cpu_seconds()
    run()
    return cpu_seconds() - start


def test_a_line_of_open_double_quotes_is_read_in_linear_time() -> None:
    # hostile: 400 000 quotes each after a backslash, none closed; each tried as the start of a
    # quoted string that scans to the line's end, the line took minutes
    line = '"\\' * 400_000
    assert _seconds(lambda: routed_directories({"build.sh": line + "\ncd hook\nmake\n"}, ())) < 15
    assert routed_directories({"build.sh": 'echo "open\ncd hook\nmake\n'}, ()) == {"hook"}


def test_only_a_here_document_operator_starts_lines_of_data() -> None:
    # `<<` as a shift, in a here-string, a quoted string or a comment starts no here-document:
    # the lines after it are still the route
    for line in (
        "MASK=$((1 << SHIFT))",
        "(( flags = flags << BITS ))",
        "read -r major minor <<< word",
        'echo "usage: cat <<EOF"',
        "echo 'cat <<EOF'",
        "# cat <<EOF > config",
    ):
        assert routed_directories({"build.sh": f"{line}\ncd hook\nmake\n"}, ()) == {"hook"}, line
    # a here-document's lines are data up to the word that ends it
    for opening in ("cat <<EOF", "cat << 'EOF' > run.sh", 'cat <<"EOF"', "cat <<-EOF"):
        script = f"{opening}\ncd cli\nmake\n\tEOF\ncd hook\nmake\n"
        assert routed_directories({"build.sh": script}, ()) == {"hook"}, opening


def test_functions_calling_functions_many_times_are_read_in_bounded_time() -> None:
    # hostile: seven functions each calling the next 40 times would run 40**6 bodies
    chain = "".join(f"f{i}() {{\n" + f"  f{i + 1}\n" * 40 + "}\n" for i in range(6))
    script = f"{chain}f6() {{\n  make -C lib\n}}\nf0\ncd hook\nmake\n"
    start = cpu_seconds()
    assert "lib" in routed_directories({"build.sh": script}, ())
    assert cpu_seconds() - start < 30


def test_many_strips_of_a_long_value_are_read_in_bounded_time() -> None:
    # hostile: each ${X%b} tries every cut of a 4000-character value; 20 000 of them took 35 s
    script = "X=" + "a" * 4000 + "\n" + "Y=${X%b}\n" * 20_000
    assert _seconds(lambda: routed_directories({"build.sh": script}, ())) < 30
    # a strip within the budget still strips (ascend-docker-runtime build/build.sh:42)
    script = 'P=$(find cli -name "main.c")\nD=${P%/main.c}\ncd $D\nmake\n'
    assert routed_directories({"build.sh": script}, ("cli/src/main.c",)) == {"cli/src"}


def test_many_finds_in_a_large_repo_are_read_in_bounded_time() -> None:
    # hostile: each find walks the repo's 3000 files; 20 000 of them would look at 60 million
    files = tuple(f"d{i}/foo.c" for i in range(3000))
    script = "X=$(find . -name foo.c)\n" * 20_000
    assert _seconds(lambda: routed_directories({"build.sh": script}, files)) < 40


def test_a_route_into_many_directories_places_files_in_linear_time() -> None:
    # hostile: a script building in 60 000 directories, a repo of 2000 sub-projects; each
    # folder of each file was compared with every routed directory (112 s through `scan`)
    files = ["build.sh", "CMakeLists.txt"]
    for i in range(2000):
        files += [f"sub{i}/a/CMakeLists.txt", f"sub{i}/a/README.md"]
    script = "".join(f"make -C d{i}\n" for i in range(60_000)) + "make -C sub7/a/build\n"
    start = cpu_seconds()
    scopes = Scopes(files, {"build.sh": script})
    assert [scopes.of(rel) for rel in files[2:]].count(REPO) == 2
    assert cpu_seconds() - start < 40
    assert scopes.of("sub7/a/README.md") == REPO
    assert scopes.of("sub8/a/README.md") == "sub8/a"


def test_a_line_whose_expansions_grow_past_any_path_is_unknown() -> None:
    # hostile: `$X` 200 000 times, X 4000 characters, expanded to 800 MB in memory
    script = "X=" + "a" * 4000 + "\nmake -C " + "$X" * 200_000 + "\ncd hook\nmake\n"
    start = cpu_seconds()
    assert routed_directories({"build.sh": script}, ()) == {"hook"}
    assert cpu_seconds() - start < 15
    assert routed_directories({"build.sh": "X=lib\nmake -C $X/$X\n"}, ()) == {"lib/lib"}


def test_a_module_replaced_by_an_absolute_directory_is_none_of_the_checkout() -> None:
    # `replace x => /opt/x` names a directory of the machine: it was read as hook/opt/x
    go_mod = _ADR_HOOK_GO_MOD.replace("../mindxcheckutils", "/opt/mindxcheckutils")
    assert with_replaced_modules(frozenset({"hook"}), {"hook/go.mod": go_mod}) == {"hook"}
    found = with_replaced_modules(frozenset({"hook"}), {"hook/go.mod": _ADR_HOOK_GO_MOD})
    assert found == {"hook", "mindxcheckutils"}


def test_the_modules_of_a_wide_route_are_found_in_linear_time() -> None:
    # hostile: 20 000 routed directories, 5000 go.mod files; the route's folders were made
    # again for each module
    routed = frozenset(f"d{i}" for i in range(20_000))
    texts = {f"m{i}/go.mod": "module m\n" for i in range(5000)}
    texts["d7/go.mod"] = "module d7\nreplace x => ../m3\n"
    start = cpu_seconds()
    assert with_replaced_modules(routed, texts) == routed | {"m3"}
    assert cpu_seconds() - start < 15
