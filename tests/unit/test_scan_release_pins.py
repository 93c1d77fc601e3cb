"""A pin only a release-notes page states, where the install guide pins the same toolkit
otherwise, is the release's history, not this commit's need. Each case keeps only the lines
it needs, with the public repository, path, lines and commit."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.releasepins import without_superseded_pins
from scan_needs import source_file

# Ascend/IndexSDK @ fa595858, docs/en/release_notes.md:1 and 26-31 (the page's title over the
# section; the product's own version table between them left out).
INDEXSDK_NOTES = """# Version Mapping<a name="ZH-CN_TOPIC_0000002524441743"></a>

## Related Product Versions<a name="ZH-CN_TOPIC_0000002524561713"></a>

|Product|Version|
|--|--|
|Ascend HDK|26.0.RC1|
|CANN|9.0.0|
"""
# Ascend/IndexSDK @ fa595858, docs/zh/04_installation_guide.md:15-19.
INDEXSDK_GUIDE = """## 安装依赖说明

### 安装 NPU 驱动固件和 CANN

请参考《[CANN 快速安装](https://www.hiascend.com/cann/download)》，选择 CANN 9.1.0 及对应驱动版本安装昇腾 NPU 驱动固件 和 CANN 软件（包含Toolkit和ops包），并配置环境变量。
"""  # noqa: E501


def _cann(*files: tuple[str, str]) -> list[tuple[str, str | None, int | None]]:
    stated = [r for rel, text in files for r in extract_docs(source_file(rel, text)).requirements]
    return [
        (r.spec, r.source.ref, r.source.line)
        for r in without_superseded_pins(stated)
        if r.subject == "cann" and r.spec
    ]


def test_a_release_notes_pin_the_guide_pins_otherwise_is_history() -> None:
    assert _cann(
        ("docs/en/release_notes.md", INDEXSDK_NOTES),
        ("docs/zh/04_installation_guide.md", INDEXSDK_GUIDE),
    ) == [("==9.1.0", "repo/docs/zh/04_installation_guide.md", 5)]


def test_a_release_notes_pin_nothing_else_contradicts_stays() -> None:
    assert _cann(("docs/en/release_notes.md", INDEXSDK_NOTES)) == [
        ("==9.0.0", "repo/docs/en/release_notes.md", 8)
    ]
