"""What a command line is as a step of a bring-up (build, test, install, run, convert) and
what it shows it needs (visible devices, a process count, a device tool, a download)."""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence

from bringup import backends, lazyre
from bringup.backends.base import Backend
from bringup.model import StepKind, StepNeeds
from bringup.redaction import shortened
from bringup.scan.commands import Command, pip_install_targets, program_name, python_module
from bringup.scan.compilecalls import compiler
from bringup.scan.devicewords import device_names, option_device
from bringup.scan.programs import known_programs

_SKIPPED_PROGRAMS = frozenset(
    {
        "cd",
        "export",
        "source",
        ".",
        "git",
        "wget",
        "curl",
        "echo",
        "ls",
        "cat",
        "mkdir",
        "rm",
        "cp",
        "mv",
        "ln",
        "chmod",
        "docker",
        "sudo",
        "apt",
        "apt-get",
        "yum",
        "dnf",
        "conda",
        "unset",
        "set",
        "tar",
        "unzip",
        "wait",
        "sleep",
        "which",
        "env",
        "pwd",
        "tee",
        "grep",
        "find",
        "exit",
        "popd",
        "pushd",
        "true",
        "false",
    }
)


_UNINSTALL = lazyre.compile(r"^(?:--?)?(?:uninstall|purge)$", re.IGNORECASE)
_UNINSTALL_SCRIPT = lazyre.compile(r"(?:^|[-_.])uninstall(?:[-_.]|$)", re.IGNORECASE)
"""A script named for removing something ("bash uninstall.sh" in a toolkit's script folder
after its ``--uninstall``): whatever it removes, it takes from the machine."""


def _system_words(registered: tuple[Backend, ...]) -> re.Pattern[str]:
    subjects = {subject for b in registered for _, subject in b.vocabulary.installers}
    subjects |= {b.vocabulary.toolkit_subject for b in registered if b.vocabulary.toolkit_subject}
    words = "|".join(sorted({re.escape(w) for s in subjects for w in s.split("_")}))
    return re.compile(rf"(?:^|[-_.])(?:un)?install[-_.](?:\w+[-_.])?(?:{words})(?:[-_.]|$)", re.I)


_system_script = backends.per_registry(_system_words)


def system_level(argv: tuple[str, ...]) -> bool:
    """A command that installs or removes what the machine provides rather than building the
    repo: a vendor's ``.run`` package, run itself or through a shell (``./Ascend-cann-toolkit_
    9.0.0_linux-x86_64.run --install``; ``bash Ascend-hdk-*-npu-driver_*.run --full --force``,
    shanshuo/MindSpeed-MM@dc326082 docs/user-guide/installation.md:60), an uninstall
    (``--uninstall --quiet``), or a script named for installing a toolkit or driver
    (``bash ~/ascendc/scripts/install-cann-9.0.sh``; all from a "重装 CANN 9.0.0" section,
    bigorange1024/ascendc@541ca73:README.md:257-278). The toolkit it installs is a requirement
    the plan places; running it would replace the machine's own."""
    program = program_name(argv)
    script = program
    if program in ("bash", "sh"):  # the script a shell runs: ``bash Ascend-hdk-*.run --full``
        script = next((a for a in argv[1:] if not a.startswith("-")), "").rsplit("/", 1)[-1]
    return (
        script.endswith(".run")
        or any(_UNINSTALL.match(arg) for arg in argv[1:])
        or bool(_system_script().search(script) or _UNINSTALL_SCRIPT.search(script))
    )


_ENVIRONMENT_MAKERS = frozenset({"venv", "virtualenv"})
"""``python -m venv vllm-ascend-env`` (vllm-ascend docs/source/installation.md:86) makes the
environment, as ``conda create`` does: ``up`` makes each environment itself, so neither is a
step (and as a run it took the repo's NPU needs: "needs chip 910B" to make a venv)."""
_INSTALLS = lazyre.compile(r"install|setup|dependenc|(?:^|[-_])deps?(?:[-_.]|$)")
"""A script named for installing what the repo needs prepares its environment, as ``pip
install`` does: ``bash scripts/install_vllm_sglang_mcore.sh`` before ``pip install --no-deps
-e .`` (montehoover/verl@9c46ae8 README.md:20-21) keeps its place in the route, ahead of the
install that counts on it, instead of going after every install as a run would."""


