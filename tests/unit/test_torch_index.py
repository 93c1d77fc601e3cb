"""The PyTorch index an environment's torch comes from (``run.torchindex``): the build of the
environment's CUDA major from the knowledge base's builds rows, the CPU build beside
torch_npu on x86_64 — in the installer's command and in the consent list alike.

outsider11 #17: uv-xiao/cuda-kernel-uv@2fe491e (environment 1: CUDA 12.8.1, Python 3.11,
torch 2.11.0, triton 3.6.0) ran ``uv pip install ... torch==2.11.0 ... triton==3.6.0`` from
PyPI, whose torch 2.11.0 is the CUDA 13 build (the run's log: "Downloading nvidia-nccl-cu13").
outsider11 #18: zzhx1/vllm-ascend@5e39074 (torch 2.10.0, torch_npu 2.10.0 on x86_64):
"torch-npu==2.10.0 depends on torch==2.10.0+cpu", which only the CPU index has
(docs/source/installation.md:136-140)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from pathlib import Path

from bringup.kb.knowledge import load_knowledge_base
from bringup.model import keys
from bringup.model.facts import Fact
from bringup.model.requirements import Component
from bringup.model.resolution import Environment, Pin
from bringup.model.rules import Rule
from bringup.model.snapshot import PythonInstall, Snapshot
from bringup.model.source import Source
from bringup.process import Completed
from bringup.report.up_text import environment_line, spelled
from bringup.run.consent import commands_needing_consent
from bringup.run.environments import (
    FINGERPRINT_FILE,
    EnvironmentSpec,
    environment_spec,
    make_environment,
)
from bringup.run.indexes import index_settings
from bringup.run.installcommands import install_commands
from bringup.run.outcome import EnvironmentOutcome
from bringup.run.torchindex import CPU_INDEX

SRC = Source(kind="kb", ref="t")


@functools.lru_cache(maxsize=1)
def _rules() -> tuple[Rule, ...]:
    return tuple(load_knowledge_base().rules(chips=()))


def _snapshot(arch: str) -> Snapshot:
    return Snapshot(
        taken_at="2026-12-06T00:00:00Z",
        origin="replay",
        pythons=(
            PythonInstall(path="/py/bin/python3", version="3.11.7", origin="pyenv", source=SRC),
        ),
        facts=(Fact(key=keys.ARCH, value=arch, source=Source(kind="user", ref="t")),),
    )


def _env(**pins: str) -> Environment:
    listed = [Pin(subject="python", version="3.11.7", origin="installed", source=SRC)]
    listed += [Pin(subject=s, version=v, origin="release", source=SRC) for s, v in pins.items()]
    return Environment(index=1, components=("repo",), pins=tuple(listed))


def _index(environment: Environment, arch: str = "x86_64") -> object:
    return environment_spec(environment, _snapshot(arch), (), rules=_rules()).torch_index


def test_a_cuda_12_environment_installs_torch_from_the_cuda_12_build() -> None:
    env = _env(cuda="12.8.1", torch="2.11.0", triton="3.6.0")
    spec = environment_spec(env, _snapshot("x86_64"), (), rules=_rules())
    assert spec.torch_index == "https://download.pytorch.org/whl/cu128"
    (command,) = install_commands(spec, ["uv", "pip", "install"], [])
    at = command.index("--extra-index-url")
    assert command[at + 1] == "https://download.pytorch.org/whl/cu128"
    assert "torch==2.11.0" in command
    assert command[command.index("--index-strategy") + 1] == "unsafe-best-match"
    (pip,) = install_commands(spec, ["python", "-m", "pip", "install"], [])
    assert "--index-strategy" not in pip


def test_the_build_follows_the_toolkits_major_and_the_releases_builds() -> None:
    # torch 2.11's builds: cu126, cu128, cu130 (torch-2.11-cuda)
    assert _index(_env(cuda="13.0.2", torch="2.11.0")) == "https://download.pytorch.org/whl/cu130"
    assert _index(_env(cuda="12.9.1", torch="2.11.0")) == "https://download.pytorch.org/whl/cu128"
    assert _index(_env(cuda="12.4.1", torch="2.11.0")) == "https://download.pytorch.org/whl/cu126"
    # torch 2.1's builds: cu118, cu121
    assert _index(_env(cuda="11.8.0", torch="2.1.2")) == "https://download.pytorch.org/whl/cu118"


def test_no_toolkit_or_no_build_of_its_major_leaves_the_index_alone() -> None:
    assert _index(_env(torch="2.11.0")) is None
    assert _index(_env(cuda="10.2.89", torch="2.11.0")) is None


def test_torch_npu_on_x86_takes_the_cpu_build_and_on_arm_pypis() -> None:
    npu = _env(cann="9.0.0", torch="2.10.0", torch_npu="2.10.0")
    assert _index(npu) == "https://download.pytorch.org/whl/cpu"
    assert _index(npu, "aarch64") is None


def test_the_consent_list_shows_the_index_that_will_be_used() -> None:
    env = _env(cuda="12.8.1", torch="2.11.0")
    spec = environment_spec(env, _snapshot("x86_64"), (), rules=_rules())
    repo = Component(name="repo", path="/r", role="other")
    (line,) = commands_needing_consent([repo], (), [spec])["repo"]
    assert "--extra-index-url https://download.pytorch.org/whl/cu128" in line


def test_a_users_own_index_or_mirror_gets_no_pytorch_index_beside_it() -> None:
    """review30 L8: the PyTorch index and ``unsafe-best-match`` were added beside an index the
    user chose (a mirror, ``--index``, ``--no-index``); only PyPI's installs need them."""
    from bringup.run.indexes import index_settings

    env = _env(cuda="12.8.1", torch="2.11.0", triton="3.6.0")  # outsider11 #17's environment
    mirror = index_settings({"PIP_INDEX_URL": "https://mirror.example/simple"}, [], offline=False)
    none = index_settings({"PIP_NO_INDEX": "1"}, [], offline=False)
    pypi = index_settings({}, [], offline=False)
    assert (mirror.from_pypi, none.from_pypi, pypi.from_pypi) == (False, False, True)
    spec = environment_spec(
        env, _snapshot("x86_64"), (), rules=_rules(), from_pypi=mirror.from_pypi
    )
    assert spec.torch_index is None
    (command,) = install_commands(spec, ["uv", "pip", "install"], [*mirror.args])
    assert "--extra-index-url" not in command
    assert "--index-strategy" not in command
    repo = Component(name="repo", path="/r", role="other")
    (line,) = commands_needing_consent([repo], (), [spec])["repo"]
    assert "download.pytorch.org" not in line


