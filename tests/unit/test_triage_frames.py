"""One reader of a traceback's frames (``read_frames``) for the frames kept with an exception,
the source line under the innermost and the layer they show; the scanner reads the text before
an exception once for all three."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.triage import linequotes
from bringup.triage.explain import scan_log
from bringup.triage.frames import Frame, call_before, frames_before, read_frames
from bringup.triage.phase import frames_of

LOGS = Path(__file__).parents[1] / "fixtures/logs"
LOG = LOGS / "cuda.runtime.no-device/pytorch-classification-1.log"
"""OdingdongO/pytorch_classification#1 (the log's first line says so)."""

# triton-lang/triton#7114: pytest's short report of a test module's collection
PYTEST = (
    "language/test_frontend.py:3: in <module>\n    from triton._filecheck import filecheck_test\n"
)


def test_a_python_frame_reads_as_its_file_function_and_source_line() -> None:
    text = LOG.read_bytes()
    frames = read_frames(text[: text.index(b"RuntimeError: cuda runtime error")])
    assert frames == (
        Frame(
            "/home/es/PycharmProjects/untitled1/baidu/train_baidu_xjtu.py",
            "<module>",
            "model = model.cuda()",
            True,
        ),
        Frame(
            "/home/es/sky/environment/python/anaconda3/envs/pytorch_test/lib/python3.6/"
            "site-packages/torch/nn/modules/module.py",
            "cuda",
            "return self._apply(lambda t: t.cuda(device))",
            True,
        ),
    )
    assert frames_before(frames) == tuple(frame.path for frame in frames)
    assert call_before(frames) == "return self._apply(lambda t: t.cuda(device))"
    assert frames_of(frames) == [(frame.path, frame.function) for frame in frames]


def test_pytest_frames_are_read_for_the_phase_only() -> None:
    frames = read_frames(PYTEST.encode())
    assert frames_of(frames) == [("language/test_frontend.py", "<module>")]
    assert frames_before(frames) == ()
    assert call_before(frames) == ""


def test_the_text_before_an_exception_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    windows = []
    before = linequotes._before

    def counted(*args: object) -> bytes:
        windows.append(1)
        return before(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(linequotes, "_before", counted)
    with LOG.open("rb") as log:
        exceptions = scan_log(log).findings.all_exceptions()
    assert exceptions[0].call == "return self._apply(lambda t: t.cuda(device))"
    assert len(windows) == len(exceptions) == 1
