# ruff: noqa: E501  (real lines of karpathy/llm.c, kept whole)
"""What a step takes from the words around it (outsider23c D4/D10/D11): a build takes the
toolkit of the devices its section runs on, not the devices; a download script needs the
network; a section marked "(CPU)" needs no device."""

from __future__ import annotations

import pytest

from bringup.scan.commands import parse_commands
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.stepkinds import command_needs

# karpathy/llm.c@f1e2ace651495b74ae22d45d1723443fd00ecd3a README.md:11-39 (the quick starts)
# and :137-152 (multi-GPU training), at their line numbers
QUICK_STARTS = "\n" * 10 + (
    "## quick start (1 GPU, fp32 only)\n"
    "\n"
    "If you won't be training on multiple nodes, aren't interested in mixed precision, and are interested in learning CUDA, the fp32 (legacy) files might be of interest to you. These are files that were \"checkpointed\" early in the history of llm.c and frozen in time. They are simpler, more portable, and possibly easier to understand. Run the 1 GPU, fp32 code like this:\n"
    "\n"
    "```bash\n"
    "chmod u+x ./dev/download_starter_pack.sh\n"
    "./dev/download_starter_pack.sh\n"
    "make train_gpt2fp32cu\n"
    "./train_gpt2fp32cu\n"
    "```\n"
    "\n"
    'The download_starter_pack.sh script is a quick & easy way to get started and it downloads a bunch of .bin files that help get you off the ground. These contain: 1) the GPT-2 124M model saved in fp32, in bfloat16, 2) a "debug state" used in unit testing (a small batch of data, and target activations and gradients), 3) the GPT-2 tokenizer, and 3) the tokenized [tinyshakespeare](https://raw.githubusercontent.com/karpathy/char-rnn/master/data/tinyshakespeare/input.txt) dataset. Alternatively, instead of running the .sh script, you can re-create these artifacts manually as follows:\n'
    "\n"
    "```bash\n"
    "pip install -r requirements.txt\n"
    "python dev/data/tinyshakespeare.py\n"
    "python train_gpt2.py\n"
    "```\n"
    "\n"
    "## quick start (CPU)\n"
    "\n"
    "The \"I am so GPU poor that I don't even have one GPU\" section. You can still enjoy seeing llm.c train! But you won't go too far. Just like the fp32 version above, the CPU version is an even earlier checkpoint in the history of llm.c, back when it was just a simple reference implementation in C. For example, instead of training from scratch, you can finetune a GPT-2 small (124M) to output Shakespeare-like text, as an example:\n"
    "\n"
    "```bash\n"
    "chmod u+x ./dev/download_starter_pack.sh\n"
    "./dev/download_starter_pack.sh\n"
    "make train_gpt2\n"
    "OMP_NUM_THREADS=8 ./train_gpt2\n"
    "```\n"
)
MULTI_GPU = "\n" * 136 + (
    "## multi-GPU training\n"
    "\n"
    "Make sure you install MPI and NCCL, e.g. on Linux:\n"
    "\n"
    "```bash\n"
    "sudo apt install openmpi-bin openmpi-doc libopenmpi-dev\n"
    "```\n"
    "\n"
    "For NCCL follow the instructions from the [official website](https://developer.nvidia.com/nccl/nccl-download) (e.g. network installer)\n"
    "\n"
    "and then:\n"
    "\n"
    "```bash\n"
    "make train_gpt2cu\n"
    "mpirun -np <number of GPUs> ./train_gpt2cu\n"
    "```\n"
)


def _needs(text: str) -> list[tuple[int, str, int, bool, bool]]:
    steps = extract_docs(SourceFile(ref="README.md", rel="README.md", text=text)).steps
    return [
        (s.source.line or 0, s.argv[0], s.needs.devices, s.needs.toolkit, s.needs.network)
        for s in steps
    ]


def test_quick_starts() -> None:
    assert _needs(QUICK_STARTS) == [
        (17, "./dev/download_starter_pack.sh", 0, False, True),  # a download
        (18, "make", 0, True, False),  # builds the fp32 CUDA trainer: nvcc, no GPU
        (19, "./train_gpt2fp32cu", 1, False, False),  # "Run the 1 GPU, fp32 code"
        (25, "pip", 0, False, True),
        (26, "python", 1, False, False),
        (27, "python", 1, False, False),
        (36, "./dev/download_starter_pack.sh", 0, False, True),
        (37, "make", 0, False, False),  # "## quick start (CPU)"
        (38, "./train_gpt2", 0, False, False),
    ]


def test_the_multi_gpu_build_needs_the_toolkit() -> None:
    # `mpirun -np <number of GPUs>` holds a word to fill in: no step
    assert _needs(MULTI_GPU) == [(150, "make", 0, True, False)]


@pytest.mark.parametrize(
    ("line", "network"),
    [
        ("./dev/download_starter_pack.sh", True),  # llm.c README.md:17, as above
        # constructed (review24 L3): names whose letters, not words, say download or fetch,
        # or that run more than a download; and a Python script named for one
        ("bash scripts/run_prefetch_bench.sh", False),
        ("./fetch_and_train.sh", False),
        ("python tools/download_model.py --repo x", True),
        ("python train.py", False),
    ],
)
def test_a_script_named_for_downloading_only_needs_the_network(line: str, network: bool) -> None:
    (command,) = parse_commands(line)
    assert command_needs(command).network is network
