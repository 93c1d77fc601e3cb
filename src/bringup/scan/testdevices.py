"""The devices a test or script file states apart from the device words of its code: the
pytest marks that name the platform a test is for, the device a MindSpore program targets,
and the processes a launcher it starts runs on, one device each.

mindspore-lab/mindrlhf@3c9ec063 tests/st/test_baichuan2.py:25-37 is marked
``@pytest.mark.platform_arm_ascend910b_training`` and runs ``msrun --worker_num={device_nums}``
through a helper called ``self.setup_cmd(scripts_cmd, 8)`` (line 56); scripts/
test_actor_inference.py:58,91 sets ``device_target = 'Ascend'``: both were "run here now" on a
host with no NPU and on one with a single 910B3 (outsider9 #4)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.model import Step, StepNeeds, file_source
from bringup.nearwords import finditer_near
from bringup.scan.devices import chips_in
from bringup.scan.devicewords import target_kind

_MARK = lazyre.compile(r"@pytest\.mark\.(\w{1,100})")
_TARGET = lazyre.compile(
    r"\bdevice_target['\"]?\s*[=:]\s*['\"](\w{1,20})['\"]|\bset_device\(\s*['\"](\w{1,20})['\"]"
)
"""The device a MindSpore program runs on: ``context.set_context(device_target="Ascend")``,
a setting ``device_target = 'Ascend'`` passed to it, ``ms.set_device("Ascend")``
(https://www.mindspore.cn/docs/en/master/api_python/mindspore/mindspore.set_device.html)."""
_LAUNCH = lazyre.compile(
    r"(?:--(?P<option>nproc[-_]per[-_]node|local[-_]worker[-_]num|worker[-_]num|num[-_]processes)"
    r"|\bmpirun\b[^\n]{0,200}?\s-(?:np|n))"
    r"""['"]?\s*(?:,\s*|=|\s+)['"]?(?:(?P<count>\d{1,4})\b|\{(?P<name>\w{1,60})\})"""
)
"""A launcher's count of processes per node, one per device: ``torchrun --nproc_per_node=8``,
msrun's ``--local_worker_num``/``--worker_num``, ``mpirun -np 8``, accelerate's
``"--num-processes", "2"`` as a list's items; the count written, or a format field
(``{device_nums}``) a helper fills in."""
_LAUNCH_WORDS = ("nproc", "worker", "processes", "mpirun", "parallel", "world")
"""What every match of ``_LAUNCH`` or ``_SHARDED`` holds."""
_SHARDED = lazyre.compile(
    r"(?:\b(?:tensor|pipeline|data|expert|context)[-_]parallel[-_]size|\bworld[-_]size|\bnprocs)"
    r"""['"]?\s*(?:[=:]|\s)\s*(\d{1,4})\b"""
)
"""A model sharded over devices, one each: vLLM's ``tensor_parallel_size=4`` (vllm-ascend@5e39074
tests/e2e/pull_request/four_card/_310p/test_dense_model_310p.py:43), a config's
``"tensor_parallel_size": 4``, ``--tensor-parallel-size 4``, ``world_size=2``,
``mp.spawn(fn, nprocs=2)``. Not with ``gloo``: its processes share the CPU; not where asserted."""
_LAUNCH_STARTS = ("--nproc", "--local", "--worker", "--num", "mpirun")
"""What every ``_LAUNCH`` match starts with (``nearwords``: its branches were tried at every
character of a test file)."""
_SHARDED_WORDS, _SHARDED_REACH = ("parallel", "world", "nprocs"), len("pipeline_")
"""What every ``_SHARDED`` match holds, at most ``_SHARDED_REACH`` characters after its start."""
_GLOO = lazyre.compile(r"""['"]gloo['"]""")
_STAND_IN = lazyre.compile(
    r"(?:\b(?:SimpleNamespace|Namespace|namedtuple|\w{0,40}Mock)|\w{1,80}Config)\s*$"
)
"""A call whose keywords make an object, not a run: a stand-in (``SimpleNamespace(
pipeline_parallel_size=2)``, vllm-ascend@5e39074 tests/ut/patch/platform/test_patch_pp_mtp.py:24-29,
``MagicMock(...)``) or a configuration object (``ParallelConfig(tensor_parallel_size=2)``) a
unit test checks; a runner takes the devices (``VllmRunner(model, tensor_parallel_size=4)``)."""
_LOOK_BACK = 1500
"""How far back the call a keyword is passed to is looked for (a call spans some lines)."""
_FOLDER_COUNT = lazyre.compile(
    r"(?:^|[_-])(?:(?P<count>\d{1,2}|one|single|two|dual|four|eight|sixteen)[_-]?"
    r"|(?P<multi>multi)[_-]?)(?P<unit>cards?|npus?|gpus?|devices?|chips?|nodes?|ranks?)(?:$|[_-])",
    re.IGNORECASE,
)
"""A folder named for the devices its tests take: ``four_card``, ``two_card``, ``2card``,
``8gpus``, ``multicard_ops_a2``, ``multi_node`` (vllm-ascend@5e39074 tests/e2e/pull_request/
four_card, tests/e2e/nightly/multi_node; outsider11 #1); ``single_node`` says no count."""
_WORDS = {"one": 1, "single": 1, "two": 2, "dual": 2, "four": 4, "eight": 8, "sixteen": 16}
_DEF = lazyre.compile(r"\bdef\s+(\w{1,80})\s*\(([^)]{0,400})\)")


def stated_devices(text: str) -> Optional[StepNeeds]:
    """The devices ``text`` states it runs on (its marks, its MindSpore target, its
    launcher's count), None when it states none or names the CPU among them."""
    kinds: set[str] = set()
    chips: list[str] = []
    for mark in _MARK.finditer(text):
        words = mark.group(1).lower().split("_")
        named = {target_kind(word) for word in words} - {None}
        kinds.update(kind for kind in named if kind is not None)
        if named:
            chips.extend(chips_in(" ".join(words)))
    for target in _targets(text):
        kind = target_kind(target.group(1) or target.group(2))
        if kind is not None:
            kinds.add(kind)
    count = _launched(text)
    if "cpu" in kinds or (not kinds and count < 2):
        return None
    kind = kinds.pop() if len(kinds) == 1 else None
    return StepNeeds(devices=max(count, 1), device_kind=kind, chips=tuple(dict.fromkeys(chips)))


def _targets(text: str) -> Iterator[re.Match[str]]:
    """``_TARGET``'s matches, searched for only in a text holding one of its words: a
    pattern whose branches start with ``\\b`` is tried at every character of the text,
    where a word is found at memory speed (most test files hold none)."""
    if "device_target" not in text and "set_device" not in text:
        return iter(())
    return _TARGET.finditer(text)


def folder_devices(rel: str) -> int:
    """The most devices the folders of the test file ``rel`` are named for (``_FOLDER_COUNT``;
    ``multi``: two at least; 0 for none): a test in ``four_card/`` runs on four cards."""
    most = 0
    for folder in rel.split("/")[:-1]:
        for named in _FOLDER_COUNT.finditer(folder):
            unit = named.group("unit").lower()
            if named.group("multi"):
                most = max(most, 2)
            else:
                word = named.group("count").lower()
                count = int(word) if word.isascii() and word.isdigit() else _WORDS[word]
                if count > 1 or not unit.startswith("node"):  # a single node: no count
                    most = max(most, count)
    return most


_ON_DEVICE = lazyre.compile(r"(?:^|_)on_([a-z][a-z0-9]{1,20})$", re.IGNORECASE)
"""A test file named for the device it runs on, the name's last part: verl's
``test_correctness_on_gpu.py`` (shangxt10/verl_mindspeedmm@da9e8534 tests/checkpoint_engine),
whose CPU job runs only the ``*_on_cpu.py`` files on a CPU runner (.github/workflows/
cpu_unit_tests.yml:96-106, outsider19 D15); ``_on_cpu`` names the CPU, no device. Not a word
inside the name (``test_error_on_gpu_missing.py`` tests what a missing GPU does, review39 #6)."""


def placed_devices(rel: str, found: Optional[StepNeeds]) -> Optional[StepNeeds]:
    """``found`` (what the text of test file ``rel`` says) with at least the devices its
    folders are named for (``folder_devices``)."""
    placed = folder_devices(rel)
    if placed > (found.devices if found else 0):
        found = msgspec.structs.replace(found or StepNeeds(), devices=placed)
    return found


def named_device(
    step: Step,
    tested: Sequence[str],
    read: Callable[[str], Optional[str]],
    falls_back: Callable[[str], object],
) -> Step:
    """``step``, whose test files ``tested`` state no device in their text, needing one of
    the kind a file's name says it runs on (``_ON_DEVICE``), cited at that file; as it is where
    none does, or where the file's text (``read``) skips or falls back without the device
    (``falls_back``: ``pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), ...)``
    runs on the CPU, review39 #6)."""
    if step.needs.devices or step.kind != "test":
        return step
    for rel in tested:
        stem = rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        named = [target_kind(m.group(1)) for m in _ON_DEVICE.finditer(stem)]
        kind = next((k for k in named if k not in (None, "cpu")), None)
        if kind is not None and not falls_back(read(rel) or ""):
            needs = msgspec.structs.replace(
                step.needs, devices=1, device_kind=kind, device_at=file_source(rel)
            )
            return msgspec.structs.replace(step, needs=needs)
    return step


def _launched(text: str) -> int:
    """The most processes per node a launcher in ``text`` starts or devices a model is
    sharded over (0 for none): per node (``--local_worker_num``) where the file says so beside
    the total (``--worker_num``)."""
    if not any(word in text for word in _LAUNCH_WORDS):  # as ``_targets``
        return 0
    found = list(finditer_near(_LAUNCH, text, _LAUNCH_STARTS))
    local = any("local" in (m.group("option") or "") for m in found)
    counts = [
        int(m.group("count")) if m.group("count") else _filled(text, m.group("name"))
        for m in found
        if not (local and (m.group("option") or "").replace("-", "_") == "worker_num")
    ]
    if not _GLOO.search(text):
        sharded = finditer_near(_SHARDED, text, _SHARDED_WORDS, _SHARDED_REACH)
        counts.extend(int(m.group(1)) for m in sharded if not _not_run(text, m))
    return max(counts, default=0)


def _not_run(text: str, found: re.Match[str]) -> bool:
    """Whether the sharded size ``found`` is data a test checks rather than what it runs
    on (review30 L12): on an ``assert`` line (``assert "--tensor-parallel-size 2 \\" in
    script``, vllm-ascend@5e39074 tests/ut/_tools/test_docs_codegen.py:206), set on an object
    (``parallel_config.tensor_parallel_size = 2``, tests/ut/attention/test_sfa_cp.py:561) or
    passed to a stand-in or configuration object (``_STAND_IN``)."""
    start = text.rfind("\n", 0, found.start()) + 1
    if text[start : found.start()].lstrip().startswith("assert"):
        return True
    if found.start() and text[found.start() - 1] == ".":
        return True
    opened = _opening(text, found.start())
    return opened is not None and _STAND_IN.search(text[max(0, opened - 90) : opened]) is not None


def _opening(text: str, at: int) -> Optional[int]:
    """Where the innermost bracket still open at ``at`` opens, if a call's: ``(`` looked for
    within ``_LOOK_BACK`` characters; None at a ``[`` or ``{`` (a list or a mapping is data a
    runner may take) or past the limit."""
    depth = 0
    for index in range(at - 1, max(-1, at - 1 - _LOOK_BACK), -1):
        char = text[index]
        if char in ")]}":
            depth += 1
        elif char in "([{":
            if depth == 0:
                return index if char == "(" else None
            depth -= 1
    return None


def _filled(text: str, name: str) -> int:
    """The most a helper whose parameter ``name`` fills a format field is called with: the
    literal numbers its calls pass in that place (``setup_cmd(scripts_cmd, 8)`` for ``def
    setup_cmd(scripts_cmd, device_nums)``), or by keyword."""
    most = 0
    for defined in _DEF.finditer(text):
        params = [p.split("=")[0].split(":")[0].strip() for p in defined.group(2).split(",")]
        params = [p for p in params if p not in ("self", "cls", "")]
        if name not in params:
            continue
        at = params.index(name)
        calls = rf"\b{re.escape(defined.group(1))}\(([^()]{{0,400}})\)"
        for call in re.finditer(calls, text):
            args = [a.strip() for a in call.group(1).split(",")]
            keyword = [a.split("=", 1)[1].strip() for a in args if a.startswith(f"{name}=")]
            value = keyword[0] if keyword else (args[at] if at < len(args) else "")
            if value.isdigit():
                most = max(most, int(value))
    return most
