"""A clause's needs: the words that say something is needed or not, and each subject named
with the version its words give."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Confidence
from bringup.scan.cannotrun import IN_CLAUSE, fails_itself, fails_without
from bringup.scan.mention import Mention, right_before
from bringup.scan.migration import migrated_from
from bringup.scan.phrases import RANGE_JOIN, VERSION, read_phrase
from bringup.scan.prose_hedges import NEGATED_BEFORE, recommended
from bringup.scan.prose_vocabulary import Vendor, driver_of, subject_of, unversioned_subjects
from bringup.scan.refusedreleases import broken_before, refused_after
from bringup.scan.toolneeds import TOOLS, version_named
from bringup.subjects import frameworks

NEED = lazyre.compile(
    r"\b(?:install|installed|installing|require|requires|required|requirements?|need|needs|"
    r"needed|prerequisites?|depends?|dependency|dependencies|make\s+sure|ensure|must|only|"
    r"supports?|supported|last\s+tested|tested\s+(?:configuration|environment|setup))\b|"
    r"安装|需要|依赖|确保|请先|前提|要求|必须|仅|只",
    re.IGNORECASE,
    guard=True,
)

_NOT_NEEDED = (
    r"无需|无须|不需要|不必|不用|不依赖|\bno\s+need\s+(?:for|of|to\s+\w+)|"
    r"\b(?:not\s+(?:need|require)|needn['’]?t)\b"
)
NO_NEED = lazyre.compile(f"(?:{_NOT_NEEDED}){IN_CLAUSE}", re.IGNORECASE)
"""Words that say what follows is not needed, right before it (``right_before``): "仅需挂载源码，
无需 NPU 驱动透传" (op-plugin docker/devel/README.md:120), "no need for the driver", "does not
require network access". The words reach no further than the clause: a contrast ("does not
require a GPU but requires network access") starts another."""
_NO_NEED = lazyre.compile(f"(?:{_NOT_NEEDED}|\\bwithout){IN_CLAUSE}", re.IGNORECASE)
"""``NO_NEED`` and "without" before a subject: no unversioned need of it. Not for the network
(``netprose``): "a machine without internet access" is the case the guide's offline steps
are for, the build itself fetches (NVIDIA/MatX README.md:57)."""


_CONDITION = lazyre.compile(r"\b(?:if|when|whenever)\b|如果|假如|若", re.IGNORECASE, guard=True)
_FAILURE = lazyre.compile(
    r"\b(?:errors?|fails?|failed|failure|crash(?:es)?|cannot|unable)\b|报错|失败|错误|无法",
    re.IGNORECASE,
    guard=True,
)
"""A clause that says what goes wrong under a version condition ("If the GCC version is
earlier than 9.4.0, ... error ... may be reported") states the opposite as the requirement."""
_READER_HAS = lazyre.compile(
    r"\b(?:if|when)\s+you(?:\s+already)?\s+have\b|\bif\s+your\s+(?:current\s+)?\w+"
    r"(?:\s+version)?\s+is\b|\b(?:if|when)\s+you(?:['’]re|\s+are)\s+(?:running|using|on)\b|"
    r"如果您?已(?:经)?(?:安装|有)",
    re.IGNORECASE,
    guard=True,
)
"""A condition on what the reader already has installed ("If you have a PyTorch version lower
than 2.5.1 in your current environment", facebookresearch/sam2@2b90b9f README.md:48; "If you
already have PyTorch 2.8.x installed, the CPU-index step can be skipped", torcharena
README.md; "if you are running CUDA 12, your index url would be ...", pytorch/torchtune@bd2a0fc
docs/source/install.rst:91): a version after it is the reader's state, no need (unless the
clause says what fails then: ``_FAILURE`` reads that as the need's opposite)."""
_OLDER_THAN_BEFORE = lazyre.compile(
    r"(?:earlier|older|lower|prior)\s+(?:than|to)\s*$|\bbefore\s*$|早于\s*$|低于\s*$",
    re.IGNORECASE,
)
"""A subject right after "versions earlier than" ("features of versions earlier than GCC 9")
is talked about, not required."""
_INVERTED = {"<": ">=", ">=": "<"}
_DROPPED_BEFORE = lazyre.compile(
    r"\b(?:drop(?:s|ped|ping)?|remov(?:e|es|ed|ing)|deprecat(?:e|es|ed|ing))\s+"
    r"(?:(?:the\s+)?support\s+(?:for\s+|of\s+)?)?$",
    re.IGNORECASE,
)
"""A release a change drops ("drop python 3.6 support", traveller59/spconv@263d6b4 README.md:86;
"Dropped support for CUDA 11.x"): talked about, no longer supported, not required."""
_RETIRED_BEFORE = lazyre.compile(
    r"(?:曾经?|以前|之前)(?:安装|使用)过?\s*$|\b(?:previously|formerly)\s+(?:installed|used)\s*$",
    re.IGNORECASE,
)
_RETIRED_AFTER = lazyre.compile(
    r"[\W_]{0,6}(?:(?:并|但)?(?:已经?|现已)(?:被)?(?:卸载|移除|废弃|弃用|不再(?:支持|使用))|"
    r"(?:which\s+)?(?:was|were|has\s+been|have\s+been|is|are)\s+(?:now\s+)?"
    r"(?:uninstalled|removed|retired|deprecated|no\s+longer\s+(?:used|supported)))",
    re.IGNORECASE,
)
"""A release the guide says was installed once and taken away ("本环境曾安装 CANN **8.2.RC1**，
已卸载并升级至 **9.0.0**", bigorange1024/ascendc@541ca73 README.md:299; "CUDA 11.7 was
removed"): the history of the machine, no release the repo asks for. Read from where the release
ends."""
_RELEASE_WORD = lazyre.compile(r"[\s*_`]*v?\d[\w.+-]*")
"""The release written right after a subject (``**8.2.RC1**``), skipped to read what follows."""
_FLOOR_BEFORE = lazyre.compile(
    r"\b(?:at\s+least|(?:a\s+)?minimum(?:\s+of)?)\s+(?:the\s+)?$|(?:至少|最低|不低于)\s*$",
    re.IGNORECASE,
)
"""A floor said before the subject: "You need at least CUDA 11.0 to build" (traveller59/spconv
@263d6b4 README.md:121), "requires at least Python 3.8": the release named after it is the
least one, not the only one."""
_RELEASE = lazyre.compile(r"^==(?P<v>\d[\w.]*?)(?:\.\*)?$")


