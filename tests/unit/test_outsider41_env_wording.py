"""A variable a repo's guide exports is not always one its build reads (outsider22 D18):
tilelang-npu's guide sets PYTHONPATH after its build, for use (zhaojiqiao/tilelang-npu@1bc99fd
docs/get_started/Installation.md:108), and the next action said "its build reads it"."""

from __future__ import annotations

from bringup.model.plan import Action
from bringup.model.source import Source
from bringup.report.action_wording import action_text


def test_the_action_says_only_that_the_repo_asks_for_the_variable() -> None:
    where = Source(kind="file", ref="docs/get_started/Installation.md", line=108)
    action = Action(kind="set_env", subject="PYTHONPATH", component="tilelang-npu", source=where)
    text = action_text(action)
    assert "build" not in text
    assert text.startswith("set PYTHONPATH for tilelang-npu (the repo asks for it: ")
