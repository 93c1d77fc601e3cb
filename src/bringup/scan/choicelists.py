"""A quoted command whose argument is a list to choose from: "Benchmark C++ vs. CUDA by
running `python benchmark.py {cpu, cuda}`" (ClementPinard/Pytorch-Correlation-extension
@f00f0cd README.md:13) is two commands, one for each backend; split as a shell would, it was
one step ``benchmark.py '{cpu,' 'cuda}'`` said to need a GPU (outsider22 D7). Each choice is a
command of its own, so the CPU one needs no device. Braces run into a word are no choice:
``cp file1.{txt,backup}`` (mookuu/bash tricky/special_character/{}.sh:16) is the shell's brace
expansion, one command; ``print({1, 2})`` is a Python set. After an option's ``=`` the braces
are its choices, as argparse prints them (``--device {cpu,cuda}``): ``Usage: evaluate.fish
[--device={cpu,cuda}]`` is a run on each device (the shell would pass the option twice, the last
winning: no reader means that; reread43)."""

from __future__ import annotations

from bringup import lazyre

_CHOICES = lazyre.compile(
    r"(?<![^\s\[])(--?[A-Za-z][\w-]{0,40}=)?"
    r"\{\s*([\w.-]{1,30}(?:\s*[,|]\s*[\w.-]{1,30}){1,7})\s*\}(?![^\s\]])"
)
"""``{cpu, cuda}``, ``{cpu|cuda}``: words in braces, split by commas or bars, an argument of
their own (blank, the command's ends or a usage line's brackets on both sides) or an option's
value (``--device=``, group 1)."""


def chosen_commands(command: str) -> list[str]:
    """``command`` once for each choice of its first choice list (itself where it has none)."""
    found = _CHOICES.search(command)
    if found is None:
        return [command]
    choices = [c.strip() for c in found.group(2).replace("|", ",").split(",")]
    head, tail = command[: found.start()] + (found.group(1) or ""), command[found.end() :]
    return [f"{head}{choice}{tail}" for choice in dict.fromkeys(choices)]
