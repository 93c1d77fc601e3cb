"""Hardware a clause states: chip families, device memory floors, compute capabilities, a
vendor's whole software stack, and the conditions that make a device count or memory soft
(said of one chip, of an example script); the counts themselves are ``devicecounts``'. Read
by ``prose.read_line`` for clauses that say something is needed."""

from __future__ import annotations

import re

from bringup import backends, lazyre
from bringup.scan.architectures import architecture_version, capability_subject
from bringup.scan.chipwords import listed_after, refused
from bringup.scan.memory import device_memory
from bringup.scan.mention import Mention, right_before
from bringup.scan.prose_vocabulary import Vendor, device_kind_of, expand_shorthands, vocabulary

_HARDWARE_WORDS = lazyre.compile(
    r"support|hardware|product|device|server|only|runs?\s+on|running\s+on|\bchips?\b|\bnpus?\b|"
    r"支持|硬件|产品|设备|服务器|适用|运行|芯片|处理器",
    re.IGNORECASE,
    guard=True,
)


EXAMPLE = lazyre.compile(
    r"示例|样例|\bexample\s+(?:scripts?|commands?)\b|\bsample\s+scripts?\b|(?<![\w.-])examples?/",
    re.I,
    guard=True,
)
"""A clause about an example script or the examples folder ("see examples/README.md for
multi-node training"): the device count it names is that example's scale."""


def of_the_example(mention: Mention) -> Mention:
    """A device count said of an example script ("当前示例脚本中NPUS_PER_NODE=8表示需要8个NPU",
    MindSpeed docs/zh/user-guide/quickstart.md:25): what that example runs on, soft; the
    repo's own hardware is what its support list and memory floor say."""
    if not mention.subject.endswith("_count") or not mention.hard:
        return mention
    return mention._replace(hard=False, text=f"example: {mention.text}")


def for_one_chip(mention: Mention, clause: str, for_tests: bool) -> Mention:
    """A device count or memory said of one chip family named before it ("A3 requires at
    least 2 NPUs to work together", vllm-ascend docs/source/quick_start.md:95) holds on that
    chip only: soft, its text saying which; hard otherwise unless only tests need it."""
    if mention.subject == "chip":
        return mention._replace(hard=mention.hard and not for_tests)
    # before a device count a backend's chip shorthand can only be a chip
    chips = chips_in(expand_shorthands(clause[: mention.offset]))
    if len(chips) != 1:
        return mention._replace(hard=mention.hard and not for_tests)
    return mention._replace(hard=False, text=f"on {chips[0]}: {mention.text}")


def stack(clause: str, named: set[str]) -> list[Mention]:
    """A vendor's whole software stack named as one ("安装最新昇腾软件栈"): unversioned needs
    of its driver and toolkit, unless the clause names them itself."""
    found: list[Mention] = []
    if "栈" not in clause and "stack" not in clause.lower():  # the words every stack name has
        return found
    for pattern, subjects in vocabulary().stacks:
        match = pattern.search(clause)
        if match is None:
            continue
        words = clause.strip()
        found.extend(
            Mention(s, "", words, "low", offset=match.start()) for s in subjects if s not in named
        )
    return found


def memory_floors(clause: str, vendor: Vendor) -> list[Mention]:
    """Device memory floors, as ``<kind>_memory`` in GB (``memory``)."""
    found = []
    for memory in device_memory(clause):
        kind = memory.kind or device_kind_of(vendor)
        if kind:
            words = clause[memory.start : memory.end]
            spec = f">={memory.gigabytes}"
            found.append(Mention(f"{kind}_memory", spec, words, "medium", offset=memory.start))
    return found


def per_device(count: Mention, memory: list[Mention]) -> bool:
    """Whether a device count is the unit of a memory floor ("单NPU的片上内存为64GB"): its
    words start at most two characters before the memory's."""
    return any(m.offset - 2 <= count.offset <= m.offset + len(m.text) for m in memory)


def chips_in(text: str) -> list[str]:
    """Chip families named in ``text``, in order of first mention."""
    names: list[str] = []
    words = vocabulary()
    for match in words.chip.finditer(text):
        name = next(words.chips[i][0] for i in range(len(words.chips)) if match.group(f"c{i}"))
        if name not in names:
            names.append(name)
    return names


def chips_in_value(value: str) -> list[str]:
    """Chip families a build variable names (``SOC_VERSION=Ascend910B1``): a backend's vendor
    word before the chip is its prefix, not part of the name."""
    for backend in backends.registered():
        for word in backend.vocabulary.vendor_words:
            if value.lower().startswith(word.lower()):
                return chips_in(value[len(word) :])
    return chips_in(value)


