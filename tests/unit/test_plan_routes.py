# ruff: noqa: E501  (real lines of montehoover/verl, kept whole)
"""A plan holds one guide's route: an install of a version the environment does not hold,
and every step of a guide named for that version, is another route's; a command its guide
says fails is no step; a step's name reads back as the shell line it is, quotes and all
(outsider23 D10)."""

from __future__ import annotations

from bringup.model.resolution import Environment, Pin
from bringup.model.source import file_source
from bringup.plan.order import prepares_first
from bringup.plan.routes import other_route
from bringup.report.reason_wording import reason_text
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.subjects import python_subject

# montehoover/verl@9c46ae818ca42f47e1bf6e481c7da314e9c4663e docs/README_vllm0.7.md:1-24
VLLM07_GUIDE = (
    "# Upgrading to vllm >= 0.7\n"
    "\n"
    "Note: verl+vllm 0.8.3 is now stable. Please see ``docs/README_vllm0.8.md`` for upgrade guide.\n"
    "\n"
    "## Installation\n"
    "\n"
    "Note: At time of writing, verl+vllm 0.7.x supports **FSDP** for training and **vLLM** for rollout.\n"
    "\n"
    "```\n"
    "# Create the conda environment\n"
    "conda create -n verl python==3.10\n"
    "conda activate verl\n"
    "\n"
    "# Install verl\n"
    "git clone https://github.com/volcengine/verl.git\n"
    "cd verl\n"
    "pip3 install -e .\n"
    "\n"
    "# Install the latest stable version of vLLM\n"
    "pip3 install vllm==0.7.3 \n"
    "\n"
    "# Install flash-attn\n"
    "pip3 install flash-attn --no-build-isolation\n"
    "\n"
)
# the same commit, README.md:8-41 (the README's own route, the check it says fails, the
# fix, the check it says passes), after as many empty lines as put them at their numbers
README_QUICKSTART = "\n" * 7 + (
    "## Quickstart\n"
    "\n"
    "(This is a Nexus-confirmed version of the [official quickstart](https://verl.readthedocs.io/en/latest/start/install.html#install-dependencies).)\n"
    "\n"
    "1. Setup environment. This sets up Verl to use FSDP instead of Megatron and Vllm instead of SGLang. This installs from a pre-built wheel of FlashAttention (the normal way), but it has a conflict with the version of `glibc` on Nexus so there is a second step below here to fix this.\n"
    "   ```\n"
    "   module load cuda/12.8.1\n"
    "   module load cudnn/v9.10.2\n"
    "   conda create -n verl python=3.12\n"
    "   conda activate verl\n"
    "   export USE_MEGATRON=0\n"
    "   export USE_SGLANG=0\n"
    "   bash scripts/install_vllm_sglang_mcore.sh\n"
    "   pip install --no-deps -e .\n"
    "   ```\n"
    "   \n"
    '2. Fix the `glibc` Nexus conflict in FlashAttention. If you run it currently you will get something like "ImportError: /lib64/libc.so.6: version GLIBC_2.32 not found". We use a tool called `polyfill-glibc` to update the FlashAttention .so binary file so it is compatible with Nexus\'s version of `glibc`, even though it was built for a different version of `glibc`. These instructions are from [here](https://github.com/Dao-AILab/flash-attention/issues/1708#issuecomment-3283420504).\n'
    "   ```\n"
    "   # Confirm the problem. This should give you an error message. If no error, you can skip this whole part.\n"
    '   python -c "import flash_attn"\n'
    "   # Show the mismatched versions:\n"
    '   FLASH_PATH=$(find $CONDA_PREFIX/lib/python*/site-packages/flash_attn* -name "flash_attn_2_cuda*.so" 2>/dev/null | head -1)\n'
    "   FLASH_GLIBC_VERSION=$(objdump -T \"$FLASH_PATH\" 2>/dev/null | grep -oP 'GLIBC_\\K\\d+\\.\\d+' | sort -V | uniq | tail -1)\n"
    "   NEXUS_GLIBC_VERSION=$(ldd --version | head -n1 | awk '{print $NF}')\n"
    '   echo "$FLASH_GLIBC_VERSION must be equal to or less than $NEXUS_GLIBC_VERSION"\n'
    "   # Now fix with polyfill\n"
    "   cd ..\n"
    "   git clone --single-branch --branch feat/single-threaded https://github.com/tuxxi/polyfill-glibc.git\n"
    "   cd polyfill-glibc\n"
    "   ninja polyfill-glibc\n"
    "   ./polyfill-glibc --target-glibc $NEXUS_GLIBC_VERSION $FLASH_PATH\n"
    "   # Confirm it works now. Should import silently.\n"
    '   python -c "import flash_attn"\n'
    "   ```\n"
)


