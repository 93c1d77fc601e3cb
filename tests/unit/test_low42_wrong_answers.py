"""reread42's LOWs that gave wrong answers (/work/notes/b42/reread42-findings.md L3, L4, L6)."""

from __future__ import annotations

from bringup.scan.choicelists import chosen_commands
from bringup.scan.devicewords import option_device
from bringup.scan.extraction import SourceFile
from bringup.scan.makevars import stopping_variables


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


def test_a_makefile_stop_cites_the_line_its_number_names() -> None:
    """A form feed splits ``str.splitlines`` but not make's lines: the cited text is the line
    the number counts (L6). The lines are kaldi-asr/kaldi src/makefiles/cuda_32bit.mk:1-6; the
    form feed before them is constructed (none found in a real Makefile's stop)."""
    text = (
        "# page one\f page two\n"
        "ifndef DOUBLE_PRECISION\n"
        "$(error DOUBLE_PRECISION not defined.)\n"
        "endif\n"
        "ifndef CUDATKDIR\n"
        "$(error CUDATKDIR not defined.)\n"
        "endif\n"
    )
    found = stopping_variables(SourceFile(ref="cuda_32bit.mk", rel="cuda_32bit.mk", text=text))
    assert [(r.spec, r.source.line, r.text) for r in found] == [
        ("DOUBLE_PRECISION", 2, "ifndef DOUBLE_PRECISION then $(error ...)"),
        ("CUDATKDIR", 5, "ifndef CUDATKDIR then $(error ...)"),
    ]


def test_an_options_brace_list_is_its_choices() -> None:
    """reread43: ``--device={cpu,cuda}`` was no list of choices once braces run into a word
    were the shell's brace expansion; after an option's ``=`` they are its choices, as argparse
    prints them (https://docs.python.org/3/library/argparse.html#choices: ``{rock,paper,
    scissors}``), in a usage line's brackets too. Constructed in that form."""
    assert chosen_commands("python eval.py --device={cpu,cuda}") == [
        "python eval.py --device=cpu",
        "python eval.py --device=cuda",
    ]
    assert chosen_commands("evaluate.fish [--device={cpu,cuda}] [--help]") == [
        "evaluate.fish [--device=cpu] [--help]",
        "evaluate.fish [--device=cuda] [--help]",
    ]
    # a word's braces, not an option's value, stay the shell's
    assert chosen_commands("cp x.{txt,bak}") == ["cp x.{txt,bak}"]
    assert chosen_commands("echo a={b,c}") == ["echo a={b,c}"]
