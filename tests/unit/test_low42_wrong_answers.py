"""reread42's LOWs that gave wrong answers (/work/notes/b42/reread42-findings.md L3, L4, L6)."""

from __future__ import annotations

from bringup.scan.choicelists import chosen_commands
from bringup.scan.devicewords import option_device


def test_braces_run_into_a_word_are_one_command() -> None:
    """Shell brace expansion and a Python set are no list of choices (L4)."""
    # mookuu/bash tricky/special_character/{}.sh:16
    assert chosen_commands("cp file1.{txt,backup}") == ["cp file1.{txt,backup}"]
    # jcsrb/til linux/argument-short-hand.md:8
    assert chosen_commands("mv 2016-12-05.{tar,tar.gz}") == ["mv 2016-12-05.{tar,tar.gz}"]
    # constructed (reread42 L4): no README line with a set literal in an inline step was found
    assert chosen_commands('python -c "print({1, 2})"') == ['python -c "print({1, 2})"']
    # ClementPinard/Pytorch-Correlation-extension@f00f0cd README.md:13, still two commands
    assert chosen_commands("python benchmark.py {cpu, cuda}") == [
        "python benchmark.py cpu",
        "python benchmark.py cuda",
    ]


def test_a_bare_cpu_beside_another_device_word_chooses_no_cpu() -> None:
    """``cuda cpu``: the CUDA extension's benchmark, not a CPU run (L3)."""
    # Simeng96/PyTorch_Extension@705271d code/README.md:18
    assert option_device(("python", "benchmark.py", "cuda", "cpu")) is None
    # the same README:4, the Python extension on the CPU
    assert option_device(("python", "benchmark.py", "py", "cpu")) == "cpu"