def test_check_names_the_index_of_torch_as_up_installs_it() -> None:
    # check's next action for outsider11 #17's environment said only "torch 2.11.0"; the plan's
    # torch install now carries the index up installs it from, and the action says it even
    # when torch is not among the packages named
    from bringup.model.plan import Action, Plan, Tier
    from bringup.model.resolution import Resolution
    from bringup.report.check_actions import action_groups
    from bringup.run.torchindex import with_torch_indexes

    env = _env(cuda="12.8.1", torch="2.11.0", triton="3.6.0")
    installs = tuple(
        Action(kind="install", subject=s, version=v, automatic=True, environment=1)
        for s, v in (("numpy", "2.4.6"), ("pandas", "2.3.3"), ("tqdm", "4.67.1"),
                     ("triton", "3.6.0"), ("torch", "2.11.0"))
    )  # fmt: skip
    plan = Plan(tier=Tier(level=0), order=("repo",), actions=installs)
    resolution = Resolution(environments=(env,))
    marked = with_torch_indexes(plan, resolution, _snapshot("x86_64"), _rules())
    assert [a.index for a in marked.actions if a.subject == "torch"] == [
        "https://download.pytorch.org/whl/cu128"
    ]
    ((text, _),) = action_groups(marked.actions)
    assert text.endswith("+2 more; torch from https://download.pytorch.org/whl/cu128")
    ((plain, _),) = action_groups(plan.actions)
    assert "download.pytorch.org" not in plain


def _gpu_less(nvidia_on_pci: int = 0) -> Snapshot:
    """This machine's `bringup probe --json` (2026-12-07, Debian 12, no accelerator): no
    nvidia-smi nor npu-smi on PATH, no NVIDIA nor Ascend device in /sys/bus/pci/devices."""
    probed = Source(kind="file", ref="/sys/bus/pci/devices")
    on_path = Source(kind="env", ref="PATH")
    facts = (
        Fact(key="nvidia.nvidia_smi", source=on_path, status="absent"),
        Fact(key="host.pci.nvidia_gpus", value=nvidia_on_pci, source=probed),
        Fact(key="ascend.npu_smi", source=on_path, status="absent"),
        Fact(key="host.pci.ascend_npus", value=0, source=probed),
    )
    base = _snapshot("x86_64")
    return Snapshot(
        taken_at=base.taken_at, origin="live", pythons=base.pythons, facts=base.facts + facts
    )


def test_a_host_without_accelerators_takes_the_cpu_build_of_torch() -> None:
    # outsider 18's D6: hpcaitech/TensorNVMe (torch, no CUDA toolkit) got torch 2.14.0+cu130
    # and the cuda-toolkit wheels from PyPI on a GPU-less host
    env = _env(torch="2.11.0", packaging="25.0")
    spec = environment_spec(env, _gpu_less(), (), rules=_rules())
    assert spec.torch_index == "https://download.pytorch.org/whl/cpu"
    repo = Component(name="repo", path="/r", role="other")
    (line,) = commands_needing_consent([repo], (), [spec])["repo"]
    assert "--extra-index-url https://download.pytorch.org/whl/cpu" in line
    # a GPU on the bus, or devices nobody looked for, leave PyPI's build alone
    assert environment_spec(env, _gpu_less(1), (), rules=_rules()).torch_index is None
    assert _index(env) is None
    # a CUDA toolkit pinned keeps its own build
    cuda = _env(cuda="12.8.1", torch="2.11.0")
    built = environment_spec(cuda, _gpu_less(), (), rules=_rules()).torch_index
    assert built == "https://download.pytorch.org/whl/cu128"


