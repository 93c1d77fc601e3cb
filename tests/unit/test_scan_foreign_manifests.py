"""A directory holding another language's package manifest (Cargo.toml, go.mod, package.json,
pom.xml, build.gradle) is a sub-project of its own, even where the repo's build adds it
(issue 11, session of 2026-12-02).

Source (public, at the commit the tune-set truth was written for):
kvcache-ai/Mooncake 3b5a594133958449a1feaf1c9e0fc1b553e34a28
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.scan.scopes import REPO, Scopes
from bringup.scan.walk import walk_repo

# Mooncake CMakeLists.txt:25 and 134-140: the root build adds the Rust bindings' directory
# under an option on by default
_ROOT_CMAKE = (
    'option(WITH_STORE_RUST "build the Rust bindings for the Mooncake Store" ON)\n'
    "if(WITH_STORE_RUST)\n"
    "  if(NOT WITH_STORE)\n"
    '    message(FATAL_ERROR "WITH_STORE_RUST=ON requires WITH_STORE=ON")\n'
    "  endif()\n"
    '  message(STATUS "Mooncake Store Rust bindings will be built")\n'
    "  add_subdirectory(mooncake-store/rust)\n"
    "endif()\n"
)
_RUST = "mooncake-store/rust"
_FILES = ["CMakeLists.txt", "README.md", f"{_RUST}/CMakeLists.txt", f"{_RUST}/README.md"]


def test_a_crate_the_root_build_adds_is_its_own_project() -> None:
    texts = {"CMakeLists.txt": _ROOT_CMAKE}
    # without its manifest the directory is a part of the build that names it
    assert Scopes(_FILES, texts).of(f"{_RUST}/README.md") == REPO
    scopes = Scopes([*_FILES, f"{_RUST}/Cargo.toml"], texts)
    assert scopes.of(f"{_RUST}/README.md") == _RUST
    assert scopes.of(f"{_RUST}/CMakeLists.txt") == _RUST
    assert scopes.of("README.md") == REPO


def test_a_docs_site_manifest_leaves_the_docs_the_repos() -> None:
    # a documentation site's package.json (its node tooling) makes no sub-project of docs/
    files = ["README.md", "docs/package.json", "docs/install.md"]
    assert Scopes(files, {}).of("docs/install.md") == REPO


# Mooncake mooncake-store/rust/README.md:43-48 and 69-78
_RUST_README = (
    "## Prerequisites\n\n"
    "Install the Rust toolchain and libclang before building this crate. On Ubuntu:\n\n"
    "```bash\nsudo apt-get install libclang-dev clang\n```\n\n"
    "## Build With Cargo\n\n"
    "Standalone Cargo builds need the CMake build directory and Store headers:\n\n"
    "```bash\n"
    "cd mooncake-store/rust\n\n"
    "export MOONCAKE_BUILD_DIR=/path/to/Mooncake/build\n"
    "export MOONCAKE_STORE_LIB_DIR=$MOONCAKE_BUILD_DIR/mooncake-store/src\n"
    "export MOONCAKE_STORE_INCLUDE_DIR=/path/to/Mooncake/mooncake-store/include\n"
    "```\n"
)


def test_the_walk_reports_manifests_and_the_scan_scopes_the_crate(tmp_path: Path) -> None:
    rust = tmp_path / _RUST
    rust.mkdir(parents=True)
    (tmp_path / "CMakeLists.txt").write_text(_ROOT_CMAKE, encoding="utf-8")
    (rust / "README.md").write_text(_RUST_README, encoding="utf-8")
    (rust / "Cargo.toml").write_text('[package]\nname = "mooncake-store"\n', encoding="utf-8")
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "package.json").write_text("{}", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("web/\n", encoding="utf-8")
    _, stats = walk_repo(tmp_path)
    assert stats.manifests == (f"{_RUST}/Cargo.toml",)
    component = scan_repo(tmp_path, "Mooncake").component
    assert not [r for r in component.requirements if r.subject in ("env_var", "system_package")]
    [crate] = [s for s in component.scopes if s.name == _RUST]
    # clang is a tool with a subject of its own, no system package (sysdeps.tool_subject)
    assert {"MOONCAKE_BUILD_DIR", "libclang-dev"} <= {r.spec for r in crate.requirements}
