# ruff: noqa: RUF001  (the guide's own full-width commas, kept whole)
"""A paragraph that is only "or" ("或者") between two code blocks makes them two ways to one end:
the route takes the first, as ``blockwords.second_ways`` does for such a line inside a block
(outsider16 D7(a), left by session 35 for separate blocks)."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

# oceanbase/miniob@1d1608ff docs/docs/how_to_run.md:39-50, under its page title
CONCURRENCY = """# 如何运行

**并发模式**

默认情况下，编译出的程序是不支持并发的。如果需要支持并发，需要在编译时增加选项 `-DCONCURRENCY=ON`:
```bash
cmake -DCONCURRENCY=ON ..
```

或者

```bash
bash build.sh -DCONCURRENCY=ON
```
"""


def _steps(text: str) -> list[tuple[tuple[str, ...], int]]:
    found = extract_docs(SourceFile(ref="miniob/README.md", rel="README.md", text=text))
    return [(s.argv, s.source.line or 0) for s in found.steps]


def test_the_block_after_an_or_paragraph_is_the_other_way() -> None:
    assert _steps(CONCURRENCY) == [(("cmake", "-DCONCURRENCY=ON", ".."), 7)]


def test_without_the_or_both_blocks_are_steps() -> None:
    both = _steps(CONCURRENCY.replace("或者\n\n", ""))
    assert [argv[0] for argv, _ in both] == ["cmake", "bash"]


def test_an_or_after_other_words_or_a_heading_joins_nothing() -> None:
    # a paragraph of its own between the first block and the "or": not only the word
    worded = CONCURRENCY.replace("或者\n", "然后编译。\n\n或者\n")
    assert len(_steps(worded)) == 2
    headed = CONCURRENCY.replace("或者\n", "## 编译\n\n或者\n")
    assert len(_steps(headed)) == 2


def test_a_third_block_after_another_or_is_another_way_too() -> None:
    third = CONCURRENCY + "\nor\n\n```bash\nbash build.sh debug -DCONCURRENCY=ON\n```\n"
    assert _steps(third) == [(("cmake", "-DCONCURRENCY=ON", ".."), 7)]
