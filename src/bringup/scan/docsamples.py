"""A sample's own guide: the section that builds and runs the sample is the sample's steps,
not an example beside them.

Headings with example words hold examples, never the repo's route (``docsections
.example_section``): a library README's "## 示例" or "Examples". But a sample's own README runs
*the* sample under "#### 样例运行" (sample: running), Ascend's template for its samples:
hu-qi/opt-test@e8dc4ea ACLHelloWorld/README.md:65 runs ``bash sample_build.sh`` (:75) and
``bash sample_run.sh`` (:83), whose expected output is "Init Ascend NPU Success" (:88-92);
Ascend/EdgeAndRobotics OnBoardInterface/Camera/USBCamera/README.md builds and runs ``./main
/dev/video0`` under the same heading. Those were no steps (outsider15 D5). A heading that is
only running, building or executing the sample ("样例运行", "运行样例", "编译运行样例", "样例执行",
"Run the sample", "Running this example") is the sample's route; its sample word does not
make it an example section. Its parents still do ("## 示例" / "### 运行样例" is a library's
example), and so does a plural or a list ("Run the examples", "运行其他样例")."""

from __future__ import annotations

import re

from bringup import lazyre

_RUN = r"(?:编译(?:[与和及并]|、)?)?(?:运行|执行)|构建(?:[与和及并]|、)?(?:运行|执行)"
_SAMPLE_RUN = lazyre.compile(
    rf"^(?:\d{{1,2}}(?:\.\d{{1,2}})*[.、)]?\s{{0,2}})?(?:(?:样例|示例)\s{{0,2}}(?:{_RUN})|"
    rf"(?:{_RUN})\s{{0,2}}(?:样例|示例)|"
    r"(?:build(?:ing)?\s+and\s+)?run(?:ning)?\s+(?:the|this)\s+(?:sample|example)|"
    r"(?:sample|example)\s+run(?:ning)?)\s{0,2}[:：.。]?$",
    re.IGNORECASE,
)
_SAMPLE_WORD = lazyre.compile(r"样例|示例|\bsample\b|\bexample\b", re.IGNORECASE)


def as_route(heading: str) -> str:
    """``heading`` without its sample word when it only runs the sample (``_SAMPLE_RUN``):
    the words an example test then reads; any other heading as it is."""
    if len(heading) > 60 or _SAMPLE_RUN.match(heading.strip()) is None:
        return heading
    return _SAMPLE_WORD.sub("", heading)
