"""The names programs give a backend's devices (torch's ``cuda``, torch_npu's ``npu``, the
device word ``gpu``), and the device a command's own options choose: ``--device npu``,
``--device=cuda:0``, ``device=npu``, ``--npu`` (HowXu/alphafold3-pytorch-npu
migration_work_report.md:183 ``python stress_test.py --device npu``: it runs on an NPU)."""

from __future__ import annotations

from typing import Optional

from bringup import backends, lazyre
from bringup.backends.base import Backend


def _names(registered: tuple[Backend, ...]) -> dict[str, str]:
    """Each name -> the ``device_kind`` of the backend it names: the last part of its code
    modules (``torch.cuda`` -> ``cuda``), its device words and its kind itself."""
    names: dict[str, str] = {}
    for item in registered:
        words = [module.rsplit(".", 1)[-1] for module in item.vocabulary.code_modules]
        words += [word.lower() for word in item.vocabulary.device_words]
        for word in (*words, item.device_kind):
            names.setdefault(word.lower(), item.device_kind)
    return names


device_names = backends.per_registry(_names)

_OPTIONS = frozenset({"--device", "-device", "--device-type", "--device_type", "--accelerator"})

_ASSIGNED = lazyre.compile(
    r"^(?:--?|[\w.]+\.)?(?:device(?:[_-]type)?|accelerator)=(?P<value>[\w:,]+)$"
)
"""``--device=npu``, ``device=npu:0``, ``trainer.device=cuda``."""


def _kind(value: str) -> Optional[str]:
    return device_names().get(value.split(":", 1)[0].split(",", 1)[0].lower())


def option_device(argv: tuple[str, ...]) -> Optional[str]:
    """The ``device_kind`` (``cpu`` included) the options of ``argv`` choose, None when
    they choose none."""
    for index, word in enumerate(argv[1:], 1):
        if word in _OPTIONS and index + 1 < len(argv):
            kind = _kind(argv[index + 1])
            if kind is not None:
                return kind
        # the words every ``_ASSIGNED`` holds, looked for first: most words are none
        assignment = "=" in word and ("device" in word or "accelerator" in word)
        assigned = _ASSIGNED.match(word) if assignment else None
        if assigned is not None:
            kind = _kind(assigned.group("value"))
            if kind is not None:
                return kind
        if word.startswith("--") and word[2:].lower() in device_names():
            return device_names()[word[2:].lower()]
    return None
