"""Which part of a repo a file speaks for: the repo itself, a sub-project, or a feature.

One repo on the command line is one component, but not every file in it states what the
repo needs: a benchmark's README pins its own toolkit, CI pins the versions it happens to test,
a Dockerfile builds one image, a contributing guide shows an example Python, a model recipe
under ``docs/`` needs its own chips. Only the repo scope decides the repo's verdict; the
others are shown beside it ("also, for benchmarks/x: …") and can be brought up on their own.

A scope comes from the file's path and the repo's build files, never from the file's own text:

- CI files (``.github/``, ``ci/``, ``scripts/ci/``, ``.gitlab-ci.yml``) are the ``ci`` feature,
  except the build script ``ci/build.sh`` that Ascend's PyTorch repos build with; Dockerfiles
  and ``docker/`` the ``docker`` feature; contributing, agent and release-process guides
  (``RELEASE.md``) ``development``;
- the scripts of a top-level ``packaging/`` folder build the release's binaries, a package
  for each toolkit the release ships for (facebookresearch/pytorch3d packaging/
  pkg_helpers.bash:62-161 sets ``CUDA_HOME=/usr/local/cuda-<x>`` for nine CUDA releases, and
  ``CC=clang`` for macOS): that folder's own, not what building the repo needs;
- files under ``tests/`` (and the other test directory names, ``qa/`` where some repos keep
  their test scripts) are the ``tests`` feature: a test's skip guard ("needs 2 devices") is
  what the test step needs, not the repo; so is a build script or CMake file whose name says
  it builds or runs the tests (``run_ut.sh``, ``cmake/ut.cmake``, ``run_fuzz.sh``,
  ``run_presmoke.sh``, ``config_utest.cmake``: ``testscripts``) wherever it lies; one named
  for the docs (``publish_website.sh``) is ``development``'s;
- a directory under ``examples/``, ``benchmarks/``, ``tools/``, ``contrib/`` … is a
  sub-project of its own, and a file directly in one (``benchmarks/README.md``, hixl's "how
  to run the benchmarks") is that collection's;
- a nested directory with a build file and a README of its own is a sub-project unless the
  directory is the repo's top-level ``script(s)/`` or ``build-tools/``, or the
  build files of the project around it name it (``build.sh`` building ``python/deep_ep``
  makes that package's README the repo's word); in a repo with no build at its root, a
  top-level directory the README names with a native build or a requirements list directly
  in it (DIOPI's ``impl/``, ``diopi_test/``) is a part of the repo: the files directly in it
  are the repo's; the repo's own build script in a top-level script directory names parts
  as the root build does (omni-infer's ``build/build.sh`` builds
  ``omni/accelerators/placement``), a packaging script (``build_wheel.sh``) does not; one
  with a README and no build file
  (``csrc/<kernel>/README.md``) documents a part on its own terms and is its own scope; one
  with a build file and no README (``csrc/CMakeLists.txt``) is a part of the build;
- ``docs/README.md`` is the documentation's own (how to write and build the docs:
  ``development``); under ``docs/``, a guide for the whole (install, quick start, build,
  overview, release notes) is the repo's; any other page, or a page in a topic directory
  (``docs/zh/mindspore/install_guide.md``), is a feature named after it, except the guides
  under the directory of the framework the repo's own build uses (``docs/zh/pytorch/training/
  install_guide.md`` where setup.py imports torch): those are the repo's;
- a directory with a Python build of its own (``setup.py``, ``pyproject.toml``: FA3 under
  flash-attention's ``hopper/``) is a sub-project even without a README, unless the build
  around it names it or there is no build around it (then it is the repo's build);
- the CMake files of a repo that builds with setup.py or pyproject and never names CMake
  elsewhere (DeepEP's, DeepGEMM's root ``CMakeLists.txt`` for debugging or IDE indexing,
  ``cmakeuse``) are ``development``'s;
- a directory holding another language's package manifest (Mooncake's
  ``mooncake-store/rust/Cargo.toml``, ``walk.FOREIGN_MANIFESTS``) is a sub-project built by
  its own tool, whatever builds around it name it (not under ``docs/``: a site's package.json);
- but a directory the repo's own build script (``build.sh`` at the root, the build script
  of a top-level script directory) always enters and builds, or names as what a build
  command builds, is the repo's, whatever it holds (``routedirs``: ascend-docker-runtime's
  ``build/build.sh`` runs ``go build`` in ``hook/`` and ``runtime/`` and ``cmake`` on
  ``cli/src``), and so is a directory the go.mod of such a module replaces a module by
  (``mindxcheckutils => ../mindxcheckutils``); tests, examples and docs under it keep
  their scopes;
- a directory a ``CMakeLists.txt`` adds only under an option off by default
  (``if(WITH_EP) add_subdirectory(mooncake-pg)``, ``optdirs``) is the feature ``option:X``;
- a ``requirements.txt`` in a sub-package that neither its ``setup.py`` nor ``pyproject``
  reads is that directory's own list, not the build's, unless a guide of the repo's installs
  it by its path (``pip install -r python/requirements.txt``); a lint, docs or dev requirements
  file (``requirements-docs.txt``, ``dev-requirements.txt``, any pip list under ``docs/``)
  is ``development``'s, a test one the ``tests`` feature's;
- a flavour's requirements file (``requirements/<x>.txt``, ``requirements-<x>.txt``) is the
  optional feature ``extra:<x>`` unless the build installs it as a core dependency (named
  under ``install_requires``/``dependencies``, not ``extras_require``/
  ``optional-dependencies``), its name says it is the core list (``base``, ``common``) or
  it is the one flavour of its folder a guide of the repo installs (``pip install -r
  requirements/torch.txt``): two extras pinning different versions are two ways to install,
  not a conflict; so is a script named for one backend (``install_sglang_mcore_npu.sh``:
  ``extra:npu``);

Within a file of the repo's scope a requirement may name its own feature (``Requirement.
feature``): a manifest's extra or dependency group (``extra_feature``), a CMake package found
without ``REQUIRED`` under an ``if``, in an included module or with a message saying what the
build does without it (``OPTIONAL``), what a CMake option off by default guards
(``option:USE_HIP``), a requirements file made of linters and doc builders.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial
from posixpath import dirname

from bringup.scan.buildmentions import installs, only_tests_name, packaged, unnamed, unread
from bringup.scan.buildnames import BuildNames
from bringup.scan.ciscripts import ci_only_scripts
from bringup.scan.cmakeuse import cmake_file, unbuilt_cmake
from bringup.scan.docscopes import DOC_DIRS, PAGES, doc_context, doc_index, doc_page, doc_scope
from bringup.scan.mainroute import main_route, route_sets
from bringup.scan.pipscopes import (
    PIP_LIST,
    backend_script,
    chained_lists,
    ci_lists,
    extra_feature,
    flavour_scope,
    guided_flavour,
    guided_lists,
    tooling_list,
)
from bringup.scan.scopedirs import (
    BENCHMARK_PACKAGE,
    COLLECTIONS,
    DEVELOPER_GUIDE,
    DOCKER_DIRS,
    PACKAGE_FILES,
    PROJECT_FILES,
    SCRIPT_DIRS,
    TEST_DIRS,
    ci_file,
    ci_or_test,
    vendor_folder,
    vendor_siblings,
)
from bringup.scan.scopelayout import cmake_projects, copied_scripts, repo_parts
from bringup.scan.scopenames import CI, DEVELOPMENT, DOCKER, PACKAGE, REPO, TESTS
from bringup.scan.testscripts import for_docs, for_tests
from bringup.scan.walk import FOREIGN_MANIFESTS
from bringup.subjects import canonical_subject

__all__ = [
    "CI",
    "DEVELOPMENT",
    "DOCKER",
    "OPTIONAL",
    "PACKAGE",
    "REPO",
    "TESTS",
    "Scopes",
    "extra_feature",
    "feature",
]


class Scopes:
    """The scope of every file of one repo, from the list of its files and the texts of its
    build files (``rel`` -> text)."""

    def __init__(
        self,
        rels: Iterable[str],
        build_texts: Mapping[str, str],
        options: Mapping[str, str] | None = None,
        on: frozenset[str] = frozenset(),
        texts: Mapping[str, str] | None = None,
        *,
        option_lines: Mapping[str, Mapping[int, str]] | None = None,
        owned: Mapping[str, str] | None = None,
    ) -> None:
        rels = list(rels)
        self.sectioned: dict[str, str] = {}  # top-level pip list -> its guides' feature
        self._owned = {rel: owner for rel, owner in (owned or {}).items() if rel != owner}
        """A requirements file -> the package manifest whose ``install_requires`` reads it
        (``packageread``): its lines are that package's, in the manifest's scope."""
        self.option_lines = dict(option_lines or {})
        """CMake file -> {line -> option:X}: lines an option declared off elsewhere guards."""
        # every file read (``texts``)
        self._ci_lists = ci_lists(texts or {}, ci_file) | ci_only_scripts(texts or {}, ci_or_test)
        self._guided = guided_lists(texts or {}, ci_file)
        self._chained = chained_lists(texts or {})
        self._options = dict(options or {})
        self.on = on  # the options (``option:X``) the repo's own build turns on (``builton``)
        built: set[str] = set()
        readmes: set[str] = set()
        self._packages: set[str] = set()
        self._foreign: set[str] = set()
        for rel in rels:
            folder, name = dirname(rel), rel.rsplit("/", 1)[-1].lower()
            if folder and name in FOREIGN_MANIFESTS:
                self._foreign.add(folder)
            if folder and name in PROJECT_FILES:
                built.add(folder)
                if name in PACKAGE_FILES:
                    self._packages.add(folder)
            elif name.startswith("readme") and not doc_index(folder):
                readmes.add(folder)
        self._projects = built & readmes
        self._built = frozenset(built)
        self._vendors = vendor_siblings(rels)
        # a top-level build or pip list installs from the root: no folder is a part of it
        rooted = any("/" not in rel and rel.lower() in PROJECT_FILES for rel in rels) or bool(
            self._chained
        )
        readme = next((t for r, t in build_texts.items() if r.lower().startswith("readme")), "")
        self._parts = frozenset() if rooted else repo_parts(rels, readme)
        self._scripted = {dirname(rel) for rel in rels if rel.lower().endswith("/build.sh")}
        self._scripts: dict[str, list[str]] = {}
        for rel in rels:
            if rel.lower().endswith((".sh", ".bash")):
                self._scripts.setdefault(dirname(rel), []).append(rel.rsplit("/", 1)[-1].lower())
        if not any(rel.lower() == "cmakelists.txt" for rel in rels):
            self._scripted |= cmake_projects(build_texts)
        self._documented = readmes - built - {""}
        self._texts = tuple(build_texts.values())
        self._idle_cmake = unbuilt_cmake(rels, build_texts)
        self._copied = copied_scripts(build_texts)
        self._named_in = dict(build_texts)
        self.route = main_route(build_texts, rels, self._options, texts)
        """folder -> ``Built``: what the repo's main route builds, and the line that does."""
        self._names = BuildNames(build_texts, self._options)
        # by folder: the path of every file walks its folders (a tree 800 deep was cubic)
        self._subprojects: dict[str, str] = {}
        self._detached: dict[str, bool] = {}
        self._option_of: dict[str, str] = {}
        self._routed, self._added = route_sets(self.route, texts or {})
        self._build = self._names.texts
        self._docs = doc_context(build_texts)

    def of(self, rel: str) -> str:
        """The scope ``rel`` belongs to: ``REPO``, a feature name or a sub-project path; a
        CMake file of the repo's that no build runs (``cmakeuse``) is ``development``'s."""
        owner = self._owned.get(rel)
        if owner is not None and owner not in self._owned:
            return self.of(owner)
        scope = self.sectioned.get(rel) or self._of(rel)
        if scope == REPO and self._idle_cmake and cmake_file(rel):
            return DEVELOPMENT
        return scope

    def holding(self, folder: str) -> str:
        """The scope of the folder ``folder`` lies in: a submodule checked out under
        ``benchmarks/`` or ``examples/`` (nerfacc .gitmodules:1-20, ``benchmarks/barf``,
        ``examples/pycolmap``) is fetched for those benchmarks or examples, one under a
        sub-project (akg ``akg-mlir/third-party/llvm-project``) for that sub-project. Asked of
        the folder around it, as a checked-out submodule with a README and a build of its own
        is still what the repo fetches. An option that adds the folder's CMake file (msopprof
        ``if(BUILD_TESTS) add_subdirectory(thirdparty)``) does not own the sources the rest of
        the build reads from it (CMakeLists.txt:27 takes ``thirdparty`` as ``THIRD_PARTY_DIR``),
        nor does a folder only a README of its own sets apart (no build there to fetch for)."""
        around = dirname(folder.strip("/"))
        scope = self.of(f"{around}/README.md") if around else REPO
        if scope.startswith("option:"):
            return REPO
        named = feature(scope) or any(p.lower() in COLLECTIONS for p in scope.split("/"))
        return scope if named or scope in self._built else REPO

    def _of(self, rel: str) -> str:
        parts = rel.split("/")
        dirs, name = [p.lower() for p in parts[:-1]], parts[-1].lower()
        if ci_file(rel) or (rel in self._ci_lists and not set(dirs) & TEST_DIRS):
            return CI
        if name.startswith(("dockerfile", "containerfile")) or name.endswith(".dockerfile"):
            return self._image(parts)
        if any(d in DOCKER_DIRS for d in dirs):
            return self._image(parts)
        if not dirs and DEVELOPER_GUIDE.match(name):
            return DEVELOPMENT
        if for_tests(name):
            return TESTS
        if for_docs(name):
            return DEVELOPMENT
        if name.endswith(".sh") and packaged(rel, self._copied):
            return PACKAGE
        for index, folder in enumerate(dirs):
            if folder in TEST_DIRS:
                return TESTS
            if folder in COLLECTIONS:
                # examples/x/… is example x's; examples/README.md speaks for the examples;
                # but the build files of one the route builds are the repo's (``mainroute``:
                # cuCollections CMakeLists.txt:100 ``add_subdirectory(benchmarks)``)
                member = "/".join(parts[: index + 2 if index + 1 < len(dirs) else index + 1])
                if name.endswith(PAGES) or member not in self.route:
                    return member
        if dirs[:1] == ["packaging"] and name.endswith((".sh", ".bash")):
            return parts[0]
        option = self._option(parts)
        if option and not doc_page(dirs, name):
            return option
        project = self._subproject(parts[:-1])
        if project:
            return project
        vendor = vendor_folder(parts, self._vendors)
        if vendor:
            return vendor
        if PIP_LIST.match(name):
            tooling = tooling_list(name)
            if tooling:
                return tooling
            if any(d in DOC_DIRS for d in dirs):
                # what the docs build installs (triton-ascend docs/requirements.txt: sphinx,
                # sphinx-gallery, myst_parser beside the pandas, matplotlib and cmake its
                # generated pages use), not the repo's need
                return DEVELOPMENT
        flavour = flavour_scope(parts, partial(installs, self._build)) or backend_script(
            name, self._scripts.get(dirname(rel), ())
        )
        chained = rel in self._chained and flavour.startswith("extra:")  # not a tests list
        if flavour and not self._installed_by_guide(rel, flavour) and not chained:
            return flavour
        if len(dirs) == 1 and dirs[0] in SCRIPT_DIRS and only_tests_name(rel, self._named_in):
            return TESTS
        if (
            name.endswith(("requirements.txt", "requirements.in"))
            and not any(self.of(guide) == REPO for guide in self._guided.get(rel, ()))
            and (unread(rel, self._build) or unnamed(rel, self._build, self._parts, self._texts))
        ):
            return "/".join(parts[:-1])
        return doc_scope(parts, self._docs)

    def _installed_by_guide(self, rel: str, flavour: str) -> bool:
        """The one flavour list a guide of the repo's own installs (``guided_flavour``)."""
        guided = {r: g for r, g in self._guided.items() if any(self.of(x) == REPO for x in g)}
        return guided_flavour(rel, flavour, guided)

    def _image(self, parts: list[str]) -> str:
        """A container file's scope: the repo's ``docker`` feature, unless it lies in a
        collection's member or a sub-project, which it builds (apex examples/docker/
        Dockerfile beside its own README: an example). A directory of images parked among
        the repo's tools without a README of its own (omni-infer tools/docker/) builds the
        repo's images."""
        dirs = [p.lower() for p in parts[:-1]]
        for index, folder in enumerate(dirs):
            if folder in DOCKER_DIRS:
                return DOCKER
            if folder in COLLECTIONS:
                member = "/".join(parts[: index + 2 if index + 1 < len(dirs) else index + 1])
                inner = dirs[index + 1 : index + 2]
                if inner and inner[0] in DOCKER_DIRS and member not in self._documented:
                    return DOCKER
                return member
        return self._subproject(parts[:-1]) or DOCKER

    def guide(self, rel: str) -> str:
        """The scope of a document the README links to as its install guide: the repo's,
        when its path alone would make it a documentation page of a feature
        (``docs/zh/pytorch/training/install_guide.md``); a sub-project's guide stays that
        sub-project's."""
        scope = self.of(rel)
        return REPO if scope.split("/", 1)[0].lower() in DOC_DIRS else scope

    def _subproject(self, folders: list[str]) -> str:
        """``_outermost`` of ``folders``, found once a folder."""
        whole = "/".join(folders)
        if whole not in self._subprojects:
            self._subprojects[whole] = self._outermost(folders)
        return self._subprojects[whole]

    def _detached_at(self, folder: str) -> bool:
        """``BuildNames.detached`` of ``folder``, asked once a folder."""
        if folder not in self._detached:
            self._detached[folder] = self._names.detached(folder, self._scripted)
        return self._detached[folder]

    def _outermost(self, folders: list[str]) -> str:
        """The outermost nested project ``folders`` lie in that the build around it does not
        name; empty when every enclosing project is built by its parent."""
        parent = folder = ""
        for depth, name in enumerate(folders, 1):
            folder = name if depth == 1 else f"{folder}/{name}"
            if folder in self._routed and folders[0].lower() not in DOC_DIRS:
                # the repo's build script goes into it and builds (``routedirs``)
                parent = folder if folder in self._build else parent
                continue
            if folder in self._foreign and folders[0].lower() not in DOC_DIRS:
                # another language's project, built by its own tool whatever adds it
                return folder
            if (
                folder in self._added
                and folder not in self._documented
                and folders[0].lower() not in DOC_DIRS
            ):
                # the route's CMake adds it or its Python build packages it (``mainroute``); a
                # README-only folder keeps its page (pytorch3d projects/implicitron_trainer)
                continue
            if depth == 1 and folder in self._parts:
                # the part's own files are the repo's; what lies deeper (impl/cuda, one
                # vendor's backend the build picks by an option) stays the part's
                return folder if len(folders) > 1 else ""
            if depth == 1 and folder.lower() in SCRIPT_DIRS:
                continue
            if folder in self._documented or self._detached_at(folder):
                if not self._names.builds_below(parent, folders, depth):
                    return folder
                continue
            if self._benchmark_package(folder):
                return folder
            own_build = folder in self._packages and parent in self._build
            if folder not in self._projects and not own_build:
                continue
            if not self._names.names(parent, folder):
                return folder
            parent = folder
        return ""

    def _benchmark_package(self, folder: str) -> bool:
        """Whether ``folder`` is a package named as the benchmark of a package beside it
        (``python/cuvs_bench`` beside ``python/cuvs``); a repo's only package so named
        (``python/kernel_bench`` in kernel-bench) is the repo's own."""
        if folder not in self._packages:
            return False
        parent, _, name = folder.rpartition("/")
        stem = BENCHMARK_PACKAGE.sub("", name)
        if stem == name:
            return False
        siblings = {p.rpartition("/")[2] for p in self._packages if dirname(p) == parent}
        return canonical_subject(stem) in {canonical_subject(p) for p in siblings}

    def _option(self, folders: list[str]) -> str:
        """The option feature of the file or innermost directory on the path that only a build
        option adds (``optdirs``), or ""."""
        # each folder's answer kept: the innermost folder's option, else its parent's answer
        unknown = []
        depth = len(folders)
        while depth and "/".join(folders[:depth]) not in self._option_of:
            unknown.append("/".join(folders[:depth]))
            depth -= 1
        found = self._option_of["/".join(folders[:depth])] if depth else ""
        for folder in reversed(unknown):
            found = self._options.get(folder) or found
            self._option_of[folder] = found
        return found


OPTIONAL = "optional"
"""The feature of what a build looks for but goes on without (a CMake ``find_package``
with neither ``REQUIRED`` nor a fatal error when missing)."""


def feature(scope: str) -> bool:
    """Whether ``scope`` names a feature (CI, tests, a doc page) rather than a sub-project
    directory that can be brought up on its own."""
    return (
        scope in (CI, DOCKER, DEVELOPMENT, TESTS, PACKAGE, OPTIONAL)
        or scope.startswith(("extra:", "option:", "task:"))
        or scope.split("/", 1)[0].lower() in DOC_DIRS
    )
