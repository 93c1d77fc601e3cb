"""The registered backends' words for reading prose, compiled once per registry: split from
``prose`` (the reading) so that each module stays one noun under 500 lines."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend
from bringup.caseless import Words
from bringup.wordgate import gate

Vendor = Optional[str]
"""The ``vendor`` of the backend a text is about (None: it does not say)."""

_GENERIC_SUBJECTS: tuple[tuple[str, str], ...] = (
    ("torchvision", r"\btorchvision\b"),
    ("torchaudio", r"\btorchaudio\b"),
    # "<Vendor> Extension for PyTorch 26.0.0" is the extension's release, not torch's; in
    # "nvcr.io/nvidia/pytorch:20.12-py3" (AscendSpeed README.md:128) 20.12 is the image's tag;
    # a release may be glued to the name ("默认安装`PyTorch2.7.1`", pyasc docs/quick_start.md:347)
    (
        "torch",
        r"(?<![\w./-])(?<![Ee]xtension for )(?:PyTorch|Pytorch|pytorch|Torch|torch)"
        r"(?:(?=\d+\.\d+(?![\w.]*_))|(?![\w-]|\.\w))",
    ),
    # lower case as a name, not a path or a URL's part ("拉取 vllm v0.9.0 源码", omni-infer
    # docs/omni_infer_installation_guide.md:74; not "vllm-project/vllm.git")
    ("vllm", r"(?<![\w-])vLLM(?![\w-])|(?<![\w/.-])vllm(?![\w/.-])"),
    ("driver", r"\bdrivers?\b|驱动(?:程序)?"),
    (
        "python",
        # "opencv-python=4.6.0" is a distribution named after Python, not Python 4.6; the
        # interpreter's name "Python3" is Python ("- Python3 >= 3.9.x", hicann/metadef
        # docs/build.md:48), its "3" no version of its own
        r"(?<!/)(?:(?<=--with-)|(?<=requires-)|(?<!\w-))\b(?:C?Python|python)3?(?=3\.\d|\s*[\d>=<≥~（(:：]|\s+versions?\b|\s*版本|"
        r"\s*(?:从|介于)\s*\d|\s+(?:from|between)\s+\d)",
    ),
    ("gcc", r"(?<![\w-])(?:GCC|gcc|[gG]\+\+)(?![\w-])"),
    ("clang", r"\b[Cc]lang\b"),
    ("cmake", r"\b[Cc][Mm]ake\b"),
    ("ninja", r"(?<![\w-])[Nn]inja(?![\w-])"),
    ("glibc", r"\b(?:glibc|GLIBC)(?:_(?=\d))?"),
    # the language, not a compiler named after it ("g++9, nvc++ 24.5, or clang 17", NVIDIA/MatX
    # README.md:53): two digits, no release's ("24.5")
    ("cxx_standard", r"(?:-std=)?(?<![A-Za-z])[Cc]\+\+\s?(?=\d\d\b(?!\.\d))"),
)

_NO_DEVICE = (
    r"(?!\s+(?:software|stacks?|vendors?|ecosystems?|librar(?:y|ies)|frameworks?|SDKs?|"
    r"programming|languages?|compan(?:y|ies)|makers?|threads?|kernels?|buffers?|operators?|"
    r"streams?|warps?|tensors?|environments?|architectures?|algorithms?|operations?|usage)\b)"
)
"""The device word qualifies a noun that is no device: "an accelerator software stack", "a
<device> vendor", "a single GPU thread", "a GPU kernel", "an NPU operator", "deploy it in an
NPU environment" (Ascend/tensorflow tf_adapter/README_en.md:15), "If you use a GPU
architecture that isn't compiled in prebuilt" (traveller59/spconv@263d6b47 README.md:153),
"multi-node multi-GPU algorithms" (rapidsai/raft@2141422b README.md:210), "Enable UCC support
for multi-device operations" (NVIDIA/Fuser@81c4b22f README.md:134), "Both single and multi-GPU
usage is supported" (facebookresearch/faiss@02dbb4e4 README.md:15)."""
_STATE_EN = r"(?:(?:inter)?connected\s+|available\s+|idle\s+|identical\s+|dedicated\s+)?"
"""A word for the devices' state between the count and the device ("Two interconnected
devices have been selected", hicann/hixl@9ed283b2 docs/en/quick_start.md:21, under
"Prerequisites"; "at least 2 available GPUs"): still that many devices."""
_COUNT_EN = (
    r"(?:(?P<q>\bat\s+least|\ba\s+minimum\s+of|\bminimum\s+of|>=|≥|\bmore\s+than)|(?<!\s))\s*"
    r"(?P<n>(?<![A-Za-z0-9.])\d+|\bone|\btwo|\bthree|\bfour|\beight|\bsixteen|\ban?|\bsingle|\bmultiple)\s*"
    r"(?:x\s*|×\s*)?(?:{vendor_en}physical\s+)?"
    + _STATE_EN
    + r"(?P<dev>{devices_en}cards?|devices?|accelerators?)\b"
    + _NO_DEVICE
    + r"|"
    r"(?P<multi>\bmulti-?(?:{devices_multi}card|device))" + _NO_DEVICE
)
"""Device counts in English; ``{…}`` are filled from the backends' device and vendor words.
Without a quantifier, the spaces before the count are taken only from the start of their run
(a lookbehind for a non-space): the same leftmost matches, but a search no longer re-reads
a run of spaces from each of its positions (a 20 KB line of spaces took minutes)."""
_COUNT_WORDS = (r"{devices_multi}card|device|accelerator", r"{devices_zh}卡")
"""The words every match of ``_COUNT_EN`` and of ``_COUNT_ZH`` holds (its ``dev`` or ``multi``
group): searched first, they pass over the clauses naming no device, where a count pattern,
which can start at any character, was tried at each."""
_COUNT_ZH = (
    r"(?:(?P<q>至少|最少|不少于|最低)|(?<!\s))\s*(?P<n>(?<![A-Za-z0-9.])\d+|十六|一|单|两|二|双|三|四|八|多)\s*"
    r"(?:张|块|个|颗)?\s*(?:{vendor_zh})?(?P<dev>{devices_zh}加速卡|卡)"
)