_OTHERS_FAULT = lazyre.compile(
    r"\b(?:installed|pulled\s+in|brought\s+in)\s+by\b|\b(?:uninstall|remove)\b",
    re.IGNORECASE,
)
"""Words saying that what is incompatible is a package something else installed or the reader
is told to remove: "uninstall the package `dataclasses` ..., since it may have been installed
by PyTorch and is incompatible with Python 3.7+" (explosion/thinc@20eec355 README.md:56-58,
outsider29 D9: was ``python <3.7``)."""


def retired(clause: str, match: re.Match[str]) -> bool:
    """Whether the subject ``match`` found is said to be one the machine had and no longer has
    (``_RETIRED_AFTER``): neither its release nor the subject itself is a need."""
    if right_before(_RETIRED_BEFORE, clause, match.start()):
        return True
    release = _RELEASE_WORD.match(clause, match.end())
    return release is not None and _RETIRED_AFTER.match(clause, release.end()) is not None


def versioned(
    clause: str, matches: list[re.Match[str]], needed: bool, vendor: Vendor
) -> list[Mention]:
    """The subjects ``matches`` found in ``clause``, each with the version its words give (or
    an unversioned need where the clause says it is needed)."""
    found: list[Mention] = []
    if not matches:
        return found
    seen_unversioned: set[str] = set()
    # A subject is negated when a negation ends before it; the first one found ends first
    # (none lies inside another), so one search serves every subject of the clause.
    negation = NEGATED_BEFORE.search(clause)
    negation_end = negation.end() if negation is not None else len(clause) + 1
    # an incompatibility of a package another one brought in, or one the reader is told to
    # remove, is that package's, not a bound of the repo's own
    others = negation is not None and _OTHERS_FAULT.search(clause, 0, negation.start())
    # Likewise a condition ("if", "when") before a subject, in a clause that says something
    # fails, makes its version the failing one; found once per clause, not once per subject.
    failing = _FAILURE.search(clause) is not None
    condition = _CONDITION.search(clause) if failing else None
    condition_end = condition.end() if condition is not None else len(clause) + 1
    # what the reader has now ("If you have a PyTorch version lower than 2.5.1 ..., the
    # installation command above will try to upgrade it") is their state, not a need
    having = None if failing else _READER_HAS.search(clause)
    having_end = having.end() if having is not None else len(clause) + 1
    for match, window in _windows(clause, matches):
        subject = subject_of(match)
        if (
            migrated_from(clause, match.start(), match.end())
            or retired(clause, match)
            or (others and negation_end <= match.start())
        ):
            continue
        if subject == "driver":
            if right_before(_OTHER_DRIVER, clause, match.start()):
                continue
            driver = driver_of(vendor)
            if driver is None:
                continue
            subject = driver
        negated = negation_end <= match.start() or broken_before(clause, match.start())
        phrase = read_phrase(window, subject)
        if phrase is not None and not negated:
            if refused_after(clause, match.end() + phrase.length):
                phrase = read_phrase(window, subject, negated=True)
        elif phrase is not None:
            phrase = read_phrase(window, subject, negated=True)
        if phrase is not None and not (phrase.explicit or needed):
            continue
        if phrase is not None and (
            right_before(_OLDER_THAN_BEFORE, clause, match.start())
            or right_before(_DROPPED_BEFORE, clause, match.start())
        ):
            continue
        if phrase is not None and right_before(_FLOOR_BEFORE, clause, match.start()):
            release = _RELEASE.match(phrase.spec)
            phrase = phrase._replace(spec=">=" + release.group("v")) if release else phrase
        if phrase is not None and having_end <= match.start():
            continue
        if phrase is not None and condition_end <= match.start() and _single_bound(phrase.spec):
            operator = "<" if phrase.spec.startswith("<") else ">="
            phrase = phrase._replace(spec=_INVERTED[operator] + phrase.spec[len(operator) :])
        if phrase is not None:
            words = (match.group(0) + window[: phrase.length]).strip()
            confidence: Confidence = "high" if phrase.explicit else "medium"
            hard = not recommended(window, phrase.length)
            found.append(
                Mention(subject, phrase.spec, words, confidence, hard, offset=match.start())
            )
        elif (
            needed
            and (
                subject in unversioned_subjects()
                or (
                    _installed_by_name(subject, clause)
                    and right_before(_INSTALLING, clause, match.start())
                )
                or version_named(subject, clause, match)
            )
            and subject not in seen_unversioned
            and not _described(clause, match.start())
            and (
                fails_without(clause, match.start(), match.end())
                or (
                    not right_before(_NO_NEED, clause, match.start())
                    and not fails_itself(clause, match.end())
                )
            )
            and not right_before(_BOTH, clause, match.start())
        ):
            seen_unversioned.add(subject)
            found.append(Mention(subject, "", clause.strip(), "low", offset=match.start()))
    return found


