"""The words of every renderer: sentences from the solver's structured causes and the plan's
reasons and actions, written outside the solver and the planner (resolvelib's discipline: the
core returns causes, the caller words them), such as
"ops needs <Toolkit> >= 7.0 (ops/README.md:12); infer needs <Toolkit> >= 6.3, < 7.0
(infer/build.sh:4): no single <Toolkit> satisfies both -> two environments"
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from bringup import backends, lazyre
from bringup.model.resolution import (
    Conflict,
    ConflictItem,
)
from bringup.model.source import Source
from bringup.subjects import display_name, scheme_for
from bringup.versions import InvalidVersion, Version

_CLAUSE = lazyre.compile(r"^\s*(~=|==|!=|<=|>=|<|>)?\s*(.+?)\s*$")
_NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def number_word(count: int) -> str:
    return _NUMBERS[count] if 0 <= count < len(_NUMBERS) else str(count)


def counted(count: int, one: str, many: str = "", *, spelled: bool = False) -> str:
    """``1 repo``, ``3 repos``, ``two environments`` (``spelled``): the noun agrees with
    the count; ``many`` when the plural is not ``one`` + s (``1 thing``, ``2 things``)."""
    word = one if count == 1 else (many or one + "s")
    return f"{number_word(count) if spelled else count} {word}"


def format_spec(spec: str, subject: str = "") -> str:
    """``>=7.0,<8`` as ``>= 7.0, < 8``; alternatives joined by ``or``; chip families (a
    list of names, any of which will do) as ``910B or 910_93``; empty as "(any version)",
    since the repo named no version."""
    if not spec.strip():
        return "(any version)"
    if subject and scheme_for(subject) == "name":
        names = [part.strip() for part in spec.replace("||", ",").split(",") if part.strip()]
        wanted = [n for n in names if not n.startswith("!")]
        refused = [n[1:] for n in names if n.startswith("!")]
        text = " or ".join(wanted)
        return text + (f" (not {', '.join(refused)})" if refused else "")
    alternatives = []
    for alternative in spec.split("||"):
        clauses = []
        for clause in alternative.split(","):
            match = _CLAUSE.match(clause)
            if match is None or not clause.strip():
                continue
            operator, version = match.groups()
            clauses.append(f"{operator} {version}" if operator else version)
        alternatives.append(", ".join(clauses))
    return " or ".join(alternatives)


def combine_specs(specs: Sequence[str], subject: str) -> list[str]:
    """What several statements of one repo on one subject allow together: one spec with the
    tightest lower and upper bounds and every other clause once (``>=6.3`` and ``<7.0`` and
    ``>=6.3.RC1,<7.0`` read ``>=6.3.RC1,<7.0``). Alternatives (``||``) and chip lists do not
    merge clause by clause: they come back as they are, each to hold."""
    texts = list(dict.fromkeys(s.strip() for s in specs if s.strip()))
    scheme = scheme_for(subject)

    def bound(raw: str) -> Version | None:
        """The version a bound compares with, when comparing bounds is exact: always for
        the vendor schemes; for PEP 440, between plain releases only (``<2.0`` also
        refuses 2.0rc1 and ``>1.0`` refuses 1.0.post1, so those bounds stay as stated)."""
        version = Version(raw, scheme)
        key = version.key
        if scheme == "pep440" and (key.is_prerelease or key.is_postrelease or key.local):
            return None
        return version

    if len(texts) <= 1 or scheme == "name" or any("||" in t for t in texts):
        return texts
    # (bound, how tight at the bound, clause): ``>`` is tighter than ``>=`` at one version
    lower: tuple[Version, int, str] | None = None
    upper: tuple[Version, int, str] | None = None
    others: list[str] = []
    try:
        for text in texts:
            for clause in filter(None, (c.strip() for c in text.split(","))):
                match = _CLAUSE.match(clause)
                operator, raw = match.groups() if match else ("", clause)
                operator = operator or "=="
                version = bound(raw) if operator in (">=", ">", "<=", "<") else None
                if version is not None and operator[0] == ">":
                    low = (version, int(operator == ">"), operator + raw)
                    lower = low if lower is None or low[:2] > lower[:2] else lower
                elif version is not None:
                    high = (version, -int(operator == "<"), operator + raw)
                    upper = high if upper is None or high[:2] < upper[:2] else upper
                else:
                    others.append(operator + raw)
    except InvalidVersion:
        return texts
    bounds = [b[2] for b in (lower, upper) if b is not None]
    return [",".join(dict.fromkeys([*bounds, *others]))]


_ALSO_SHOWN = 3
"""Places beyond the first a sentence names; a need repeated on 20 lines of a guide would
otherwise fill a screen in every conflict it is in (the JSON's items keep them all)."""


def cite(source: Source, also: tuple[Source, ...] = ()) -> str:
    """``(file:line)``, or ``(file:line; also other:line, ...)`` when several files say it,
    the first few of those and ``+N more``."""
    named = also if len(also) <= _ALSO_SHOWN + 1 else also[:_ALSO_SHOWN]  # never "+1 more"
    shown = ", ".join(str(s) for s in named)
    rest = len(also) - len(named)
    more = f"; also {shown}" + (f" +{rest} more" if rest > 0 else "") if also else ""
    return f"({source}{more})"


def cite_first(sources: Sequence[Source], shown: Callable[[Source], str] = str) -> str:
    """The first source and how many more say the same: ``install.md:16 +11 more``."""
    unique = list(dict.fromkeys(sources))
    if not unique:
        return ""
    more = f" +{len(unique) - 1} more" if len(unique) > 1 else ""
    return shown(unique[0]) + more


def vendor_named(subject: str) -> str:
    """A device count's name with its backend's vendor word ("NVIDIA GPUs", "Ascend NPUs"): a
    repo that runs only on CUDA's devices needs NVIDIA's, not any GPU (left33); any other
    subject's display name."""
    owner = backends.owner_of(subject) if backends.kind_of_count(subject) else None
    vendor = owner.vocabulary.vendor_words[:1] if owner is not None else ()
    return " ".join((*vendor, display_name(subject)))


def subject_spec(subject: str, spec: str) -> str:
    """``<Toolkit> >= 7.0``, ``chip <A> or <B>``, ``NVIDIA GPUs >= 1`` (the subject's display
    name, a device count's with its vendor: ``vendor_named``)."""
    return f"{vendor_named(subject)} {format_spec(spec, subject)}"


_ROWS_LISTED = 2
"""A conflict's knowledge-base rows from one subject to another said one by one; more are
said as one sentence (the rows themselves stay in ``--json``)."""


def conflict_members(conflict: Conflict) -> list[ConflictItem | str]:
    """The members of a conflict as they are said: each item, except that more than
    ``_ROWS_LISTED`` rows from one subject (``torch_npu == X needs torch == X``, one per
    release) are one sentence with their first source, after the items: no release of the
    one supports what the conflict asks of the others, together."""
    rows: dict[str, list[ConflictItem]] = {}
    for item in conflict.items:
        if item.kind == "rule" and item.then_subject:
            rows.setdefault(item.subject, []).append(item)
    many = {subject: found for subject, found in rows.items() if len(found) > _ROWS_LISTED}
    out: list[ConflictItem | str] = [
        item for item in conflict.items if item.kind != "rule" or item.subject not in many
    ]
    return out + [_rows_sentence(conflict, found) for found in many.values()]


def _rows_sentence(conflict: Conflict, rows: Sequence[ConflictItem]) -> str:
    """``no torch_npu release supports torch == 2.3.0: each of the knowledge base's 71
    rows ... needs another torch (kb:... +70 more)``. Rows from one subject to several
    (some releases excluded by their CANN, the others by their torch) say the combination:
    each row alone excludes some releases only, so "supports CANN 8.1.RC1" alone would
    contradict ``kb why torch_npu==2.5.1 cann==8.1.RC1`` (outside tester 25, D3)."""
    subject = rows[0].subject
    thens = list(dict.fromkeys(r.then_subject or "" for r in rows))
    wanted = [_asked(conflict, then) for then in thens]
    name = display_name(subject)
    cited = cite_first([r.source for r in rows])
    if len(thens) == 1:
        return (
            f"no {name} release supports {wanted[0]}: each of the knowledge base's "
            f"{len(rows)} rows for {name} needs another {display_name(thens[0])} ({cited})"
        )
    together = "both " if len(thens) == 2 else "all of "
    releases = len({r.spec for r in rows})
    others = " or ".join(f"another {display_name(then)}" for then in thens)
    return (
        f"no {name} release supports {together}{series(wanted)}: each of the knowledge "
        f"base's {releases} {name} releases needs {others} ({cited})"
    )


def _asked(conflict: Conflict, subject: str) -> str:
    """What the conflict's items other than rows ask of ``subject`` (a repo's need, the
    host's value), or "the <subject> asked for"."""
    asked = [
        subject_spec(subject, i.spec)
        for i in conflict.items
        if i.kind != "rule" and i.subject == subject and i.spec.strip()
    ]
    return " and ".join(dict.fromkeys(asked)) or f"the {display_name(subject)} asked for"


def describe_item(item: ConflictItem, host: str = "this machine") -> str:
    """One member of a conflict, with its source; a host value is ``host``'s."""
    if item.kind == "requirement":
        return (
            f"{item.component} needs {subject_spec(item.subject, item.spec)} "
            f"{cite(item.source, item.also)}"
        )
    if item.kind == "rule":
        return (
            f"{subject_spec(item.subject, item.spec)} needs "
            f"{subject_spec(item.then_subject or '', item.then_spec or '')} {cite(item.source)}"
        )
    if item.kind == "index":
        return f"{index_listing(item)} {cite(item.source)}"
    return f"{host} has {host_has(item.subject, item.spec)} {cite(item.source)}"


def index_listing(item: ConflictItem) -> str:
    """The package index's list of a subject as a conflict member, without its source."""
    return f"the package index lists {item.text} of {display_name(item.subject)} ({item.spec})"


def no_such_release(conflict: Conflict) -> str:
    """ "no such transformers release on the package index" when the index's list takes part
    in the conflict (a version that does not exist); empty otherwise."""
    listed = [display_name(i.subject) for i in conflict.items if i.kind == "index"]
    return f"no such {' and '.join(listed)} release on the package index" if listed else ""


def _contended(conflict: Conflict) -> list[str]:
    """The subjects two or more items constrain (a requirement on it, a rule's consequence,
    the host's value); a rule's condition only leads there."""
    counts: Counter[str] = Counter()
    for item in conflict.items:
        counts[
            item.then_subject if item.kind == "rule" and item.then_subject else item.subject
        ] += 1
    return [s for s in conflict.subjects if counts[s] > 1] or list(conflict.subjects[:1])


def distinct_conflicts(conflicts: Iterable[Conflict]) -> list[Conflict]:
    """``conflicts`` each once, in order: the design's and this machine's layers may both
    hold the same conflict between two repos."""
    import msgspec

    return list({msgspec.json.encode(c): c for c in conflicts}.values())


def explain_conflict(conflict: Conflict, environments: int = 0, host: str = "this machine") -> str:
    """The conflict as one sentence: its items, then why they cannot hold, then what it
    costs (more environments, or this repo not running on ``host``: this machine, or the
    target a design is for)."""
    head = "; ".join(
        said if isinstance(said, str) else describe_item(said, host)
        for said in conflict_members(conflict)
    )
    subjects = " and ".join(display_name(s) for s in _contended(conflict))
    requirements = sum(1 for item in conflict.items if item.kind == "requirement")
    together = {1: "it", 2: "both"}.get(len(conflict.items), "all of these")
    if conflict.kind == "alone":
        repo = conflict.components[0] if conflict.components else "this repo"
        why = no_such_release(conflict) or f"no {subjects} satisfies {together}"
        return f"{head}: {why} -> {repo} cannot run on {host}"
    tail = f" -> {number_word(environments)} environments" if environments > 1 else ""
    single = "single " if requirements > 1 else ""
    return f"{head}: no {single}{subjects} satisfies {together}{tail}"


def host_has(subject: str, values: str) -> str:
    """ "0 <devices>", "<Vendor> driver 23.0.3": counts read better number first."""
    name = display_name(subject)
    if not subject.endswith("_count"):
        return f"{name} {values}"
    return f"{values} {name[:-1] if values == '1' and name.endswith('s') else name}"


def series(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def missing_folder(need: str) -> bool:
    """Whether a step's missing things (``Reason.need``, comma-joined) are folders: an
    editable install's (``pip install -e MindSpeed``, momo609/mindspeed@7e624cf1
    docs/zh/user-guide/installation.md:77), named with no file suffix (review 26b L1: it
    read "runs MindSpeed" and "a script"). A path from the step's folder (``./hccl_p2p``) is a
    program the step runs that no step builds (``scan.compilecalls``): an editable folder is
    never recorded so (``scan.localpaths``)."""
    parts = [part.strip() for part in need.split(",")]
    return all(
        "." not in part.rsplit("/", 1)[-1] and not part.startswith(("./", "../")) for part in parts
    )
