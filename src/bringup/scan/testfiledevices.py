"""The devices a test file puts its work on, read from its text, and whether it skips or
falls back."""

from __future__ import annotations

import functools
import hashlib
import re
from collections import OrderedDict
from collections.abc import Callable, Collection
from typing import Optional

from bringup import backends, lazyre
from bringup.model import StepNeeds, file_source
from bringup.nearwords import search_near
from bringup.scan.adapterimports import framework_device, imported_device
from bringup.scan.devicewords import device_names
from bringup.scan.driverqueries import queried_device
from bringup.scan.testdevices import stated_devices

FALLBACK = lazyre.compile(
    r"is_available(?<!\wis_available)\(\)|skip(?<!\wskip)(?:if|If|Unless|_if_no_\w+)\b"
    r"|@require_\w*(?:gpu|cuda|npu|accelerator)"
)
"""A script that falls back or a test that skips without the device: ``is_available()``,
``pytest.mark.skipif``, ``unittest.skipIf`` (PaddleMIX ppdiffusers/tests/models/
test_models_unet_2d.py:154), ``@require_paddle_gpu`` (PaddlePaddle/PaddleMIX@6afaf05
ppdiffusers/ppdiffusers/utils/testing_utils.py:219). Each branch starts with a literal (the
word boundary in front of a word is checked after it, ``(?<!\\wskip)``), so the search skips
ahead to the characters a match can start with (``i``, ``s``, ``@``) instead of trying every
branch at every character of a test file: ~9x faster on MindIE-LLM's 3 MB of tests. Searched
by ``falls_back``: at the places its literals occur alone (``nearwords``), ~3x faster again."""
_FALLBACK_WORDS = ("is_available()", "skip", "@require_")
"""What every ``FALLBACK`` match starts with."""


def falls_back(text: str) -> Optional[re.Match[str]]:
    """``FALLBACK.search(text)``: the first skip or fallback of ``text``, None where none."""
    return search_near(FALLBACK, text, _FALLBACK_WORDS)


_MOCKED = lazyre.compile(r"\bunittest\.mock\b|\bfrom mock import\b|\bpatch\(")
"""A test that mocks its launcher checks the command, not a run: ``"--nproc_per_node=2"`` of
axolotl@067b021c tests/cli/test_cli_train.py:95, asserted at line 107 under ``patch``."""


_KEPT_DEVICES = 256
_devices_kept = backends.per_registry(lambda _: OrderedDict[bytes, Optional[tuple[str, int]]]())
"""``_used_device``'s last answers by the digest of the text: a file's whole text as the key
kept up to 256 test files (each up to 1 MiB) alive for the whole process."""


def _used_device(text: str) -> Optional[tuple[str, int]]:
    """``_device_used``, kept: each ``pytest`` step reads the test files it runs, and several
    steps run the same (MindIE-LLM: 118 of 258 readings were of a file read before)."""
    key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    kept = _devices_kept()
    if key in kept:
        kept.move_to_end(key)
        return kept[key]
    kind = kept[key] = _device_used(text)
    if len(kept) > _KEPT_DEVICES:
        kept.popitem(last=False)
    return kind


def _device_used(text: str) -> Optional[tuple[str, int]]:
    """The device kind a test file puts its work on with no skip or fallback, with the line
    of its first use there: a method
    (``.cuda()``), a move (``.to("cuda")``), a keyword argument (``device="cuda"``), a device
    object or a framework's context for it (``get_extension_context('cuda')``,
    sony/nnabla-ext-cuda@fcb922aa python/test/cuda/test_large_blocks.py:35, outsider10 #2); a
    name only assigned or compared (``device = "gpu"``, ``paddle_device in ["gpu"]``, PaddleMIX
    ppdiffusers/tests/schedulers/test_scheduler_dpm_sde.py:80) is not."""
    if falls_back(text):
        return None
    names = device_names()
    devices = tuple(name for name, kind in names.items() if kind != "cpu")
    # each use names a device as written (``_device_use`` is case-sensitive, the names plain
    # words): a text naming none is not searched (its branches start at every ``.``; 325 of
    # MindIE-LLM's 813 test files name none)
    if all(map(str.isidentifier, devices)) and not any(name in text for name in devices):
        return None
    uses = _device_use(devices)
    first: dict[str, int] = {}
    for found in uses.finditer(text):
        kind = names[
            found.group("method")
            or found.group("named")
            or found.group("argument")
            or found.group("context")
        ]
        first.setdefault(kind, found.start())
    if len(first) != 1:
        return None
    ((kind, at),) = first.items()
    return kind, text.count("\n", 0, at) + 1


@functools.cache
def _device_use(names: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for every device name's uses (``_used_device``): a test file is read once,
    not once per name."""
    alternatives = "|".join(names)

    def quoted(group: str) -> str:
        return rf"\s*['\"](?P<{group}>{alternatives})(?::\d+)?['\"]"

    # each branch starts with a literal (``.``, ``device`` with its word boundary checked
    # after it): the search skips ahead to those characters (as ``FALLBACK``)
    return re.compile(
        rf"\.(?:(?P<method>{alternatives})\(|to\({quoted('named')})"
        rf"|device(?<!\wdevice)[=(]{quoted('argument')}|context\({quoted('context')}"
    )


def file_devices(
    rel: str, text: str, scripts: Collection[str], read: Callable[[str], Optional[str]]
) -> Optional[StepNeeds]:
    """The devices test file ``rel`` needs: one of the kind it puts work on (at the line of
    its first use), or those its marks, target or launcher state (``testdevices``); None when
    it says none, skips or falls back without them, or mocks its launch."""
    used = _used_device(text)
    kind, at = used if used is not None else (None, None)
    # ``_MOCKED`` (tried at every character: its branches start with ``\b``) only where its
    # words are
    quiet = falls_back(text) or (("mock" in text or "patch(" in text) and _MOCKED.search(text))
    stated = stated_devices(text) if not quiet else None
    if kind is None and stated is None:
        framework = framework_device(text, scripts, read) if not quiet else None
        queried = queried_device(rel, None if quiet else text, scripts, read)
        return StepNeeds(devices=1, device_kind=framework) if framework else queried
    kind = imported_device(text, scripts, read) or kind or (stated.device_kind if stated else None)
    if stated is None:
        where = file_source(rel, at) if at is not None else None
        return StepNeeds(devices=1, device_kind=kind, device_at=where)
    return StepNeeds(devices=stated.devices, device_kind=kind, chips=stated.chips)