_BOTH = lazyre.compile(
    r"(?:(?:同时|都|均|既)\s*支持|\bsupports?\s+both|\b(?:works?|runs?)\s+on\s+both)"
    r"(?:\s*[\w.+-]+\s*(?:,|\band\b|\bor\b|和|与|、|及)\s*)*\s*$",
    re.IGNORECASE,
)
"""Backends a sentence says the code supports side by side ("需要同时支持 NPU 和 CUDA，不能简单
替换", zhonganbi102-netizen/nano-chat-NPU@fe64c6dd README.md:293; "supports both CUDA and
ROCm"): each is one way to run, neither a need."""


_OTHER_DRIVER = lazyre.compile(
    r"(?:\bEFA|\bRDMA|\bNIC|\bnetwork|\bMellanox|\bOFED|\bInfiniBand|\bIB|\bNVMe|\bstorage|"
    r"\bODBC|\bJDBC|\bdatabase|\bUSB|\bfabric|网卡|网络|存储)\s*$",
    re.IGNORECASE,
)
"""A driver of another device than the accelerator ("the AWS EFA driver", Mooncake
docs/source/getting_started/quick-start.md:42; "RDMA driver and SDK"): not the backend's."""


_DESCRIBED = lazyre.compile(
    r"\bsupported\s{1,4}(?:(?!(?:on|with|for|in|under)\b)[\w-]{1,30}\s{1,4}){0,3}$"
    r"|\bsupported\s{1,4}by\b(?:(?!\b(?:on|with|for|in|under)\b)[^.;]){0,60}$",
    re.IGNORECASE,
)
"""A subject after "supported" used as a modifier, before it and its modifiers ("the newer
supported CUDA drivers", rapidsai/cuvs@ff0c8076 README.md:83) or a passive's agent ("as
supported by deep learning engines, CUDA implementations", mindspore-lab/mindrl@7f55a67f
README.md:451): a description of what exists, no need. Not where the code runs ("supported on
CUDA devices", "supported with CUDA"): a need."""