def _alternation(
    prefix: str, named: tuple[tuple[str, str], ...], flags: int = 0
) -> re.Pattern[str]:
    """One pattern of named branches. The callers compile with ``re.ASCII``: a ``\\b`` beside
    a name must hold where Chinese is glued to it ("安装CANN", "配套的CANN版本"), and under
    Unicode rules a Han character is a word character, so ``\\bCANN`` never matched there."""
    branches = "|".join(f"(?P<{prefix}{i}>{rx})" for i, (_, rx) in enumerate(named))
    return patterncache.compile(branches, flags, guard=True)


def _words(words: list[str], suffix: str) -> str:
    return "".join(f"{re.escape(w)}{suffix}|" for w in words)


@dataclass(frozen=True)
class _Vocabulary:
    """The registered backends' words, compiled once per registry."""

    subjects: tuple[tuple[str, str], ...]
    subject: re.Pattern[str]
    unversioned: frozenset[str]
    chips: tuple[tuple[str, str], ...]
    chip: re.Pattern[str]
    markers: tuple[tuple[Backend, re.Pattern[str]], ...]
    marker_words: tuple[tuple[Backend, Words], ...]
    """The same markers, for counting over whole documents (``file_vendor``)."""
    count_en: re.Pattern[str]
    count_zh: re.Pattern[str]
    count_words: tuple[re.Pattern[str], re.Pattern[str]]
    """What a match of ``count_en`` and of ``count_zh`` holds (``_COUNT_WORDS``)."""
    kinds: dict[str, str]
    """A device word in upper case (a backend's ``Vocabulary.device_words``) -> the device kind
    of its backend."""
    architectures: dict[str, str]
    architecture: Optional[re.Pattern[str]]
    products: dict[str, str]
    product: Optional[re.Pattern[str]]
    capability_markers: Optional[re.Pattern[str]]
    capable_vendors: frozenset[str]
    """The vendors of the backends whose devices have products and generations by name."""
    stacks: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]
    """A backend's words for its whole software stack -> its driver and toolkit subjects."""
    shorthands: dict[str, str]
    shorthand: Optional[re.Pattern[str]]
    """The backends' ``chip_shorthands``, as whole words."""
    capability: Optional[re.Pattern[str]]
    """The backends' ``capability_mentions``, each alternative keeping its ``arch``/``cc``."""