_CHORE = lazyre.compile(
    r"(?:^|(?<=[-_.]))(?:clean(?:up|all)?|distclean|realclean|clobber|mrproper|backup|"
    r"lint|publish|upload)(?=[-_.]|$)",
    re.IGNORECASE,
)
"""Upkeep, not bring-up: a make target that removes what a build made (``make clean``), a
script that backs the project up, lints or publishes it (``./backup-project.sh``, rsyncing a
copy into ``backup/``, bigorange1024/ascendc@541ca73c README.md:66, outsider13 D9). A fresh
checkout needs none of them to build, test or run. A script named for setting up or installing
too (``bash setup_clean_env.sh``: "clean" says which environment it makes, PaulChouLedger/
LedgerAI@3d4808df LLM_tuning/README.md:25) prepares the environment (``_INSTALLS``)."""
_CLEANS = lazyre.compile(r"(?:^|(?<=[-_.]))clean(?:up|all)?(?=[-_.]|$)", re.IGNORECASE)
_PREPARES = lazyre.compile(
    r"\bpre-?process|\bprepar(?:e|es|ing|ation)\b[\s:]{1,3}(?:(?:the|your|of|for)\s{1,3})?"
    r"(?:\w{1,20}\s{1,3})?(?:data(?:sets?)?|inputs?|corp(?:us|ora)|samples?)\b|\btokeni[sz]"
    r"|\bdata (?:cleaning|"
    r"preparation|processing)\b|预处理|清洗|数据(?:处理|准备)",
    re.IGNORECASE,
)
"""What a guide says a script is for when cleaning is preparing data: a ``clean`` script named
for what it cleans is upkeep where the guide says so ("Clean runtime data", "清理运行时数据":
delete what runs left) and a step where it prepares the input ("### Preprocessing" over
``./scripts/load_and_clean_data.sh``, YanisRey/csnlp_project README.md; "清洗", washing, is
the Chinese word for preparing data, "清理", clearing, for removing it). Preparing says so only
of data ("Prepare the dataset", "Data preparation"): a "Preparation" heading over "Clean out the
HBase table" prepares nothing a script then reads (review33)."""
_CHORE_TARGET = lazyre.compile(r"format|fmt|style", re.IGNORECASE)
"""Make targets that format the sources (a script named so may format data: a step)."""


_USAGE_OPTIONS = frozenset({"--help", "-h", "-help", "--usage", "--version", "-V"})
"""Options that make a program print its usage or version and stop."""
_VERBOSE_V = frozenset({"ctest"})
"""Programs whose ``-V`` is no version but verbose output: ``ctest -V`` runs the tests and
shows their output (``--verbose``; review38)."""


def _asks_usage(argv: tuple[str, ...]) -> bool:
    """Whether ``argv`` only asks for usage or a version: ``bash build.sh --help`` under
    "可通过如下命令查看所有功能参数" ("see all its options with", repo-mirror-test/
    ops-transformer@bfbbec83 docs/zh/context/build.md:24-26) builds nothing (outsider18
    D15)."""
    interpreted = argv[0] in ("bash", "sh") or argv[0].startswith("python")
    options = argv[2:] if interpreted else argv[1:]
    asked = _USAGE_OPTIONS - {"-V"} if program_name(argv) in _VERBOSE_V else _USAGE_OPTIONS
    return bool(options) and all(word in asked for word in options)


def prepares_data(argv: tuple[str, ...], context: str) -> bool:
    """Whether ``argv`` runs a ``clean`` script that the guide's words around it (``context``:
    its heading and paragraph) say prepares data, a step though its name reads as upkeep."""
    name = _script_name(argv)
    if not name.endswith(".sh") or not _CLEANS.search(name.rsplit(".", 1)[0]):
        return False
    return _PREPARES.search(context) is not None


