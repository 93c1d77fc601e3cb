"""A vcpkg manifest's ``dependencies`` are the libraries the build needs, each cited at the
line that names it (outsider10 #8: gaussian-splatting-cuda's vcpkg.json was not read)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.vcpkgmanifest import extract_vcpkg_manifest

# MrNeRF/gaussian-splatting-cuda@0ff1dc23 vcpkg.json:1-11 and :17-29
SPLATTING = """{
  "builtin-baseline": "4334d8b4c8916018600212ab4dd4bbdc343065d1",
  "dependencies": [
    "args",
    "freetype",
    "glad",
    "glfw3",
    "glm",
    "gtest",
    {
      "name": "imgui",
      "features": [
        "docking-experimental",
        "glfw-binding",
        "opengl3-binding"
      ]
    },
    "libarchive",
    "libwebp",
    "nlohmann-json",
    {
      "name": "openimageio",
      "features": [
        "webp"
      ]
    },
    "spdlog",
    "tbb"
  ]
}
"""

# microsoft/onnxruntime@b653907c7be85407ed3eca78587edae4d6d2e8c9 cmake/vcpkg.json (whole)
ONNXRUNTIME = """{
  "$schema": "https://raw.githubusercontent.com/microsoft/vcpkg-tool/main/docs/vcpkg.schema.json",
  "name": "onnxruntime",
  "version-date": "2024-07-21",
  "description": "ONNX Runtime: cross-platform, high performance ML inferencing and training accelerator",
  "homepage": "https://onnxruntime.ai/",
  "license": "MIT",
  "dependencies": [
    "abseil",
    {
      "name": "boost-config",
      "version>=": "1.82.0"
    },
    {
      "name": "boost-mp11",
      "version>=": "1.82.0"
    },
    "cpuinfo",
    "cxxopts",
    "date",
    "dlpack",
    "eigen3",
    {
      "name": "flatbuffers",
      "host": true,
      "version>=": "23.5.26"
    },
    {
      "name": "flatbuffers",
      "version>=": "23.5.26"
    },
    "ms-gsl",
    "nlohmann-json",
    {
      "name": "nsync",
      "platform": "!windows"
    },
    {
      "name": "nsync",
      "platform": "!windows",
      "version>=": "1.26.0"
    },
    {
      "name": "onnx",
      "version>=": "1.16.0"
    },
    "optional-lite",
    {
      "name": "protobuf",
      "version>=": "3.21.12"
    },
    {
      "name": "protobuf",
      "host": true,
      "version>=": "3.21.12"
    },
    "re2",
    "safeint",
    "utf8-range",
    {
      "name": "vcpkg-cmake",
      "host": true
    },
    {
      "name": "vcpkg-cmake-config",
      "host": true
    },
    "wil",
    {
      "name": "zlib",
      "platform": "windows"
    }
  ],
  "features": {
    "tests": {
      "description": "Build ONNXRuntime unit tests",
      "dependencies": [
        "benchmark",
        "gtest"
      ]
    }
  },
  "overrides": [
    {
      "name": "eigen3",
      "version": "2024-01-16"
    }
  ]
}
"""  # noqa: E501


def _needs(text: str) -> list[tuple[str, str, int | None, str]]:
    file = SourceFile(ref="vcpkg.json", rel="vcpkg.json", text=text)
    found = extract_vcpkg_manifest(file).requirements
    return [(r.subject, r.spec, r.source.line, r.feature) for r in found]


def test_each_dependency_is_a_library_at_its_own_line() -> None:
    needs = _needs(SPLATTING)
    assert needs[0] == ("system_package", "vcpkg", 3, "")
    assert ("system_package", "glfw3", 7, "") in needs
    assert ("system_package", "gtest", 9, "tests") in needs  # a test framework: the tests'
    assert ("system_package", "imgui", 11, "") in needs  # the object's "name" line
    assert ("system_package", "openimageio", 22, "") in needs
    assert needs[-1] == ("system_package", "tbb", 28, "")
    assert len(needs) == 14


def test_floors_platforms_helpers_and_overrides() -> None:
    needs = {(subject, spec, line) for subject, spec, line, _ in _needs(ONNXRUNTIME)}
    assert ("system_package", "boost-config>=1.82.0", 11) in needs
    assert ("system_package", "flatbuffers>=23.5.26", 24) in needs
    assert ("system_package", "nsync>=1.26.0", 39) in needs  # "!windows": needed on Linux
    assert ("system_package", "eigen3==2024-01-16", 22) in needs  # pinned by "overrides"
    named = {spec.split(">")[0].split("=")[0] for _, spec, _ in needs}
    assert "zlib" not in named  # "platform": "windows"
    assert not {"vcpkg-cmake", "vcpkg-cmake-config"} & named  # vcpkg's own helper ports
    assert not {"benchmark"} & named  # a feature's, not the top-level list


def test_a_manifest_is_read_in_the_repo_but_not_in_an_example(tmp_path: Path) -> None:
    (tmp_path / "vcpkg.json").write_text(SPLATTING)
    (tmp_path / "examples" / "demo").mkdir(parents=True)
    (tmp_path / "examples" / "demo" / "vcpkg.json").write_text(SPLATTING.replace("tbb", "zstd"))
    needs = scan_repo(tmp_path, "splatting").component.requirements
    specs = {r.spec: str(r.source) for r in needs if r.subject == "system_package"}
    assert specs["tbb"].endswith("vcpkg.json:28")
    assert "zstd" not in specs
