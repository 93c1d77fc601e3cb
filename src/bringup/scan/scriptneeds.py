"""What a shell script a step runs says it needs, read as the step's own command line is:
the values it sets for its reader to fill in (``VOCAB_FILE=<Specify path to file>/vocab.json``)
and the devices it launches on (``NPUS_PER_NODE=8`` beside ``--nproc_per_node
$NPUS_PER_NODE``): momo609/mindspeed@7e624cf1 tests_extend/example/train_distributed.sh:3,10-12,
which ``check`` counted "runs here now" on a CPU host (outsider26 #8). A step that runs the
script is no more runnable as written than one that has those words on its command line."""

from __future__ import annotations

import re
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.linecount import line_counter
from bringup.model import Requirement, Step
from bringup.scan.devicewords import device_names
from bringup.scan.extraction import SourceFile
from bringup.scan.fillins import is_fill_in

_ASSIGNMENT = lazyre.compile(r"^\s*(?:export\s+)?([A-Za-z_]\w*)=(\S[^#\n]*?)\s*$", re.MULTILINE)
_EXPANSION = lazyre.compile(r"\$\{[A-Za-z_][A-Za-z0-9_]*(?:[:#%/][^{}]*)?\}|\$\([^()]*\)")
"""A shell expansion in a value (``${ascend_package_path}``, ``$(dirname ${X})``): the
script's own variable, no word for the reader (yzh1703456/cann-hccl@9aeddc05 build.sh:124)."""
_PER_NODE = lazyre.compile(r"^([A-Z]+?)S?_PER_NODE$")
"""A launcher's devices-per-node variable (``NPUS_PER_NODE``, ``GPUS_PER_NODE``): its device
word is the kind (``device_names``)."""
_NPROC = lazyre.compile(
    r"(?:--(?:nproc[-_]per[-_]node|local[-_]worker[-_]num)|--worker[-_]num(?!.*--local[-_]worker)"
    r"|\bmpirun\b.*?\s-(?:np|n))[=\s]+(?:\$\{?([A-Za-z_]\w*)\}?|(\d+))"
)
"""A launcher's processes per node: torchrun's ``--nproc_per_node``, msrun's
``--local_worker_num`` (its ``--worker_num`` where it gives no count per node), ``mpirun
-np``."""
_MAX_INPUTS = 3
_CONTAINER_RUN = lazyre.compile(r"\b(nvidia-docker|docker|podman)\s+run\b")
_CONTAINER_DEVICES = lazyre.compile(r"--gpus\b|--runtime[= ]nvidia\b|--device[= ]/dev/davinci")
"""A script that starts a container with the host's devices: ``docker run --shm-size=2g --gpus
all -it --rm ...`` (NVlabs/stylegan2-ada-pytorch@d72cc7d docker_run.sh:18, which README.md:100
runs as ``./docker_run.sh python3 generate.py ...``; planned as a CPU run, outsider15 D5/D12),
``--runtime=nvidia``, Ascend's ``--device=/dev/davinci0``: what it runs inside runs on them."""


def with_script_needs(step: Step, rel: Optional[str], text: Optional[str]) -> Step:
    """``step`` with the fill-ins and device count of the shell script ``rel`` it runs
    (``text``); as it is for any other step, or one whose needs already say either."""
    if rel is None or text is None or not rel.endswith(".sh"):
        return step
    found = list(_ASSIGNMENT.finditer(text))
    values = {m.group(1): m.group(2).strip("'\"") for m in found}
    needs = step.needs
    if not needs.inputs:
        filled = [
            f"{m.group(1)} ({rel}:{text.count(chr(10), 0, m.start()) + 1})"
            for m in found
            if is_fill_in(_EXPANSION.sub("", m.group(2)))
        ] or authors_paths(text, rel)
        if filled:
            needs = msgspec.structs.replace(needs, inputs=tuple(filled[:_MAX_INPUTS]))
    if not needs.rewrites:
        rewritten = rewritten_folders(text, rel)
        if rewritten:
            needs = msgspec.structs.replace(needs, rewrites=rewritten)
    if not needs.devices and step.kind in ("run", "test"):
        counted = _devices(text, values) or _container_devices(text)
        if counted is not None:
            needs = msgspec.structs.replace(needs, devices=counted[0], device_kind=counted[1])
    return step if needs is step.needs else msgspec.structs.replace(step, needs=needs)