def step_kind(argv: tuple[str, ...]) -> StepKind | None:
    """What running ``argv`` does, or ``None`` when it is not a build, test or run step."""
    program = program_name(argv)
    module = python_module(argv)
    if not argv or program in _SKIPPED_PROGRAMS or program in known_programs().tools:
        return None
    if module in _ENVIRONMENT_MAKERS or program in _ENVIRONMENT_MAKERS:
        return None
    if system_level(argv) or _asks_usage(argv):
        return None
    if pip_install_targets(argv) is not None:
        return "install"
    if program in ("pytest", "py.test", "ctest", "tox", "nox") or module in ("pytest", "unittest"):
        return "test"
    if program == "cmake":
        return "install" if "--install" in argv else "build"
    if compiler(argv) is not None:
        return "build"
    if program in ("make", "ninja", "gmake"):
        targets = [arg for arg in argv[1:] if not arg.startswith("-") and "=" not in arg]
        if targets and all(_CHORE.fullmatch(t) or _CHORE_TARGET.fullmatch(t) for t in targets):
            return None
        if any(t in ("test", "tests", "check") for t in targets):
            return "test"
        return "install" if "install" in targets else "build"
    if program == "atc":
        return "convert"
    if program.startswith("python") and len(argv) > 1 and _setuptools_run(argv):
        return "install" if "install" in argv or "develop" in argv else "build"
    script = program if program.endswith(".sh") else ""
    if program in ("bash", "sh") and len(argv) > 1:
        script = argv[1].rsplit("/", 1)[-1]
    if script:
        if re.search(r"test", script):
            return "test"
        if re.search(r"convert|atc|export", script):
            return "convert"
        if re.search(r"build|compile|make", script):
            return "build"
        if _INSTALLS.search(script):
            return "install"
        if _CHORE.search(script.rsplit(".", 1)[0]):
            return None
        return "run"
    if program in ("torchrun", "mpirun", "msrun", "msprof", "deepspeed", "accelerate"):
        return "run"
    if program.startswith("python") or argv[0].startswith(("./", "build/")):
        return "run"
    return None


_COUNT_OPTIONS = lazyre.compile(
    r"^--(?:nproc[_-]per[_-]node|nnodes_per_node|worker_num|num[_-]gpus|world[_-]size"
    r"|tensor[_-]parallel[_-]size)(?:=(\d+))?$"
)
"""Options that say how many devices or processes (one per device) a launcher starts
(``mpirun -np``'s too), or how many ranks a script spawns on the host (``--world_size 8``:
"world_size: the number of local cards", KaihuaTang/LLM-TP-Inference-on-910B README.md:34) or
shards a model over (vLLM's ``--tensor-parallel-size 4``, one GPU each): the step needs that
many, because ``up`` runs the argv as written (outsider8 #12).
A guide that tells the reader to edit the count ("simply change line 1 to line 2",
karpathy/llm.c@f1e2ace scripts/README.md:21-33) writes a fragment, no step (``commands``);
a guide that states one device runs ``--nproc_per_node=1`` (review24 M4)."""
_LAUNCHERS = frozenset({"deepspeed"})
"""Launchers that start one process per accelerator of the node, whatever its kind (the
``deepspeed`` launcher runs on every GPU it finds unless ``--num_gpus`` says how many,
https://www.deepspeed.ai/getting-started/#launching-deepspeed-training; OpenRLHF/OpenRLHF
@3c3be62 README.md:394 ``deepspeed --module openrlhf.cli.train_rm``)."""


_LIST_OPTIONS = lazyre.compile(
    r"^--(?:chips|devices|cards|npus|gpus|(?:npu|gpu|device|card|chip)[_-]?ids?"
    r"|visible[_-]devices)(?:=(.*))?$"
)
_ID_LIST = lazyre.compile(r"\d{1,4}(?:,\d{1,4}){1,63}")
"""Options that list the devices a command runs on by their ids: ``--chips 0,1`` ("``--chips
0,1`` 是 host phy-id", zhshgmail/easyr1-npu@28fc2d6e ONBOARDING.md:16, :52), ``--devices
0,1,2,3``: as many devices as ids (outsider10 #4: two chips were read as one NPU). Only a list
of two ids or more: a lone number may be a count or an id, and says at least one device
either way."""


