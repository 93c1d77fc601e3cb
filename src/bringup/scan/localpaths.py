"""What a ``pip install`` takes from the reader's disk that no checkout holds, so the step
cannot run as written (outsider26 #8: both counted "runs here now"):

- wheel files by their local names (``pip3 install torch-2.7.1-cp310-cp310-manylinux_2_28_
  aarch64.whl``, momo609/mindspeed@7e624cf1 docs/zh/install_guide.md:74-75), which the reader
  downloads first; a wheel a build makes (``dist/x.whl``), one fetched by URL (in the install
  or by an earlier ``wget``) or one the checkout commits is no such file (review 26b M3);
- an editable folder the checkout does not have (``pip install -e MindSpeed``,
  docs/zh/user-guide/installation.md:77, run from the folder the guide cloned the repo into:
  ``up`` runs in the checkout and clones nothing);
- a requirements file the checkout does not have where the step runs: ``git clone
  https://github.com/ultralytics/yolov5.git``, ``git checkout v6.0``, ``pip install -r
  requirements.txt`` (Felix-fz/Atlas200_YOLOv5_DVPP_AIPP@bd2d9f0 README.md:36-38) installs
  yolov5's list, which only that clone holds (outsider23 D5: "runs here now"), as ``python
  export.py`` two lines on was already "missing export.py".

A requirements file by an absolute path through a folder named as the repo is the checkout's
file where the guide's reader mounted or cloned it (``pip install -r
/workspace/UniWorld-V1/requirements.txt``, aniweave-ai/UniWorld-V1 setup_univa.sh:9): the step
installs the checkout's list, from the checkout (reread43: "missing")."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection
from typing import Optional
from urllib.parse import unquote

import msgspec

from bringup import lazyre
from bringup.model import Step
from bringup.scan.commands import pip_install_targets

_BUILT = lazyre.compile(r"(?:^|/)(?:build|dist|out|wheelhouse|_build)/")
_NOT_A_FOLDER = lazyre.compile(r"^(?:\.{1,2}(?:/|$)|[\w+.-]*://|git\+|[$<{])")
"""Words after ``-e`` that name no folder of the checkout's to look for: the checkout's own
(``.``, ``./x``: ``stepfiles._unpackaged`` judges those), a URL, a VCS spec, a variable."""
_NOT_A_FILE = lazyre.compile(r"^(?:[\w+.-]*://|[$<{%~])")
"""A requirements file named by a URL, a variable or a placeholder: none to look for."""


def fetched_wheels(step: Step) -> list[str]:
    """The file names of the wheels ``step`` downloads by URL (``wget https://…/x.whl``), which
    a later ``pip install x.whl`` of the same guide installs from the reader's disk."""
    if pip_install_targets(step.argv) is not None:
        return []
    urls = (re.split(r"[?#]", word, maxsplit=1)[0] for word in step.argv[1:] if "://" in word)
    return [unquote(posixpath.basename(url)) for url in urls if url.endswith(".whl")]


def _held(path: str, scripts: Collection[str]) -> bool:
    """Whether the checkout holds the file at ``path`` or, for a guide in a sub-project whose
    step runs from the top, under some folder (looked for only when the path is not there)."""
    path = posixpath.normpath(path)
    return path in scripts or any(rel.endswith("/" + path) for rel in scripts)


def _mapped(path: str, scripts: Collection[str], own: Collection[str]) -> Optional[str]:
    """The checkout's file an absolute ``path`` names through a folder named as the repo
    (``own``: its names), the last such folder's; None where it names none."""
    if not path.startswith("/"):
        return None
    parts = posixpath.normpath(path).split("/")
    names = {name.lower() for name in own}
    for at in range(len(parts) - 2, 0, -1):
        if parts[at].lower() in names:
            rest = "/".join(parts[at + 1 :])
            return rest if rest in scripts else None
    return None


def _in_checkout(step: Step, scripts: Collection[str], own: Collection[str]) -> Step:
    """``step`` with each requirements file it names by an absolute path into the checkout
    (``_mapped``) named by the checkout's path, and a note saying so."""
    targets = pip_install_targets(step.argv)
    mapped = {
        listed: rel
        for listed in (targets[1] if targets is not None else ())
        for rel in (_mapped(listed, scripts, own),)
        if rel is not None
    }
    if not mapped or step.cwd not in ("", "."):
        return step
    argv = tuple(
        next((w[: -len(a)] + r for a, r in mapped.items() if w.endswith(a)), w) for w in step.argv
    )
    notes = tuple(f"{a} is the checkout's {r}, where the guide put it" for a, r in mapped.items())
    return msgspec.structs.replace(step, argv=argv, notes=(*step.notes, *notes))


def with_local_paths(
    step: Step,
    scripts: Collection[str],
    fetched: Collection[str] = (),
    own: Collection[str] = (),
) -> Step:
    """``step`` with the requirements files, wheel files and editable folders it installs
    from the reader's disk marked ``missing``: not a file the checkout holds (``scripts``:
    its files, wheels and lists among them) nor a wheel an earlier step of the guide
    downloaded (``fetched``: file names); a list named by an absolute path through the
    repo's folder (``own``: its names) is the checkout's (``_in_checkout``)."""
    step = _in_checkout(step, scripts, own)
    targets = pip_install_targets(step.argv)
    if targets is None:
        return step
    lacking = [
        listed
        for listed in targets[1]
        if listed.endswith(".txt")  # the walk lists those only (``walk._script``)
        and not _NOT_A_FILE.match(listed)
        and not _BUILT.search(listed)
        and not _held(posixpath.join(step.cwd or ".", listed), scripts)
    ]
    lacking += [
        word
        for word in step.argv[1:]
        if word.endswith(".whl")
        and "://" not in word
        and not _BUILT.search(word)
        and posixpath.normpath(posixpath.join(step.cwd or ".", word)) not in scripts
        and unquote(posixpath.basename(word)) not in fetched
    ]
    for flag, word in zip(step.argv, step.argv[1:]):
        # the folder less the extras it installs with: ``-e ".[all]"`` is the checkout's top
        # (EvolvingLMMs-Lab/lmms-eval@75571cfe README.md:67)
        path = word.split("[", 1)[0] if word.endswith("]") else word
        if flag in ("-e", "--editable") and not _NOT_A_FOLDER.match(path):
            folder = posixpath.normpath(posixpath.join(step.cwd or ".", path)) + "/"
            if not any(rel.startswith(folder) for rel in scripts):
                lacking.append(word)
    if not lacking:
        return step
    missing = tuple(dict.fromkeys((*step.needs.missing, *lacking)))
    return msgspec.structs.replace(step, needs=msgspec.structs.replace(step.needs, missing=missing))
