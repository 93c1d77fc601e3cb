"""What the process was doing when it failed, as its traceback shows: importing a module, opening
the device, or a collective.

A failure's words often name no component ("TypeError: unsupported operand type(s) for |",
"AttributeError: 'device' object has no attribute 'index'"), and its type names only a kind of
defect; the frames it was raised in still say what the process was doing, and so the rung of the
bring-up it failed on. The innermost of these decides (importing torch can open the device):

- a collective or the set-up of a process group: the innermost frame is in the collectives'
  code (torch.distributed's c10d and rendezvous, DeepSpeed's comm, torch_npu's distributed,
  MindSpore's and Paddle's communication): ``communication``;
- opening the device: the innermost frame is torch's or torch_npu's device start-up
  (``_lazy_init``, ``set_device``, ``init`` in torch/cuda/__init__.py, torch_npu/npu/):
  ``device_init``;
- importing: Python runs a module's body (a frame ``in <module>``) when the program starts it
  (the script, ``python -c``, ``python -m`` through runpy, a file ``exec``'d by a launcher) and
  when something imports it. A module body below another frame, that no runner started, is an
  import: the program was still loading its packages, before any of its own work, whatever
  failed there (a package written for another Python, a plugin out of step with its host, a
  module that runs a check at import): ``install``;
- converting a model offline: a frame of torch.onnx's exporter, or a program that is a
  converter or exporter script of a model (its outermost frame the module body of a
  ``convert*.py`` or ``export*.py`` outside the installed packages, whose name or frames name a
  model: mlx-examples' llms/*/convert.py through mlx, llama.cpp's convert_hf_to_gguf.py):
  ``build``, as the layer rule has an offline conversion (a failure there
  is the conversion's, before any job runs the model).

``ranking`` reads the layer so for a diagnosis that only says an operation failed (a catch-all,
the fallback's class or evidence: ``operator_execution`` is only their usual layer).

Both of Python's traceback forms are read (``File "x.py", line 3, in <module>``) and pytest's
(``x.py:3: in <module>``, its short and long reports of a failed test or collection), by
``bringup.triage.frames.read_frames``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Optional, cast

import msgspec

from bringup.model.diagnosis import KERNEL_LAYER, Diagnosis, Layer
from bringup.triage.findings import Findings
from bringup.triage.frames import Frame

_RUNPY = re.compile(r"(?:^|[/\\])runpy\.py$|^<frozen runpy>$")
"""runpy runs a module's body as the program (``python -m``, ``runpy.run_path``): no import."""
_STARTED = re.compile(r"^<[^>\n]{1,60}>$|(?:^|[/\\])setup\.py$")
"""Module bodies that are started, not imported: code with no file (``<string>`` of ``python
-c`` and ``exec``, ``<pip-setuptools-caller>``, a notebook's ``<ipython-input-N>``) and a
build's setup.py, which pip and setuptools ``exec``."""
_COLLECTIVES = re.compile(
    r"[/\\]torch[/\\]distributed[/\\](?:distributed_c10d|c10d_logger|rendezvous|device_mesh)\.py$"
    r"|[/\\]torch[/\\]distributed[/\\]elastic[/\\]rendezvous[/\\]"
    r"|[/\\](?:deepspeed[/\\]comm|torch_npu[/\\]distributed|mindspore[/\\]communication"
    r"|paddle[/\\]distributed[/\\]communication)[/\\]"
)
"""The code of collectives and of setting up process groups (pytorch/pytorch
torch/distributed/distributed_c10d.py: init_process_group, all_reduce, barrier; DeepSpeed's
deepspeed/comm; Ascend/pytorch torch_npu/distributed)."""
_DEVICE_START = re.compile(
    r"[/\\](?:torch[/\\]cuda[/\\]__init__|torch_npu[/\\]npu[/\\](?:__init__|utils))\.py$"
)
_STARTS_DEVICE = frozenset({"_lazy_init", "set_device", "init", "_init_device", "init_device"})
"""torch's and torch_npu's device start-up (torch/cuda/__init__.py ``_lazy_init``,
``set_device``, ``init``; torch_npu/npu/__init__.py and utils.py the same for the NPU)."""
_EXPORTER = re.compile(r"[/\\]torch[/\\]onnx[/\\]")
"""torch.onnx's exporter (pytorch/pytorch torch/onnx/utils.py ``export``, torch/onnx/_internal)."""
_CONVERTER = re.compile(r"(?:^|[/\\])(?:convert|export)[\w-]{0,80}\.py$")
_MODEL_NAME = re.compile(
    r"(?:^|[/\\])(?:convert|export)(?:[\w-]{0,80}[_-])?(?:to)?"
    r"(?:hf|gguf|ggml|onnx|trt|tensorrt|engine|models?|ckpt|checkpoints?|weights?|safetensors"
    r"|torchscript|tflite|coreml|openvino|om|mindir|llama|megatron|mcore|lora|keras|paddle)"
    r"(?:[_-][\w-]{0,80})?\.py$"
)
"""A converter script whose name says it converts a model (``convert-hf-to-gguf.py``,
``export_onnx.py``, ``convert_checkpoint.py``), not data (``convert_dataset.py``,
``export_results.py``: review33)."""
_MODEL_FRAME = re.compile(
    r"[/\\](?:onnx|onnxruntime|gguf|safetensors|mlx|coremltools|openvino|tensorrt|tf2onnx"
    r"|paddle2onnx|x2paddle|onnx2tf)[/\\]|[/\\]torch[/\\]serialization\.py$"
    r"|[/\\]transformers[/\\](?:modeling_\w{0,40}utils\.py$|models[/\\])"
)
"""A frame of a model format's or converter's library, or of loading and saving a model
(torch.load, transformers' from_pretrained and model classes): the script handles a model."""
_INSTALLED = re.compile(r"[/\\](?:site|dist)-packages[/\\]")
MODULE = "<module>"
INSTALL: Layer = "install"
COMMUNICATION: Layer = "communication"
DEVICE_INIT: Layer = "device_init"
BUILD: Layer = "build"


