"""Terminal and interpreter sessions pasted with their prompts, where the answer is on the line
after the question: ``torch.__version__`` then ``'2.1.0'`` (``>>>``, IPython's ``In [n]:`` /
``Out[n]:``, ``print(...)``, ``python -c "...; print(...)"`` or no prompt), the expressions a
backend's ``ReportTerms.expressions`` names (``torch.version.cuda`` then ``'12.1'``,
``torch.cuda.is_available()`` then ``False``), ``uname -r`` then the kernel release, ``pip show
X`` blocks (``Name:`` then ``Version:``; its ``Location`` names the interpreter's version) and
``dpkg -l`` rows of the packages a backend's ``ReportTerms.dpkg`` names (a local-repo package
also names the distribution it was built for: ``cudnn-local-repo-ubuntu2204-8.9.7.29``)."""

from __future__ import annotations

import re

from bringup.model import Fact, Source, keys
from bringup.parsing import at_line
from bringup.probe.importers.collect_env import field_fact
from bringup.probe.importers.platform import kernel_distribution
from bringup.probe.importers.reading import Reading, package_fact
from bringup.probe.importers.terms import report_terms
from bringup.probe.importers.vocabulary import Vocabulary

_ASKED_VERSION = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\.__version__\W*$")
_ANSWER = re.compile(r"^(?:Out\[\d+\]:\s*)?(['\"]?)(\d+(?:\.\d+)+[\w.+\-]*)\1$")
_SESSION_ANSWER = re.compile(r"^(?:Out\[\d+\]:\s*)?(['\"]?)([\w.+\-]+)\1$")
_UNAME_R = re.compile(r"(?:^|[\s$#>])uname\s+-r$")
_KERNEL_RELEASE = re.compile(r"^\d+\.\d+\.\d+[\w.\-+~]*$")
_RELEASE_ARCH = re.compile(r"[.\-](x86_64|aarch64)$")
_PIP_NAME = re.compile(r"^Name:\s*([A-Za-z0-9][A-Za-z0-9._\-]*)$")
_PIP_VERSION = re.compile(r"^Version:\s*(\d\S*)$")
_SITE_PACKAGES = re.compile(r"^Location:\s*\S*/lib/python(\d+\.\d+)/(?:site|dist)-packages\b")
_DPKG = re.compile(r"^[ih]i\s+(?P<name>[a-z0-9][a-z0-9.+\-]*)(?::\w+)?\s+(?P<version>\S+)\s+\S+")
_REPO_DISTRO = re.compile(r"-repo-(?:(ubuntu)(\d\d)(\d\d)|(debian)(\d+))-")
_DEBIAN_VERSION = re.compile(r"^(?:\d+:)?(\d+(?:\.\d+)+)")


def read_transcripts(
    lines: list[tuple[int, str]], source: Source, vocabulary: Vocabulary
) -> Reading:
    """The answers each question in a pasted session gives, each at the answer's line."""
    reading = Reading()
    package: str | None = None
    for position, (number, raw) in enumerate(lines):
        line = raw.strip().strip("`").strip()
        where = at_line(source, number)
        found: list[Fact] = []
        answer = _answer(lines, position)
        if answer is not None:
            answer_at = at_line(source, answer[0])
            asked = _ASKED_VERSION.search(line)
            value = _ANSWER.match(answer[1])
            if asked is not None and value is not None:
                found += _module_version(asked.group(1), value.group(2), answer_at, vocabulary)
            found += _expression(line, answer[1], answer_at)
            if _UNAME_R.search(line) and _KERNEL_RELEASE.match(answer[1]):
                found += _kernel(answer[1], answer_at, vocabulary)
        name = _PIP_NAME.match(line)
        version = _PIP_VERSION.match(line)
        if name is not None:
            package = name.group(1)
        elif version is not None and package is not None:
            found.append(package_fact(package, version.group(1), where))
            package = None
        python = _SITE_PACKAGES.match(line)
        if python is not None:
            found.append(_medium(keys.PYTHON_DEFAULT, python.group(1), where))
        found += _dpkg_row(line, where)
        for item in found:
            reading.add(item, item.source.line or number)
    return reading


