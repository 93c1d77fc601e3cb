"""A test that picks the CPU when no device is there needs no device (outsider report 26,
defect 11); one that skips without it still does. Real lines, with their source."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.testguards import extract_test_guards


def _needs(text: str, rel: str) -> list[tuple[str, str, int | None]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return [(r.subject, r.spec, r.source.line) for r in extract_test_guards(file).requirements]


def test_a_cpu_fallback_needs_no_gpu() -> None:
    # shanshuo/MindSpeed-MM@dc326082 tests/ut/tools/test_profiler.py:46-48 (was gpu_count >=1)
    text = (
        '        device = "cpu"\n'
        "        if torch.cuda.is_available():\n"
        "            device = torch.cuda.current_device()\n"
    )
    assert _needs(text, "tests/ut/tools/test_profiler.py") == []


def test_a_skip_without_the_device_stays_a_need() -> None:
    # momo609/mindspeed@7e624cf1 tests_extend/unit_tests/common.py:80-81
    text = (
        "        if not torch.cuda.is_available():\n"
        '            pytest.skip("only supported in accelerator environments.")\n'
    )
    assert _needs(text, "tests_extend/unit_tests/common.py") == [("gpu_count", ">=1", 1)]
