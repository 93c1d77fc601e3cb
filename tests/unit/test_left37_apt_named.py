"""outsider17 D15: a package the repo's own apt line names was called unknown. cubvh's guide says
to install Eigen with apt; ``check`` said "install libeigen3-dev (no known distribution package;
as root)" though the line names the Debian package (apt-cache on Debian 12: candidate 3.4.0-4).
The apt line's names are Debian's own; a package named by a yum or dnf line, or a tool a script
checks for with ``which``, is not (no Debian name is known for it).

Real line: ashawkey/cubvh@7855c00 readme.md:33."""

from __future__ import annotations

from bringup.model import Component
from bringup.plan.actions import need_action
from bringup.report.action_wording import action_text
from bringup.scan.extraction import SourceFile
from bringup.scan.sysdeps import quoted_installs
from bringup.solve.needs import need_checks

CUBVH = "(For example, ubuntu systems can use `sudo apt install libeigen3-dev`.)"  # readme.md:33


def _actions(sentence: str) -> list[str]:
    file = SourceFile(ref="readme.md", rel="readme.md", text=sentence)
    found = quoted_installs(file, sentence, 33)
    component = Component(name="cubvh", path=".", role="ops", requirements=tuple(found))
    actions = [need_action(c) for c in need_checks(component)]
    return [action_text(a) for a in actions if a is not None]


def test_an_apt_line_names_the_debian_package() -> None:
    assert _actions(CUBVH) == [
        "install libeigen3-dev: apt-get install libeigen3-dev (Debian/Ubuntu); as root"
    ]


def test_a_dnf_line_names_no_debian_package() -> None:
    # the same sentence with dnf (a constructed case): an RPM name, not Debian's
    sentence = CUBVH.replace("apt install libeigen3-dev", "dnf install eigen3-devel")
    # (outsider18 D4's words: missing from bringup's table, not from the distributions)
    assert _actions(sentence) == [
        "install eigen3-devel (its distribution package is not in bringup's table; as root)"
    ]
