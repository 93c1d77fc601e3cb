"""Go projects: go.mod read as go.dev/ref/mod#go-mod-file documents it (the Go release, the
suggested toolchain, the module downloads), cgo's C compiler and libraries, and the driver
libraries a Go program loads (scan19's tuning repo Ascend/ascend-npu-exporter, the cluster
stack's device plugins and exporters).

Sources (public, at the commits named):
Ascend/ascend-npu-exporter b2a7545b5bab0357b0eaa4211451f7921af81ee8 (scan_eval19's truth)
NVIDIA/k8s-device-plugin 0bb4d8ec0dc73dd9d5187c78fc2fcdf4f22769c3 (toolchain line) and
  1b826acc6af3079d8923bac395c3124b8861a9a6 (vendor/modules.txt committed)
open-telemetry/opentelemetry-go 0e6f9c29c10d6078e8131418e1d1d166c7195d61
NVIDIA/nvidia-docker bd167ae679c5802243ed2ca971bee03afce9c612
rapidsai/cuvs ff0c8076bf2f8d354bc21039ebffa14a1c9128a3 (scan_eval19's truth)
"""

from __future__ import annotations

from pathlib import Path

from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.filekinds import classify
from bringup.scan.gomod import MODULES, extract_go_mod
from bringup.scan.gosource import extract_go_source
from bringup.scan.repo import scan_repo


def _table(found: tuple[Requirement, ...]) -> list[tuple[str, str, int | None, bool]]:
    return [(r.subject, r.spec, r.source.line, r.hard) for r in found]


def _go_mod(text: str) -> tuple[Requirement, ...]:
    return extract_go_mod(SourceFile(ref="go.mod", rel="go.mod", text=text)).requirements


# Ascend/ascend-npu-exporter go.mod:1-6
_EXPORTER_GO_MOD = (
    "module huawei.com/npu-exporter/v5\n"
    "\n"
    "go 1.18\n"
    "\n"
    "require (\n"
    "\tgithub.com/agiledragon/gomonkey/v2 v2.8.0\n"
    ")\n"
)
# NVIDIA/k8s-device-plugin @ 1b826acc go.mod:1-6 (the block closed after its first module)
_PLUGIN_GO_MOD = (
    "module github.com/NVIDIA/k8s-device-plugin\n"
    "\n"
    "go 1.26.0\n"
    "\n"
    "require (\n"
    "\tgithub.com/NVIDIA/go-gpuallocator v0.6.0\n"
    ")\n"
)


def test_the_go_line_is_the_toolchain_floor_and_require_downloads_modules() -> None:
    assert _table(_go_mod(_EXPORTER_GO_MOD)) == [
        ("system_package", "go>=1.18", 3, True),
        # cited at the directive, the block's ``require (`` line
        ("network", MODULES, 5, True),
    ]


def test_a_newer_toolchain_line_is_a_soft_floor() -> None:
    # NVIDIA/k8s-device-plugin @ 0bb4d8ec go.mod:3-5
    found = _go_mod("go 1.23.0\n\ntoolchain go1.24.1\n")
    assert _table(found) == [
        ("system_package", "go>=1.23.0", 1, True),
        ("system_package", "go>=1.24.1", 3, False),
    ]


def test_modules_replaced_by_directories_are_not_downloaded() -> None:
    # open-telemetry/opentelemetry-go @ 0e6f9c29 example/prometheus/go.mod:3-15
    replaced = (
        "go 1.17\n"
        "\n"
        "replace (\n"
        "\tgo.opentelemetry.io/otel => ../..\n"
        "\tgo.opentelemetry.io/otel/exporters/prometheus => ../../exporters/prometheus\n"
        "\tgo.opentelemetry.io/otel/sdk => ../../sdk\n"
        ")\n"
        "\n"
        "require (\n"
        "\tgo.opentelemetry.io/otel v1.10.0\n"
        "\tgo.opentelemetry.io/otel/exporters/prometheus v0.31.0\n"
    )
    assert [r.subject for r in _go_mod(replaced + ")\n")] == ["system_package"]
    metric = replaced + "\tgo.opentelemetry.io/otel/metric v0.31.0\n)\n"
    [download] = [r for r in _go_mod(metric) if r.subject == "network"]
    assert download.source.line == 9
    assert download.text == (
        "requires go.opentelemetry.io/otel/metric: the go command downloads them (GOPROXY)"
    )


def test_cgo_needs_the_c_compiler_and_the_libraries_it_links() -> None:
    # NVIDIA/nvidia-docker @ bd167ae tools/src/cuda/bindings.go:3-8
    text = (
        "package cuda\n"
        "\n"
        "// #cgo LDFLAGS: -lcudart_static -ldl -lrt\n"
        "// #include <stdlib.h>\n"
        "// #include <cuda_runtime_api.h>\n"
        'import "C"\n'
    )
    rel = "tools/src/cuda/bindings.go"
    found = extract_go_source(SourceFile(ref=rel, rel=rel, text=text)).requirements
    # libdl and librt are the C library's; the static CUDA runtime is the toolkit's
    assert _table(found) == [("gcc", "", 6, True), ("cuda", "", 3, True)]


