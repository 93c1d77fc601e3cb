"""The toolkit builds that a guide's wheel indexes choose, one command per build, are one
requirement of alternatives. Each case keeps only the lines it needs, with the public
repository, path, lines and commit."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from scan_needs import source_file

# facebookresearch/xformers @ ca6d2aa0, README.md:30-39.
XFORMERS_README = """```bash
# [linux & win] cuda 12.6 version
pip3 install -U xformers --index-url https://download.pytorch.org/whl/cu126
# [linux & win] cuda 12.8 version
pip3 install -U xformers --index-url https://download.pytorch.org/whl/cu128
# [linux & win] cuda 13.0 version
pip3 install -U xformers --index-url https://download.pytorch.org/whl/cu130
# [linux only] (EXPERIMENTAL) rocm 7.1 version
pip3 install -U xformers --index-url https://download.pytorch.org/whl/rocm7.1
```
"""
# kvcache-ai/Mooncake @ 3b5a5941,
# docs/source/deployment/integrations/sglang/hicache-integration-v1.md:42-43.
MOONCAKE_SGLANG = """```bash
uv pip install sglang
uv pip install --force-reinstall  torch==2.11.0 torchaudio==2.11.0 torchvision --index-url https://download.pytorch.org/whl/cu129
```
"""


def _cuda(rel: str, text: str) -> list[tuple[str, int | None, tuple[int | None, ...], bool]]:
    found = extract_docs(source_file(rel, text)).requirements
    return [
        (r.spec, r.source.line, tuple(s.line for s in r.also_at), r.hard)
        for r in found
        if r.subject == "cuda"
    ]


def test_the_builds_one_block_installs_from_are_any_of() -> None:
    assert _cuda("README.md", XFORMERS_README) == [
        ("==12.6.* || ==12.8.* || ==13.0.*", 3, (5, 7), False)
    ]


def test_one_index_is_the_one_build_it_names() -> None:
    assert _cuda("docs/sglang.md", MOONCAKE_SGLANG) == [("==12.9.*", 3, (), False)]
