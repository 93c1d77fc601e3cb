"""The scripts a repo's own build script runs, read as the build's too: ``bash
"$BUILD_SCRIPT_DIR"/third_party/build.sh`` (Ascend/MindIE-Motor build/build.sh:199, a script
that builds the third-party libraries with ``make``, in a directory the walk skips as vendored
code) and ``stdbuf -oL bash "${BASE_DIR}/xllm_ops/build_aclnn.sh" ...`` (xllm-ops
build.sh:170, below the repo level where scripts are a part's own). What such a script runs
(``git clone``, ``make``, ``unzip``) the build runs.

A script is run by ``bash``/``sh`` or by its own path (``./scripts/gen.sh``), past ``sudo``,
``stdbuf -oL`` and the like; ``source``/``.`` only sets up the environment. Its path is read
as the script writes it, less one leading variable (``$BUILD_SCRIPT_DIR/``, ``${BASE_DIR}/``:
the script's own directory or the repo's top, which are not resolved here) or ``./``; both
the running script's directory and the repo's top are offered (``scan.repo`` reads those that
exist, as it does ``cmakeincludes``'). A path held in a variable the script sets once is that
value (MultimodalSDK build_script/fetch_deps.sh:139-151 ``local fetch_script="${ROOT_DIR}/
AccSDK/build_script/fetch_acc_data_3rdparty.sh"`` ... ``bash "${fetch_script}"``). A path
holding any other expansion names nothing known.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from bringup import lazyre
from bringup.scan.commands import Command

_SHELLS = frozenset({"bash", "sh"})
_BEFORE = frozenset({"sudo", "stdbuf", "time", "env", "exec", "nohup", "then", "do", "else"})
"""Words before the shell or the script that leave it the script run."""
_LEADING_VARIABLE = lazyre.compile(r"^(?:\$\{?[A-Za-z_]\w{0,60}\}?/|\./)")
_WHOLE_VARIABLE = lazyre.compile(r"^\$(?:\{([A-Za-z_]\w{0,60})\}|([A-Za-z_]\w{0,60}))$")
_DECLARES = frozenset({"local", "export", "readonly", "declare"})


def _set_once(commands: Iterable[Command]) -> dict[str, str]:
    """The variables the script assigns a ``.sh`` path, each assigned one value only."""
    values: dict[str, set[str]] = {}
    for command in commands:
        pairs = list(command.env) if not command.argv else []
        if command.argv[:1] and command.argv[0] in _DECLARES:
            pairs = [tuple(w.split("=", 1)) for w in command.argv[1:] if "=" in w]  # type: ignore[misc]
        for name, value in pairs:
            values.setdefault(name, set()).add(value)
    return {
        n: next(iter(v)) for n, v in values.items() if len(v) == 1 and next(iter(v)).endswith(".sh")
    }


def _resolved(argv: tuple[str, ...], values: dict[str, str]) -> tuple[str, ...]:
    """``argv`` with each word that is only a variable set once to a script's path replaced by
    that path."""
    out = []
    for word in argv:
        whole = _WHOLE_VARIABLE.match(word)
        name = (whole.group(1) or whole.group(2)) if whole else ""
        out.append(values.get(name, word))
    return tuple(out)


def run_scripts(rel: str, commands: Iterable[Command]) -> tuple[str, ...]:
    """Repo-relative paths where the scripts ``commands`` run may lie."""
    here = posixpath.dirname(rel)
    found: list[str] = []
    commands = list(commands)
    values = _set_once(commands)
    for command in commands:
        argv = _resolved(command.argv, values) if values else command.argv
        script = _script(argv) or environment_file(argv)
        if script is None:
            continue
        path = _LEADING_VARIABLE.sub("", script, count=1)
        if "$" in path or path.startswith("/"):
            continue
        for base in dict.fromkeys((here, "")):
            joined = posixpath.normpath(posixpath.join(base, path))
            if not joined.startswith("..") and joined != rel:
                found.append(joined)
    return tuple(dict.fromkeys(found))


def environment_file(argv: tuple[str, ...]) -> str | None:
    """The file a ``conda env create -f FILE`` (``update``, ``mamba``, ``--file``) builds the
    environment from: the guide's route runs it as it runs a script ("需要使用配置文件创建虚拟环境"
    / ``conda env create -f ./baseline.yaml``, Ascend/mindx-science@8e312c0
    pinn_module/pinn_inference/README.md:17-19, a file no name pattern finds; outsider8 #18)."""
    if len(argv) < 5 or argv[0] not in ("conda", "mamba", "micromamba") or argv[1] != "env":
        return None
    if argv[2] not in ("create", "update"):
        return None
    for flag, value in zip(argv[3:], argv[4:]):
        if flag in ("-f", "--file") and value.endswith((".yml", ".yaml")):
            return value
    return None


def _script(argv: tuple[str, ...]) -> str | None:
    """The ``.sh`` script ``argv`` runs, if any."""
    for word in argv:
        if word.endswith(".sh"):
            return word
        if word not in _BEFORE and word not in _SHELLS and not word.startswith("-"):
            return None
    return None