def _steps(text: str, rel: str):  # type: ignore[no-untyped-def]
    return extract_docs(SourceFile(ref=rel, rel=rel, text=text)).steps


def _environment(version: str) -> Environment:
    pin = Pin(
        subject=python_subject("vllm"),
        version=version,
        origin="index",
        source=file_source("scripts/install_vllm_sglang_mcore.sh", 12),
    )
    return Environment(index=2, components=("verl",), pins=(pin,))


def test_a_guide_named_for_a_version_the_environment_lacks_is_another_route() -> None:
    guide = _steps(VLLM07_GUIDE, "docs/README_vllm0.7.md")
    environment = _environment("0.11.0")
    reasons = [other_route(s, environment, guide) for s in guide]
    assert [(s.source.line, r is not None and r.kind) for s, r in zip(guide, reasons)] == [
        (17, "route"),  # pip3 install -e .
        (20, "route"),  # pip3 install vllm==0.7.3
        (23, "route"),  # pip3 install flash-attn --no-build-isolation
    ]
    assert reason_text(reasons[0]) == (  # type: ignore[arg-type]
        "its guide installs vllm == 0.7.3 (line 20); the environment holds 0.11.0: another"
        " guide's route, up does not run it"
    )


def test_the_guide_runs_where_the_environment_holds_its_version() -> None:
    guide = _steps(VLLM07_GUIDE, "docs/README_vllm0.7.md")
    assert [other_route(s, _environment("0.7.3"), guide) for s in guide] == [None] * 3


def test_a_guide_not_named_for_the_version_loses_only_that_install() -> None:
    # the same lines under a name that is no release's: only the vllm install is excluded
    guide = _steps(VLLM07_GUIDE, "docs/install.md")
    reasons = [other_route(s, _environment("0.11.0"), guide) for s in guide]
    assert [r is not None for r in reasons] == [False, True, False]


def test_a_name_with_a_longer_version_is_not_named_for_the_release() -> None:
    # review24 L6: "0.7" matched inside "0.75"; the same guide under a constructed name
    guide = _steps(VLLM07_GUIDE, "docs/README_vllm0.75.md")
    reasons = [other_route(s, _environment("0.11.0"), guide) for s in guide]
    assert [r is not None for r in reasons] == [False, True, False]


def test_the_readmes_route_stays_and_its_failing_check_is_no_step() -> None:
    steps = _steps(README_QUICKSTART, "README.md")
    # "# Confirm the problem. This should give you an error message." over
    # python -c "import flash_attn" (README.md:26-27): no step; the check after the fix
    # ("# Confirm it works now. Should import silently.", :39-40) is one
    assert [(s.source.line, s.name) for s in steps] == [
        (20, "bash scripts/install_vllm_sglang_mcore.sh"),
        (21, "pip install --no-deps -e ."),
        (37, "ninja polyfill-glibc"),
        (40, "python -c 'import flash_attn'"),
    ]
    assert {other_route(s, _environment("0.11.0"), steps) for s in steps} == {None}


def test_the_readmes_install_script_keeps_its_place_before_the_install_counting_on_it() -> None:
    # README.md:20-21: the script installs the dependencies `pip install --no-deps -e .` skips
    steps = _steps(README_QUICKSTART, "README.md")
    ordered = prepares_first(steps, lambda s: s.kind)
    assert [s.source.line for s in ordered][:2] == [20, 21]
    assert [s.kind for s in ordered][:2] == ["install", "install"]


def test_a_local_build_of_the_pinned_release_is_the_environments() -> None:
    # constructed: the PyTorch index's CPU build of a pinned release
    (step,) = _steps("## Install\n\n```bash\npip install vllm==0.11.0+cpu\n```\n", "README.md")
    assert other_route(step, _environment("0.11.0")) is None
    assert other_route(step, _environment("0.10.2")) is not None


def test_a_range_is_named_for_its_lowest_release_and_a_name_stands_alone() -> None:
    # review25 L6: "<0.8,>=0.7" (how a range is written back) named README_vllm0.8.md; "llm"
    # matched inside "vllm0.7". Constructed reasons over the real guide's name.
    from bringup.model.plan import Reason
    from bringup.plan.routes import _named_for

    ranged = Reason(kind="route", subject="pypi:vllm", need="<0.8,>=0.7")
    assert _named_for("docs/README_vllm0.7.md", ranged)
    assert not _named_for("docs/README_vllm0.8.md", ranged)
    inner = Reason(kind="route", subject="pypi:llm", need="==0.7.3")
    assert not _named_for("docs/README_vllm0.7.md", inner)
