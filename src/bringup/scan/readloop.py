"""Reading a repo's files in the walk's order, and the files each leads to (``followed``).

A script is read as one the repo's build runs (``run_by_build``) when a build script or a
guide's build steps read before it run it. One read before the file that runs it (the walk
reads MultimodalSDK AccSDK/build_script/fetch_acc_data_3rdparty.sh before
build_script/fetch_deps.sh:139-151, which runs it) is read again as the build's once the
queue is empty, and what it runs is read in turn.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import msgspec

from bringup.scan.extraction import Extraction, Finding
from bringup.scan.followed import follow_guides, included, outside
from bringup.scan.guides import primary_readme
from bringup.scan.readahead import Reader
from bringup.scan.registry import AUTHORITY
from bringup.scan.walk import RepoFile


class Read(NamedTuple):
    """What reading the repo's files gave: each file's extraction (with its path), each text
    by its citation, the problems reading them, each file's authority, the README's text,
    the guides it links to and the paths of every file walked or led to."""

    extracted: list[tuple[str, Extraction]]
    texts: dict[str, tuple[RepoFile, str]]
    findings: list[Finding]
    authority: dict[str, int]
    readme: str
    guides: list[str]
    seen: set[str]


def read_files(
    root: Path,
    files: list[RepoFile],
    reader: Reader,
    cite: Callable[[str], str],
    component: str,
) -> Read:
    """Every file of ``files`` read in order, each cited as ``cite`` gives its path, and the
    files they lead to."""
    queue = list(files)
    seen = {file.rel for file in files}
    done = Read([], {}, [], {}, "", [], seen)
    first_readme = primary_readme([f.rel for f in files if f.kind == "docs"])
    run: set[str] = set()  # the scripts the repo's build scripts run (``shellruns``)
    unrun: dict[str, tuple[RepoFile, str, int]] = {}  # the scripts read as no build's
    while queue:
        entry = queue.pop(0)
        ref = cite(entry.rel)
        text, problems = reader.text(entry, ref)
        done.findings.extend(msgspec.structs.replace(p, component=component) for p in problems)
        if text is None:
            continue
        done.texts[ref] = (entry, text)
        if entry.kind == "docs" and not done.readme and entry.rel.lower().startswith("readme"):
            done = done._replace(readme=text)
        if entry.rel == first_readme:
            guides, queue = follow_guides(root, entry.rel, text, seen, queue)
            done = done._replace(guides=guides)
        done.authority[ref] = AUTHORITY[entry.kind]
        extraction = reader.extraction(entry, ref, text, run_by_build=entry.rel in run)
        if entry.kind == "shell" and entry.rel not in run:
            unrun[entry.rel] = (entry, ref, len(done.extracted))
        done.extracted.append((entry.rel, extraction))
        queue.extend(included(root, extraction, seen, run, entry.kind))
        found = outside(extraction, ref, text)
        done.findings.extend(msgspec.structs.replace(f, component=component) for f in found)
        for rel in [r for r in unrun if r in run] if not queue else ():
            entry, ref, index = unrun.pop(rel)
            again = reader.extraction(entry, ref, done.texts[ref][1], run_by_build=True)
            done.extracted[index] = (rel, again)
            queue.extend(included(root, again, seen, run, entry.kind))
    return done
