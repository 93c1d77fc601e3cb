"""History states no need: a top-level ``RELEASES.md`` is a release-notes page (only its
version-matching section states what the release needs), and a README's level-1 "News"
heading heads a news section, not the README's banner."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

# intelligent-machine-learning/dlrover@7c3e96481f7010c3e4b7adb4c6618075e07d144e RELEASES.md:1,59-65
DLROVER = """# Release Notes

## Release 0.3.3 on Jan 25, 2024

Features:
* Support Python > 3.10.
* Support restarting the training process on Ascend NPU.
"""


def _needs(rel: str) -> list[tuple[str, str]]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=DLROVER)).requirements
    return [(r.subject, r.spec) for r in found]


def test_a_past_release_s_features_in_releases_md_state_no_need() -> None:
    assert _needs("RELEASES.md") == []
    # the same lines in a guide state the need
    assert _needs("docs/install.md") == [("python", ">3.10")]


# PKU-YuanGroup/Open-Sora-Plan@f7fa604f4e3a523d6b973e4c89a5620ed1aff65a README.md:37,40,42
# (the bullets shortened)
OPEN_SORA = """# 📣 News

* **[2025.06.05]** 🔥🔥🔥 We release version 1.5.0, our most powerful model! Version 1.5.0 \
is **fully trained and inferred on Ascend 910-series accelerators**; The GPU version is coming soon.
* **[2024.10.16]** 🎉 We released version 1.3.0. We also support 93x480p within **24G VRAM**.
"""


def test_a_news_heading_alone_heads_history_not_a_banner() -> None:
    file = SourceFile(ref="README.md", rel="README.md", text=OPEN_SORA)
    assert extract_docs(file).requirements == ()
    # the same bullet under a hardware heading states the memory
    text = OPEN_SORA.replace("# 📣 News", "# Hardware")
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=text)).requirements
    assert ("npu_memory", ">=24") in [(r.subject, r.spec) for r in found]
