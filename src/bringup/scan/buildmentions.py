"""What the repo's build files say of one file: a script copies it, names it, installs it as a
core list, or no build file reads or names it (``scopes``)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from posixpath import dirname

from bringup.scan.docscopes import DOC_DIRS
from bringup.scan.pipscopes import DEPENDENCY_KEY
from bringup.scan.scopedirs import TEST_DIRS


def packaged(rel: str, copied: Iterable[tuple[str, str]]) -> bool:
    """Whether a script of the repo copies ``rel`` somewhere: into the package it makes.
    A copy named from a variable (``"${BASH_PATH}"/install.sh``) is one beside the
    copying script; a path names the file wherever the copier is."""
    folder = dirname(rel)
    for copier, path in copied:
        tail = re.sub(r"^[\"']?\$\{?\w+\}?[\"']?/?", "", path)
        if "/" in tail and rel.endswith(tail) and rel != copier:
            return True
        if tail == rel.rsplit("/", 1)[-1] and dirname(copier) == folder and rel != copier:
            return True
    return False


def only_tests_name(script: str, named_in: Mapping[str, str]) -> bool:
    """Whether the build files that name ``script`` (itself aside) all lie under a test
    directory (gdrcopy's ``scripts/get_cuda_gencode.sh``, named by ``tests/Makefile:4``
    alone: its "CUDA version must be >= 8.0" is the tests' build's, not the repo's)."""
    name = script.rsplit("/", 1)[-1]
    named = re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w.-])")
    homes = [
        rel
        for rel, text in named_in.items()
        if rel != script and name in text and named.search(text)
    ]
    return bool(homes) and all(
        any(d.lower() in TEST_DIRS for d in rel.split("/")[:-1]) for rel in homes
    )


def installs(build: Mapping[str, list[str]], folder: str, name: str) -> bool:
    """Whether a build file in ``folder`` names ``name`` as a core dependency list."""
    for text in build.get(folder, ()):
        for at in (m.start() for m in re.finditer(re.escape(name), text)):
            keys = list(DEPENDENCY_KEY.finditer(text, 0, at))
            if not keys or keys[-1].group("extra") is None:
                return True
    return False


def unread(rel: str, build: Mapping[str, list[str]]) -> bool:
    folder, name = dirname(rel), rel.rsplit("/", 1)[-1]
    texts = build.get(folder)
    return bool(folder) and texts is not None and not any(name in t for t in texts)


def unnamed(
    rel: str, build: Mapping[str, list[str]], parts: Collection[str], texts: Iterable[str]
) -> bool:
    """Whether ``rel`` is a nested requirements file no build file of the repo names and
    none sits beside, in a repo built from its top (msmodelslim's ``msmodelslim/onnx/
    squant_ptq/aok/info/requirements.txt``: one tool's own list, while setup.py reads the
    top-level one), or in a repo with no build at its top (cann-recipes-infer's
    ``executor/online/requirements.txt``: what its online server imports, fastapi, uvicorn,
    pyzmq, while the recipes' own lists sit in ``models/<model>/``). In a repo of parts
    with no top-level build, a part's list is the repo's."""
    folder = dirname(rel)
    top = folder.split("/", 1)[0]
    if "/" not in folder or folder in build:
        return False
    if top.lower() in DOC_DIRS or top in parts:
        return False
    tail = "/".join(rel.split("/")[-2:])
    return not any(tail in text for text in texts)
