"""review38 findings 2, 5, 6 and 7: a usage line's placeholder takes only a default stated of
it, and not over the value its own block sets; a long blank run costs its length, not its
square; ``ctest -V`` (verbose) is a test run, no version request. Each test scans the review's
input; finding 5 also a real README's lines (repo@commit path:line)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from bringup.scan.repo import scan_repo
from bringup.scan.stepkinds import step_kind
from bringup.scan.usagelines import usage_commands
from cpuclock import cpu_seconds


def _steps(root: Path, files: dict[str, str]) -> list[tuple[str, str, str, Optional[int]]]:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    steps = scan_repo(root, ".", name="r").component.steps
    return [(s.kind, s.name, s.source.ref.rsplit("/", 1)[-1], s.source.line) for s in steps]


def _guide(usage: str, explained: str) -> dict[str, str]:
    return {
        "build.sh": "#!/bin/bash\nset -e\n",
        "README.md": f"# r\n\n```bash\n{usage}\n```\n{explained}\n",
    }


def test_another_option_s_default_is_not_the_placeholder_s(tmp_path: Path) -> None:
    # finding 2: "--vendor_name defaults to "custom"" later on ${soc_version}'s line made the
    # step `bash build.sh --pkg --soc=custom`; soc_version's own clause states no default
    steps = _steps(
        tmp_path,
        _guide(
            "bash build.sh --pkg --soc=${soc_version} [--vendor_name=${vendor_name}]",
            "- ${soc_version}: the NPU model, one of ascend910b, ascend310p. --vendor_name "
            'defaults to "custom".',
        ),
    )
    assert not any("--soc=" in name for _, name, _, _ in steps)
    assert steps == [("build", "bash build.sh", "build.sh", 1)]


def test_another_placeholder_s_default_is_not_the_placeholder_s_in_chinese(
    tmp_path: Path,
) -> None:
    # finding 2, in Chinese: ${op_list}默认为"all" (op_list defaults to "all") after
    # ${soc_version}表示NPU型号 (the NPU model) on one line made --soc=all
    steps = _steps(
        tmp_path,
        _guide(
            "bash build.sh --pkg --soc=${soc_version} [--ops=${op_list}]",
            '- ${soc_version}表示NPU型号，${op_list}默认为"all"',
        ),
    )
    assert not any("--soc=" in name for _, name, _, _ in steps)


def test_a_default_after_the_placeholder_s_sentence_is_still_its_own() -> None:
    # the clause runs past a sentence's end (ops-transformer quick_op_invocation.md:28 kind)
    # and stops at the next option: each placeholder takes the default stated of it
    lines = [
        "```bash",
        "bash build.sh --pkg --soc=${soc_version} --vendor_name=${vendor_name}",
        "```",
        '- ${soc_version}: the NPU model. "ascend910b" (default). --vendor_name: '
        '${vendor_name} defaults to "custom".',
    ]
    commands, said = usage_commands(lines, 1, 2, "README.md")
    assert [c.argv for c in commands] == [
        ("bash", "build.sh", "--pkg", "--soc=ascend910b", "--vendor_name=custom")
    ]
    assert "soc_version = ascend910b" in said[2]
    assert "vendor_name = custom" in said[2]


def test_the_block_s_own_assignment_is_not_overridden_by_a_prose_default(tmp_path: Path) -> None:
    # finding 7: `export SOC_VERSION=Ascend310P3` above the usage line, and the text's
    # "Ascend910B1" (default) below made --soc=Ascend910B1; the shell gives it Ascend310P3
    steps = _steps(
        tmp_path,
        _guide(
            "export SOC_VERSION=Ascend310P3\nbash build.sh --soc=${SOC_VERSION}",
            '${SOC_VERSION}: the chip; "Ascend910B1" (default).',
        ),
    )
    assert not any("Ascend910B1" in name for _, name, _, _ in steps)


def test_the_block_s_own_value_is_taken_in_a_usage_line(tmp_path: Path) -> None:
    # the same with an optional part: the line is read as typed, with the block's value
    steps = _steps(
        tmp_path,
        _guide(
            "export SOC_VERSION=Ascend310P3\nbash build.sh --soc=${SOC_VERSION} [--jit]",
            '${SOC_VERSION}: the chip; "Ascend910B1" (default).',
        ),
    )
    assert ("build", "bash build.sh --soc=Ascend310P3", "README.md", 5) in steps
    # a value the block's words do not give (a command's output) leaves the line as written
    lines = ["```", "SOC=$(npu-smi info)", "bash build.sh --soc=${SOC} [--jit]", "```"]
    lines.append('${SOC}: "Ascend910B1" (default).')
    commands, said = usage_commands(lines, 1, 3, "README.md")
    assert said == {}
    assert all("Ascend910B1" not in " ".join(c.argv) for c in commands)


def test_a_long_blank_run_costs_its_length(tmp_path: Path) -> None:
    # finding 6: a fence holding `x` + 100,000 spaces + `y` took 14.5 s to scan (BASE 1.0 s):
    # the optional-part pattern tried the run from each of its blanks
    lines = ["```", "x" + " " * 100_000 + "y", "```"]
    started = cpu_seconds()
    usage_commands(lines, 1, 2, "README.md")
    assert cpu_seconds() - started < 1.0
    # a bracketed option after a run of blanks is still optional
    commands, _ = usage_commands(["```", "bash build.sh   [--jit]", "```"], 1, 2, "README.md")
    assert [c.argv for c in commands] == [("bash", "build.sh")]


# tivins/taskman@dd9010a3 README.md:13-26, its build and test steps
_TASKMAN = (
    "# Taskman\n\n"
    + "\n" * 10
    + "## Build\n\n### single-config\n\n"
    + "```shell\ncmake -B build -S . -DCMAKE_BUILD_TYPE=Release\n```\n\n"
    "#### Build and run tests\n\n"
    "```shell\ncmake --build build --target tests\ncd build && ctest -V && cd ..\n```\n"
)


def test_ctest_verbose_is_a_test_run() -> None:
    # finding 5: ctest's -V is --verbose; it was read as a version request and dropped
    assert step_kind(("ctest", "-V")) == "test"
    assert step_kind(("ctest", "--version")) is None
    assert step_kind(("pytest", "-V")) is None  # pytest's -V is its version


def test_the_guide_s_ctest_v_is_the_test_step(tmp_path: Path) -> None:
    # finding 5, the review's input: the README's `cd build && ctest -V` gave way to a
    # default `ctest --test-dir build` at CMakeLists.txt:1
    files = {
        "CMakeLists.txt": "cmake_minimum_required(VERSION 3.10)\nproject(r)\nenable_testing()\n",
        "README.md": (
            "# r\n\n## Build\n\n```bash\ncmake -B build\ncmake --build build\n"
            "cd build && ctest -V\n```\n"
        ),
    }
    steps = _steps(tmp_path, files)
    assert [s for s in steps if s[0] == "test"] == [("test", "ctest -V", "README.md", 8)]


def test_the_real_readme_s_ctest_v_is_the_test_step(tmp_path: Path) -> None:
    # the README's lines whole (lines 3-12, its download section, blanked); the
    # CMakeLists.txt is made up: any that enables testing has a default ctest run
    files = {
        "CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(taskman)\n"
        "enable_testing()\n",
        "README.md": _TASKMAN,
    }
    steps = _steps(tmp_path, files)
    assert [s for s in steps if s[0] == "test"] == [("test", "ctest -V", "README.md", 25)]
