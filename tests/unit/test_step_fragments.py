"""A guide's lines that are alternatives or fragments are no step (outsider23c D10); a process
count is what runs, so it is the need (review24 M4)."""

from __future__ import annotations

from bringup.model import Component, StepNeeds, file_source
from bringup.model.resolution import HostValue, Resolution
from bringup.plan.decide import ComponentContext, decide
from bringup.scan.commands import parse_commands
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.stepkinds import command_needs
from bringup.scan.steps import steps_from_commands

# karpathy/llm.c@f1e2ace651495b74ae22d45d1723443fd00ecd3a scripts/README.md:19-33
LLMC_MULTI_GPU = (
    "### multi-gpu considerations\n"
    "\n"
    "It might be that you only have one GPU and not a whole box of them. Every script is fairly"
    " easy to change for just a single GPU. For llm.c, simply change line 1 to line 2 and leave"
    " everything else the same:\n"
    "\n"
    "```bash\n"
    "mpirun -np 8 ./train_gpt2cu \\\n"
    "./train_gpt2cu \\\n"
    "```\n"
    "\n"
    "For PyTorch, the same thing:\n"
    "\n"
    "```bash\n"
    "torchrun --standalone --nproc_per_node=8 train_gpt2.py \\\n"
    "python train_gpt2.py \\\n"
    "```\n"
)


def _doc(text: str, rel: str = "scripts/README.md") -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text=text)


def test_two_alternative_lines_continuing_into_nothing_are_no_step() -> None:
    # joined they were `torchrun ... train_gpt2.py python train_gpt2.py`, one argv
    assert extract_docs(_doc(LLMC_MULTI_GPU)).steps == ()


def test_a_scripts_last_continued_line_still_runs() -> None:
    # the same lines as a script file: the shell runs the last line when the file ends
    block = "torchrun --standalone --nproc_per_node=8 train_gpt2.py \\\npython train_gpt2.py \\\n"
    assert [c.plain for c in parse_commands(block)] == [True]
    assert [c.plain for c in parse_commands(block, pasted=True)] == [False]


def test_a_block_continued_to_its_end_keeps_its_earlier_commands() -> None:
    # karpathy/llm.c@f1e2ace README.md:150-151 with the second line cut as in the fragment
    block = "make train_gpt2cu\nmpirun -np 8 ./train_gpt2cu \\\n"
    commands = parse_commands(block, first_line=150, pasted=True)
    assert [(c.argv[0], c.line, c.plain) for c in commands] == [
        ("make", 150, True),
        ("mpirun", 151, False),
    ]


def test_a_process_count_is_the_devices_the_argv_runs_on() -> None:
    # karpathy/llm.c@f1e2ace scripts/pyrun_gpt2_124M.sh:5-7 "if you wish to train on just a
    # single GPU, simply skip the torchrun part" over `torchrun --standalone
    # --nproc_per_node=8 train_gpt2.py`; scripts/run_gpt2_124M.sh:23 `mpirun -np 8`: `up`
    # runs the argv as written, 8 processes, one device each (review24 M4)
    (torchrun,) = parse_commands("torchrun --standalone --nproc_per_node=8 train_gpt2.py")
    (mpirun,) = parse_commands("mpirun -np 8 ./train_gpt2cu")
    (module,) = parse_commands("python -m torch.distributed.run --nproc-per-node 4 t.py")
    assert command_needs(torchrun) == StepNeeds(devices=8)
    assert command_needs(mpirun) == StepNeeds(devices=8)
    assert command_needs(module) == StepNeeds(devices=4)


def test_words_of_fewer_devices_do_not_lower_the_count_that_runs() -> None:
    # constructed: llm.c's torchrun line under a paragraph that says one GPU; the words give
    # the kind, the argv the count it runs with
    line = "torchrun --standalone --nproc_per_node=8 train_gpt2.py"
    context = "Train on a single GPU:"
    (step,) = steps_from_commands(_doc(line, "README.md"), parse_commands(line), context=context)
    assert (step.needs.devices, step.needs.device_kind) == (8, "gpu")
    (one,) = parse_commands("torchrun --standalone --nproc_per_node=1 train_gpt2.py")
    assert command_needs(one) == StepNeeds(devices=1)


def test_a_launch_of_8_is_skipped_on_a_host_of_one_device() -> None:
    # constructed host: one GPU; the step is llm.c's line above
    line = "torchrun --standalone --nproc_per_node=8 train_gpt2.py"
    (step,) = steps_from_commands(_doc(line, "README.md"), parse_commands(line))
    component = Component(name="llmc", path="llmc", role="other", steps=(step,))
    one = HostValue(subject="gpu_count", source=file_source("probe"), values=("1",))
    context = ComponentContext(component=component, environment=None, device=[])
    decision = decide(step, context, Resolution(host=(one,)))
    assert decision.status == "skip"
    assert decision.reason is not None
    assert (decision.reason.kind, decision.reason.need) == ("devices", "8")


def test_the_words_around_a_launch_state_its_count() -> None:
    # raoyongming/DynamicViT@1322e626 README.md, "**ConvNeXt-T**" / "Train on 8 GPUs:"
    line = (
        "python -m torch.distributed.launch --nproc_per_node=8 --use_env main.py "
        "--output_dir logs/dynamic_conv-t --model convnext-t --input_size 224"
    )
    (step,) = steps_from_commands(
        _doc(line, "README.md"), parse_commands(line), context="ConvNeXt-T\nTrain on 8 GPUs:"
    )
    assert (step.needs.devices, step.needs.device_kind) == (8, "gpu")


def test_a_device_count_option_is_a_need() -> None:
    # constructed: OpenRLHF/OpenRLHF@3c3be62 README.md:394's `deepspeed --module ...` with
    # the launcher's `--num_gpus`, which tells it how many devices to take
    # (https://www.deepspeed.ai/getting-started/#launching-deepspeed-training)
    (launch,) = parse_commands("deepspeed --num_gpus 2 --module openrlhf.cli.train_rm")
    assert command_needs(launch) == StepNeeds(devices=2)


# amithogadi/trm@170ce067443b88d7f9414d7d18a1146b67e5eb20 README.md:23-30
TRM_TRAINING = (
    "## Training\n"
    "\n"
    "```bash\n"
    "python train.py\n"
    "\n"
    "# Multi-GPU (same node)\n"
    "torchrun --nproc_per_node=4 train.py\n"
    "```\n"
)


def test_the_same_run_by_another_launcher_is_a_choice_not_a_second_step() -> None:
    steps = extract_docs(_doc("\n" * 22 + TRM_TRAINING, "README.md")).steps
    assert [(s.source.line, s.name) for s in steps] == [(26, "python train.py")]


def test_the_same_launcher_or_other_arguments_are_two_runs() -> None:
    # constructed from the block above: a second stage, and an evaluation of the training
    block = (
        "## Training\n\n```bash\npython train.py --stage 1\npython train.py --stage 2\n"
        "torchrun --nproc_per_node=4 train.py --eval\n```\n"
    )
    steps = extract_docs(_doc(block, "README.md")).steps
    assert [s.argv[-1] for s in steps] == ["1", "2", "--eval"]


def test_of_two_launchers_the_run_on_fewer_devices_is_kept() -> None:
    # constructed from TRM_TRAINING above, its lines in the other order (review24 L2)
    block = (
        "## Training\n\n```bash\ntorchrun --nproc_per_node=4 train.py\n"
        "# single GPU\npython train.py\n```\n"
    )
    steps = extract_docs(_doc(block, "README.md")).steps
    assert [(s.source.line, s.name) for s in steps] == [(6, "python train.py")]