def frames_of(frames: Sequence[Frame]) -> list[tuple[str, str]]:
    """``frames`` (``read_frames``) that name their function, as (file, function)."""
    return [(frame.path, frame.function) for frame in frames if frame.function]


def imported(frames: Sequence[tuple[str, str]]) -> bool:
    """Whether a module body runs below the outermost frame, started by no runner: the
    failure happened while a module was being imported."""
    return any(
        function == MODULE and not _STARTED.search(path) and not _RUNPY.search(outer)
        for (outer, _), (path, function) in zip(frames, frames[1:])
    )


def layer_of(frames: Sequence[tuple[str, str]]) -> Optional[Layer]:
    """The layer of what ``frames`` (outermost first) show the process doing, innermost first:
    a collective, opening the device, importing, converting a model; None for anything else."""
    if not frames:
        return None
    path, function = frames[-1]
    if _COLLECTIVES.search(path):
        return COMMUNICATION
    if _DEVICE_START.search(path) and function in _STARTS_DEVICE:
        return DEVICE_INIT
    if imported(frames):
        return INSTALL
    return BUILD if converting(frames) else None


def converting(frames: Sequence[tuple[str, str]]) -> bool:
    """Whether ``frames`` (outermost first) convert a model offline: torch.onnx's exporter
    among them, or a program that is a converter script (the outermost frame a module body in
    a ``convert*.py`` or ``export*.py`` that no installed package holds) of a model: its name
    says so (``_MODEL_NAME``) or a frame handles one (``_MODEL_FRAME``). A file name alone
    is no conversion: ``convert_dataset.py`` converts data (review33)."""
    if not frames:
        return False
    path, function = frames[0]
    started = function == MODULE and _CONVERTER.search(path) and not _INSTALLED.search(path)
    model = _MODEL_NAME.search(path) or any(_MODEL_FRAME.search(p) for p, _ in frames)
    return bool(started and model) or any(_EXPORTER.search(p) for p, _ in frames)


def phase_before(frames: Sequence[Frame]) -> str:
    """The layer of what ``frames`` (``read_frames``: the traceback before an exception line)
    show the process doing when it raised, or ''."""
    return layer_of(frames_of(frames)) or ""


def read_in(
    diagnoses: list[Diagnosis], findings: Findings, loose: Collection[str]
) -> list[Diagnosis]:
    """``diagnoses`` with the layer ``operator_execution`` of one of ``loose`` (a catch-all or a
    fallback's reading: its layer is only the usual one, an operation of the job) read as the
    layer of what the process was doing when it raised the exception that is its evidence."""
    phases = {s.line: cast(Layer, s.phase) for s in findings.all_exceptions() if s.phase}
    if not phases:
        return diagnoses
    return [
        msgspec.structs.replace(d, layer=phases[d.evidence[0].line])
        if d.layer == KERNEL_LAYER
        and d.signature_id in loose
        and d.evidence
        and d.evidence[0].line in phases
        else d
        for d in diagnoses
    ]