def _compile(registered: tuple[Backend, ...]) -> _Vocabulary:
    vocabularies = [b.vocabulary for b in registered]
    subjects = tuple(p for v in vocabularies for p in v.subject_patterns) + _GENERIC_SUBJECTS
    chips = tuple(c for v in vocabularies for c in v.chips)
    devices = [(w, b.device_kind) for b in registered for w in b.vocabulary.device_words]
    vendors = [w for v in vocabularies for w in v.vendor_words]
    latin = [w for w in vendors if w.isascii()]
    fill = {
        "vendor_en": _words(latin, r"\s+"),
        "devices_en": _words([w for w, _ in devices], "s?"),
        "devices_multi": _words([w for w, _ in devices], ""),
        "vendor_zh": "|".join(
            [*(w for w in vendors if not w.isascii()), *(f"{w}\\s*" for w in latin)]
        ),
        "devices_zh": _words([w for w, _ in devices], ""),
    }
    architectures = _generations(registered)
    products = {k: v for b in vocabularies for k, v in b.products.items()}
    capable = [b.vocabulary.markers for b in registered if b.vocabulary.products]
    shorthands = {k: v for b in vocabularies for k, v in b.chip_shorthands.items()}
    return _Vocabulary(
        subjects=subjects,
        # gated: searched in every clause, most of which name no subject (``wordgate``)
        subject=gate(_alternation("s", subjects, re.ASCII)),
        unversioned=frozenset(s for v in vocabularies for s in v.unversioned),
        chips=chips,
        chip=_alternation("c", chips, re.IGNORECASE | re.ASCII),
        # guarded: counted over whole documents (``file_vendor``), half the time unguarded
        markers=tuple(
            (b, patterncache.compile(b.vocabulary.markers, re.IGNORECASE, guard=True))
            for b in registered
            if b.vocabulary.markers
        ),
        marker_words=tuple(
            (b, Words(b.vocabulary.markers)) for b in registered if b.vocabulary.markers
        ),
        count_en=patterncache.compile(_COUNT_EN.format(**fill), re.IGNORECASE),
        count_zh=patterncache.compile(_COUNT_ZH.format(**fill)),
        count_words=(
            patterncache.compile(_COUNT_WORDS[0].format(**fill), re.IGNORECASE, guard=True),
            patterncache.compile(_COUNT_WORDS[1].format(**fill), guard=True),
        ),
        kinds=_first_kinds(devices),
        architectures=architectures,
        architecture=_generation_names(architectures),
        products=products,
        product=_names(products, re.IGNORECASE),
        capability_markers=patterncache.compile("|".join(capable), re.IGNORECASE)
        if capable
        else None,
        capable_vendors=frozenset(
            b.vendor for b in registered if b.vocabulary.products and b.vendor
        ),
        stacks=tuple(
            (patterncache.compile(b.vocabulary.stack, re.IGNORECASE), _stack_subjects(b))
            for b in registered
            if b.vocabulary.stack
        ),
        capability=_capability([v.capability_mentions for v in vocabularies]),
        shorthands=shorthands,
        shorthand=(
            patterncache.compile(rf"(?<![\w-])({'|'.join(map(re.escape, shorthands))})(?![\w-])")
            if shorthands
            else None
        ),
    )


_PARENTHESISED = lazyre.compile(r"\s*\(.*\)$")


def _generations(registered: tuple[Backend, ...]) -> dict[str, str]:
    """Each device generation the knowledge base's device rows name (a backend's
    ``Vocabulary.generations`` topic, ``details.architecture``; "Blackwell (consumer/
    workstation)" is Blackwell) and each other spelling of one (``Vocabulary.architectures``)
    -> the lowest value of the device kind subject its rows give (Ampere: sm_80, sm_86, sm_87
    -> 8.0). The knowledge base is read only when a backend names such a topic."""
    topics = [
        (b.vocabulary, b.devices.kind_subject)
        for b in registered
        if b.vocabulary.generations and b.devices is not None
    ]
    if not topics:
        return {}
    from bringup.kb import load_knowledge_base

    knowledge = load_knowledge_base()
    lowest: dict[str, str] = {}
    for words, subject in topics:
        for rule in knowledge.rule_records(words.generations):
            name = (rule.details or {}).get("architecture")
            value = rule.when.get(subject, "").lstrip("=")
            if not isinstance(name, str) or not value:
                continue
            name = _PARENTHESISED.sub("", name)
            if name not in lowest or _numbers(value) < _numbers(lowest[name]):
                lowest[name] = value
        for spelling, name in words.architectures.items():
            if name in lowest:
                lowest[spelling] = lowest[name]
    return lowest


def _numbers(value: str) -> tuple[int, ...]:
    return tuple(int(part) for part in value.split(".") if part.isascii() and part.isdigit())


