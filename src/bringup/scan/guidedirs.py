"""The folders the top README's install section goes into and builds (``mainroute``).

A folder with a build file and a README of its own reads as a sub-project, yet one the
README's own install steps enter and build is a part of installing the repo: QServe's
"## Installation" ends with "3. Compile the CUDA kernels ... ``cd kernels`` / ``python
setup.py install``" (mit-han-lab/qserve README.md:117-118), so what ``kernels/setup.py``
needs (CUDA >= 11.0, compute capability 8.0) the repo needs. The same reading as the build
script's (``routedirs``): ``cd``/``pushd`` then a build command, or a build command naming the
folder (``pip install -e ./sub``, ``make -C sub``).

Each shell block is read on its own from the repo's top (a guide's reader runs its blocks
from the checkout; one that leaves it, ``cd ~`` then ``git clone``, places nothing). Going
into the folder a ``git clone`` of the README makes is going to the top, whatever folder of
the repo has that name (``git clone .../mindarmour.git`` then ``cd mindarmour``, mindspore-ai/
mindarmour README.md:100,106: not the package folder ``mindarmour/``). Only sections about
installing or building count, never an example, model, benchmark, quick-start, image or debug
section (``guides.about_installing``), and only folders holding files of the repo outside its
examples, benchmarks, tests and docs: installing an example is that example's step.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from posixpath import dirname

from bringup import lazyre
from bringup.scan.docscopes import DOC_DIRS
from bringup.scan.guides import about_installing, primary_readme
from bringup.scan.markdown import Fence, Heading, markdown_blocks
from bringup.scan.routedirs import routed_lines
from bringup.scan.scopedirs import COLLECTIONS, TEST_DIRS

_SHELL = frozenset({"", "bash", "sh", "shell", "console", "zsh", "bash=", "sh=", "shell="})
"""The languages of a fence a reader types into a shell (``bash=``: a highlighter's form)."""
_ASIDE = lazyre.compile(
    r"docker|container|debug|document|\boptional|alternative|\bwindows\b|\bmac\s?os"
    r"|容器|调试|文档|可选|选装",
    re.IGNORECASE,
)
"""An install section that builds an image, a debug build or the docs, an optional or
alternative part, or the build for another OS (review30: "### Optional: faster kernels" made its
folder's needs the repo's): not the repo's route (``guides.about_installing`` already leaves
examples, models and benchmarks out)."""
_CLONE = lazyre.compile(
    r"\bgit\s{1,4}clone\s{1,4}(?:-\S+\s{1,4}(?:[^\s/-][^\s/]*\s{1,4})?)*(?:\S*/)?([\w.-]+?)(?:\.git)?/?"
    r"(?:\s{1,4}([\w.-]+))?[ \t]*(?:$|[;&|#])",
    re.MULTILINE,
)
"""``git clone [OPTIONS] URL [DIR]``: the folder the clone makes, DIR or the URL's last name.
An option and its value are words of their own (``-b v1.0``, ``--depth=1``): a lazy scan to
the line's end was quadratic on a README of 5,000 ``git clone`` (review30)."""
_PROMPT = lazyre.compile(r"^\s{0,8}\$\s", re.MULTILINE)


def guided_lines(texts: Mapping[str, str], rels: Collection[str]) -> dict[str, tuple[str, int]]:
    """``folder -> (README, line)`` for each folder the top README's install sections build;
    ``texts``: the files read (``rel -> text``), ``rels``: the repo's files."""
    readme = primary_readme([rel for rel in texts if rel.lower().endswith((".md", ".mdx"))])
    if readme is None:
        return {}
    text = texts[readme]
    cloned = {m.group(2) or m.group(1) for m in _CLONE.finditer(text)}
    folders = {dirname(rel) for rel in rels}
    found: dict[str, tuple[str, int]] = {}
    for script in _install_blocks(text, cloned):
        for folder, (_, line) in routed_lines({readme: script}, rels).items():
            parts = [part.lower() for part in folder.split("/")]
            if folder not in folders or parts[0] in DOC_DIRS:
                continue
            if not any(part in COLLECTIONS or part in TEST_DIRS for part in parts):
                found.setdefault(folder, (readme, line))
    return found


def _install_blocks(text: str, cloned: Collection[str]) -> list[str]:
    """Each shell fence of an install or build section, as the README with every other line
    blanked (its line numbers kept), prompts taken off and a ``cd`` into a clone made ``cd .``."""
    lines = text.splitlines()
    into = (
        re.compile(
            r"(?<![\w./-])(cd\s{1,4})[\"']?(?:\./)?(?:"
            + "|".join(re.escape(name) for name in sorted(cloned))
            + r")/?[\"']?(?=\s|;|&|\)|$)"
        )
        if cloned
        else None
    )
    path: list[tuple[int, str]] = []
    found: list[str] = []
    for _, block in sorted(markdown_blocks(text).items()):
        if isinstance(block, Heading):
            path = [*[(n, t) for n, t in path if n < block.level], (block.level, block.text)]
            continue
        if not isinstance(block, Fence) or block.language not in _SHELL:
            continue
        section = " / ".join(title for _, title in path)
        if _ASIDE.search(section) or not about_installing("", section):
            continue
        body = [""] * len(lines)
        body[block.start : block.end] = lines[block.start : block.end]
        script = _PROMPT.sub("", "\n".join(body))
        found.append(into.sub(r"\1.", script) if into is not None else script)
    return found