def launched_count(argv: tuple[str, ...]) -> int | None:
    """The devices a launcher's argv starts processes on (``--nproc_per_node=8``, ``mpirun
    -np 8``, ``--num_gpus 2``) or an option lists by id (``--chips 0,1``), None when it
    states no count."""
    program = program_name(argv)
    for index, arg in enumerate(argv):
        following = argv[index + 1] if index + 1 < len(argv) else ""
        match = _COUNT_OPTIONS.match(arg) if arg.startswith("--") else None
        raw = (match.group(1) or following) if match is not None else ""
        if raw.isdigit():
            return int(raw)
        listed = _LIST_OPTIONS.match(arg) if arg.startswith("--") else None
        ids = (listed.group(1) or following) if listed is not None else ""
        if _ID_LIST.fullmatch(ids):
            return len(ids.split(","))
        if program == "mpirun" and arg in ("-n", "-np") and following.isdigit():
            return int(following)
    return None


def command_needs(command: Command) -> StepNeeds:
    """What the command line itself shows it needs: visible devices, a process count per
    node, the device its options choose (``--device npu``), a profiler or device tool, a
    download."""
    argv = command.argv
    program = program_name(argv)
    programs = known_programs()
    for name, value in command.env:
        if name in programs.device_env and re.fullmatch(r"\d+(?:,\d+)*", value):
            kind = programs.device_env[name]
            return StepNeeds(devices=len(value.split(",")), device_kind=kind)
    count = launched_count(argv)
    if count is not None:  # of the device its words name, if any (``run-npu-container.sh``)
        named = _named_device(argv, False)
        return StepNeeds(devices=count, device_kind=named[0] if named else None)
    chosen = option_device(argv)
    if chosen is not None and chosen != "cpu":
        return StepNeeds(devices=1, device_kind=chosen)
    building = step_kind(argv) in ("build", "install")
    named = _named_device(argv, building)
    pip = pip_install_targets(argv) is not None
    if named is not None and (named[1] or not pip):
        if building:
            return StepNeeds(toolkit=True, device_kind=named[0], network=pip)
        return StepNeeds(devices=1, device_kind=named[0])
    if program in _LAUNCHERS:
        return StepNeeds(devices=1)
    if program in programs.device:
        return StepNeeds(devices=1, device_kind=programs.device[program])
    if program in programs.toolkit:
        return StepNeeds(toolkit=True, device_kind=programs.toolkit[program])
    if pip_install_targets(argv) is not None or _downloads(_script_name(argv)):
        return StepNeeds(network=True)
    return StepNeeds()


def most_devices(commands: Sequence[Command]) -> StepNeeds:
    """``command_needs`` of the first of ``commands`` that needs the most devices, or
    ``StepNeeds()`` when none needs one: a script's step needs what its hungriest command
    needs. Each command's count is found without working out what the command builds or
    installs unless it names a device (a 2,000-line install script has ~1,700 commands)."""
    counts = [_devices(command) for command in commands]
    most = max(counts, default=0)
    return command_needs(commands[counts.index(most)]) if most else StepNeeds()


def _devices(command: Command) -> int:
    """``command_needs(command).devices``, in the same order of checks. A device named in
    the words (``_named_device``) is all that makes the kind of step matter: where none is
    named even as a build would read them (the widest reading), it is not looked at."""
    argv = command.argv
    programs = known_programs()
    for name, value in command.env:
        if name in programs.device_env and re.fullmatch(r"\d+(?:,\d+)*", value):
            return len(value.split(","))
    count = launched_count(argv)
    if count is not None:
        return count
    chosen = option_device(argv)
    if chosen is not None and chosen != "cpu":
        return 1
    if _named_device(argv, True) is not None:
        return command_needs(command).devices
    program = program_name(argv)
    return 1 if program in _LAUNCHERS or program in programs.device else 0


_DOWNLOAD_WORDS = frozenset({"download", "downloads", "fetch"})
_RUN_WORDS = frozenset(
    {"train", "test", "eval", "bench", "benchmark", "run", "infer", "inference", "serve",
     "build", "finetune", "demo", "and"}
)  # fmt: skip