_AUTHORS_PATH = lazyre.compile(
    r"^(?:cd|source|\.)[ \t]+[\"']?(/(?!(?:usr|opt|etc|bin|sbin|lib|lib64|var|tmp|proc|sys|dev|run|"
    r"srv|boot)/)[A-Za-z0-9_.-]{1,60}/[^\s\"';&|]{1,300})",
    re.MULTILINE,
)
"""A script that, at its top level, enters or sources a folder of its author's machine, outside
the system's folders: Kimsale/qwen3.5_35B_mindspeed@a88ca971 scripts/convert_weights_tp1_ep8.sh:9
``source /data/sejin/baseline_26/scripts/env_cann85.sh`` and :11 ``cd /data/sejin/third_party/
mindspeed-llm-26.0.0`` (a MindSpeed-LLM checkout), planned as runnable once CANN was installed
(outsider40 D4). The reader has their own folder there, or none: the step needs their input.
``/usr/local/Ascend/...`` (a toolkit's set_env.sh) is the system's, read by ``envsetup``. A
folder of a container the script is meant for (``cd /workspace/Megatron-LM``, ``source
/root/...``) is read the same way (reread41 L3): bringup runs a step on this machine, in its
environment, never in the repo's image, so the folder must be there whoever made it."""


def authors_paths(text: str, rel: str) -> list[str]:
    """The author's folders ``text`` (the script ``rel``) enters or sources at its top level
    (``_AUTHORS_PATH``), each with its line."""
    return [
        f"{m.group(1)} ({rel}:{text.count(chr(10), 0, m.start()) + 1})"
        for m in _AUTHORS_PATH.finditer(text)
    ][:_MAX_INPUTS]


def _devices(text: str, values: dict[str, str]) -> Optional[tuple[int, Optional[str]]]:
    """The devices per node the script's launcher starts (``--nproc_per_node N`` or the
    variable it names), with their kind when the variable names one; None when it says none
    or a count it does not set."""
    launched = _NPROC.search(text)
    if launched is None:
        return None
    variable, written = launched.group(1), launched.group(2)
    count = written or values.get(variable or "", "")
    if not (count.isascii() and count.isdigit()) or int(count) < 1:
        return None
    named = _PER_NODE.match(variable or "")
    kind = device_names().get(named.group(1).lower()) if named is not None else None
    return int(count), None if kind == "cpu" else kind


def _container_devices(text: str) -> Optional[tuple[int, Optional[str]]]:
    """One device of the kind a container the script starts is given (``_CONTAINER_DEVICES``),
    its lines joined where they continue (each line read once); None when it starts none with
    devices."""
    for line in text.replace("\\\n", " ").split("\n"):
        run = _CONTAINER_RUN.search(line)
        given = _CONTAINER_DEVICES.search(line, run.end()) if run is not None else None
        if given is not None:
            return 1, "npu" if given.group(0).startswith("--device") else "gpu"
    return None


_REWRITE = lazyre.compile(
    r"(?:^|[\s\"'(;&|])(?:rm\s+-(?:rf|fr|r|Rf|fR)\s+|cmake\b[^\n]{0,200}?\s-B\s?)"
    r"(?:\./)?([A-Za-z_][\w.-]{0,40})/?(?=[\s\"');&|]|$)",
    re.MULTILINE,
)
"""A folder of the checkout the script removes (``rm -rf build``, also as a clean-up command
it keeps: ``CLEANUP_CMDS+=("rm -rf build")``, ebiggers/libdeflate@28e88e9
scripts/run_tests.sh:36) or configures anew (``cmake -B build``): a relative name only, not
a variable's folder or a path below another."""


def rewritten_folders(text: str, rel: str) -> tuple[str, ...]:
    """The folders ``text`` (the script ``rel``, run from the checkout's top) removes or
    configures anew, each once with its first line (``_REWRITE``)."""
    found: dict[str, str] = {}
    line_of = line_counter(text)
    for match in _REWRITE.finditer(text):
        line = line_of(match.start(1))
        found.setdefault(match.group(1), f"{match.group(1)}/ ({rel}:{line})")
    return tuple(found.values())


def container_runtime(file: SourceFile) -> list[Requirement]:
    """The container runtime a script starts its container with (``docker run``, ``podman
    run``; ``nvidia-docker`` is docker's wrapper): a ``system_package`` the probe finds on
    PATH (``keys.TOOLCHAIN``), cited at the script's first run of it (NVlabs/stylegan2-ada-
    pytorch@d72cc7d docker_run.sh:18 ``docker run --shm-size=2g --gpus all ...``, run by
    README.md:100; outsider15 D12). Only a container given the host's devices
    (``_container_devices``), the class whose step needs them: a script's other containers
    (a CI image, a lint run) are no need of the repo's route. A commented line starts nothing."""
    if _container_devices(file.text) is None:
        return []
    line_of = line_counter(file.text)
    for match in _CONTAINER_RUN.finditer(file.text):
        start = file.text.rfind("\n", 0, match.start()) + 1
        if file.text[start : match.start()].lstrip().startswith("#"):
            continue
        line = line_of(match.start())
        program = "docker" if match.group(1) == "nvidia-docker" else match.group(1)
        end = file.text.find("\n", match.start())
        said = file.text[start : end if end >= 0 else None].strip()[:160]
        text = f"{file.rel} starts a container with {program}: {said}"
        return [file.requirement("system_package", program, line, text=text, confidence="medium")]
    return []
