"""Tables of measurements: a model zoo's performance table states no requirement.

MindSpeed-MM's README (shanshuo/MindSpeed-MM@dc326082 README.md:191-205) heads its model table
"| 模型 | 参数量 | 任务 | 集群 | 精度格式 | NPU性能 | 参考性能 | … |", one model a row
("Qwen2-VL | 2B | 微调 | 1x8 | BF16 | 34.15 (SPS) | …", :630): its first cells are models, not
Python distributions, and "34.15 (SPS)" is a throughput, not a release. Read as a version
table it pinned ``qwen2-vl ==34.15.*``. A table is one of measurements when its header names a
measure, or when most of its numbers carry a unit of measure.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.tablecells import Row, clean

_MEASURE_HEADER = lazyre.compile(
    r"性能|吞吐|时延|加速比|精度(?!格式|类型)|得分|"
    r"\b(?:performance|throughput|latency|speed-?up|tflops|mfu|accuracy|scores?|bleu|"
    r"perplexity)\b|\b(?:tokens?|samples?|images?|imgs?|it)\s*/\s*s\b|"
    r"\b(?:fps|sps|tps|qps|tgs)\b",
    re.IGNORECASE,
)
"""A header cell naming what was measured ("NPU性能", "Throughput (tokens/s)", "Accuracy") or
the unit it was measured in (a "| FPS |" column beside the chip, card count and batch size,
MindSpeed-MM examples/diffusers/flux/README.md:296); "精度格式" (the precision format, BF16)
measures nothing."""
_UNIT = (
    r"(?:SPS|TPS|FPS|QPS|tokens?/s|samples?/s|images?/s|imgs?/s|it/s|s/it|steps?/s|"
    r"ms|TFLOPS|GFLOPS|%)"
)
_MEASURE_CELL = lazyre.compile(
    rf"^[~≈]?\d+(?:\.\d+)?\s*(?:{_UNIT}|\(\s*{_UNIT}\s*\)|\uff08\s*{_UNIT}\s*\uff09)$",
    re.IGNORECASE,
)
"""A cell holding a number and its unit ("34.15 (SPS)", "1200 tokens/s", "85.3%")."""
_NUMBER = lazyre.compile(r"^[~≈]?\d+(?:\.\d+)?\b")


def measurements(header: Row, body: list[Row]) -> bool:
    """Whether a table's cells are measurements: its header names a measure, or most of
    its cells that start with a number carry a unit of measure."""
    if any(_MEASURE_HEADER.search(clean(cell)) for cell in header.cells):
        return True
    numbers = [
        plain
        for row in body
        for plain in (clean(cell) for cell in row.cells[1:])
        if _NUMBER.match(plain)
    ]
    measured = sum(1 for plain in numbers if _MEASURE_CELL.match(re.sub(r"\s+", " ", plain)))
    return bool(numbers) and measured * 2 > len(numbers)