def _downloads(script: str) -> bool:
    """Whether a script is named for downloading only: it needs the network, not the device
    of the section it is in (karpathy/llm.c@f1e2ace README.md:17 ``./dev/download_starter_
    pack.sh`` under "quick start (1 GPU, fp32 only)": it fetches the model and data files,
    outsider23c D11). Words, not letters: ``run_prefetch_bench.sh`` and ``fetch_and_train.sh``
    run more than a download (review24 L3)."""
    words = set(re.split(r"[^a-z0-9]+", script.lower()))
    return bool(words & _DOWNLOAD_WORDS) and not words & _RUN_WORDS


def _script_name(argv: tuple[str, ...]) -> str:
    """The file name of the script ``argv`` runs (``./x.sh``, ``bash x.sh``, ``python
    x.py``), or ""."""
    program = program_name(argv)
    if program in ("bash", "sh") and len(argv) > 1:
        return argv[1].rsplit("/", 1)[-1]
    if program.startswith("python") and len(argv) > 1 and argv[1].endswith(".py"):
        return argv[1].rsplit("/", 1)[-1]
    return program if program.endswith(".sh") else ""


_OPTION_WORDS = lazyre.compile(r"[A-Za-z]+")
_NEGATING = frozenset({"no", "without", "disable", "skip", "cpu", "only"})
_SELECTING = frozenset({"use", "enable", "with", "on"})
"""Words that, beside a device's name alone, make an option choose it (``--use_npu``)."""


def _named_device(argv: tuple[str, ...], building: bool) -> tuple[str, bool] | None:
    """The device kind a command's words name besides ``--device``, and whether by an
    option: a bare argument (``./run.sh npu 910B4``, bigorange1024/ascendc@541ca73
    README.md:211: the script runs on an NPU); on a build or install step (``building``) any
    option's word (``--global-option=--cuda_ext``, InternLM/InternEvo@c628a8c
    doc/en/install.md:65: apex builds its CUDA extensions with nvcc); on another step only an
    option that selects the device (``--use_npu``, ``--npu``), not one that mentions it
    (``--gpu-memory-utilization 0.9`` sizes what vLLM takes of whatever device it runs on).
    An option that turns the device off (``--no-cuda``) names none. So does the script's own
    name, as a bare argument would (``python3 test/test_npu.py``, desly-0/flashattention_Ascendc
    @1fa2e50 README.md:49-50 "NPU 核函数验证": it verifies the NPU kernel, outsider8 #3)."""
    names = device_names()
    script = [w for w in re.split(r"[^a-z0-9]+", _script_name(argv).lower()) if w]
    named = [names[w] for w in script if w in names and names[w] != "cpu"]
    if named and not _NEGATING & set(script):
        return named[0], False
    for word in argv[1:]:
        if not word.startswith("-"):
            kind = names.get(word.lower())
            if kind is not None and kind != "cpu":
                return kind, False
            continue
        words = [w.lower() for w in _OPTION_WORDS.findall(word)]
        if _NEGATING & set(words):
            continue
        kinds = [names[w] for w in words if w in names and names[w] != "cpu"]
        if kinds and (building or len(set(words) - _SELECTING) == 1):
            return kinds[0], True
    return None


def step_name(argv: tuple[str, ...]) -> str:
    """A readable, stable name: the command itself as a shell reads it back (``python -c
    'import flash_attn'``, not a different command when pasted), shortened."""
    return shortened(shlex.join(argv), 60)


_SETUP_VARIANT = lazyre.compile(r"setup[_-]\w{1,40}\.py")
"""A second setuptools script beside setup.py, for another build of the package: setup_cpu.py
(ClementPinard/Pytorch-Correlation-extension@f00f0cd README.md:37 ``python setup_cpu.py
install``, the CPU-only route, outsider22 D6)."""
_SETUPTOOLS_COMMANDS = frozenset({"install", "develop", "build", "build_ext", "bdist_wheel"})


def _setuptools_run(argv: tuple[str, ...]) -> bool:
    """Whether ``python ARGV...`` runs the package's setuptools script: setup.py with any
    command, or a variant (``_SETUP_VARIANT``) with one of setuptools' build commands."""
    if argv[1] == "setup.py":
        return True
    variant = _SETUP_VARIANT.fullmatch(argv[1].rsplit("/", 1)[-1])
    return variant is not None and not _SETUPTOOLS_COMMANDS.isdisjoint(argv[2:])
