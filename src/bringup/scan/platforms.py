"""The CPU architectures and operating systems a needed clause states, as any-of lists.

Read by ``prose.read_line`` for clauses that say something is needed; each found is
``(subject, spec, words, offset)`` with the alternatives joined by commas.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.osnames import DISTRIBUTIONS, OS_NAMES, os_name

_PLATFORM_LABEL = lazyre.compile(
    r"\b(?:platforms?|architectures?|CPU\s+arch\w*)\b|平台|架构", re.I, guard=True
)
_ARCH_NAME = lazyre.compile(
    r"(?<![A-Za-z0-9_-])(x86[_-]64|x86|amd64|x64|aarch64|arm64|ppc64le|s390x)(?![A-Za-z0-9_-])",
    re.I,
)
_ARCH_SPELLINGS = {"x86": "x86_64", "x86-64": "x86_64", "amd64": "x86_64", "x64": "x86_64",
                   "arm64": "aarch64"}  # fmt: skip
"""CPU architectures named after a platform label ("Platform: aarch64/x86", "平台：aarch64/x86",
"supported architectures: x86_64, arm64"): a support list, any of which will do."""
_OS_LABEL = lazyre.compile(
    r"\b(?:OS|operating\s+systems?)\s*[:：]|操作系统\s*[:：]|(?<![\u4e00-\u9fff])系统\s*[:：]"
    r"|操作系统\s*为",
    re.I,
    guard=True,
)
_OS_NAME = lazyre.compile(
    rf"(?<![A-Za-z0-9_-])({OS_NAMES}|WSL2?)(?![A-Za-z_-])",
    re.I,
)
_WHEN_OS = lazyre.compile(r"当[^，,。]{0,40}时|如果|若|为例")
"""A label that opens a condition or an example ("当操作系统为Ubuntu时，安装命令如下", tensorflow
docs/zh/tfadapter_2/…/install_python_protobuf.md:31; "以操作系统为Ubuntu为例"), not a
support list."""
_PLATFORM = lazyre.compile(r"(?<![\w-])Linux[\s_-]+(x86[_-]64|aarch64|arm64)(?![\w-])", re.I)
"""The OSes a labelled line lists ("OS: Linux (official), WSL2 (limited support)",
TransformerEngine README.rst:158; "操作系统：openEuler、Ubuntu"): a support list, any of
which will do ("操作系统为 Ubuntu 22.04 或 openEuler 24.03", MultimodalSDK
docs/zh/03_installation_guide/installation_guide.md:5, labels it too; "OS支持ubuntu22.04、
openeuler24.03" does not: it is the Docker route's image, hicann/ops-nn
docs/zh/install/quick_install.md:17, no need of the host); and a platform named as an OS and a CPU
("1. Linux x86_64" under Prerequisites, TransformerEngine docs/installation.rst:14). "系统："
alone is the same label in a list of needs ("- 系统：CANN支持的Linux", hicann/catlass
README.md:110), not the tail of another word ("日志系统："); an OS name may touch Chinese words
("支持的Linux") or its release ("ubuntu22.04"), so its bounds are ASCII letters."""

_OS_ELSEWHERE = lazyre.compile(
    r"(?:支持的)?操作系统[^。；;，,]{0,12}?(?:请)?(?:参考|参见|详见)|"
    r"\bsupported\s+(?:operating\s+systems|OSe?s)\b[^.;]{0,40}?\b(?:see|refer\s+to)\b|"
    r"\b(?:operating\s+systems|OSe?s)\s+supported\b[^.;]{0,80}?\b(?:see|refer\s+to)\b",
    re.IGNORECASE,
)
"""The supported OSes kept in another document ("各硬件产品对应物理机部署场景支持的操作系统请参考
兼容性查询助手", MindSpeed docs/zh/user-guide/install_guide.md:24): an OS need whose list is
not here, unversioned. The reference is the OS's own clause:
"根据产品系列、CPU架构、操作系统等下载对应包，最后参考页面" (download the package for your OS,
then follow the page, hicann/ops-nn docs/zh/install/quick_install.md:134) refers past a comma
to something else."""

_LINUX_ONLY = lazyre.compile(
    r"仅支持\s*Linux|\bonly\s+supports?\s+Linux\b|\bLinux[\s-]only\b"
    r"|\bsupported\s+(?:only\s+)?on\s+(?:an?\s+)?Linux(?:\s+\w+)?\s+only\b",
    re.IGNORECASE,
)
"""Linux said to be the only OS ("NIXL is supported on a Linux environment only.", nixl
README.md:32; "当前仅支持 Linux 环境", mspti docs/zh/support/faq.md:29; "Mooncake 目前仅支持 Linux
操作系统", Mooncake docs/source/zh_archive/run-examples.md:6)."""
_DISTRO_FLOOR = lazyre.compile(
    rf"(?<![A-Za-z0-9])({DISTRIBUTIONS})\s?(>=|≥)?\s?"
    r"(\d+(?:\.\d+)+)(?:\s?LTS)?(?:(?<!\s)(\+)(?!\s*\w)|\s?(or\s+(?:higher|later|newer|above)\b"
    r"|and\s+(?:later|above|newer)\b|或更高|及以上|以上))?",
    re.IGNORECASE,
)
"""A distribution's release floor in a list of needs ("- Ubuntu >= 14.04", MinkowskiEngine
README.md:61; "- Ubuntu 14.04 or higher", its docs/quick_start.md:7; "Tested on Ubuntu 20.04
and later", mscclpp docs/quickstart.md:27): that OS, at that release or later. A release
with no floor ("Ubuntu 22.04") is another statement's (a tested list, an image); so is one
whose "+" joins the parts of a stack ("Ubuntu 20.04 + CUDA 11.8"): a floor's "+" touches the
release and ends it ("22.04+", "22.04 LTS+")."""

_ON_LINUX = lazyre.compile(
    r"\b(?:on|for|under)\s+(?:the\s+)?Linux\b(?!\s*[,，:：])|\bLinux\s+running\s+on\b"
    r"|在\s*Linux(?:\s*OS)?(?:\s*(?:环境|系统|服务器|主机))?\s*(?:上|中|下)"
    r"|\bLinux\s+(?:servers?|machines?|hosts?)\b|Linux\s*(?:服务器|主机)",
    re.IGNORECASE,
)
"""Linux named as where a needed thing is built, run or provided ("需要在Linux OS环境上进行编译",
tensorflow tf_adapter/README.md:19; "* Linux running on x86_64 or arm64 CPUs" under
Prerequisites, ppl.llm.kernel.cuda README.md:19; "packages ... for the Linux system",
torchsparse README.md:42; "Nightly wheels are provided for Linux", pyg-lib README.md:52), or
the machine needed a Linux one ("首先需要准备包含昇腾AI处理器NPU的Linux服务器",
mindspore-ai/acctransformer@1ed103dc README.md:26; "| **硬件算力** | Linux 服务器配备至少 1 张 NPU
卡 |", Ascend/msprobe@8ff00da3 docs/zh/quick_start/pytorch_quick_start.md:35). Not "on Linux:"
or "On Linux," opening one OS's branch of the steps, nor "On Linux you also need" opening the
clause (one OS's branch without its comma)."""
_WORD = lazyre.compile(r"\w")
_OTHER_OS = lazyre.compile(
    r"macOS|\bmac\s?OS\b|\bOS\s?X\b|\bWindows\b|\bWSL|FreeBSD|Darwin", re.IGNORECASE
)
_NEGATED = lazyre.compile(r"\bnot\b|n't\b|\bnever\b|不", re.IGNORECASE)
"""A clause naming Linux beside another OS ("Builds on Linux and macOS"), negated before it
("not supported on Linux ARM yet") or opening with it: Linux is not the one OS."""
_PROVIDED = lazyre.compile(
    r"\b(?:provided|available|packages?|wheels?|binar(?:y|ies)|pre-?built|released|distributed)\b",
    re.IGNORECASE,
)
"""What "for Linux" is said of when Linux is where a thing is provided ("Nightly wheels are
provided for Linux"), not "builds for Linux are tested in CI" or "For Linux users, see"."""
_ANY_OS_WORD = lazyre.compile(
    r"OS|operating|操作系统|linux|ubuntu|debian|centos|rhel|openeuler|fedora|rocky",
    re.IGNORECASE,
    guard=True,
)

Found = tuple[str, str, str, int]


def _arch(name: str) -> str:
    return _ARCH_SPELLINGS.get(name.lower(), name.lower())


_BETWEEN_ARCHS = lazyre.compile(r"\s*(?:,|/|&|\bor\b|\band\b|或|和|、)\s*", re.I)
_CPU_NOUN = lazyre.compile(r"\s+(?:CPUs?|processors?|machines|hosts)\b", re.I)
"""The noun a list of CPU architectures qualifies ("Linux running on x86_64 or arm64 CPUs",
OpenPPL/ppl.llm.kernel.cuda@255f3c82 README.md:19): the list is of the CPUs the clause needs,
as after a platform label."""


def _qualifying(clause: str) -> list[re.Match[str]]:
    """The CPU architectures of a run of them that qualifies a CPU noun (``_CPU_NOUN``)."""
    run: list[re.Match[str]] = []
    for name in _ARCH_NAME.finditer(clause):
        if run and not _BETWEEN_ARCHS.fullmatch(clause, run[-1].end(), name.start()):
            run = []
        run.append(name)
        if _CPU_NOUN.match(clause, name.end()):
            return run
    return []


def _architectures(clause: str) -> list[Found]:
    """The CPU architectures a platform clause lists, as one any-of."""
    label = _PLATFORM_LABEL.search(clause)
    if label is None:
        names = _qualifying(clause)
    else:
        names = [m for m in _ARCH_NAME.finditer(clause) if m.start() > label.start()]
    if not names:
        return []
    spec = ",".join(dict.fromkeys(_arch(m.group(1)) for m in names))
    return [("arch", spec, clause.strip(), names[0].start())]


def _systems(clause: str) -> list[Found]:
    """The OS alternatives (and a platform's CPU) a clause states."""
    if _ANY_OS_WORD.search(clause) is None:  # most clauses name no OS: one cheap search
        return []
    label = _os_label(clause)
    if label is not None:
        names = list(_OS_NAME.finditer(clause, label.end()))
        if names:
            spec = ",".join(dict.fromkeys(os_name(m.group(1)) for m in names))
            found = [("os", spec, clause.strip(), names[0].start()), *_release(clause, names)]
            # "Supported OS: Linux (AArch64/x86_64)" (triton-ascend docs/en/quick_start.md:16)
            cpus = list(_ARCH_NAME.finditer(clause, label.end()))
            if cpus:
                arch = ",".join(dict.fromkeys(_arch(m.group(1)) for m in cpus))
                found.append(("arch", arch, clause.strip(), cpus[0].start()))
            return found
    stated = _linux_only(clause) or _across_systems(clause)
    if stated:
        return stated
    elsewhere = _OS_ELSEWHERE.search(clause)
    if elsewhere is not None:
        return [("os", "", clause.strip(), elsewhere.start())]
    platform = _PLATFORM.search(clause)
    if platform is None:
        at = _on_linux(clause)
        return [("os", "linux", clause.strip(), at)] if at is not None else []
    words, at = platform.group(0), platform.start()
    return [("os", "linux", words, at), ("arch", _arch(platform.group(1)), words, at)]


_SUPPORT = lazyre.compile(r"\bsupport(?:s|ed)?\b|\bcompatible\b|支持|兼容", re.IGNORECASE)
"""Words saying the repo supports what the clause lists."""


_ONLY_LINUX = lazyre.compile(r"\bonly\s{1,4}(?:on\s{1,4})?Linux\b", re.IGNORECASE)
"""Linux as the only OS, in the order ``_LINUX_ONLY`` does not read ("Only Linux is
supported"): no support list."""


def _across_systems(clause: str) -> list[Found]:
    """The OSes a clause says the repo supports where it names Linux's peers too ("* Linux and
    Windows support", NVIDIA/AMGX@3188dce5 README.md:19; "Faiss is supported on x86-64 machines
    on Linux, OSX, and Windows.", facebookresearch/faiss@02dbb4e4 INSTALL.md:77): a support
    list, any of which will do. The readers of Linux alone leave such a clause, whose other OS
    says Linux is not the one; a negated clause ("macOS and Windows are not currently
    supported", ai-dynamo/nixl@8770b655 README.md:32) lists what is left out, and one that
    also says "Linux only" of a part ("NPU 功能当前仅支持 Linux") is left to that reader."""
    if _SUPPORT.search(clause) is None or _OTHER_OS.search(clause) is None:
        return []
    if _NEGATED.search(clause) or _LINUX_ONLY.search(clause) or _ONLY_LINUX.search(clause):
        return []
    # WSL is Linux run on Windows ("原生Linux or WSL shell", hicann/ge@ffdcbc9f
    # scripts/readme.md:21): no peer of Linux's, and a Windows beside it is WSL's host ("Only
    # Linux is supported, Windows users can run it under WSL2"), no peer either
    names = list(_OS_NAME.finditer(clause))
    if any(m.group(1).upper().startswith("WSL") for m in names):
        return []
    named = list(dict.fromkeys(os_name(m.group(1)) for m in names))
    if len(named) < 2 or not {"windows", "macos"} & set(named):
        return []
    return [("os", ",".join(named), clause.strip(), names[0].start())]


def _linux_only(clause: str) -> list[Found]:
    """Linux as the only OS, or one distribution from a release on (``_DISTRO_FLOOR``)."""
    only = _LINUX_ONLY.search(clause)
    if only is not None:
        if _said_of_linux(clause, only.start()):
            return [("os", "linux", clause.strip(), only.start())]
        return []
    floor = _DISTRO_FLOOR.search(clause)
    if floor is None or not (floor.group(2) or floor.group(4) or floor.group(5)):
        return []
    words, at = clause.strip(), floor.start()
    return [
        ("os", floor.group(1).lower(), words, at),
        ("os_version", ">=" + floor.group(3), words, at),
    ]


def _said_of_linux(clause: str, at: int) -> bool:
    """Whether "Linux only" at ``at`` is said of the repo: not negated before it ("不仅支持Linux",
    "not Linux-only"), no other OS named before it in its clause ("支持Windows、macOS，NPU 功能当前
    仅支持 Linux"), not a feature's note in brackets ("requires the nvidia-fs driver (Linux
    only)"). An OS named after it is what is left out ("MatX support is currently limited to
    **Linux only** due to the time to test Windows", NVIDIA/MatX@4d58c1a8 README.md:51)."""
    if _OTHER_OS.search(clause, 0, at) or _NEGATED.search(clause, 0, at):
        return False
    return not clause[:at].rstrip().endswith(("(", "（"))


_TRIED_ON = lazyre.compile(r"\b(?:tested|verified|validated)\s{1,3}(?:on|under)\b", re.I)
"""Where the repo was tried, said before the OSes ("It is tested on Ubuntu (22.04/24.04) and
Fedora.", ai-dynamo/nixl@8770b655 README.md:32): a label of the OSes known to work."""


def _os_label(clause: str) -> re.Match[str] | None:
    """The clause's OS label; one without a colon ("操作系统为") only before a list of two
    OSes or more, outside a condition; "tested on" also before one OS and its release."""
    label = _OS_LABEL.search(clause)
    if label is not None and (":" in label.group(0) or "：" in label.group(0)):
        return label
    tried_on = _TRIED_ON.search(clause) if label is None else None
    label = label or tried_on
    if label is None:
        return None
    names = list(_OS_NAME.finditer(clause, label.end()))
    if tried_on is not None and any(_releases(clause, m) for m in names):
        return label
    named = {os_name(m.group(1)) for m in names}
    return None if len(named) < 2 or _WHEN_OS.search(clause) else label


_TRIED = lazyre.compile(r"\b(?:tested|verified|validated)\b|测试|验证", re.IGNORECASE, guard=True)


def os_sentence(clause: str) -> re.Match[str] | None:
    """An OS label written as words ("操作系统为", "OS支持"), not "OS:"."""
    label = _os_label(clause)
    return None if label is None or ":" in label.group(0) or "：" in label.group(0) else label


def tried(subject: str, clause: str) -> bool:
    """Whether the clause names an OS or its release as where the repo was tried ("Tested on
    Ubuntu 20.04 and later", mscclpp docs/quickstart.md:27): known to work, a soft need; and
    a release of one of several OSes named ("操作系统：Ubuntu 22.04，或其它 CANN 官方支持的 Linux
    发行版", Ascend/fbgemm-ascend@efdbe918 README.md:80): the others need none."""
    if subject not in ("os", "os_version"):
        return False
    if _TRIED.search(clause) is not None:
        return True
    named = {os_name(m.group(1)) for m in _OS_NAME.finditer(clause)}
    return subject == "os_version" and len(named) > 1


def os_labelled(clause: str) -> bool:
    """Whether the clause labels the OS it lists ("建议 Python 版本为 3.10 或 3.11，操作系统为
    Ubuntu 22.04 / openEuler 24.03", MultimodalSDK docs/zh/05_api/README.md:7): a support
    list, whatever words of need it holds."""
    return _ANY_OS_WORD.search(clause) is not None and _os_label(clause) is not None


def _on_linux(clause: str) -> int | None:
    """Where the clause names Linux as the one OS a thing is built, run or provided on."""
    linux = _ON_LINUX.search(clause)
    if linux is None or _OTHER_OS.search(clause) or _NEGATED.search(clause, 0, linux.start()):
        return None
    word = linux.group(0).split(None, 1)[0].lower()
    if word in ("on", "for", "under") and not _WORD.search(clause, 0, linux.start()):
        return None
    if word == "for" and not _PROVIDED.search(clause):
        return None
    return linux.start()


_RELEASE = lazyre.compile(
    r"\s{0,3}[(（]?\s{0,3}(\d+(?:\.\d+)*)(?:\s*LTS)?(?:(?<!\s)(\+)(?!\s*\w)"
    r"|\s*((?:or|and)\s+(?:later|newer|above)\b|或更高|及以上|以上))?",
    re.IGNORECASE,
)
_NEXT_RELEASE = lazyre.compile(
    r"\s{0,3}(?:/|,|、|&|\band\b|\bor\b|和|或)\s{0,3}(\d+\.\d+(?:\.\d+)?)(?:\s{0,3}LTS)?"
    r"(?![\d.]{0,20}\+)",
    re.I,
)
"""Another release of the same OS after the first ("Ubuntu 20.04/22.04", "Ubuntu (22.04/24.04)",
"Ubuntu 20.04 and 22.04"): a dotted number, so "Ubuntu 22.04 and 2 GPUs" lists one."""


def _releases(clause: str, name: re.Match[str]) -> list[tuple[str, bool]]:
    """``(release, floor)`` of each release right after an OS ``name``: the first a floor when a
    "+" ends it or "and later" follows; the rest of a run of them alternatives. Linux's own
    number is its kernel's release ("OS | Linux `6.6.87.1-microsoft-standard-WSL2`",
    bigorange1024/ascendc@541ca73:docs/engineering/环境复现与开发指南.md:33), not a release
    of the OS a machine's os-release names: none."""
    if os_name(name.group(1)) == "linux":
        return []
    release = _RELEASE.match(clause, name.end())
    if release is None:
        return []
    found = [(release.group(1), bool(release.group(2) or release.group(3)))]
    at = release.end()
    while not found[0][1] and len(found) < 8:
        more = _NEXT_RELEASE.match(clause, at)
        if more is None:
            break
        found.append((more.group(1), False))
        at = more.end()
    return found


def _release(clause: str, names: list[re.Match[str]]) -> list[Found]:
    """The releases the OS of a list names ("OS: Ubuntu 22.04 LTS+", Mooncake docs/source/
    getting_started/build.md:8; "tested on Ubuntu (22.04/24.04) and Fedora", nixl README.md:32):
    ``os_version``, a floor when a "+" ends it or it says "and later" (not "Ubuntu 20.04 + CUDA
    11.8", a stack), any of a run of them; none when releases of several OSes are named (a
    release number alone cannot tell whose it is)."""
    runs: dict[str, list[tuple[str, bool]]] = {}
    first: dict[str, int] = {}
    for name in names:
        first.setdefault(os_name(name.group(1)), name.start())
        runs.setdefault(os_name(name.group(1)), []).extend(_releases(clause, name))
    released = [key for key, run in runs.items() if run]
    if len(released) != 1:
        return []
    run = runs[released[0]]
    spec = " || ".join(dict.fromkeys((">=" if floor else "==") + r for r, floor in run))
    return [("os_version", spec, clause.strip(), first[released[0]])]


def arch_names(text: str) -> list[str]:
    """The CPU architectures ``text`` names, in our spelling ("x86&aarch64")."""
    return list(dict.fromkeys(_arch(m.group(1)) for m in _ARCH_NAME.finditer(text)))


def platforms(clause: str) -> list[Found]:
    """Every architecture and OS list a needed clause states; a list of architectures says
    more than the one a platform beside Linux names ("The supported architectures are Linux
    x86_64, ppc64le, and arm64", gdrcopy README.md:81)."""
    archs = _architectures(clause)
    systems = _systems(clause)
    if archs:
        systems = [found for found in systems if found[0] != "arch"]
    return archs + systems


_LEADING_ARCH = lazyre.compile(
    r"^\W*(x86[_-]64|x86|amd64|x64|aarch64|arm64)(?![A-Za-z0-9_-])", re.I
)
"""An item's leading architecture, Chinese glued to it ("x86_64镜像：基于`ubuntu:22.04`",
AscendNPU-IR docs/source/zh_cn/introduction/quick_start/installing_guide.md:178)."""


class ArchList:
    """A list whose items each begin with a CPU architecture, under a sentence about
    architectures ("The msit installation package is available in two CPU architectures."
    then "* x86_64: … download this package", "* AArch64: …", msit
    docs/en/msit_install_guide.md:21-24): one any-of, cited at its first item. Fed one
    paragraph or list item at a time, in order; ``close`` at a heading or the end."""

    def __init__(self) -> None:
        self.open = False
        self.items: list[tuple[int, str]] = []

    def paragraph(self, text: str, line: int, item: bool) -> list[tuple[int, str]]:
        """``(line, spec)`` of a list this paragraph ends; ``item``: it is a list item."""
        lead = _LEADING_ARCH.match(text)
        if self.open and item and lead is not None:
            self.items.append((line, _arch(lead.group(1))))
            return []
        done = self.close()
        self.open = bool(_PLATFORM_LABEL.search(text)) and not _ARCH_NAME.search(text)
        return done

    def close(self) -> list[tuple[int, str]]:
        items, self.items, self.open = self.items, [], False
        if len(items) < 2:
            return []
        return [(items[0][0], ",".join(dict.fromkeys(arch for _, arch in items)))]
