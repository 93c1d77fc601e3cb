"""A repo installed from its top-level pip list (``pip install -r requirements.txt``) whose
lines only include lists of a ``requirements/`` folder: those lists are the root install's
own, not flavours beside it; and a folder with its own README and requirements list is a
sub-project, not a part of the root (outsider 25, D4)."""

from __future__ import annotations

from bringup.scan.pipscopes import chained_lists
from bringup.scan.scopenames import REPO
from bringup.scan.scopes import Scopes

# OpenGVLab/InternVL@2410d1db requirements.txt:1-4
_ROOT = """-r requirements/internvl_chat.txt
-r requirements/streamlit_demo.txt
-r requirements/classification.txt
-r requirements/segmentation.txt
"""
_FILES = [
    "README.md",
    "INSTALLATION.md",
    "requirements.txt",
    "requirements/internvl_chat.txt",
    "requirements/streamlit_demo.txt",
    "requirements/classification.txt",
    "requirements/segmentation.txt",
    "requirements/clip_benchmark.txt",
    "internvl_chat_gpt_oss/README.md",
    "internvl_chat_gpt_oss/requirements.txt",
]
# OpenGVLab/InternVL@2410d1db README.md:42, the news line naming the sub-project (cut)
_README = (
    "We open-source the training code of [InternVL3_5-GPT-OSS-20B-A4B]"
    "(https://github.com/OpenGVLab/InternVL/tree/main/internvl_chat_gpt_oss) and CascadeRL"
)


def test_the_root_list_includes_its_folder_lists() -> None:
    assert chained_lists({"requirements.txt": _ROOT}) == frozenset(
        {
            "requirements/internvl_chat.txt",
            "requirements/streamlit_demo.txt",
            "requirements/classification.txt",
            "requirements/segmentation.txt",
        }
    )
    # a tooling list's includes are its own
    assert chained_lists({"requirements-dev.txt": "-r requirements/lint.txt\n"}) == frozenset()


def test_included_lists_are_the_repo_and_a_documented_folder_a_sub_project() -> None:
    texts = {"requirements.txt": _ROOT, "README.md": _README}
    scopes = Scopes(_FILES, {"README.md": _README}, texts=texts)
    assert scopes.of("requirements/internvl_chat.txt") == REPO
    assert scopes.of("requirements/segmentation.txt") == REPO
    # the list the root does not include stays the flavour it names
    assert scopes.of("requirements/clip_benchmark.txt") == "extra:clip_benchmark"
    assert scopes.of("internvl_chat_gpt_oss/requirements.txt") == "internvl_chat_gpt_oss"


def test_without_the_root_list_the_folder_lists_are_flavours() -> None:
    files = [f for f in _FILES if f != "requirements.txt"]
    scopes = Scopes(files, {"README.md": _README}, texts={"README.md": _README})
    assert scopes.of("requirements/internvl_chat.txt") == "extra:internvl_chat"


def test_an_included_tests_list_stays_the_tests() -> None:
    # Ascend/msprof-analyze@8399c1cd requirements.txt:1-2: "-r requirements/build.txt" and
    # "-r requirements/tests.txt" (pytest==7.1.2, pytest-cov, mock==4.0.3 ...)
    root = "-r requirements/build.txt\n-r requirements/tests.txt"
    files = ["setup.py", "requirements.txt", "requirements/build.txt", "requirements/tests.txt"]
    scopes = Scopes(files, {}, texts={"requirements.txt": root})
    assert scopes.of("requirements/build.txt") == REPO
    assert scopes.of("requirements/tests.txt") == "tests"
