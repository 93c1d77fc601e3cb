"""A component the repo's guides name only on another framework's route is that route's need.

A release matrix pairs each release with every component of every route: MindSpeed's
docs/zh/release_notes.md:40-44 (momo609/mindspeed@7e624cf1) lists "MindSpeed-Core-MS版本"
beside the PyTorch columns, and was read as a need of the repo (outsider26 re-test N8). The
guides say which route it belongs to: docs/zh/install_guide.md installs it only under "##
基于MindSpore框架" (:104-110, a sibling route of the PyTorch one: ``FrameworkRoutes``), and
docs/zh/mindspore/readme.md (a topic directory named after that framework) fetches it. So a
repo-scope line of a Python distribution read from a table, that the repo's text names
nowhere but in tables (which pair, not install) and on one other framework's route, takes that
route's feature. A name any other line of the repo's own guides gives (its install, its
README) stays the repo's."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.docsections import framework_named
from bringup.scan.scopenames import REPO

_HEADING = lazyre.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = lazyre.compile(r"^\s*(?:```|~~~)")
_Spans = Mapping[str, list[tuple[int, int, str]]]


_DROP = str.maketrans("", "", " \t\r\n_.-")


def _squashed(text: str) -> str:
    """``text`` lower-cased without spaces, "_", "." and "-": "MindSpeed-Core-MS",
    "mindspeed_core_ms" and "MindSpeed_Core_MS_PATH" all hold "mindspeedcorems"."""
    return text.lower().translate(_DROP)


def _headings(text: str) -> list[tuple[int, int, str]]:
    """A Markdown text's headings (line, level, title), outside fenced code (where "# 安装
    torch" is a shell comment, momo609/mindspeed@7e624cf1 docs/zh/install_guide.md:73)."""
    found: list[tuple[int, int, str]] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        head = None if fenced else _HEADING.match(line)
        if head is not None:
            found.append((number, len(head.group(1)), head.group(2)))
    return found


def _route_spans(text: str, headings: set[str]) -> list[tuple[int, int, str]]:
    """The line spans (first, last, heading) of the sections headed by one of ``headings``."""
    heads = _headings(text) if any(h in text for h in headings) else []
    spans: list[tuple[int, int, str]] = []
    for index, (number, level, title) in enumerate(heads):
        if title not in headings:
            continue
        ends = [line - 1 for line, other, _ in heads[index + 1 :] if other <= level]
        spans.append((number, ends[0] if ends else text.count("\n") + 1, title))
    return spans


def route_components(
    requirements: list[Requirement], texts: Mapping[str, str], scope_of: Callable[[str], str]
) -> list[Requirement]:
    """``requirements`` with each repo-scope Python distribution read from a table and named
    only on one other framework's route (a route section of a guide, ``option:<heading>``,
    or a topic directory named after that framework) given that route's feature. ``texts``:
    each document's text by its ``Source.ref`` (the guides: code names no route);
    ``scope_of``: a ref's scope."""
    routes = {
        r.feature[len("option:") :]
        for r in requirements
        if (r.feature or "").startswith("option:") and framework_named(r.feature or "")
    }
    dirs = {ref: _framework_dir(scope_of(ref)) for ref in texts}
    if not routes and not any(dirs.values()):
        return requirements
    candidates = [
        r for r in requirements
        if not r.feature and r.subject.startswith("pypi:") and "|" in (r.text or "")
    ]  # fmt: skip
    if not candidates:
        return requirements
    whole = {ref: _squashed(text) for ref, text in texts.items()}
    spans = {ref: _route_spans(texts[ref], routes) for ref in texts} if routes else {}
    out: list[Requirement] = []
    for req in requirements:
        routed = _route_of(req, texts, whole, spans, dirs) if req in candidates else ""
        if routed and scope_of(req.source.ref or "") == REPO:
            out.append(msgspec.structs.replace(req, feature=routed))
        else:
            out.append(req)
    return out


def _framework_dir(scope: str) -> str:
    """The framework a docs topic directory is named after (docs/zh/mindspore), or ""."""
    folder = scope.rsplit("/", 1)[-1]
    return framework_named(folder) if scope != REPO and folder.lower() == folder else ""


def _route_of(
    req: Requirement,
    texts: Mapping[str, str],
    whole: Mapping[str, str],
    spans: _Spans,
    dirs: Mapping[str, str],
) -> str:
    """The feature of the one framework's route ``req``'s name is said on, or "" (said in the
    repo's own lines too, or on no route, or on two frameworks' routes). ``whole``: each
    text squashed (``_squashed``), to pass over the texts that never name it."""
    name = _squashed(req.subject[len("pypi:") :])
    own = {(req.source.ref, req.source.line), *((s.ref, s.line) for s in req.also_at)}
    found: dict[str, str] = {}  # framework -> the feature to give
    for ref, text in texts.items():
        if name not in whole[ref]:
            continue
        for number, raw in enumerate(text.splitlines(), 1):
            line = _squashed(raw)
            if name not in line or (ref, number) in own or line.startswith("|"):
                continue  # a table's row or header pairs releases: only a guide's words route
            route = next((h for a, b, h in spans.get(ref, []) if a <= number <= b), "")
            if route:
                found[framework_named(route)] = f"option:{route}"
            elif dirs.get(ref):
                found.setdefault(dirs[ref], f"option:{dirs[ref]}")
            else:
                return ""  # the repo's own guides name it
    return next(iter(found.values())) if len(found) == 1 else ""