def _medium(key: str, value: str, where: Source) -> Fact:
    return Fact(key=key, value=value, source=where, confidence="medium")


def _answer(lines: list[tuple[int, str]], position: int) -> tuple[int, str] | None:
    """The next non-blank line after ``position`` (number, text without marks)."""
    for number, text in lines[position + 1 : position + 3]:
        if text.strip():
            return number, text.strip().strip("`").strip()
    return None


def _expression(line: str, answer: str, where: Source) -> list[Fact]:
    """The fact a backend's expression on ``line`` (typed or printed) states in ``answer``, a
    single value (``'12.1'``, ``False``, ``None``); an answer that is anything else (the next
    prompt: the REPL echoes no ``None``; a comment "# should print True") states nothing."""
    value = _SESSION_ANSWER.match(answer)
    if value is None:
        return []
    asked = line.rstrip("'\"`; ")
    for item in report_terms():
        for expression, (key, kind) in item.terms.expressions.items():
            if _asks(asked, expression):
                absent = ("none",) if kind == "version" else ()
                fact = field_fact(key, kind, value.group(2), where, absent)
                return [] if fact.status == "unparsed" else [fact]
    return []


def _asks(line: str, expression: str) -> bool:
    """Whether ``line`` ends by asking ``expression``: alone after a prompt or a separator, or
    as ``print(expression)``."""
    for asked in (expression, f"print({expression})"):
        start = len(line) - len(asked)
        if line.endswith(asked) and (
            start == 0 or not (line[start - 1].isalnum() or line[start - 1] in "._")
        ):
            return True
    return False


def _module_version(module: str, value: str, where: Source, vocabulary: Vocabulary) -> list[Fact]:
    """``<module>.__version__`` -> the subject the vocabulary says the module names (its
    package when it is one, ``torch_ext`` -> ``torch-ext``), else the package of that name."""
    subject = vocabulary.subject(module)
    if subject is None:
        return [package_fact(module, value, where)]
    if subject.package is not None:
        return [package_fact(subject.package, value, where)]
    return [_medium(subject.fact, value, where)] if subject.fact else []


def _kernel(release: str, where: Source, vocabulary: Vocabulary) -> list[Fact]:
    found = [Fact(key=keys.KERNEL, value=release, source=where)]
    arch = _RELEASE_ARCH.search(release)
    if arch is not None:
        found.append(Fact(key=keys.ARCH, value=arch.group(1), source=where))
    return found + kernel_distribution(release, where, vocabulary)


def _dpkg_row(line: str, where: Source) -> list[Fact]:
    """``ii  libcudnn8  8.9.7.29-1+cuda12.2  amd64  ...``: the package's version as the fact
    a backend's terms name; a local repository package's name gives the version and the
    distribution instead."""
    row = _DPKG.match(line)
    if row is None:
        return []
    name = row.group("name")
    found: list[Fact] = []
    terms = [item.terms for item in report_terms()]
    for pattern, key in (named for t in terms for named in t.dpkg_named):
        repo = re.match(pattern, name)
        if repo is not None:
            found.append(_medium(key, repo.group(1), where))
    for pattern, key in (package for t in terms for package in t.dpkg):
        version = _DEBIAN_VERSION.match(row.group("version"))
        if re.match(pattern, name) and version is not None:
            found.append(_medium(key, version.group(1), where))
    distro = _REPO_DISTRO.search(name)
    if distro is not None and distro.group(1):
        found += [
            Fact(key=keys.OS_ID, value="ubuntu", source=where, confidence="low"),
            Fact(
                key=keys.OS_VERSION_ID,
                value=f"{distro.group(2)}.{distro.group(3)}",
                source=where,
                confidence="low",
            ),
        ]
    elif distro is not None:
        found += [
            Fact(key=keys.OS_ID, value="debian", source=where, confidence="low"),
            Fact(key=keys.OS_VERSION_ID, value=distro.group(5), source=where, confidence="low"),
        ]
    return found