def _described(clause: str, start: int) -> bool:
    """Whether the clause's only word of need is a "supported" before the subject at ``start``
    that describes it (``_DESCRIBED``), so it states no unversioned need."""
    words = [m.group(0).lower() for m in NEED.finditer(clause)]
    return {*words} == {"supported"} and _DESCRIBED.search(
        clause, max(0, start - 80), start
    ) is not None


def _installed_by_name(subject: str, clause: str) -> bool:
    """A build tool named right after "install" ("We recommend installing [`Ninja`](…)", apex
    README.md:26), or a framework the repo builds on named by an install step, a clause that
    opens with the word ("1. 安装MindSpore https://www.mindspore.cn/install/", MindSpeed-Core-MS
    README.md:7): not a framework a sentence mentions installing on the way ("try installing
    torch before installing torch_npu", a troubleshooting note)."""
    return subject in TOOLS or (subject in frameworks() and bool(_INSTALL_STEP.match(clause)))


_INSTALL_STEP = lazyre.compile(
    r"^\W*(?:\d+[.)、]\s*)?(?:please\s+|then\s+|请先?|先|再|(?:之后|然后|接着|随后|首先)?(?:需要|要)?)"
    r"(?:install\b|安装)",
    re.IGNORECASE,
)
"""... or after a word of sequence and need ("2. 之后需要安装pytorch与torch_npu",
KaihuaTang/LLM-TP-Inference-on-910B@e1c3284 README.md:16, outsider8 #8)."""
_INSTALLING = lazyre.compile(
    r"(?:\binstall(?:ing|ed)?|\bneeds?|\brequires?|安装|需要)"
    r"(?:\s*[\[`(（]*[\w.+-]+[\]`)）]*\s*(?:,|\band\b|\bor\b|和|与|、|及)\s*)*"
    r"\s*(?:the\s+)?[\[`(（]*\s*$",
    re.IGNORECASE,
)
"""A build tool named right after "install" or "need", without a version ("We recommend
installing [`Ninja`](…) to make compilation faster", apex README.md:26): needed (or
recommended), its version unstated. A tool named elsewhere ("a CMake-based build") is not."""
_OPEN_RANGE = lazyre.compile(rf"\W*{VERSION}\s*{RANGE_JOIN}\s*$", re.IGNORECASE)
"""A window that ends inside a range whose upper end names the subject again ("Python 3.9 to
Python 3.11", "<Toolkit> 8.0 ~ <Toolkit> 8.2")."""


def _windows(clause: str, matches: list[re.Match[str]]) -> list[tuple[re.Match[str], str]]:
    """Each subject match with the text up to the next one; a range split by the subject's
    name repeated at its upper end is one window, the repeated name left out."""
    windows: list[tuple[re.Match[str], str]] = []
    index = 0
    while index < len(matches):
        match = matches[index]
        end = matches[index + 1].start() if index + 1 < len(matches) else len(clause)
        window = clause[match.end() : end]
        following = matches[index + 1] if index + 1 < len(matches) else None
        if (
            following is not None
            and subject_of(following) == subject_of(match)
            and _OPEN_RANGE.match(window)
        ):
            index += 1
            end = matches[index + 1].start() if index + 1 < len(matches) else len(clause)
            window += clause[following.end() : end]
        windows.append((match, window))
        index += 1
    return windows


def skipping(mention: Mention, clause: str) -> Mention:
    """A clause that reports a skip or a fallback states what an optional part needs, softly.
    Said as the reason it is left out ("Skipping unit tests ...: torch version < 2.8") the
    bound is the skipping condition, so the part needs the opposite; said in need words
    ("Skipping X: requires torch >= 2.8"), or already turned by a failure condition, as is."""
    spec = mention.spec
    turned = _FAILURE.search(clause) and _CONDITION.search(clause, 0, mention.offset)
    if _single_bound(spec) and not NEED.search(clause) and not turned:
        operator = "<" if spec.startswith("<") else ">="
        spec = _INVERTED[operator] + spec[len(operator) :]
    return mention._replace(spec=spec, hard=False)


def _single_bound(spec: str) -> bool:
    """Whether ``spec`` is one ``<V`` or ``>=V``: the kind a failure condition inverts."""
    return re.fullmatch(r"(?:<|>=)[^<>=!,|]+", spec) is not None
