"""A distribution whose build imports torch is installed after torch, with
``--no-build-isolation`` (outside tester O5, D8): ``up`` put ``flash_attn`` (Megatron-
DeepSpeed@f4157bea README.md:248 ``pip install flash-attn``) and ``torch==2.12.0``
(axolotl@067b021c README.md:118) in one ``uv pip install`` for three repos, where
flash-attn's build cannot see torch (Dao-AILab/flash-attention@0251105a setup.py:24
``import torch``; README.md:119 ``pip install flash-attn --no-build-isolation``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import bringup.run
from bringup.model.requirements import Component, Requirement
from bringup.model.resolution import Environment, Pin
from bringup.model.snapshot import PythonInstall, Snapshot
from bringup.model.source import Source
from bringup.process import Completed
from bringup.run.consent import commands_needing_consent
from bringup.run.dockerfile import dockerfile_text
from bringup.run.environments import environment_spec, make_environment
from bringup.run.indexes import IndexSettings
from bringup.run.torchbuilt import builds_on_torch, needing, split_builds
from bringup.tomlfile import parse_toml

MEGATRON = Source(kind="file", ref="Megatron-DeepSpeed/README.md", line=248)
AXOLOTL = Source(kind="file", ref="axolotl/README.md", line=118)
SNAPSHOT = Snapshot(
    taken_at="2026-12-04T00:00:00Z",
    origin="replay",
    pythons=(
        PythonInstall(path="/py312/bin/python3", version="3.12.3", origin="pyenv", source=AXOLOTL),
    ),
)
ENV = Environment(
    index=1,
    components=("FlagPerf", "Megatron-DeepSpeed", "axolotl"),
    pins=(
        Pin(subject="python", version="3.12.3", origin="installed", source=AXOLOTL, installed=True),
        Pin(subject="flash_attn", version="", origin="index", source=MEGATRON),
        Pin(subject="numpy", version="<3.0,>=2.1", origin="index", source=AXOLOTL),
        Pin(subject="torch", version="2.12.0", origin="release", source=AXOLOTL),
    ),
)


class _Recorder:
    def __init__(self, fails: str = "") -> None:
        self.commands: list[tuple[str, ...]] = []
        self.fails = fails

    def run(self, argv: Sequence[str], **_: object) -> Completed:
        """Records ``argv``; ``uv venv PATH`` / ``python -m venv PATH`` make the folder."""
        self.commands.append(tuple(argv))
        if "venv" in argv[1:3]:
            Path(argv[-1]).mkdir(parents=True)
        return Completed(argv=tuple(argv), returncode=1 if self.fails in argv else 0)


def test_flash_attn_goes_after_torch_without_build_isolation() -> None:
    spec = environment_spec(ENV, SNAPSHOT, ())
    assert "torch==2.12.0" in spec.requirements
    assert not any(r.startswith("flash_attn") for r in spec.requirements)
    assert spec.built_on_torch == ("flash_attn",)
    assert {"setuptools", "wheel", "packaging", "psutil"} <= set(spec.requirements)


def test_the_commands_install_it_second(tmp_path: Path) -> None:
    runner = _Recorder()
    spec = environment_spec(ENV, SNAPSHOT, ())
    made = make_environment(
        spec, tmp_path / "env", IndexSettings(), runner, log_dir=tmp_path, uv="uv"
    )
    assert made.ok
    second, third = runner.commands[1], runner.commands[2]
    assert "torch==2.12.0" in second
    assert "flash_attn" not in second
    assert "--no-build-isolation" in third
    assert third[-1] == "flash_attn"


def test_the_listing_and_the_dockerfile_say_the_same() -> None:
    spec = environment_spec(ENV, SNAPSHOT, ())
    lines = commands_needing_consent([], (), [spec])["axolotl"]
    assert lines[1].endswith("uv pip install --no-build-isolation flash_attn")
    text = dockerfile_text(ENV, SNAPSHOT, spec)
    assert text.index('"torch==2.12.0"') < text.index('"--no-build-isolation", "flash_attn"')


def test_names_match_however_written() -> None:
    first, later = split_builds(["flash-attn==2.5.8", "Mamba_SSM", "einops", "setuptools>=64"])
    assert later == ("flash-attn==2.5.8", "Mamba_SSM")
    assert first.count("setuptools>=64") == 1
    assert "setuptools" not in first  # already there, with its range
    assert split_builds(["einops", "torch"]) == (("einops", "torch"), ())


def test_every_record_cites_a_commit_and_its_lines() -> None:
    text = (Path(bringup.run.__file__).parent / "builds_on_torch.toml").read_text("utf-8")
    records = parse_toml(text, "builds_on_torch.toml")["distribution"]
    assert {r["name"] for r in records} == set(builds_on_torch())
    assert all(re.search(r"@[0-9a-f]{40} setup\.py:\d", r["source"]) for r in records)


def test_a_failed_build_on_torch_holds_back_only_the_repos_that_name_it(tmp_path: Path) -> None:
    """The tester's three repos: FlagPerf and axolotl name no flash-attn; Megatron-DeepSpeed
    does (README.md:248, as the scan reads it: ``pypi:flash-attn``)."""
    spec = environment_spec(ENV, SNAPSHOT, ())
    made = make_environment(
        spec, tmp_path / "env", IndexSettings(), _Recorder("flash_attn"), log_dir=tmp_path, uv="uv"
    )
    assert made.ok
    assert made.unbuilt.startswith("flash_attn could not be built")
    assert not (tmp_path / "env" / "bringup-env.json").exists()  # tried again next time
    flash = Requirement(subject="pypi:flash-attn", spec="", component="m", source=MEGATRON)
    repos = [
        Component(name="FlagPerf", path="f", role="other"),
        Component(name="Megatron-DeepSpeed", path="m", role="training", requirements=(flash,)),
        Component(name="axolotl", path="a", role="training"),
    ]
    assert needing(repos, spec.built_on_torch) == ("Megatron-DeepSpeed",)
    assert needing(repos[:1], spec.built_on_torch) == ("FlagPerf",)  # none names it: all wait


def test_without_uv_pip_installs_the_same_two_steps(tmp_path: Path) -> None:
    """review24 L7: one construction of the two installs for uv, pip and the Dockerfile; pip
    has no ``--offline``, so an offline run reads no index instead of waiting on one."""
    runner = _Recorder()
    spec = environment_spec(ENV, SNAPSHOT, ())
    offline = IndexSettings(args=("--offline",))
    made = make_environment(spec, tmp_path / "env", offline, runner, log_dir=tmp_path, uv=None)
    assert made.ok
    venv, first, second = runner.commands
    assert venv[1:3] == ("-m", "venv")
    assert first[1:5] == ("-m", "pip", "install", "--no-index")
    assert "torch==2.12.0" in first
    assert second[1:6] == ("-m", "pip", "install", "--no-build-isolation", "--no-index")
    assert second[-1] == "flash_attn"


def test_the_index_reaches_uv_in_its_environment_not_its_command_line(tmp_path: Path) -> None:
    """review30 M4: ``up --index=https://u:TOKEN@mirror/simple`` ran ``uv ... --index-url
    URL``, readable by every user of the machine in /proc/PID/cmdline."""
    from bringup.run.indexes import index_settings

    seen: list[dict[str, object]] = []

    class _Watcher(_Recorder):
        def run(self, argv: Sequence[str], **given: object) -> Completed:
            seen.append(dict(given.get("env") or {}))  # type: ignore[call-overload]
            return super().run(argv, **given)

    runner = _Watcher()
    given = "https://u:TOKEN1234@mirror.example/simple"
    settings = index_settings({}, [], offline=False, index=given)
    spec = environment_spec(ENV, SNAPSHOT, ())
    made = make_environment(spec, tmp_path / "env", settings, runner, log_dir=tmp_path, uv="uv")
    assert made.ok
    assert not [c for c in runner.commands if any("TOKEN1234" in word for word in c)]
    assert seen
    assert all(env.get("UV_DEFAULT_INDEX") == given for env in seen)
    # another index is another environment: the stamp follows the variable
    other = index_settings({}, [], offline=False, index="https://other.example/simple")
    assert spec.fingerprint(settings) != spec.fingerprint(other)


def test_a_bare_vcs_url_of_such_a_build_goes_second_too() -> None:
    """A bare VCS URL (pip's form, https://pip.pypa.io/en/stable/topics/vcs-support/) installs
    apex, whose build imports torch (NVIDIA/apex README: ``pip install ... --no-build-
    isolation``): installed from its URL, still after torch (review35: it went first)."""
    url = "git+https://github.com/NVIDIA/apex"
    apex = Requirement(subject="pypi:apex", spec="", component="", source=MEGATRON, direct=url)
    component = Component(
        name="Megatron-DeepSpeed", path="/r/m", role="other", requirements=(apex,)
    )
    pins = (*ENV.pins, Pin(subject="apex", version="", origin="index", source=MEGATRON))
    environment = Environment(index=1, components=ENV.components, pins=pins)
    spec = environment_spec(environment, SNAPSHOT, (), [component])
    assert url in spec.built_on_torch
    assert url not in spec.requirements


def test_the_dockerfile_keeps_no_credentials_of_a_requirement_url() -> None:
    """A requirement installed from a URL with a token (``name @ git+https://user:token@…``,
    pip's form for a private repository) is run here as written, but the Dockerfile, whose
    RUN lines every image built from it keeps, says it redacted (review35)."""
    token = "ghp_" + "a1" * 18
    url = f"flash_attn @ git+https://user:{token}@github.com/Dao-AILab/flash-attention"
    flash = Requirement(
        subject="pypi:flash_attn", spec="", component="", source=MEGATRON, direct=url
    )
    component = Component(
        name="Megatron-DeepSpeed", path="/r/m", role="other", requirements=(flash,)
    )
    spec = environment_spec(ENV, SNAPSHOT, (), [component])
    assert spec.built_on_torch == (url,)  # the install itself has them
    text = dockerfile_text(ENV, SNAPSHOT, spec)
    assert token not in text
    assert "user:" not in text
    assert "git+https://redacted@github.com/Dao-AILab/flash-attention" in text
    assert "# A requirement's URL holds credentials" in text