def test_a_library_a_go_program_loads_needs_its_provider() -> None:
    # Ascend/ascend-npu-exporter devmanager/dcmi/dcmi.go:411-413 (dlopened at DcInit)
    dcmi = 'const (\n\tdcmiLibraryName = "libdcmi.so"\n\ttemplateNameLen = 32\n)\n'
    # NVIDIA/k8s-device-plugin @ 1b826acc internal/cuda/api.go:23-26 (go-nvml's dl.New)
    cuda = 'const (\n\tlibraryName      = "libcuda.so.1"\n\tlibraryLoadFlags = dl.RTLD_LAZY\n)\n'
    for text, subject in ((dcmi, "ascend_driver"), (cuda, "nvidia_driver")):
        found = extract_go_source(SourceFile(ref="a.go", rel="a.go", text=text)).requirements
        assert _table(found) == [(subject, "", 2, True)]


def test_go_files_but_tests_are_read() -> None:
    assert classify("go.mod") == "gomod"
    assert classify("devmanager/dcmi/dcmi.go") == "go"
    assert classify("devmanager/dcmi/dcmi_test.go") is None


# Ascend/ascend-npu-exporter build/build.sh:43-49, then the call of :74
_BUILD = (
    "function build() {\n"
    '  cd "${TOP_DIR}/cmd/npu-exporter"\n'
    '  CGO_CFLAGS="-fstack-protector-strong -D_FORTIFY_SOURCE=2 -O2 -fPIC -ftrapv"\n'
    '  CGO_CPPFLAGS="-fstack-protector-strong -D_FORTIFY_SOURCE=2 -O2 -fPIC -ftrapv"\n'
    '  go build -mod=mod -buildmode=pie -ldflags "-s -extldflags=-Wl,-z,now  -X '
    "huawei.com/npu-exporter/v5/versions.BuildName=${OUTPUT_NAME} \\\n"
    "            -X huawei.com/npu-exporter/v5/versions.BuildVersion=${build_version}_linux-"
    '${arch}" \\\n'
    "    -o ${OUTPUT_NAME}\n"
    "}\n"
    "  build\n"
)


def test_the_build_script_running_go_is_a_place_of_the_go_line(tmp_path: Path) -> None:
    (tmp_path / "go.mod").write_text(_EXPORTER_GO_MOD, encoding="utf-8")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "build.sh").write_text(_BUILD, encoding="utf-8")
    # build/test.sh:21-22; rapidsai/cuvs build.sh:29-30, a help text naming the go target
    (tmp_path / "build" / "test.sh").write_text(
        "function execute_test() {\n"
        '  if ! (go test -v -race -coverprofile cov.out "${TOP_DIR}"/... >./"$file_input")\n'
        'HELP="\n'
        "   rust             - build the cuvs Rust bindings\n"
        "   go               - build the cuvs Go bindings\n",
        encoding="utf-8",
    )
    found = scan_repo(tmp_path, "exporter").component.requirements
    [go] = [r for r in found if r.subject == "system_package"]
    assert (go.spec, go.source.line) == ("go>=1.18", 3)
    assert [(s.ref, s.line) for s in go.also_at] == [
        ("exporter/build/build.sh", 5),
        ("exporter/build/test.sh", 2),
    ]
    assert [r.spec for r in found if r.subject == "network"] == [MODULES]


def test_vendored_modules_build_offline(tmp_path: Path) -> None:
    (tmp_path / "go.mod").write_text(_PLUGIN_GO_MOD, encoding="utf-8")
    scanned = scan_repo(tmp_path, "plugin").component.requirements
    assert [r.subject for r in scanned] == ["system_package", "network"]
    # NVIDIA/k8s-device-plugin commits vendor/ (vendor/modules.txt:1-2): the go command builds
    # from it
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "modules.txt").write_text(
        "# cyphar.com/go-pathrs v0.2.5\n## explicit; go 1.18\n", encoding="utf-8"
    )
    scanned = scan_repo(tmp_path, "plugin").component.requirements
    assert [r.subject for r in scanned] == ["system_package"]


def test_a_block_opened_against_its_verb_is_a_block() -> None:
    # The go.mod lexer (golang.org/x/mod/modfile/read.go) ends an identifier at "(", so
    # ``require(`` opens the same block as ``require (``.
    glued = _EXPORTER_GO_MOD.replace("require (", "require(")
    assert [(r.subject, r.source.line) for r in _go_mod(glued)] == [
        (r.subject, r.source.line) for r in _go_mod(_EXPORTER_GO_MOD)
    ]


def test_a_hyphenated_library_flag_is_read_whole() -> None:
    # NVML's documented link flag (NVML API reference, "Linking": -lnvidia-ml) in a cgo preamble.
    text = '// #cgo LDFLAGS: -lnvidia-ml\nimport "C"\n'
    found = extract_go_source(SourceFile(ref="a.go", rel="a.go", text=text)).requirements
    assert [(r.subject, r.source.line) for r in found] == [("gcc", 2), ("nvidia_driver", 1)]
