"""Steps a sentence quotes (outsider22 D6, D7): the repo's own install ("by executing `python
setup.py install`") is its build step, and a choice list ("`python benchmark.py {cpu, cuda}`")
is one command per choice, the CPU one needing no device."""

from __future__ import annotations

from bringup.scan.devicewords import option_device
from bringup.scan.docinline import inline_steps
from bringup.scan.extraction import SourceFile

# ClementPinard/Pytorch-Correlation-extension@f00f0cd README.md:12-14
LINES = {
    12: "- Build and Install C++ and CUDA extensions by executing `python setup.py install`,",
    13: "- Benchmark C++ vs. CUDA by running `python benchmark.py {cpu, cuda}`,",
    14: "- Run gradient checks on the code by running `python grad_check.py --backend {cpu, cuda}`.",  # noqa: E501
}
FILE = SourceFile(ref="README.md", rel="README.md", text="\n".join(LINES.values()))


def _steps(line: int) -> list[tuple[str, tuple[str, ...], int]]:
    found = inline_steps(FILE, LINES[line], line, heading="Pytorch Correlation module", vendor=None)
    return [(s.kind, s.argv, s.needs.devices) for s in found]


def test_the_repos_own_install_is_a_step() -> None:
    assert _steps(12) == [("install", ("python", "setup.py", "install"), 0)]


def test_each_choice_is_a_command_and_the_cpu_one_needs_no_device() -> None:
    assert [argv for _, argv, _ in _steps(13)] == [
        ("python", "benchmark.py", "cpu"),
        ("python", "benchmark.py", "cuda"),
    ]
    assert [argv[-2:] for _, argv, _ in _steps(14)] == [("--backend", "cpu"), ("--backend", "cuda")]
    assert [option_device(argv) for _, argv, _ in _steps(13) + _steps(14)] == [
        "cpu",
        None,
        "cpu",
        "gpu",
    ]
    # the sentence's "vs. CUDA" words are every choice's: each takes its device from its argv
    assert [devices for _, _, devices in _steps(13)] == [0, 1]
