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


def _targets(registered: tuple[Backend, ...]) -> dict[str, str]:
    """``_names`` and each backend's vendor words: a program's device target names the vendor
    (MindSpore's ``device_target="Ascend"``, a test's ``platform_arm_ascend910b_training``)."""
    names = dict(_names(registered))
    for item in registered:
        for word in item.vocabulary.vendor_words:
            names.setdefault(word.lower(), item.device_kind)
    return names


_target_names = backends.per_registry(_targets)


def target_kind(word: str) -> Optional[str]:
    """The ``device_kind`` a device target's word names (``Ascend``, ``GPU``, ``cpu``; a chip
    after a vendor word, ``ascend910b``, names its vendor's), None for any other word."""
    names = _target_names()
    lower = word.lower()
    if lower in names:
        return names[lower]
    chip = _CHIP_WORD.fullmatch(lower)
    return names.get(chip.group(1)) if chip is not None else None


_CHIP_WORD = lazyre.compile(r"([a-z]{2,20})\d\w{0,20}")
"""A vendor's word run into a chip's number: ``ascend910b``, ``ascend310p``."""

_OPTIONS = frozenset(
    {
        "--device",
        "-device",
        "--device-type",
        "--device_type",
        "--device_target",
        "--accelerator",
        "--backend",
    }
)
"""The options whose value is a device: also ``--backend cpu`` (ClementPinard/
Pytorch-Correlation-extension@f00f0cd README.md:14, ``grad_check.py --backend {cpu, cuda}``)."""

_ASSIGNED = lazyre.compile(
    r"^(?:--?|[\w.]+\.)?(?:device(?:[_-]type|_target)?|accelerator)=(?P<value>[\w:,]+)$"
)
"""``--device=npu``, ``device=npu:0``, ``trainer.device=cuda``, MindSpore's
``--device_target=Ascend``."""


def _kind(value: str) -> Optional[str]:
    return target_kind(value.split(":", 1)[0].split(",", 1)[0])


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
        positional = word.lower() == "cpu" and not argv[index - 1].startswith("-")
        if positional and not _other_bare_device(argv):
            return "cpu"  # a positional choice: ``python benchmark.py cpu`` (README.md:13)
    return None


def _other_bare_device(argv: tuple[str, ...]) -> bool:
    """Whether a bare argument names a device besides the CPU: ``python benchmark.py cuda
    cpu`` (Simeng96/PyTorch_Extension@705271d code/README.md:18) runs the extension built with
    CUDA, so its ``cpu`` is no sure choice of a CPU-only run."""
    names = device_names()
    return any(names.get(w.lower(), "cpu") != "cpu" for w in argv[1:] if not w.startswith("-"))
