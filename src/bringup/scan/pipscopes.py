"""The scopes pip requirements files speak for, by their names (``scopes``): a lint, docs,
dev or test list is ``development``'s or the ``tests`` feature's; a flavour's list
(``requirements/<x>.txt``, ``requirements-<x>.txt``) the optional feature ``extra:<x>``
unless the build installs it as a core dependency or its name says it is the core list; a
script named for a backend (``install_npu.sh``) is that backend's feature the same way."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from bringup import lazyre
from bringup.scan.scopedirs import ACCELERATOR_VENDORS
from bringup.scan.scopenames import DEVELOPMENT, TESTS

_DEV_REQUIREMENTS = lazyre.compile(
    r"(?:^|[-_.])(?:lint|dev|docs?|format|style|tests?|ci)[-_.]", re.I
)
_TEST_REQUIREMENTS = lazyre.compile(r"(?:^|[-_.])tests?[-_.]", re.I)
"""``requirements-lint.txt``, ``requirements_dev.txt``, ``docs/requirements-docs.txt``,
``requirements-test.txt``, and the name the other way round (triton-ascend
``python/test-requirements.txt``: pytest, pytest-xdist, scipy): what the linters, docs and
tests install, not the repo."""
PIP_LIST = lazyre.compile(r"^[\w.-]*requirements?[\w.-]*\.(?:txt|in)$", re.I)
"""A pip requirements file by its name (``requirements.txt``, ``requirement.txt``,
``requirements-docs.in``)."""
_LIST_WORD = lazyre.compile(r"requirement", re.I)
"""The word every ``PIP_LIST`` name holds."""
_REQUIREMENTS_DIRS = frozenset({"requirements", "requirement", "reqs"})
_FLAVOUR_FILE = lazyre.compile(r"^requirements?[-_](?P<flavour>[\w.-]+)\.(?:txt|in)$", re.I)
_CORE_FLAVOUR = lazyre.compile(
    r"^(?:requirements?|base|core|common|main|runtime|install|default|prod(?:uction)?|build)$",
    re.I,
)
_DEV_FLAVOUR = lazyre.compile(
    r"^(?:lint|dev|develop|development|docs?|format|style|tests?|testing|ci|typing)$", re.I
)
DEPENDENCY_KEY = lazyre.compile(
    r"(?P<extra>extras_require|optional[-_]dependencies)|install_requires|\bdependencies\b"
)
"""The key a build file names a requirements file under: the last one before the name."""


def tooling_list(name: str) -> str:
    """``tests`` or ``development`` for the requirements file ``name`` of tests, linters,
    docs or development tools; "" for any other."""
    if not _DEV_REQUIREMENTS.search(name):
        return ""
    return TESTS if _TEST_REQUIREMENTS.search(name) else DEVELOPMENT


def flavour_scope(parts: list[str], installs: Callable[[str, str], bool]) -> str:
    """The scope of a flavour's requirements file (``requirements/sglang.txt``): the
    feature ``extra:<x>``, ``development`` or ``tests``; empty for any other file and for
    the core list the build installs (``installs(folder, name)``: a build file in
    ``folder`` names ``name`` as a core dependency list)."""
    name = parts[-1]
    matched = _FLAVOUR_FILE.match(name)
    if len(parts) > 1 and parts[-2].lower() in _REQUIREMENTS_DIRS:
        if not name.lower().endswith((".txt", ".in")):
            return ""
        # the folder's files may repeat its name (FlagScale requirements/requirements-base.txt)
        stem = name.rsplit(".", 1)[0]
        repeated = _FLAVOUR_FILE.match(name)
        flavour, home = repeated.group("flavour") if repeated else stem, parts[:-2]
    elif matched:
        flavour, home = matched.group("flavour"), parts[:-1]
    else:
        return ""
    if _DEV_FLAVOUR.match(flavour):
        return TESTS if flavour.lower().startswith("test") else DEVELOPMENT
    if _CORE_FLAVOUR.match(flavour) or installs("/".join(home), name):
        return ""
    return f"extra:{flavour}"


_BACKEND_SCRIPT = lazyre.compile(
    r"^[\w.-]*?[-_](?P<backend>npu|ascend|cuda|gpu|rocm|hip|xpu|musa|mlu|cpu|"
    + "|".join(sorted(ACCELERATOR_VENDORS))
    + r")\.(?:sh|bash)$",
    re.I,
)
"""A script named for one backend or accelerator maker, the suffix set apart (verl ``scripts/
install_sglang_mcore_npu.sh`` installs torch_npu beside ``install_vllm_sglang_mcore.sh``, which
installs CUDA's wheels: montehoover/verl@9c46ae81 :15 and :54; FlagScale ``install/
install-requirements-metax.sh`` installs MetaX's torch builds beside ``install-requirements.sh``,
FlagScale@da4935ec :62)."""


def backend_script(name: str, siblings: Iterable[str]) -> str:
    """The feature ``extra:<backend>`` of a script whose name ends in a backend's word
    (``install_npu.sh``, ``build-rocm.sh``) beside another script for the same task (its
    first word, ``install``) not named for that backend: one way to install, for one kind of
    host, beside the other, as ``requirements-npu.txt`` is. Alone, it is the repo's way
    (an Ascend repo's only ``build_npu.sh``); empty for any other file."""
    matched = _BACKEND_SCRIPT.match(name)
    if matched is None:
        return ""
    backend = matched.group("backend").lower()
    task = _TASK.match(name)
    for other in siblings:
        if other == name or task is None or not other.startswith(task.group(0)):
            continue
        theirs = _BACKEND_SCRIPT.match(other)
        if theirs is None or theirs.group("backend").lower() != backend:
            return f"extra:{backend}"
    return ""


_TASK = lazyre.compile(r"^[a-z0-9]+[-_]", re.I)
"""A script's first word with its separator (``install_``): the task it does."""


def extra_feature(name: str) -> str:
    """The feature a manifest's extra or dependency group is (``optional-dependencies``'
    ``vllm``, ``extras_require``' ``dev``): ``tests`` or ``development`` for a test, lint, docs
    or dev one, ``extra:<name>`` for any other. ``pip install .`` installs none of them."""
    if _DEV_FLAVOUR.match(name):
        return TESTS if name.lower().startswith("test") else DEVELOPMENT
    return f"extra:{name}"


def ci_lists(texts: Mapping[str, str], ci: Callable[[str], bool]) -> frozenset[str]:
    """The nested pip lists (``requirements/requirements.txt``) that only CI files name
    (``ci(rel)``) in a folder a Python manifest (``setup.py``, ``pyproject.toml``) at or above
    it states the package's needs for: what a CI job installs to run the tests, not the repo's
    need. mindnlp's .github/workflows/ci_pipeline.yaml:155 ``pip install -r
    requirements/requirements.txt`` (pylint, pytest, ddt, a CPU torch) beside setup.py's own
    ``install_requires``; a list in a CI directory (cann-samples ``.ci/requirements.txt``) is
    CI's by its path already. A list a build file, script or guide names as well stays where
    its path puts it, and so does one in a tests folder (``Scopes._of``): the tests' own list,
    which CI installs to run them (hpcaitech/TensorNVMe@6403388 tests/requirements.txt: pytest,
    transformers, which tests/test_adam.py:7 imports; outsider18 D16)."""
    homes = {rel.rpartition("/")[0] for rel in texts if rel.rsplit("/", 1)[-1] in _MANIFESTS}
    found = set()
    # a text naming a list's path names its file and the word "requirement" in it: the
    # word is sought once in every text, each file name once in the texts holding the word,
    # each path only in those holding its name (MindIE-LLM has a list per model,
    # requirements_qwen2.txt, requirements_yi.txt ...)
    worded: dict[str, list[tuple[str, str]]] = {}
    holding: dict[str, list[tuple[str, str]]] = {}
    for rel in texts:
        if "/" not in rel or not PIP_LIST.match(rel.rsplit("/", 1)[-1]) or ci(rel):
            continue
        if not any(home == "" or rel.startswith(home + "/") for home in homes):
            continue
        name = rel.rsplit("/", 1)[-1]
        spelled = _LIST_WORD.search(name)  # the word as the name spells it
        word = spelled.group(0) if spelled is not None else name
        if word not in worded:
            worded[word] = [(other, text) for other, text in texts.items() if word in text]
        if name not in holding:
            holding[name] = [(other, text) for other, text in worded[word] if name in text]
        namers = [other for other, text in holding[name] if other != rel and rel in text]
        if namers and all(ci(other) for other in namers):
            found.add(rel)
    return frozenset(found)


_GUIDE = lazyre.compile(r"\.(?:md|rst)$", re.IGNORECASE)
_INCLUDED = lazyre.compile(r"^[ \t]*(?:-r|--requirements?)[ \t=]+(?:\./)?(\S+)", re.MULTILINE)


def chained_lists(texts: Mapping[str, str]) -> frozenset[str]:
    """The lists the repo's top-level pip list includes (``-r requirements/internvl_chat.txt``
    and three more, OpenGVLab/InternVL@2410d1db requirements.txt:1-4, the list its
    INSTALLATION.md:19 installs): the root install's own, no flavour beside it. A top-level
    flavour's or tooling list (``requirements-dev.txt``) includes for itself; an included
    tests list stays the tests' (msprof-analyze requirements.txt ``-r requirements/tests.txt``)."""
    found: set[str] = set()
    for rel, text in texts.items():
        if "/" in rel or not PIP_LIST.match(rel) or tooling_list(rel):
            continue
        if not flavour_scope([rel], lambda _folder, _name: False):
            found.update(m.group(1) for m in _INCLUDED.finditer(text))
    return frozenset(found)


def guided_lists(texts: Mapping[str, str], ci: Callable[[str], bool]) -> dict[str, list[str]]:
    """The nested pip lists guides install by their path from the repo's top, each with
    those guides (``python3 -m pip install -r python/requirements.txt``, pypto docs/zh/
    install/prepare_environment.md:149). Scripts are not counted: one branch of a script may
    install a flavour's list (FlagScale install/install-requirements.sh installs requirements/
    train/robotics/requirements.txt for ``--env robotics`` alone)."""
    guides = {
        rel: text
        for rel, text in texts.items()
        if _GUIDE.search(rel) and "-r" in text and not ci(rel)
    }
    found: dict[str, list[str]] = {}
    for rel in texts:
        if "/" not in rel or not _pip_list(rel) or ci(rel):
            continue
        holders = [(guide, text) for guide, text in guides.items() if rel in text]
        if not holders:  # compiled only then: a path of a deep tree is a long pattern
            continue
        named = re.compile(rf"(?:-r|--requirement)[\s=]{{1,9}}(?:\./)?{re.escape(rel)}\b")
        namers = [guide for guide, text in holders if named.search(text)]
        if namers:
            found[rel] = namers
    return found


def _pip_list(rel: str) -> bool:
    """A pip list by its name, or any list in a requirements folder (``requirements/torch.txt``)."""
    parts = rel.split("/")
    if PIP_LIST.match(parts[-1]):
        return True
    in_folder = len(parts) > 1 and parts[-2].lower() in _REQUIREMENTS_DIRS
    return in_folder and parts[-1].lower().endswith((".txt", ".in"))


def guided_flavour(rel: str, flavour: str, guided: Mapping[str, list[str]]) -> bool:
    """Whether the flavour list ``rel`` (scope ``flavour``, ``extra:<x>``) is the one a guide
    of the repo installs among its folder's flavours: "pip install -r requirements/torch.txt"
    then "pip install -r requirements/runtime.txt" (InternLM/InternEvo@c628a8c doc/en/
    install.md:46-47) make torch.txt's ``torch==2.1.0+cu118`` the install's own pin. Guides
    that install two flavours of one folder (cuda.txt, rocm.txt) give ways to install: each
    stays an extra."""
    if not flavour.startswith("extra:") or rel not in guided:
        return False
    folder = rel.rpartition("/")[0]
    flavours = [
        other
        for other in guided
        if other.rpartition("/")[0] == folder
        and not _CORE_FLAVOUR.match(other.rsplit("/", 1)[-1].rsplit(".", 1)[0])
    ]
    return flavours == [rel]


_MANIFESTS = frozenset({"setup.py", "pyproject.toml"})
