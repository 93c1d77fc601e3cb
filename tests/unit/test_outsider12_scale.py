"""Work that grew with the square of a repo's size (outsider12 #14, #18): each test counts the
passes over the input, so it fails on the quadratic code and not on a slow machine. The
inputs are the tester's generated trees (/work/outsider12/repro.sh 14 and 18)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bringup.model import Source, Step
from bringup.scan import tomlpos
from bringup.scan.stepfiles import StepFiles, placed


class _Counted(frozenset):  # type: ignore[type-arg]
    """A checkout's file list that counts the walks over it (a lookup is no walk)."""

    walks = 0

    def __iter__(self) -> Iterator[str]:
        type(self).walks += 1
        return super().__iter__()


def _readme(folder: int) -> Source:
    return Source(kind="file", ref=f"models/m{folder}/README.md", line=7)


def test_a_model_zoo_s_scripts_are_looked_up_without_a_walk_per_step() -> None:
    # repro.sh 14: models/mN/README.md runs ``bash run.sh --device npu`` and ``python
    # train.py --npus 8``; each folder holds run.sh, none train.py
    folders = 300
    files = _Counted(
        [f"models/m{n}/run.sh" for n in range(folders)]
        + [f"models/m{n}/f{i}.py" for n in range(folders) for i in range(4)]
        + ["tools/only.py"]
    )
    steps = [
        Step(name=" ".join(argv), kind="run", argv=argv, source=_readme(n))
        for n in range(folders)
        for argv in (("bash", "run.sh", "--device", "npu"), ("python", "train.py", "--npus", "8"))
    ]
    kept = StepFiles(files, lambda _: None)
    _Counted.walks = 0
    out = placed(steps, kept)
    assert _Counted.walks <= 2  # was one walk per step: 600
    assert {step.needs.missing for step in out} == {("run.sh",), ("train.py",)}
    # the one folder that holds a script is still found
    source = Source(kind="file", ref="README.md")
    one = Step(name="p", kind="run", argv=("python", "only.py"), source=source)
    assert placed([one], kept)[0].cwd == "tools"


def test_a_manifest_s_requirements_are_located_in_one_reading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    count = 300
    # repro.sh 18: ``[[requirements]]`` / ``subject="pypi:pN"`` / ``spec=">=1.N"``, N times
    text = 'name="h"\n' + "".join(
        f'[[requirements]]\nsubject="pypi:p{n}"\nspec=">=1.{n}"\n' for n in range(count)
    )
    readings: list[str] = []
    tables = tomlpos._tables

    def counted(read: str) -> list[tuple[int, tuple[tomlpos.Segment, ...]]]:
        readings.append(read)
        return tables(read)

    monkeypatch.setattr(tomlpos, "_tables", counted)
    lines = [tomlpos.locate(text, ["requirements", n, "subject"]) for n in range(count)]
    assert len(readings) == 1  # was one reading per requirement
    assert [where.line if where else None for where in lines] == [3 + 3 * n for n in range(count)]
    last = tomlpos.locate(text, ["requirements", count - 1, "spec"])
    assert last is not None
    assert last.excerpt == f'spec=">=1.{count - 1}"'
