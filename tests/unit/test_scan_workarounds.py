"""Python packages a repo's docs name that are not its needs: a troubleshooting page's
installs, and the repo's own distribution under a CUDA flavour's name (issue 11, scan17).

Every case is a real line, quoted with its repository, file and commit.
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.scopes import REPO

# fla-org/flash-linear-attention@bc3b101dcb713ddc5bd8924b66754eb68b5ccf89:FAQs.md:1, :34-38
_FLA_FAQ = """\
# Triton FAQs and Common Issues

## Recommended Setup Approach

```sh
# Install Triton nightly
pip uninstall triton pytorch-triton -y
pip install -U triton-nightly --index-url https://pypi.fla-org.com/simple

# Install flash-linear-attention
pip install einops ninja datasets transformers numpy
```
"""


def _features(rel: str, text: str) -> dict[str, str]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return {r.subject: r.feature for r in found}


def test_what_a_troubleshooting_answer_installs_is_that_answer_s() -> None:
    features = _features("FAQs.md", _FLA_FAQ)
    task = "task:Triton FAQs and Common Issues"
    assert features["pypi:triton-nightly"] == task
    assert features["pypi:datasets"] == task
    # the same block in an install guide is the repo's
    guide = _FLA_FAQ.replace("# Triton FAQs and Common Issues", "# Installation")
    assert _features("INSTALL.md", guide)["pypi:datasets"] == REPO


def test_a_faq_section_of_a_readme_stays_the_repo_s() -> None:
    # hicann/tensorflow@82957b92d1ade2f48ca51dda811f0baec23b04c7:tf_adapter/README.md:133-141:
    # an answer about the repo's own build ("./build.sh asks for swig's path") can state
    # what that build needs; only a troubleshooting page is read as workarounds
    readme = (
        "# TF_Adapter\n\n## FAQ\n\n### 1. 执行./build.sh时提示配置swig的路径\n\n"
        "需要执行以下命令安装swig\n\n```bash\npip3 install swig\n```\n"
    )
    assert _features("tf_adapter/README.md", readme) == {"pypi:swig": REPO}
    # the same answer on a page of its own is that page's
    page = readme.replace("# TF_Adapter\n\n## FAQ", "# FAQ")
    assert _features("FAQ.md", page) == {"pypi:swig": "task:FAQ"}


def test_the_repo_s_own_cuda_flavoured_wheel_is_no_need(tmp_path: Path) -> None:
    # rapidsai/raft@2141422b1a5e3121611888cb64a0bf8254bc3a67:README.md:236-245 (shortened),
    # python/pylibraft/pyproject.toml:13 (its name)
    (tmp_path / "README.md").write_text(
        "# RAFT\n\n### Installing Python through Pip\n\n```bash\n# CUDA 13\n"
        "pip install pylibraft-cu13\n\n# CUDA 12\npip install pylibraft-cu12\n"
        "pip install nvidia-nccl-cu12\n```\n",
        encoding="utf-8",
    )
    package = tmp_path / "python" / "pylibraft"
    package.mkdir(parents=True)
    (package / "pyproject.toml").write_text(
        '[project]\nname = "pylibraft"\ndependencies = ["numpy>=2.0,<3.0"]\n', encoding="utf-8"
    )
    subjects = {r.subject for r in scan_repo(tmp_path, "raft", name="raft").component.requirements}
    assert "pypi:pylibraft-cu13" not in subjects
    assert "pypi:pylibraft-cu12" not in subjects
    # another project's flavoured wheel stays a need (the nccl line is added to show it)
    assert "pypi:nvidia-nccl-cu12" in subjects
