"""Second outside tester, session 22 (outsider22b): prose in an install hint and a run mode
named in a list item are no distributions to get from the package index."""

from __future__ import annotations

from bringup.model import Source
from bringup.scan.commands import parse_commands, pip_install_targets, requirements_of
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile


def _subjects(rel: str, text: str) -> set[str]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return {r.subject for r in found}


# InternLM/InternEvo@c628a8c87411258e90c50f6a49f6a5e1f507ddb8:doc/en/install.md:28-31
INTERNEVO_INSTALL = """Install through pip command:
```bash
pip install InternEvo==xxx (xxx is the version you want to install)
```
"""


def test_a_note_in_brackets_after_pip_install_installs_none_of_its_words() -> None:
    subjects = _subjects("doc/en/install.md", INTERNEVO_INSTALL)
    assert not {s for s in subjects if s.startswith("pypi:")}, subjects


def _pip(line: str) -> list[str]:
    (command,) = parse_commands(line)
    targets = pip_install_targets(command.argv)
    assert targets is not None
    return targets[0]


def test_the_words_after_a_pipe_or_a_redirection_are_no_targets() -> None:
    # constructed: a log kept beside the install
    piped = _pip("pip install ninja 2>&1 | tee install.log")
    assert "ninja" in piped
    assert "tee" not in piped
    assert _pip("pip install ninja > install.log") == ["ninja"]
    # an unquoted specifier a shell would cut as a redirection is the guide's specifier
    assert _pip("pip install torch>=2.0 numpy") == ["torch>=2.0", "numpy"]


def test_a_pip_line_that_is_a_sentence_installs_only_what_it_pins() -> None:
    # constructed: the InternEvo hint (install.md:30) written without its brackets
    (command,) = parse_commands("pip install InternEvo==0.5.0 xxx is the version you want")
    source = Source(kind="file", ref="doc/en/install.md", line=30)
    found = {r.subject for r in requirements_of(command, source, hard=True)}
    assert found == {"pypi:internevo"}


# bigorange1024/ascendc@541ca73c1931f5d6d9cf34a18e9ad7f27b3437b5:Cursor-Cloud环境说明.md:10,16
ASCENDC_CLOUD = """## 环境概况

- `npu` 模式不可用（无实机）。CPU 孪生（`-r cpu`）与 CAModel 仿真（SIM）均可用。
"""


def test_a_run_mode_named_bare_in_a_list_is_no_distribution() -> None:
    assert "pypi:npu" not in _subjects("Cursor-Cloud环境说明.md", ASCENDC_CLOUD)
