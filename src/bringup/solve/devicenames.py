"""The device kind a device's name stands for, from the names the knowledge base lists.

A pasted ``nvidia-smi`` names its GPUs (``Quadro RTX 4000``, ``NVIDIA A100-SXM4-80GB``) but
gives no compute capability; a user names a target as they know it (``H100:8``, ``Atlas 300I
Duo:2``, ``910B4:8``). Both are matched against every name the knowledge base gives a device
kind: the ``gpus`` rows' ``products`` and ``nvidia_smi_names`` (NVIDIA's CUDA GPUs list), the
chip records' npu-smi names, SoC versions and products (chips.toml), and each backend's short
product names (``Vocabulary.products``).

A name matches a listed one when, letters and digits alone compared, it starts with it at a
word's end (``NVIDIA A100-SXM4-80GB`` is ``NVIDIA A100``; ``A100`` is not ``A10``), brand words
before either allowed to differ (``NVIDIA GeForce RTX 2080 SUPER`` is ``RTX 2080``). The
longest listed name wins; names of different kinds matching as well make the name unknown, never
a guess. A name the user types may also be the start of a listed one (``Atlas 800I A2`` of
``Atlas 800I A2 inference server``), which a reported name never is."""

from __future__ import annotations

import functools
import re
from typing import NamedTuple, Optional

from bringup import backends

_WORD = re.compile(r"[A-Za-z0-9]+")
_ASIDE = re.compile(r"\([^()]*\)")


class Named(NamedTuple):
    """A name the knowledge base lists, as its words (lower case), and its device kind."""

    words: tuple[str, ...]
    subject: str
    value: str


def kind_of(name: str, subject: str, *, typed: bool = False) -> Optional[str]:
    """The value of device kind ``subject`` that ``name`` stands for, or None when no listed
    name matches or matches of different values tie. ``typed``: a name the user gave, which
    may be the start of a listed name."""
    values = _best(name, (subject,), typed)
    return values.pop()[1] if len(values) == 1 else None


def typed_kinds(name: str) -> set[tuple[str, str]]:
    """Every (device kind subject, value) a name the user typed stands for best, over every
    backend's kinds: one when the name is known, several when it is ambiguous."""
    return _best(name, tuple(d.kind_subject for _b, d in backends.with_devices()), True)


def _best(name: str, subjects: tuple[str, ...], typed: bool) -> set[tuple[str, str]]:
    """(subject, value) of the listed names of ``subjects`` that match ``name`` best."""
    words = _words(name)
    best: tuple[int, int] = (0, 0)
    values: set[tuple[str, str]] = set()
    for listed in _listed():
        if listed.subject not in subjects:
            continue
        score = _score(words, listed.words, typed)
        if score > best:
            best, values = score, {(listed.subject, listed.value)}
        elif score == best and score > (0, 0):
            values.add((listed.subject, listed.value))
    return values


def _score(name: tuple[str, ...], listed: tuple[str, ...], typed: bool) -> tuple[int, int]:
    """(2 when the listed name is whole in ``name``, 1 when ``name`` is only its start; the
    letters matched), (0, 0) when they do not match."""
    best = (0, 0)
    for start in _brand_starts(name):
        for skip in _brand_starts(listed):
            said, known = "".join(name[start:]), "".join(listed[skip:])
            if not said or not known:
                continue
            if said.startswith(known) and _ends_word(said, len(known), name[start:]):
                best = max(best, (2, len(known)))
            elif typed and known.startswith(said) and _ends_word(known, len(said), listed[skip:]):
                best = max(best, (1, len(said)))
    return best


def _brand_starts(words: tuple[str, ...]) -> range:
    """Where the words may start: after any number of leading brand words (letters only)."""
    lead = 0
    while lead < len(words) - 1 and words[lead].isalpha():
        lead += 1
    return range(lead + 1)


def _ends_word(text: str, at: int, words: tuple[str, ...]) -> bool:
    """Whether ``text`` (``words`` joined) may be cut at ``at``: its end or a word's end
    (``A100`` in ``A100-SXM4``; not ``A10`` in ``A100``, nor ``910`` in ``910X``)."""
    total = 0
    for word in words:
        total += len(word)
        if total >= at:
            return total == at
    return at >= len(text)


def _words(name: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in _WORD.findall(_ASIDE.sub(" ", name)))


@functools.lru_cache(maxsize=1)
def _listed() -> tuple[Named, ...]:
    """Every name the knowledge base and the backends list, with its device kind."""
    from bringup.kb import load_knowledge_base

    knowledge = load_knowledge_base()
    found: list[Named] = []
    for backend, devices in backends.with_devices():
        subject = devices.kind_subject
        words = backend.vocabulary
        for product, value in words.products.items():
            found.append(Named(_words(product), subject, value))
        if words.generations:
            for rule in knowledge.rule_records(words.generations):
                value = rule.when.get(subject, "")
                details = rule.details or {}
                if not value.startswith("=="):
                    continue
                for key in ("products", "nvidia_smi_names"):
                    names = details.get(key)
                    for listed in names if isinstance(names, list) else ():
                        found.append(Named(_words(str(listed)), subject, value[2:]))
        if devices.kind_field == "family":  # the chip records name the families
            for chip in knowledge.chips():
                for listed in (
                    chip.family,
                    *chip.npu_smi_names,
                    *chip.soc_versions,
                    *chip.products,
                ):
                    found.append(Named(_words(listed), subject, chip.family))
    return tuple(named for named in found if named.words)
