"""The message a failed command ends with, as one line: what ``Completed.describe`` tells the
user, read past the advice tools print after their error and joined from the lines it was
wrapped onto."""

from __future__ import annotations

import re


def last_message(lines: list[str]) -> str:
    """The last message of a command's output that is not advice after it (uv ends a
    failure with "hint: `nvidia-cusparselt-cu13` (v0.8.0) was included because ...", below
    the "error: Failed to download ..." / "cause: ..." that says what failed: outsider11
    #19); all advice: the last of it. Box-drawing marks before it are dropped."""
    end = len(lines)
    while True:
        start = _message_start(lines, end)
        if not ADVICE.match(_MARKS.sub("", lines[start].strip())):
            break
        earlier = start
        while earlier > 0 and not lines[earlier - 1].strip():
            earlier -= 1
        if earlier == 0:  # nothing but advice
            end = len(lines)
            break
        end = earlier
    start = _message_start(lines, end)
    return _MARKS.sub("", " ".join(line.strip() for line in lines[start:end]))


ADVICE = re.compile(r"(?:hint|help|note|tip)\b\s*:", re.IGNORECASE)
"""The words tools put before advice that follows their error (uv's ``hint:``, rustc-style
``help:``/``note:``), never the error itself."""


def _message_start(lines: list[str], end: int) -> int:
    """Where the message ending before line ``end`` begins, with the lines it was wrapped
    onto: a line indented deeper than the ones before it continues them (uv's resolver error
    ends "      that your requirements are unsatisfiable.", its reason "Because there is no
    version of torch==2.14.0" two lines up), back to the line it continues."""
    start = end - 1
    depth = len(lines[start]) - len(lines[start].lstrip())
    while start > 0 and depth > 0 and lines[start - 1].strip():
        above = len(lines[start - 1]) - len(lines[start - 1].lstrip())
        start -= 1
        if above < depth:
            break
    return start


_MARKS = re.compile(r"^[^\w(\[\"'`]+")
"""Marks before a message (uv's cross and its arrow drawn with box lines, a bullet)."""


def clipped(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters: a longer one keeps its start (what failed) and its
    end (why: uv's last ``cause:`` is "Connection refused"), each cut at a space, joined by
    `` ... ``; a bare cut at ``limit`` ended mid-word and dropped the why (outsider13 D15:
    "... Failed to fetch: http://127.0.0.1:9/setuptoo")."""
    if len(text) <= limit:
        return text
    if limit < 7:  # no room for a character on each side of " ... ": the start alone
        return text[: max(limit, 0)]
    room = limit - 5
    head = text[: room // 2]
    tail = text[len(text) - (room - len(head)) :]
    head = head.rsplit(" ", 1)[0] if " " in head[1:] else head
    tail = tail.split(" ", 1)[1] if " " in tail[:-1] else tail
    return f"{head.rstrip()} ... {tail.lstrip()}"
