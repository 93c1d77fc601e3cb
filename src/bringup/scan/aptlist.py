"""A top-level packages.txt that apt installs: the repo's Debian packages, one a line.

The file is a convention, not a format of its own: Hugging Face Spaces of the Gradio and
Streamlit SDKs install it with apt-get when the Space is built ("# debian dependencies /
# https://huggingface.co/docs/hub/spaces-dependencies", huggingface.co/spaces/ivelin/ui-refexp
@f0a0a4a9 packages.txt:1-2), and a repo's own command may feed it to apt (cosdt/vllm-ascend
@a524b50 .github/workflows/vllm_ascend_test.yaml:79 ``apt-get -y install `cat packages.txt```,
packages.txt ``git`` / ``vim``: outsider22 D16). Elsewhere a packages.txt may list anything
(pip's packages, a data set's), so it is read only where one of the two says apt installs it:
as the command that installs it would be (``sysdeps.installed_packages``), soft where only a
CI job or script does (CI shows a combination that works, as ``scan.ci`` reads it). A
packages.txt that links out of the checkout is not read, as the walk follows no such link: its
lines are printed as package names, and a link to the reader's ``~/.aws/credentials`` printed
the keys."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.followed import in_repo
from bringup.scan.reading import read_text
from bringup.scan.sysdeps import installed_packages

APT_LIST = "packages.txt"
_FED = lazyre.compile(
    r"\bapt(?:-get)?\b[^\n`$]{0,100}\binstall\b[^\n]{0,100}?(?:`|\$\(|<)\s*cat\s+(?:\./)?packages\.txt"
    r"|\bapt(?:-get)?\b[^\n`$]{0,100}\binstall\b[^\n]{0,100}?<\s*(?:\./)?packages\.txt"
)
"""A command that hands packages.txt's lines to apt: ``apt-get -y install `cat packages.txt```,
``apt install $(cat packages.txt)``."""
_SPACE_SDK = lazyre.compile(
    r"\A---\r?\n(?:[^\n]{0,200}\n){0,40}?sdk:\s*(?:gradio|streamlit)\s*\r?\n"
)
"""A Space's README front matter naming an SDK whose build installs packages.txt."""
_LIMIT = 64 * 1024


def apt_list(root: Path, texts: Mapping[str, Optional[str]], ref: str) -> list[Requirement]:
    """The system packages of the top's packages.txt (cited as ``ref``) where apt installs
    it: hard on a Space, soft where a file of the repo (``texts``, by path) feeds it to apt."""
    if not os.path.isfile(root / APT_LIST) or not in_repo(root, APT_LIST):
        return []
    space = bool(_SPACE_SDK.match(texts.get("README.md") or ""))
    if not space and not any(
        text and APT_LIST in text and _FED.search(text) for text in texts.values()
    ):
        return []
    text, _ = read_text(root / APT_LIST, ref, limit=_LIMIT)
    if not text:
        return []
    file = SourceFile(ref=ref, rel=APT_LIST, text=text)
    commands = [
        command
        for number, line in enumerate(text.splitlines(), 1)
        if (words := line.split("#", 1)[0].strip())
        for command in parse_commands(f"apt-get install {words}", first_line=number)
    ]
    found = installed_packages(file, commands)
    return found if space else [msgspec.structs.replace(r, hard=False) for r in found]