def chips(clause: str, required: bool) -> list[Mention]:
    if not (required or _HARDWARE_WORDS.search(clause)):
        return []
    words = vocabulary()
    named = list(words.chip.finditer(clause))
    kept = [m for m, no in zip(named, refused(clause, [m.span() for m in named])) if not no]
    found: list[str] = []
    for m in kept:  # "Atlas A2、A3": the later shorthands share the first one's prefix
        found.append(next(words.chips[i][0] for i in range(len(words.chips)) if m[f"c{i}"]))
        found.extend(n for listed in listed_after(clause, m.end()) for n in chips_in(listed))
    names = list(dict.fromkeys(found))
    if not names:
        return []
    offset = kept[0].start()
    agent = _AGENT.search(clause, max(0, offset - 60), offset) is not None
    return [
        Mention("chip", ",".join(names), clause.strip(), "medium", hard=not agent, offset=offset)
    ]


_AGENT = lazyre.compile(
    r"\bsupported\s{1,4}by\s{1,4}(?:the\s{1,4})?(?:[\w-]{1,20}\s{1,4}){0,2}$", re.IGNORECASE
)
"""A chip that is the agent of a passive "supported by" ("For a list of models supported by
Ascend 910B, please refer to the [Ascend Model List]", PaddlePaddle/PaddleMIX@6afaf05d
README_EN.md:201, under "Multi-Hardware Usage"): the clause describes what runs on that chip,
one the repo supports among others, not one it needs."""


_FOR = lazyre.compile(r"(?<!(?i:only) )\b(?i:for)\s+(?:(?i:the)\s+)?(?:[A-Z][A-Za-z]+\s+)?$")
""""for (the) (<Vendor>) " before an architecture; a capitalised word may name the vendor."""
_STATED_VERSION = lazyre.compile(r"(?<!\d)\d+\.\d+")
"""A version stated before (only whether there is one). Read from the start of a run of digits:
from each of its digits, a search re-read the run to its end (quadratic on a long number)."""
_DISABLED = lazyre.compile(
    r"\b(?:disabl\w*|turn(?:s|ing)?\s+off)\s+(?:the\s+)?$|(?:关闭|禁用)\s*$", re.I
)
"""An architecture a switch turns off ("DISABLE_SM90_FEATURES: 0 or 1, disable SM90 features
for legacy methods", DeepEP README.md:364): no need of it."""


_ENABLED_ON = lazyre.compile(
    r"\b(?i:enabl\w*|turn(?:s|ing)?\s+on|activat\w*)\b[^.;:!?]{0,80}\b(?i:on|for)\s+(?i:the\s+)?"
    r"(?:[A-Z][\w-]{0,20}\s*(?:/|,|\band\b|\bor\b)?\s*){0,4}$"
)
"""An architecture a switch turns a feature on for ("Enable the Tensor Memory Accelerator (TMA)
on Hopper / Blackwell GPUs", fla-org/flash-linear-attention@bc3b101 ENVs.md:41 under
``FLA_USE_TMA``): what that feature runs on, no floor of the repo's."""


def _qualifies_a_version(clause: str, offset: int) -> bool:
    """Whether the architecture at ``offset`` says which devices a version stated before it
    applies to ("CUDA 12.3 and above for SM90 GPUs", DeepEP README.md:68): a condition on
    that version, not a need of its own ("only for SM90" still is one)."""
    before = clause[:offset]
    return (
        right_before(_FOR, clause, offset)
        and _STATED_VERSION.search(before) is not None
        and vocabulary().subject.search(before) is not None
    )


def _capability_value(match: re.Match[str]) -> str:
    """The device kind value a match of the backends' ``capability_mentions`` names."""
    said = {name.rstrip("0123456789"): v for name, v in match.groupdict().items() if v}
    return said["cc"] if "cc" in said else architecture_version(said["arch"])


def _order(value: str) -> tuple[int, ...]:
    """A device kind value's numbers, in the order of its parts (``8.9`` before ``10.0``)."""
    return tuple(int(part) for part in value.split("."))


_FLOOR_AFTER = lazyre.compile(
    r"\+|\s{0,3}(?:(?:or\s+(?:later|newer|above|higher)|and\s+(?:later|newer|above))\b|及?以上)",
    re.I,
)
_OPERATOR = lazyre.compile(r">=|≥|at\s+least|不低于|至少", re.I)


