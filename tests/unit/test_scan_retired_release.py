"""A release the guide says the machine had and took away is no requirement (outsider22b #9).

bigorange1024/ascendc@541ca73c README.md:299 tells its history: CANN 8.2.RC1 was installed,
uninstalled and replaced by 9.0.0; the scan read it as ``cann ==8.2.RC1`` and united it with the
repo's ``9.0.0`` into ``==9.0.0 || ==8.2.RC1``.
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.prose import read_line
from bringup.scan.repo import scan_repo

# bigorange1024/ascendc@541ca73c1931f5d6d9cf34a18e9ad7f27b3437b5 README.md:299
RETIRED = (
    "本环境曾安装 CANN **8.2.RC1**，已卸载并升级至 **9.0.0**。"
    "旧脚本 `scripts/install-cann.sh` 仅对应 8.2，请勿再使用。"
)


def test_a_release_installed_once_and_uninstalled_is_no_need() -> None:
    assert [m for m in read_line(RETIRED) if m.subject == "cann"] == []
    assert [m for m in read_line(RETIRED, required=True) if m.subject == "cann"] == []


def test_the_same_release_asked_for_is_still_read() -> None:
    # constructed: the same release in a sentence that asks for it
    (found,) = read_line("需要 CANN 8.2.RC1 及以上", required=True)
    assert (found.subject, found.spec) == ("cann", ">=8.2.RC1")
    # constructed: "removed" about something else after the release does not retire it
    assert [m.spec for m in read_line("Requires CUDA 11.7 and removed the old API")] == ["==11.7.*"]


def test_the_history_section_adds_no_cann(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(
        "# ascendc\n\n## 当前状态\n\n| 项目 | 说明 |\n|------|------|\n"
        "| CANN 社区版 | **9.0.0**（Toolkit + 910-ops） |\n\n## 历史说明\n\n" + RETIRED + "\n",
        encoding="utf-8",
    )
    component = scan_repo(tmp_path, "ascendc").component
    specs = {r.spec for r in component.requirements if r.subject == "cann"}
    assert "==8.2.RC1" not in specs
    assert not any("8.2" in (r.text or "") for r in component.requirements)
