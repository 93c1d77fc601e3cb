"""A vcpkg manifest's ``dependencies`` are libraries vcpkg installs for the build: the need is
vcpkg, with each library named and cited at the line that names it (outsider10 #8:
gaussian-splatting-cuda's vcpkg.json was not read)."""

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


def _needs(text: str) -> list[tuple[str, str, int | None, list[int | None], str]]:
    file = SourceFile(ref="vcpkg.json", rel="vcpkg.json", text=text)
    found = extract_vcpkg_manifest(file).requirements
    return [
        (r.subject, r.spec, r.source.line, [s.line for s in r.also_at], r.text or "") for r in found
    ]


def test_the_libraries_are_vcpkgs_each_cited_at_its_line() -> None:
    ((subject, spec, line, also, text),) = _needs(SPLATTING)
    assert (subject, spec, line) == ("system_package", "vcpkg", 3)
    assert also == [4, 5, 6, 7, 8, 9, 11, 18, 19, 20, 22, 27, 28]  # an object's "name" line
    assert "glfw3, glm, gtest, imgui[docking-experimental,glfw-binding,opengl3-binding]" in text
    assert text.endswith("spdlog, tbb for the build")


def test_floors_platforms_helpers_and_overrides() -> None:
    ((_, _, line, also, text),) = _needs(ONNXRUNTIME)
    assert line == 8
    assert text.startswith("vcpkg.json: vcpkg installs abseil, boost-config>=1.82.0, ")
    assert "eigen3==2024-01-16" in text  # pinned by "overrides"
    assert "nsync, nsync>=1.26.0" in text  # "!windows": installed on Linux
    assert {35, 39} <= set(also)
    assert "zlib" not in text  # "platform": "windows"
    assert 70 not in also
    assert "vcpkg-cmake" not in text  # vcpkg's own helper ports
    assert not {61, 65} & set(also)
    assert "benchmark" not in text  # a feature's, not the top-level list


def test_a_toolkit_port_is_the_installed_toolkit() -> None:
    # constructed: vcpkg's cuda port only finds the CUDA toolkit installed on the machine
    needs = _needs('{\n  "dependencies": [\n    "cuda",\n    "fmt"\n  ]\n}\n')
    assert [(s, spec, line, also) for s, spec, line, also, _ in needs] == [
        ("system_package", "vcpkg", 2, [4]),
        ("cuda", "", 3, []),
    ]


def test_a_manifest_is_read_in_the_repo_but_not_in_an_example(tmp_path: Path) -> None:
    (tmp_path / "vcpkg.json").write_text(SPLATTING)
    (tmp_path / "examples" / "demo").mkdir(parents=True)
    (tmp_path / "examples" / "demo" / "vcpkg.json").write_text(SPLATTING.replace("tbb", "zstd"))
    needs = scan_repo(tmp_path, "splatting").component.requirements
    (vcpkg,) = [r for r in needs if r.spec == "vcpkg"]
    assert str(vcpkg.source).endswith("vcpkg.json:3")
    assert "tbb" in (vcpkg.text or "")
    assert "zstd" not in (vcpkg.text or "")