def stated_floors(text: str) -> list[Mention]:
    """The least capability ``text`` states as a floor in its own words, with no word of need
    or requirements heading around it (a comment): "cuCollections requires sm_60+"
    (pyg-team/pyg-lib@764e3a4 setup.py:89), "sm_80 or later", "compute capability >= 7.0".
    A bare architecture ("sm90a sources", "an sm_100a cubin will not load on sm_103") is none."""
    words = vocabulary()
    subject = capability_subject()
    if words.capability is None or subject is None:
        return []
    found = [
        (_capability_value(match), match.start())
        for match in words.capability.finditer(text)
        if _FLOOR_AFTER.match(text, match.end()) or _OPERATOR.search(match.group(0))
    ]
    if not found:
        return []
    lowest, offset = min(found, key=lambda item: _order(item[0]))
    return [Mention(subject, f">={lowest}", text.strip(), "medium", offset=offset)]


_OR_LOWER = lazyre.compile(r"\s+(?:or|and)\s+(?:lower|older|earlier|below)\b", re.I)
_REFUSED = lazyre.compile(r"\b(?:not|never|no\s+longer)\b|n['\u2019]t\b|不支持", re.I)


def _above_refused(clause: str, match: re.Match[str], value: str, generations: list[str]) -> str:
    """The least generation ``match`` leaves: "does not support Maxwell or lower" refuses
    Maxwell itself (5.x), so the floor is the next generation, Pascal's 6.0
    (AutoGPTQ/AutoGPTQ@9f7d370 README.md:59, its setup.py:114 "requires Pascal or higher")."""
    if _OR_LOWER.match(clause, match.end()) is None or not _REFUSED.search(
        clause, 0, match.start()
    ):
        return value
    newer = [g for g in generations if _order(g) > _order(value)]
    return newer[0] if newer else value


_generations = backends.per_registry(
    lambda _: sorted(set(vocabulary().architectures.values()), key=_order)
)
"""The device generations the vocabulary names, oldest first: sorted once, not for each of the
~4,500 clauses of the speed repos' docs read as about devices (40,000 ``_order`` calls)."""


def capabilities(clause: str, required: bool, vendor: Vendor = None) -> list[Mention]:
    """The least device kind the clause names: a capability or an architecture flag, and where
    the clause is about such devices (in a requirements section, with a device word, or in a
    text whose ``vendor`` names its devices by generation: "only Ampere and Hopper have been
    tested", OpenPPL/ppl.llm.kernel.cuda@255f3c8 README.md:15), a generation or a product."""
    values: list[str] = []
    offsets: list[int] = []
    featured: set[int] = set()
    words = vocabulary()
    for match in words.capability.finditer(clause) if words.capability else ():
        offsets.append(match.start())
        values.append(_capability_value(match))
    about_devices = required or vendor in words.capable_vendors
    if about_devices or (words.capability_markers and words.capability_markers.search(clause)):
        if words.architecture is not None:
            generations = _generations()
            for match in words.architecture.finditer(clause):
                offsets.append(match.start())
                if _FOR_A_FEATURE.match(clause, match.end()):
                    featured.add(match.start())
                value = words.architectures[" ".join(match.group(1).split())]
                values.append(_above_refused(clause, match, value, generations))
        if words.product is not None:
            for match in words.product.finditer(clause):
                offsets.append(match.start())
                values.append(words.products[match.group(1).lower()])
    kept = [
        (v, o)
        for v, o in zip(values, offsets)
        if not _qualifies_a_version(clause, o)
        and not right_before(_DISABLED, clause, o)
        and _ENABLED_ON.search(clause, max(0, o - 160), o) is None
    ]
    subject = capability_subject()
    if not kept or subject is None:
        return []
    values, offsets = [v for v, _ in kept], [o for _, o in kept]
    lowest = min(values, key=_order)
    hard = not featured.issuperset(offsets)
    return [Mention(subject, f">={lowest}", clause.strip(), "medium", hard, offset=min(offsets))]


_FOR_A_FEATURE = lazyre.compile(
    r"(?:\+|\s+(?:or|and)\s+(?:later|newer|above|higher))?\s+for\s+"
    r"(?!(?:example|instance|the\s+best|best|all|more|any)\b)[`\w]",
    re.I,
)
"""A generation said to be what a feature runs on ("NVIDIA GPU (Ampere or newer for `bf16`
and Flash Attention) or AMD GPU", axolotl-ai-cloud/axolotl@067b021c README.md:97): that
feature's floor, no hard floor of the repo's."""
