"""Recall and precision of ``bringup scan`` against blind truth files (tests/data/scan_eval).

A truth requirement of the repo's own scope is *found* when the scan reports its subject citing one
of the truth's ``path:line`` places; a scanned requirement is *correct* when it cites such a place
for its subject, and a *scope error* when the place belongs to a sub-project or feature instead.
Each truth requirement makes one scanned requirement correct: another stating only truth
requirements already claimed is a *duplicate* (column ``dup``), reported but not correct, so
precision does not reward saying one thing twice.

A truth *group* (a subject no kind names, such as ``unpinned-python-deps``, whose ``any_of`` or
comma-separated ``spec`` lists distributions: a requirements file written down as one entry) is
one truth requirement, found when any member is; a scanned member is correct when it cites any
line of a file the group names (the truth lists a file's first lines, not every one).

A scanned requirement cites its source and the places it names beside it (``also_at``: the
same statement repeated, ``docs/en/x.md`` beside ``docs/zh/x.md``; its alternatives'
sources); any of them may be the truth's. A scanned ``submodule`` from a ``.gitmodules`` entry
is the requirement a truth entry citing that entry states under its own name (``mindspeed``).

An any-of set of a kind's subject (``chip`` any_of ["910B", "910_93"], ``arch``, ``os``,
``compute_capability``) is scored as the truth briefs (tests/data/scan_eval*/BRIEF.md) tell the
writers to write it: ONE requirement, lists in several docs united, ``where`` listing every
line that states it, "a reader citing any of them is right". So one scanned set citing any
of those lines (its source or an alternative's) is found and correct, a second scanned
requirement for the same set is a duplicate, and the members are not compared, as no kind's
spec is: a set with one member too many or too few scores the same.

    .venv/bin/python bench/scan_eval.py SRC [--truth DIR] [--only REPO ...] [--misses [KIND ...]]
    .venv/bin/python bench/scan_eval.py --against OTHER [--truth DIR] ...

``--against OTHER`` scores a second writer's truth files (OTHER/NAME.toml, written blind for
the same repos at the same commits) in the scan's place: how far two careful humans agree is
the ceiling the scan's own figures are read against.

``--misses`` lists, per repo, each truth requirement not found (with what the scan cited for its
subject instead) and each scanned requirement not correct (``scope`` when its place belongs to a
sub-project or feature, ``dup`` when an earlier one already stated the same truth requirement),
optionally for the named kinds only.

SRC holds one checkout per truth file, named as the file (``SRC/MindSpeed`` for ``MindSpeed.toml``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

TRUTH = Path(__file__).resolve().parent.parent / "tests" / "data" / "scan_eval" / "truth"
KINDS: dict[str, set[str]] = {
    "toolkit": {"cann", "cuda", "cudnn", "nccl", "nnal", "cann_nnal", "nvshmem"},
    "driver": {"ascend_driver", "ascend_firmware", "nvidia_driver"},
    "hardware": {
        "chip", "npu_count", "gpu_count", "compute_capability", "arch", "npu_memory", "gpu_memory",
        "gpu_interconnect",
    },
    "python": {"python"},
    "host_toolchain": {
        "gcc", "cmake", "cxx_standard", "glibc", "ninja", "clang", "os", "os_version", "glibcxx"
    },
    "vocabulary": {"submodule", "env_var", "system_package", "network"},
}  # fmt: skip


SYNONYMS = {
    "cann_nnal": "nnal",
    "cmake:cudatoolkit": "cuda",
    "cmake:cuda": "cuda",
    "cmake:python": "python",
    "cmake:python3": "python",
    "cmake:pythoninterp": "python",
    "cmake:pythonlibs": "python",
    "cmake:torch": "torch",
    "cmake:pybind11": "pybind11",
}
"""Names the truth and the scan spell differently for one thing: CANN's NNAL package, and a
CMake package that is a subject of its own (scan11's truths write ``find_package(CUDAToolkit
REQUIRED)`` as ``cmake:CUDAToolkit``, mscclpp CMakeLists.txt:68, and ``find_package(Python3
... REQUIRED)`` as ``cmake:Python3``, fbgemm-ascend CMakeLists.txt:11; the scan reads them as
the CUDA toolkit, Python and torch it checks on the machine, citing the same lines; and
``find_package(pybind11)`` as the pybind11 distribution that provides it, MindIE-LLM
CMakeLists.txt:51, as the scan does)."""


def norm(subject: str) -> str:
    lowered = subject.lower()
    if lowered.startswith("pypi:"):
        lowered = lowered[len("pypi:") :]
    bare = re.sub(r"[-_.]+", "_", lowered)
    return SYNONYMS.get(bare, bare)


_MEMBER = re.compile(r"^\s*([A-Za-z][\w.-]*)\s*(?:[<>=!~]|$)")
_PAST_NAME = re.compile(r"[\s<>=!~\[;]")


def members(item: dict[str, object]) -> list[str]:
    """The distributions a truth group lists (empty for an ordinary requirement)."""
    subject = norm(str(item["subject"]))
    if any(subject in {norm(m) for m in kinds} for kinds in KINDS.values()):
        return []
    listed = item.get("any_of")
    # an entry may carry its pin or extras (``scikit-build-core>=1.0``, ``transformers[x]``)
    names = (
        [_PAST_NAME.split(str(n).strip())[0] for n in listed] if isinstance(listed, list) else []
    )
    if not names and "," in str(item.get("spec", "")):
        found = [_MEMBER.match(part) for part in str(item["spec"]).split(",")]
        names = [m.group(1) for m in found if m] if all(found) else []
    return [norm(name) for name in names]


def kind(subject: str) -> str:
    """The kind a subject is scored under: a CMake package (``cmake:pybind11`` from
    ``find_package``) is a library the build links, not a Python distribution."""
    for name, members in KINDS.items():
        if subject in {norm(member) for member in members}:
            return name
    return "cmake_package" if subject.startswith("cmake:") else "python_package"


_ARCHIVE = re.compile(
    r"(?:^|[/\s|])([A-Za-z][\w+]{0,40}(?:-[A-Za-z][\w+]{0,40}){0,4}?)-(?:v?\d|release|master|main)"
    r"[^/\s,|]{0,80}"
    r"\.(?:tar\.gz|tgz|tar\.xz|tar\.bz2|zip)\b"
)


def named_packages(subject: str, spec: str, text: str = "") -> set[str]:
    """The tools a scanned ``system_package`` names (``bash>=5.1.16``, ``cmake bash ccache``):
    a truth writer may give such a tool a subject of its own (``bash``, ``lld``), and a
    scanned system package citing that entry's place states that requirement. Likewise the
    libraries whose source archives a ``network`` need downloads (``makeself-release-2.5.0-
    patch1.tar.gz``, hixl docs/en/build.md:155, which that truth writes as ``makeself``)."""
    if subject == "network":
        # one library a need: its spec's archive, or the only one its text names
        named = [m.group(1) for m in _ARCHIVE.finditer(spec)]
        if not named:
            named = [m.group(1) for m in _ARCHIVE.finditer(text)]
        return {norm(named[0])} if len(named) == 1 else set()
    if subject != "system_package":
        return set()
    return {norm(_PAST_NAME.split(word)[0]) for word in spec.split() if word[:1].isalpha()}


def _place(source: dict[str, object]) -> str:
    ref = str(source.get("ref", ""))
    return f"{ref.split('/', 1)[1] if '/' in ref else ref}:{source.get('line')}"


def _absolute_path_env() -> dict[str, str]:
    """This environment with ``PYTHONPATH`` made absolute: the scan runs in the checkouts'
    folder, where ``PYTHONPATH=src`` (a worktree's own code) would name nothing and the
    installed bringup would be scored instead."""
    env = dict(os.environ)
    if env.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.pathsep.join(
            str(Path(part).resolve()) for part in env["PYTHONPATH"].split(os.pathsep) if part
        )
    return env


def scanned(checkout: Path) -> list[tuple[str, tuple[str, ...], str, str]]:
    """(subject, the places it cites relative to the checkout, spec, text) of each requirement
    the scan reports: its source first, then where the same statement is repeated
    (``also_at``) and its alternatives' sources (``any_of``)."""
    done = subprocess.run(
        [sys.executable, "-m", "bringup", "scan", checkout.name, "--json"],
        cwd=checkout.parent,
        env=_absolute_path_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    found = []
    for component in json.loads(done.stdout)["data"]["components"]:
        for requirement in component.get("requirements", []):
            sources = [
                requirement["source"],
                *requirement.get("also_at", ()),
                *(a["source"] for a in requirement.get("any_of", ()) if "source" in a),
            ]
            places = tuple(dict.fromkeys(_place(s) for s in sources))
            spec = str(requirement.get("spec", ""))
            text = str(requirement.get("text", ""))
            found.append((norm(requirement["subject"]), places, spec, text))
    return found


def written(truth: dict[str, object]) -> list[tuple[str, tuple[str, ...], str, str]]:
    """A second writer's repo-scope requirements in the form ``scanned`` gives: each
    requirement with every place it names (ranges as their lines); a group (a requirements
    file written as one entry) as one requirement per member, as the scan reports them."""
    found = []
    listed = truth.get("requirement", [])
    for item in listed if isinstance(listed, list) else ():
        # an entry without a subject (a hand-written file's slip) names no requirement
        if (
            not isinstance(item, dict)
            or item.get("scope", "repo") != "repo"
            or "subject" not in item
        ):
            continue
        sites = tuple(sorted(places(item.get("where", []))))
        spec, text = str(item.get("spec", "")), str(item.get("note", ""))
        for subject in members(item) or [norm(str(item["subject"]))]:
            found.append((subject, sites, spec, text))
    return found


def _declared(truth: dict[str, object]) -> dict[str, set[str]]:
    """The repo-scope truth subjects each ``.gitmodules`` line is cited for. That file declares
    one submodule per entry, so a truth requirement citing the entry (MindSpeed-LLM's
    ``mindspeed`` at ``.gitmodules:1``) and the scan's ``submodule`` from that entry are one
    requirement stated two ways."""
    out: dict[str, set[str]] = defaultdict(set)
    items = truth.get("requirement", [])
    for item in items if isinstance(items, list) else ():
        if item.get("scope", "repo") != "repo":
            continue
        for where in item.get("where", []):
            if where.rsplit(":", 1)[0].rsplit("/", 1)[-1] == ".gitmodules":
                out[where].add(norm(item["subject"]))
    return out


_RANGE = re.compile(r"^(?P<file>.+):(?P<first>[0-9]+)-(?P<last>[0-9]+)$")


def places(where: object) -> set[str]:
    """A truth's ``where`` list as the ``path:line`` places it names: a range a truth writer
    wrote (``cmake/third_party/json.cmake:46-50``) names each of its lines, so a scan citing any
    line inside it matches; the range as written is kept too. A range longer than 200 lines or
    written backwards names only itself."""
    found: set[str] = set()
    for place in where if isinstance(where, list) else ():
        found.add(place)
        span = _RANGE.match(place)
        if span is not None:
            first, last = int(span["first"]), int(span["last"])
            if first <= last <= first + 200:
                found.update(f"{span['file']}:{line}" for line in range(first, last + 1))
    return found


def _one_each(states: list[set[int]]) -> set[int]:
    """The reports that count as correct when each truth requirement makes one report correct:
    a maximum matching of reports to the truth requirements they state (augmenting paths), so
    the count does not depend on the order the scan lists them in."""
    owner: dict[int, int] = {}

    def claim(report: int, seen: set[int]) -> bool:
        for truth in sorted(states[report]):
            if truth not in seen:
                seen.add(truth)
                if truth not in owner or claim(owner[truth], seen):
                    owner[truth] = report
                    return True
        return False

    for report in range(len(states)):
        claim(report, set())
    return set(owner.values())


def score_repo(
    truth: dict[str, object], tool: list[tuple[str, tuple[str, ...], str, str]]
) -> tuple[dict[str, Counter[str]], list[str]]:
    """Counts per kind of one repo's scan against its truth, and the listing of its misses.

    A truth requirement makes one scanned requirement correct (``_one_each``, whatever order the
    scan lists them in): another one stating only truth requirements matched elsewhere is a
    *duplicate* (``dup``) and counts as reported but not correct, so merging two reports of one
    requirement never lowers precision. Members
    of a truth group (a requirements file written as one entry) are each correct, as are
    ``.gitmodules`` entries."""
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    own: dict[str, set[str]] = defaultdict(set)
    other: dict[str, set[str]] = defaultdict(set)
    group_files: dict[str, set[str]] = defaultdict(set)
    other_files: dict[str, set[str]] = defaultdict(set)
    listed = truth.get("requirement", [])
    items = [i for i in listed if isinstance(i, dict)] if isinstance(listed, list) else []
    repo_items = [
        (norm(i["subject"]), places(i.get("where", [])))
        for i in items
        if i.get("scope", "repo") == "repo"
    ]
    for item in items:
        stated = own if item.get("scope", "repo") == "repo" else other
        stated[norm(item["subject"])].update(places(item.get("where", [])))
        for member in members(item) if item.get("scope", "repo") != "repo" else ():
            other_files[member].update(w.rsplit(":", 1)[0] for w in item.get("where", []))
        for member in members(item) if item.get("scope", "repo") == "repo" else ():
            group_files[member].update(w.rsplit(":", 1)[0] for w in item.get("where", []))
    declared = _declared(truth)
    cited: dict[str, set[str]] = defaultdict(set)
    reports: list[tuple[str, str, tuple[str, ...], set[int], bool]] = []
    for subject, sites, spec, text in tool:
        cited[subject].update(sites)
        aliases = named_packages(subject, spec, text)
        for alias in aliases:
            cited[alias].update(sites)
        for place in sites if subject == "submodule" else ():
            for named in declared.get(place, ()):
                cited[named].add(place)
        states = {
            n
            for n, (truth_subject, where) in enumerate(repo_items)
            if (truth_subject == subject or truth_subject in aliases) and where & set(sites)
        }
        grouped = any(place.rsplit(":", 1)[0] in group_files.get(subject, ()) for place in sites)
        submodule = subject == "submodule" and any(place in declared for place in sites)
        reports.append((subject, spec, sites, states, grouped or submodule))
    matched = _one_each([states if not free else set() for _, _, _, states, free in reports])
    listing: list[str] = []
    for index, (subject, spec, sites, states, free) in enumerate(reports):
        counts = totals[kind(subject)]
        counts["tool"] += 1
        correct = free or index in matched
        duplicate = bool(states) and not correct
        counts["correct"] += correct
        counts["duplicate"] += duplicate
        scope_error = (
            not correct
            and not duplicate
            and any(
                p in other.get(subject, ()) or p.rsplit(":", 1)[0] in other_files.get(subject, ())
                for p in sites
            )
        )
        counts["scope_error"] += scope_error
        if not correct:
            why = "dup" if duplicate else "scope" if scope_error else "wrong"
            listing.append(f"  {why:5} {kind(subject):14} {subject} {spec}  {sites[0]}")
    for item in items:
        if item.get("scope", "repo") != "repo":
            continue
        subject = norm(item["subject"])
        counts = totals[kind(subject)]
        counts["truth"] += 1
        files = {w.rsplit(":", 1)[0] for w in item.get("where", [])}
        grouped = any(w.rsplit(":", 1)[0] in files for m in members(item) for w in cited.get(m, ()))
        found = grouped or bool(cited.get(subject, set()) & places(item["where"]))
        counts["found"] += found
        if not found:
            instead = ", ".join(sorted(cited.get(subject, ()))) or "-"
            listing.append(
                f"  miss  {kind(subject):14} {subject} {item.get('spec', '')}  "
                f"{', '.join(item['where'])}  (scan: {instead})"
            )
    return totals, listing


def score(
    src: Path | None,
    truth_dir: Path,
    only: set[str],
    misses: list[str] | None = None,
    against: Path | None = None,
) -> dict[str, Counter[str]]:
    """Counts per kind; with ``misses`` (kinds, empty for all) each repo's misses are printed.
    With ``against``, the second writer's truth files are scored instead of the scan of SRC
    (repos it did not write are left out)."""
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    for truth_file in sorted(truth_dir.glob("*.toml")):
        if only and truth_file.stem not in only:
            continue
        truth = tomllib.loads(truth_file.read_text(encoding="utf-8"))
        if against is not None:
            other = against / truth_file.name
            if not other.is_file():
                continue
            stated = written(tomllib.loads(other.read_text(encoding="utf-8")))
        else:
            assert src is not None
            stated = scanned(src / truth_file.stem)
        counts, listing = score_repo(truth, stated)
        for name, count in counts.items():
            totals[name].update(count)
        if misses is not None:
            shown = [line for line in listing if not misses or line.split()[1] in misses]
            print(f"{truth_file.stem}:", *sorted(shown), sep="\n")
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "src", type=Path, nargs="?", help="a directory of checkouts named as the truth files"
    )
    parser.add_argument(
        "--against", type=Path, help="a second writer's truth files, scored in the scan's place"
    )
    parser.add_argument("--truth", type=Path, default=TRUTH)
    parser.add_argument(
        "--only", nargs="*", default=[], help="score these repos only (e.g. the held-out ones)"
    )
    parser.add_argument(
        "--misses",
        nargs="*",
        choices=[*KINDS, "python_package", "cmake_package"],
        help="list each repo's misses and wrong answers (of these kinds only)",
    )
    args = parser.parse_args()
    if (args.src is None) == (args.against is None):
        parser.error("give SRC (score the scan) or --against OTHER (score a second writer)")
    totals = score(args.src, args.truth, set(args.only), args.misses, args.against)
    header = ("kind", "truth", "found", "recall", "tool", "correct", "prec", "dup")
    print("{:16} {:>5} {:>5} {:>7} {:>5} {:>7} {:>6} {:>4}".format(*header))
    overall: Counter[str] = Counter()
    for name in [*KINDS, "python_package", "cmake_package"]:
        counts = totals[name]
        overall.update(counts)
        recall = counts["found"] / counts["truth"] if counts["truth"] else 0.0
        precision = counts["correct"] / counts["tool"] if counts["tool"] else 0.0
        print(
            f"{name:16} {counts['truth']:5} {counts['found']:5} {recall:7.1%} "
            f"{counts['tool']:5} {counts['correct']:7} {precision:6.1%} {counts['duplicate']:4}"
        )
    recall = overall["found"] / max(overall["truth"], 1)
    precision = overall["correct"] / max(overall["tool"], 1)
    print(
        f"{'ALL':16} {overall['truth']:5} {overall['found']:5} {recall:7.1%} "
        f"{overall['tool']:5} {overall['correct']:7} {precision:6.1%} {overall['duplicate']:4}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