# The fallback: the CPU build of torch for a host with no accelerator comes from PyTorch's CPU
# index, and where that index does not answer, from the user's own indexes (outsider 18 D6,
# redone).
#
# uv stops at an extra index that does not answer where pip goes on to the next
# (home-assistant/core#175404, "uv treats a failing extra index as fatal, while pip would skip
# it and fall back to PyPI"; ``ignore-error-codes`` covers no connection error): ``up`` makes
# the environment again without the CPU index, and says so. The error chain is uv 0.13.9's on
# this machine, where only PyPI is reachable (2026-12-07: ``uv pip install --dry-run
# --extra-index-url https://download.pytorch.org/whl/cpu --index-strategy unsafe-best-match
# torch==2.13.0``).
UV_SAID = """\
error: Request failed after 3 retries in 5.2s
  cause: Failed to fetch: https://download.pytorch.org/whl/cpu/torch/
  cause: error sending request for url (https://download.pytorch.org/whl/cpu/torch/)
  cause: client error (Connect)
  cause: dns error
  cause: error resolving DNS
  cause: failed to lookup address information: Name or service not known
"""


class _NoPyTorchIndex:
    """Fails each install that names the CPU index, as uv does where it cannot be reached."""

    def __init__(self) -> None:
        self.argvs: list[tuple[str, ...]] = []

    def run(self, argv: Sequence[str], **kw: object) -> Completed:
        self.argvs.append(tuple(argv))
        if "venv" in argv[1:3]:
            Path(argv[-1]).mkdir(parents=True, exist_ok=True)
        dead = CPU_INDEX in argv
        log = kw["log_path"]
        assert isinstance(log, Path)
        log.write_text(UV_SAID if dead else "ok\n", encoding="utf-8")
        return Completed(argv=tuple(argv), returncode=2 if dead else 0)


def _spec(**pins: str) -> EnvironmentSpec:
    listed = [Pin(subject="python", version="3.11.7", origin="installed", source=SRC)]
    listed += [Pin(subject=s, version=v, origin="release", source=SRC) for s, v in pins.items()]
    env = Environment(index=1, components=("repo",), pins=tuple(listed))
    return environment_spec(env, _gpu_less(), (), rules=_rules())


def test_the_cpu_index_that_does_not_answer_gives_way_to_the_users_indexes(
    tmp_path: Path,
) -> None:
    spec = _spec(torch="2.13.0", packaging="25.0")
    assert spec.torch_index == CPU_INDEX
    assert spec.torch_fallback
    settings = index_settings({}, [], offline=False)
    runner = _NoPyTorchIndex()
    path = tmp_path / "env-1"
    made = make_environment(spec, path, settings, runner, log_dir=tmp_path, uv="uv")
    assert made.ok, made.error
    assert made.torch_detour == CPU_INDEX
    assert CPU_INDEX not in runner.argvs[-1]
    assert "torch==2.13.0" in runner.argvs[-1]
    # stamped for the spec the user has: the next ``up`` reuses it
    stamped = (path / FINGERPRINT_FILE).read_text(encoding="utf-8").split()[0]
    assert stamped == spec.fingerprint(settings)
    line = environment_line(
        EnvironmentOutcome(
            index=1,
            components=("repo",),
            python="3.11.7",
            path=str(path),
            status="created",
            torch_detour=made.torch_detour,
        )
    )
    assert f"the PyTorch index {CPU_INDEX} did not answer" in line
    repo = Component(name="repo", path="/r", role="other")
    (consent,) = commands_needing_consent([repo], (), [spec])["repo"]
    assert consent.endswith("# if that index does not answer: again without it")
    # the list up prints spells a long install in short lines, its note kept whole
    many = dataclasses.replace(spec, requirements=tuple(f"p{n}==1.0" for n in range(40)))
    (long,) = commands_needing_consent([repo], (), [many])["repo"]
    shown = spelled(long)
    assert len(shown) > 2
    assert shown[-1] == "  # if that index does not answer: again without it"
    assert spelled(consent)[-1].endswith("  # if that index does not answer: again without it")


def test_torch_npu_s_cpu_build_has_no_fallback() -> None:
    # torch_npu on x86_64 needs torch==X+cpu, which only the CPU index has (test_torch_index)
    spec = _spec(torch="2.1.0", torch_npu="2.1.0")
    assert spec.torch_index == CPU_INDEX
    assert not spec.torch_fallback
