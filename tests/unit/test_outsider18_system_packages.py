"""The tools a build guide lists that Debian packages are installed by name (outsider18 D4:
"install dos2unix (no known distribution package; as root)" for repo-mirror-test/
ops-transformer@bfbbec83 docs/zh/context/quick_install.md:14, while Debian 12's candidate is
dos2unix 7.4.3-1); one the table lacks is said to be missing from bringup's table, not from
the distributions."""

from __future__ import annotations

from bringup.model import file_source
from bringup.model.resolution import Check
from bringup.plan.actions import need_action
from bringup.report.action_wording import action_text

GUIDE = "docs/zh/context/quick_install.md"


def _action(tool: str, line: int) -> str:
    check = Check(
        component="ops-transformer",
        subject="system_package",
        spec=tool,
        source=file_source(GUIDE, line),
        status="needed",
    )
    action = need_action(check)
    assert action is not None
    return action_text(action)


def test_dos2unix_and_gawk_are_debian_packages() -> None:
    # quick_install.md:14 "- dos2unix", :15 "- gawk"
    assert (
        _action("dos2unix", 14)
        == "install dos2unix: apt-get install dos2unix (Debian/Ubuntu); as root"
    )
    assert _action("gawk", 15).startswith("install gawk: apt-get install gawk (Debian/Ubuntu)")


def test_a_tool_the_table_lacks_is_not_said_to_have_no_package() -> None:
    text = _action("frobnicate", 1)
    assert "no known distribution package" not in text
    assert "not in bringup's table" in text
