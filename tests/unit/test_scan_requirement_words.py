"""How requirement statements are worded in install docs (issue 11, the driver, hardware and
host-tool statements of scan16): a driver named with a capital ("NVIDIA Driver"), a Chinese
modal between a tool's version and its bound ("版本应大于或等于"). Every case is a real line,
quoted with its repository, file and commit."""

from __future__ import annotations

from bringup.scan.prose import read_line


def _found(line: str, required: bool = False) -> list[tuple[str, str]]:
    return [(m.subject, m.spec) for m in read_line(line, required=required)]


def test_a_driver_named_with_a_capital() -> None:
    # NVIDIA/nv-ingest@190214e7 docs/docs/extraction/prerequisites.md:11
    line = (
        "[CUDA Toolkit](https://developer.nvidia.com/cuda-downloads) "
        "(NVIDIA Driver >= `535`, CUDA >= `12.2`)"
    )
    assert ("nvidia_driver", ">=535") in _found(line.replace("`", ""))
    # Ascend/apex@6424da3b apex/contrib/nccl_allocator/README.md:43: "CUDA Driver" is the
    # NVIDIA driver (the CUDA driver API is the driver's)
    line = "NCCL NVLS requires CUDA Driver 530 and newer (tested on 535)"
    assert ("nvidia_driver", ">=530") in _found(line)


def test_a_chinese_modal_between_the_version_and_its_bound() -> None:
    # Ascend/msinsight@4e16fca1 docs/zh/install_guide/mindstudio_insight_install_guide.md:199
    assert _found("glibc版本应大于或等于2.27", required=True) == [("glibc", ">=2.27")]
    # Ascend/msmodeling@84fec853 docs/RFC/rfc_msmodeling_env_installer_skill_zh.md:224 ("必须")
    assert _found("Python 版本必须大于等于 `3.10.0`。".replace("`", "")) == [("python", ">=3.10.0")]
