"""pip's ``error: subprocess-exited-with-error`` wraps a package's own failed build step; it is
no resolver failure (outsider 23b, D6: flash-attention's "nvcc was not found" and a failed
nvcc were blamed on "The installer could not find or reconcile a version"). flash-attention's
(and apex's) setup.py raises "<option> was requested, but nvcc was not found" when CUDA_HOME
is None: the no-toolkit signature reads that wording too."""

from __future__ import annotations

import re

from bringup.triage import explain_text
from bringup.triage.fallbackrules import builtin_rules

# https://github.com/Dao-AILab/flash-attention/issues/509 (the pasted pip output, lines 2-25)
NVCC_NOT_FOUND = """\
Collecting flash-attn
  Using cached flash_attn-2.1.1.tar.gz (2.3 MB)
  Preparing metadata (setup.py) ... error
  error: subprocess-exited-with-error

  × python setup.py egg_info did not run successfully.
  │ exit code: 1
  ╰─> [14 lines of output]
      fatal: not a git repository (or any of the parent directories): .git
      Traceback (most recent call last):
        File "<string>", line 2, in <module>
        File "<pip-setuptools-caller>", line 34, in <module>
        File "/tmp/pip-install-ulfkr2zw/flash-attn_4b67593759ae48efb90864a00b44d597/setup.py", line 120, in <module>
          raise_if_cuda_home_none("flash_attn")
        File "/tmp/pip-install-ulfkr2zw/flash-attn_4b67593759ae48efb90864a00b44d597/setup.py", line 88, in raise_if_cuda_home_none
          raise RuntimeError(
      RuntimeError: flash_attn was requested, but nvcc was not found.  Are you sure your environment has nvcc available?  If you're installing within a container from https://hub.docker.com/r/pytorch/pytorch, only images whose names contain 'devel' will provide nvcc.

      torch.__version__  = 2.0.1+cu117

      [end of output]

  note: This error originates from a subprocess, and is likely not a problem with pip.
error: metadata-generation-failed
"""  # noqa: E501, RUF001

# https://github.com/Dao-AILab/flash-attention/issues/298 (as quoted there, lines kept: the
# wrapper, the bdist_wheel header and the failed compiler command)
NVCC_FAILED = """\
> Building wheel for flash-attn (setup.py) ... error
>   error: subprocess-exited-with-error
>
>   × python setup.py bdist_wheel did not run successfully.
>   │ exit code: 1
>   ╰─> [115 lines of output]
>       running build_py
>       copying flash_attn/__init__.py -> build/lib.linux-x86_64-cpython-38/flash_attn
>       error: command '/opt/conda/bin/nvcc' failed with exit code 255
"""  # noqa: RUF001


def test_flash_attention_without_nvcc_is_the_missing_toolkit() -> None:
    first = explain_text(NVCC_NOT_FOUND)[0]
    assert (first.signature_id, first.layer) == ("cuda.build.cuda-home-not-set", "build")
    line = next(t for t in NVCC_NOT_FOUND.splitlines() if "nvcc was not found" in t)
    assert explain_text(line)[0].signature_id == "cuda.build.cuda-home-not-set"


def test_a_failed_build_subprocess_is_not_the_resolver() -> None:
    ids = [d.signature_id for d in explain_text(NVCC_FAILED)]
    assert "line.install.resolver" not in ids
    assert ids[0] == "line.install.package-build"
    # one owner of pip's wrapper line (review23 #4): compiler-error claimed it too, on another layer
    wrapper = next(t for t in NVCC_FAILED.splitlines() if "subprocess-exited-with-error" in t)
    owners = [r.id for r in builtin_rules().lines if re.search(r.pattern, wrapper)]
    assert owners == ["line.install.package-build"]
    # pip's own wording (pip/_internal/commands/install.py, _warn_about_conflicts)
    resolver = (
        "ERROR: pip's dependency resolver does not currently take into account all the "
        "packages that are installed."
    )
    assert explain_text(resolver)[0].signature_id == "line.install.resolver"