def _generation_names(table: dict[str, str]) -> Optional[re.Pattern[str]]:
    """The generation names of ``table`` as proper names (capitalised, any space between
    words), not followed by another capitalised word that is not a device word: "the Pascal
    VOC dataset", "Ampere Altra" (a CPU) and "Maxwell Equations" name no GPU; "Hopper GPUs",
    "Volta Tensor Cores" do. ASCII word edges: "Ampere架构及以上" names Ampere."""
    if not table:
        return None
    spelled = [re.escape(k).replace(r"\ ", r"\s+") for k in sorted(table, key=len, reverse=True)]
    device = r"GPUs?|Architecture|Generation|Series|Tensor|GeForce|RTX|Tesla"
    other = rf"(?!\s+(?!(?:{device})\b)[A-Z][A-Za-z]+\b)"
    return patterncache.compile(r"\b(" + "|".join(spelled) + r")\b" + other, re.ASCII)


def _capability(mentions: list[str]) -> Optional[re.Pattern[str]]:
    """One pattern of every backend's architecture mentions; each backend's groups renamed
    ``arch<i>``/``cc<i>`` so that the alternatives can share a pattern."""
    parts = [re.sub(r"\(\?P<(arch|cc)>", rf"(?P<\g<1>{i}>", m) for i, m in enumerate(mentions) if m]
    return patterncache.compile("|".join(f"(?:{p})" for p in parts)) if parts else None


def expand_shorthands(text: str) -> str:
    """``text`` with each chip shorthand written as the name it stands for, where only a chip
    can be meant ("A3" in a chip row -> "Atlas A3")."""
    words = vocabulary()
    if words.shorthand is None:
        return text
    return words.shorthand.sub(lambda m: words.shorthands[m.group(1)], text)


def _stack_subjects(backend: Backend) -> tuple[str, ...]:
    toolkit = backend.vocabulary.toolkit_subject
    return tuple(s for s in (backend.driver_subject, toolkit) if s)


def _first_kinds(devices: list[tuple[str, str]]) -> dict[str, str]:
    """Device word -> device kind; a word two backends use keeps the first one's kind."""
    kinds: dict[str, str] = {}
    for word, kind in devices:
        kinds.setdefault(word.upper(), kind)
    return kinds


def _names(table: dict[str, str], flags: int) -> Optional[re.Pattern[str]]:
    """A pattern for the names of ``table`` as written (any space between words), longest
    first so that "Ada Lovelace" wins over "Ada"."""
    if not table:
        return None
    spelled = [re.escape(k).replace(r"\ ", r"\s+") for k in sorted(table, key=len, reverse=True)]
    return patterncache.compile(r"\b(" + "|".join(spelled) + r")\b", flags)


vocabulary = backends.per_registry(_compile)


def unversioned_subjects() -> frozenset[str]:
    """Subjects a bare mention counts for ("install the toolkit and the driver")."""
    return vocabulary().unversioned


def vendor_of(text: str) -> Vendor:
    """Which accelerator the text is about, if it says (the first backend whose words it
    has, in registry order: an earlier backend's device words win)."""
    for backend, markers in vocabulary().markers:
        if markers.search(text):
            return backend.vendor
    return None


def file_vendor(text: str) -> Vendor:
    """Whose accelerator a document is about: the backend whose words it uses most (the
    first registered on a tie)."""
    best: tuple[int, Vendor] = (0, None)
    for backend, markers in vocabulary().marker_words:
        count = markers.count(text)
        if count > best[0]:
            best = (count, backend.vendor)
    return best[1]


def driver_of(vendor: Vendor) -> str | None:
    found = backends.by_vendor(vendor) if vendor else None
    return found.driver_subject if found is not None else None


def device_kind_of(vendor: Vendor) -> str | None:
    found = backends.by_vendor(vendor) if vendor else None
    return found.device_kind if found is not None else None


def subject_named(text: str) -> str | None:
    """The subject ``text`` names when it is nothing but a name (a backend's Chinese driver name, a
    package name), also as its words are written apart for the package's hyphen ("Triton Ascend"
    in wangdengkai/AscendOpGenAgent@8b7a8f41 README.en.md:48's prerequisites: triton-ascend)."""
    match = vocabulary().subject.fullmatch(text.strip())
    if match is None and " " in text.strip():
        match = vocabulary().subject.fullmatch("-".join(text.split()).lower())
    return subject_of(match) if match is not None else None


def subject_of(match: re.Match[str]) -> str:
    subjects = vocabulary().subjects
    return next(subjects[i][0] for i in range(len(subjects)) if match.group(f"s{i}"))
