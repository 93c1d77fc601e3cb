"""A command line's environment prefix (``VAR=value cmd args``) is not lost unseen: the step
runs its argv alone (a step is never a shell string) and its note names what the line set
(renov40, fixA39's finding)."""

from __future__ import annotations

import msgspec

from bringup.scan.docs import extract_docs
from bringup.scan.envprefix import prefix_notes
from bringup.scan.extraction import SourceFile

# Dao-AILab/flash-attention@0251105a README.md:126-132
FLASH_ATTENTION = """\
If your machine has less than 96GB of RAM and lots of CPU cores, `ninja` might
run too many parallel compilation jobs that could exhaust the amount of RAM. To
limit the number of parallel compilation jobs, you can set the environment
variable `MAX_JOBS`:
```sh
MAX_JOBS=4 pip install flash-attn --no-build-isolation
```
"""
# nerfstudio-project/gsplat@90d7b4b3 docs/3dgut.md:27-31
GSPLAT = """\
Once trained, you could view the 3DGS and play with the distortion effect supported through \
3DGUT via our viewer:

```bash
CUDA_VISIBLE_DEVICES=0 python simple_viewer_3dgut.py --ckpt \
results/benchmark_mcmc_1M_3dgut/garden/ckpt_29999_rank0.pt
```
"""


def _steps(rel: str, text: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    found = extract_docs(SourceFile(ref=f"repo/{rel}", rel=rel, text=text))
    return [(s.argv, s.notes) for s in found.steps]


def test_a_prefixed_install_runs_its_argv_and_says_what_the_line_set() -> None:
    assert _steps("README.md", FLASH_ATTENTION) == [
        (
            ("pip", "install", "flash-attn", "--no-build-isolation"),
            (
                "the command line sets MAX_JOBS=4 before the command; bringup runs the command"
                " without it",
            ),
        )
    ]


def test_a_prefixed_run_keeps_the_device_it_picks_in_its_note() -> None:
    [(argv, notes)] = _steps("docs/3dgut.md", GSPLAT)
    assert argv[:2] == ("python", "simple_viewer_3dgut.py")
    assert notes == (
        "the command line sets CUDA_VISIBLE_DEVICES=0 before the command; bringup runs the command"
        " without it",
    )


def test_no_prefix_no_note_and_a_secret_is_redacted() -> None:
    bare = FLASH_ATTENTION.replace("MAX_JOBS=4 ", "")
    [step] = extract_docs(SourceFile(ref="repo/README.md", rel="README.md", text=bare)).steps
    assert step.notes == ()
    assert b"notes" not in msgspec.json.encode(step)  # the literal (): omitted, 3.9 as 3.11
    # a constructed token of Hugging Face's format, never a real one
    [note] = prefix_notes((("HF_TOKEN", "hf_" + "a" * 34),))
    assert "hf_aaaa" not in note
