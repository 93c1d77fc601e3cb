"""What a repo's files state and its main package imports, less the repo's own
distributions."""

from __future__ import annotations

import posixpath
from pathlib import Path

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmakecalls import idle_bodies, running
from bringup.scan.cmakedists import as_distributions
from bringup.scan.extraction import Extraction
from bringup.scan.extrasubmodules import extra_submodules
from bringup.scan.fetches import own_clone
from bringup.scan.libtorch import as_libtorch, libtorch_folder
from bringup.scan.linked import with_wheel_libraries
from bringup.scan.linterimports import library_tools
from bringup.scan.pkgimports import package_lines, top_packages
from bringup.scan.scopenames import REPO
from bringup.scan.scopes import Scopes
from bringup.scan.specspans import folder_named, python_listed, variant_build
from bringup.scan.versioninfo import checked_versions
from bringup.scan.walk import RepoFile
from bringup.subjects import canonical_subject, python_subject

_CUDA_FLAVOUR = lazyre.compile(r"-cu(?:da)?1\d{1,2}x?$")
"""The suffix of a distribution's CUDA-flavoured wheel (``pylibraft-cu13``, raft README.md:240,
built from ``python/pylibraft`` whose pyproject.toml:96 asks rapids-build-backend for
``cuda_suffixed=true``; ``mooncake-transfer-engine-cuda13``, Mooncake README.md:213): the
repo's own distribution under the name of one CUDA major, installed instead of built."""


def repo_stated(
    root: Path,
    shown: str,
    component: str,
    *,
    extractions: list[Extraction],
    provides: list[str],
    named: list[tuple[str, str]],
    texts: dict[str, tuple[RepoFile, str]],
    scopes: Scopes,
) -> list[Requirement]:
    """What the files state and the main package imports, listed releases named as the repo
    shows them (``python_listed``), less the repo itself: the distributions its manifests name
    (``named``, each with the file that names it), and the repo's name unless the manifests of
    the repo's own scope name others only (its docs install the repo, "pip install <repo>" in
    its own install guide), also under a CUDA flavour's name (``_CUDA_FLAVOUR``). What a CMake
    function body states counts only where something that runs calls the function
    (``cmakecalls``)."""
    # CMake finds a package by its name in any case (``rmmConfig.cmake``, ``rmm-config.cmake``):
    # ``find_package(rmm)`` in python/rmm/CMakeLists.txt:17 finds rmm's ``project(RMM)``
    # the repo's name is its distribution's (its docs install the repo) unless the manifests
    # of the repo's own scope (setup.py, pyproject.toml, setup.cfg) name other distributions
    # only: Ascend/tensorflow builds npu_bridge and npu_device (tf_adapter/python/setup.py:30,
    # tf_adapter_2.x/python/setup.py:17) and needs TensorFlow 1.15.0 (tf_adapter/README.md:25);
    # one named after the repo (``foo_cuda_ext`` in repo foo) is a part of the repo's own
    # distribution. A benchmark's manifest (nixl benchmark/nixlbench/src/runtime/etcd/
    # setup.py:43) is not of the repo's scope.
    distributions = [
        name for rel, name in named if not name.startswith("cmake:") and scopes.of(rel) == REPO
    ]
    repo_named = not distributions or any(
        canonical_subject(name).startswith(canonical_subject(component)) for name in distributions
    )
    # a manifest's CUDA-flavoured name (``nixl-cu12``, nixl pyproject.toml:21) is the distribution
    # the docs install by its plain name ("pip install nixl", README.md:43)
    own = {
        _CUDA_FLAVOUR.sub("", name).lower()
        for name in (*provides, *([python_subject(component)] if repo_named else []))
    } | {python_subject(package).lower() for package in top_packages(root)}
    stated = as_distributions(
        python_listed(
            library_tools(
                [
                    *with_wheel_libraries(
                        running(
                            (r for extraction in extractions for r in extraction.requirements),
                            idle_bodies(
                                {ref: (e.rel, text) for ref, (e, text) in texts.items()}, scopes.of
                            ),
                        )
                    ),
                    *package_lines(root, shown, component, provides),
                    *checked_versions(
                        root,
                        component,
                        ((ref, e.rel, e.kind, text) for ref, (e, text) in texts.items()),
                    ),
                ],
                root,
                shown,
                component,
                provides,
            ),
            (text for _, text in texts.values()),
        )
    )
    cmake = ((ref, text) for ref, (entry, text) in texts.items() if entry.kind == "cmake")
    stated = as_libtorch(stated, libtorch_folder(cmake))
    setup = next((text for entry, text in texts.values() if entry.rel == "setup.py"), "")
    stated = extra_submodules(stated, setup)
    folders = frozenset(
        canonical_subject(posixpath.basename(posixpath.dirname(entry.rel)))
        for entry, _ in texts.values()
        if variant_build(entry.rel)
    )
    return [
        msgspec.structs.replace(r, component=component)
        for r in stated
        if _CUDA_FLAVOUR.sub("", r.subject).lower() not in own
        and not own_clone(r, {*own, component})
        and not folder_named(r, folders)
    ]
