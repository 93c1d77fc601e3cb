"""A table of backends, one a row: each row's needs are that backend's (issue 11, scopes).

Source: gpustack/llama-box@4d068484fe198a30f8ca6d6d23d9890fbd8eee8c README.md:130-137 (the header,
the CUDA 12.8 row :132, the ROCm row :134 and the CANN 8.2.rc1 row :137; the other rows left out).
"""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

_ROWS = """| Backend                                             | OS/Arch<sup>Built-on-Release</sup>                                                                                                    | Device Requirement                                                                                                                                                                                                                                                                                                                                                                                                                                                     |
|-----------------------------------------------------|---------------------------------------------------------------------------------------------------------------------------------------|------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------|
| **NVIDIA CUDA <br/>12.8 (12.8.0)**                  | `linux/amd64`<sup>RockyLinux 8.9</sup><br/> `linux/arm64`<sup>RockyLinux 8.9</sup><br/> `windows/amd64`<sup>Windows Server 2022</sup> | [Compute capability](https://developer.nvidia.com/cuda-gpus) matches: <br/>`6.0`, `6.1`, <br/>`7.0`, `7.5`, <br/>`8.0`, `8.6`, `8.7`, `8.9` <br/>`9.0`, <br/>`10.0`, `10.1`, <br/>`12.0`. <br/>[Driver version](https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html#id4) requires: <br/>`>=525.60.13(linux)` <br/>`>=528.33(windows)`.                                                                                                                  |
| **AMD ROCm/HIP <br/>6.2 (6.2.4)**                   | `linux/amd64`<sup>CentOS 7</sup><br/> `windows/amd64`<sup>Windows Server 2022</sup>                                                   | LLVM target matches: <br/>`gfx906 (linux)`, <br/>`gfx908 (linux)`, <br/>`gfx90a (linux)`, <br/>`gfx942 (linux)`, <br/>`gfx1030`, `gfx1031`, `gfx1032`, <br/>`gfx1100`, `gfx1101`, `gfx1102`, <br/>see [Linux Installation](https://rocm.docs.amd.com/projects/install-on-linux/en/docs-6.2.4/reference/system-requirements.html), <br/>[Windows Installation](https://rocm.docs.amd.com/projects/install-on-windows/en/docs-6.2.4/reference/system-requirements.html). |
| **Huawei Ascend CANN <br/>8.2.rc1 (8.2.rc1)**       | `linux/amd64`<sup>Ubuntu 20.04</sup><br/> `linux/arm64`<sup>Ubuntu 20.04</sup>                                                        | `Ascend 910b`, `Ascend 310p`, <br/>see [Ascend Document](https://www.hiascend.com/en/document).                                                                                                                                                                                                                                                                                                                                                                        |
"""  # noqa: E501


def _found(text: str) -> dict[str, str]:
    file = SourceFile(ref="README.md", rel="README.md", text=text)
    return {r.subject: r.feature for r in extract_docs(file).requirements}


def test_each_backend_row_states_that_backends_needs() -> None:
    found = _found("## Supports\n\n" + _ROWS)
    assert found["cuda"] == "extra:cuda"
    assert found["cann"] == "extra:cann"
    assert found["chip"] == "extra:cann"


def test_a_table_of_one_backend_keeps_its_needs() -> None:
    """Constructed: the same header over the CUDA row alone."""
    found = _found("## Supports\n\n" + "\n".join(_ROWS.splitlines()[:3]) + "\n")
    assert found["cuda"] == ""
