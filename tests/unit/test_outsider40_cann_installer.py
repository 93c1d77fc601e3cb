"""outsider40 D2: HongminTan/ACNC2025-HCCL@f85b7e6d version.info:1 holds CANN's internal build
number 8.2.T12.0; its Dockerfile:49-51 downloads the release that carries it,
Ascend-cann-toolkit_8.2.RC1.alpha003_linux-x86_64.run. No installer is named after an internal
build, so none is offered for one."""

from __future__ import annotations

from bringup.backends.ascend.packages import cann


def test_an_internal_build_number_names_no_installer() -> None:
    assert cann("8.2.T12.0", None, "x86_64") is None


def test_a_release_names_its_installer() -> None:
    found = cann("8.2.RC1.alpha003", None, "x86_64")
    assert found is not None
    assert found.files[0] == "Ascend-cann-toolkit_8.2.RC1.alpha003_linux-x86_64.run"
