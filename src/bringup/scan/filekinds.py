"""The kind of file a repo's path is, by name alone (``classify``): which extractor reads it,
or none. Apart from ``walk``, which lists the repo's files and skips what states no need of
the repo's, so that each stays one reader's size; the walk, the scan and the solver classify
paths the same way through it."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.buildpy import BUILD_PY, BUILD_SCRIPT
from bringup.scan.cmakepresets import CMAKE_PRESETS, PRESET_NAMES
from bringup.scan.depjson import DEPENDENCY_JSON, DEPENDENCY_JSON_NAMES
from bringup.scan.docscopes import DOC_DIRS
from bringup.scan.vcpkgmanifest import VCPKG_MANIFEST

_DOC_NAME = lazyre.compile(
    r"install|requirement|quick|start|build|setup|environment|prereq|compat|getting|"
    r"release[-_ ]?notes?|overview|(?:^|[-_. \d])dependenc|依赖|安装|环境|配套|版本说明",
    re.IGNORECASE,
)
"""Names of the docs under ``docs/`` that state what the repo needs: "dependencies" as its own
word (MindIE-LLM docs/zh/user_guide/install/source/preparing_software_and_dependencies.md, not
MindSpeed's recompute_independent_pipelining.md)."""
_INTRODUCTION = lazyre.compile(r"^(?:\d{1,3}[-_.]?)?(?:introduction|简介|概述)\.", re.IGNORECASE)
"""The repo's own introduction, at the top of its docs or of one language's docs (IndexSDK
docs/zh/01_introduction.md states the OS, gcc and glibc it runs on); an introduction deeper
down (an API's, a feature's) is that part's."""
_LANGUAGES = frozenset({"zh", "en", "zh_cn", "zh-cn", "cn", "en_us", "source"})
_DOC_SUFFIXES = (".md", ".mdx", ".rst")
"""Markdown, MDX (the Hugging Face doc-builder format: bitsandbytes, transformers, peft) and rst."""
_NOT_DOCS = lazyre.compile(
    r"^(changelog|changes|(?:history|news|copying)(?=\.|$)|license|code_of_conduct|authors"
    r"|attributions?\b|notices?\b"
    r"|third[-_ ]?party[-_ ]?(?:notices?|licen[cs]es?|open[-_ ]?source))",
    re.I,
)
"""History, licences and the attributions of third-party code (nixl ATTRIBUTIONS-Python.md, 1.9 MB
of licence texts of the packages it ships, THIRD_PARTY_LICENSES.md, THIRDPARTYNOTICES.md): no
statement of what the repo needs, and read as docs they were most of a scan's time. ``news``,
``copying`` and ``history`` only as the whole name (not ``copying-data.md``)."""
_REQUIREMENTS = lazyre.compile(
    r"^(?:.*[-_.])?(?:requirements|constraints)(?:[-_.].*)?\.(?:txt|in)$"
)
_CONDA = lazyre.compile(
    r"^(?:environment|conda|env)(?:[-_.].*)?\.ya?ml$|^[\w.]+[-_](?:environment|env)\.ya?ml$"
)
"""A conda environment file, under its usual name or a shorter one ("A full Python environment
example is provided in [env.yaml](./env.yaml)", dgme-syz/trans0-NPU@0b38c07a README.md:63, its
env.yaml:26 ``python=3.10.19``; outsider29 D8) or one naming its variant (``npu_env.yaml``)."""
_TEST_DIRS = frozenset({"test", "tests", "testing", "unittest", "unittests", "ut", "st"})
_TEST_SOURCES = (".py", ".cpp", ".cc", ".cxx", ".c")
_CI_FILES = frozenset({".gitlab-ci.yml", ".travis.yml", "jenkinsfile", "azure-pipelines.yml"})
_ROOT_CI_FILES = frozenset({".gitlab-ci.yml", ".travis.yml"})
"""CI files their service reads at the repository's root only: one deeper is a copied
project's (NVIDIA/MatX public/cpm-cmake/.travis.yml, CPM.cmake's own CI), not the repo's.
Azure Pipelines and Jenkins are pointed at a file at any path (a pipeline's YAML path, a
job's Script Path), so a deeper ``azure-pipelines.yml`` or ``Jenkinsfile`` may be the repo's
own and stays ``ci``."""


VENDOR_DIRS = frozenset({"third_party", "thirdparty", "3rdparty", "third-party", "vendor"})
_NOT_OWN_LISTS = _TEST_DIRS | {"fixtures", "testdata", "examples", "example", "docs", "doc"}
"""Directories whose dependency list (``depjson``) is not the repo's build's own; in a
vendored directory (``VENDOR_DIRS``) one a level deeper is a vendored project's own, but one
directly in it is the list of what the repo's build downloads into it (Ascend/MindIE-Motor
build/third_party/dependency.json, which build/third_party/download_and_unzip.sh:29 hands
download.py)."""

_BY_NAME = {
    "pyproject.toml": "pyproject",
    "setup.py": "setup_py",
    "setup.cfg": "setup_cfg",
    "cmakelists.txt": "cmake",
    "makefile": "makefile",
    "gnumakefile": "makefile",
    ".gitmodules": "gitmodules",
    "go.mod": "gomod",
    **dict.fromkeys(DEPENDENCY_JSON_NAMES, DEPENDENCY_JSON),
    **dict.fromkeys(PRESET_NAMES, CMAKE_PRESETS),
    "meson.build": "meson",
    "vcpkg.json": VCPKG_MANIFEST,
    **dict.fromkeys(_CI_FILES, "ci"),
}
_BY_SUFFIX = {
    ".cmake": "cmake",
    ".dockerfile": "dockerfile",
    ".sh": "shell",
    ".bash": "shell",
    ".go": "go",
}
_CI_DIRS = ([".github", "workflows"], [".gitee", "workflows"])
_CIRCLECI = frozenset({"config.yml", "config.yaml"})
"""The one file CircleCI reads, ``.circleci/config.yml`` at the top: its jobs' ``run`` steps
are the CI's commands (facebookresearch/pytorch3d .circleci/config.yml:19-25 installs CUDA
and runs ``nvidia-smi``); a template beside it (``config.in.yml``) is what a script makes it
from, not what runs."""


def classify(rel: str) -> str | None:
    """The kind of file ``rel`` is, by name alone; ``None`` for files no extractor reads.
    Ordered so that the common case (a source file) is decided in a few dictionary looks."""
    parts = rel.split("/")
    name = parts[-1].lower()
    known = _BY_NAME.get(name)
    if known == "meson" and "subprojects" in parts[:-1]:
        return None  # a wrap's own build (``subprojects/packagefiles/taskflow``)
    if name in _ROOT_CI_FILES and len(parts) > 1:
        return None
    if known in (DEPENDENCY_JSON, VCPKG_MANIFEST) and (
        any(d.lower() in _NOT_OWN_LISTS for d in parts[:-1])
        or any(d.lower() in VENDOR_DIRS for d in parts[:-2])
    ):
        return None  # a test's fixture, an example, a vendored project's own list
    if known is not None:
        return known
    suffix = name[name.rfind(".") :] if "." in name else ""
    dirs = [part.lower() for part in parts[:-1]]
    if not dirs and BUILD_SCRIPT.match(name):
        return BUILD_PY
    if suffix in _TEST_SOURCES:
        in_tests = any(d in _TEST_DIRS for d in dirs)
        named = suffix == ".py" and (name.startswith("test_") or name.endswith("_test.py"))
        return "tests" if in_tests or named or name == "conftest.py" else None
    if suffix in _BY_SUFFIX:
        return None if name.endswith("_test.go") else _BY_SUFFIX[suffix]
    if name.startswith(("dockerfile", "containerfile")):
        return "dockerfile"
    if suffix == ".wrap" and parts[-2:-1] == ["subprojects"]:
        return "mesonwrap"
    if name.startswith("readme"):
        return "docs"
    if suffix in (".txt", ".in") and (
        _REQUIREMENTS.match(name) or (dirs[-1:] == ["requirements"] and suffix == ".txt")
    ):
        return "requirements"
    if suffix in (".yml", ".yaml"):
        if dirs[:2] in _CI_DIRS or (dirs == [".circleci"] and name in _CIRCLECI):
            return "ci"
        # RAPIDS' all_cuda-129_….yaml and the dependencies.yaml they are generated from
        development = dirs[-2:] == ["conda", "environments"] or rel == "dependencies.yaml"
        return "conda" if _CONDA.match(name) or development else None
    if suffix in _DOC_SUFFIXES and not _NOT_DOCS.match(name):
        top = not dirs
        in_docs = bool(dirs) and dirs[0] in DOC_DIRS
        documentation = in_docs and _DOC_NAME.search(name)
        return "docs" if top or documentation or (in_docs and _introduction(dirs, name)) else None
    return None


def _introduction(dirs: list[str], name: str) -> bool:
    """Whether ``name`` in ``dirs`` (under a docs directory) is the repo's introduction."""
    return (len(dirs) == 1 or (len(dirs) == 2 and dirs[1] in _LANGUAGES)) and bool(
        _INTRODUCTION.match(name)
    )
