"""Running a program under msprof. msprof comes with the CANN toolkit
(``$ASCEND_TOOLKIT_HOME/tools/profiler/bin``) and needs an NPU to collect anything."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import List, Mapping, Optional, Sequence


class ProfilerError(RuntimeError):
    pass


def find_msprof(env: Optional[Mapping[str, str]] = None) -> Path:
    """msprof on PATH, else under the toolkit named by ASCEND_TOOLKIT_HOME."""
    env = os.environ if env is None else env
    found = shutil.which("msprof", path=env.get("PATH", ""))
    if found:
        return Path(found)
    home = env.get("ASCEND_TOOLKIT_HOME")
    if home:
        candidate = Path(home) / "tools" / "profiler" / "bin" / "msprof"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    raise ProfilerError(
        "msprof not found: source /usr/local/Ascend/ascend-toolkit/set_env.sh "
        "(it comes with the CANN toolkit)"
    )


def build_command(
    msprof: Path, application: Sequence[str], output: Path, aic_metrics: str = "PipeUtilization"
) -> List[str]:
    """The msprof argv profiling ``application`` into ``output``."""
    if not application:
        raise ProfilerError("nothing to profile: give the program and its arguments")
    return [
        str(msprof),
        f"--output={output}",
        f"--aic-metrics={aic_metrics}",
        *application,
    ]


def profile(application: Sequence[str], output: Path, timeout: float = 3600.0) -> int:
    """Profile ``application``; msprof's exit code."""
    command = build_command(find_msprof(), application, output)
    output.mkdir(parents=True, exist_ok=True)
    return subprocess.run(command, check=False, timeout=timeout).returncode
