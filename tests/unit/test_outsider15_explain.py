"""Outsider O15's explain defects (D11, D14, D19), each read as a class on public logs of the
class other than the tester's (each source beside its lines): a missing header names the product
that ships it, a binary built against another toolkit release names both releases, a CUDA
soname keeps its minor, and nvcc's unknown architecture names the release that added or removed
it."""

from __future__ import annotations

from typing import Optional

import pytest

from bringup.triage import explain_text, load_signatures
from bringup.triage.extensionimport import EXTENSION, LIBRARY, extension, placed
from bringup.triage.findings import ExceptionSighting, Findings
from bringup.triage.lookups import lookup_tables
from cpuclock import cpu_seconds

NVIDIA_DOCS = "https://docs.nvidia.com/"


@pytest.mark.parametrize(
    ("line", "said"),
    [
        # https://github.com/mp3guy/Kintinuous/issues/40 (CUDA 9.0: "cuda9.0/9.1 don't support
        # compute_20")
        (
            "nvcc fatal   : Unsupported gpu architecture 'compute_20'",
            "compute_20 was removed in CUDA 9.0",
        ),
        # https://github.com/DeadAt0m/ActiveSparseShifts-PyTorch/issues/8 (CUDA 11.0: "supported
        # since 11.1")
        (
            "nvcc fatal : Unsupported gpu architecture 'compute_86'",
            "compute_86 was added in CUDA 11.1",
        ),
        # https://github.com/csuhan/s2anet/issues/44 (CUDA 9.2; Turing needs 10.0)
        (
            "nvcc fatal   : Unsupported gpu architecture 'compute_75'",
            "compute_75 was added in CUDA 10.0",
        ),
    ],
)
def test_nvcc_names_the_release_that_added_or_removed_the_architecture(
    line: str, said: str
) -> None:
    first = explain_text(line + "\n")[0]
    assert first.signature_id == "cuda.build.nvcc-unsupported-arch"
    assert said in first.cause
    assert first.source.startswith(NVIDIA_DOCS)


def test_an_architecture_the_knowledge_base_does_not_date_gets_no_release() -> None:
    table = lookup_tables()["cuda_for_arch"]
    assert "compute_20" in list(table)
    # sm_90a came after sm_90 (12.0, not 11.8); sm_37 has no row; a name that is not one
    for arch in ("sm_90a", "compute_37", "compute_N"):
        assert table.get(arch) is None


def test_a_cann_header_names_cann_and_the_variables_a_build_reads() -> None:
    # https://github.com/alibaba/heterogeneity-aware-lowering-and-optimization/issues/964
    log = (
        "In file included from ../ODLA/platforms/ascend/src/odla_ops.cc:1:0:\n"
        "../ODLA/platforms/ascend/inc/odla_ascend_acl.h:14:10: fatal error: acl/acl.h: No such"
        " file or directory\n"
        ' #include "acl/acl.h"\n'
    )
    first = explain_text(log)[0]
    assert first.signature_id == "ascend.build.cann-header-missing"
    assert "CANN toolkit" in first.cause
    assert "ASCEND_HOME_PATH" in first.cause
    assert "DDK_PATH" in first.fix
    assert "set_env.sh" in first.fix
    assert first.source.startswith("https://www.hiascend.com/")


def test_another_header_stays_a_development_package() -> None:
    # https://github.com/acl-dev/acl/issues/321: a project named acl, a header that is not CANN's
    log = "src/stdlib/zlib_stream.cpp:6:11: fatal error: zlib.h: No such file or directory\n"
    assert explain_text(log)[0].signature_id == "toolchain.header-missing"


def test_a_cuda_header_names_the_product_that_ships_it() -> None:
    # https://github.com/MegviiRobot/MegBA/issues/15 (NCCL, installed apart from CUDA)
    log = (
        "/home/pengshuxue/Downloads/MegBA/include/resource/handle_manager.h:11:10: fatal error:"
        " nccl.h: No such file or directory\n"
    )
    first = explain_text(log)[0]
    assert first.signature_id == "cuda.build.cuda-header-missing"
    assert first.cause.startswith("nccl.h belongs to NCCL")
    assert "CUDA_HOME" in first.fix
    assert first.source.startswith(NVIDIA_DOCS)


def test_a_binary_built_against_another_release_names_both() -> None:
    # https://github.com/mathmanu/edgeai-torchvision/issues/18
    log = (
        "RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA"
        " versions. PyTorch has CUDA Version=11.3 and torchvision has CUDA Version=11.7. Please"
        " reinstall the torchvision that matches your PyTorch install.\n"
    )
    first = explain_text(log)[0]
    assert first.signature_id == "install.built-for-other-release"
    assert first.captures["built"] == "11.7"
    assert first.captures["found"] == "11.3"
    assert "built against CUDA 11.7" in first.cause
    assert "runs with CUDA 11.3" in first.cause
    assert first.fix.startswith("Rebuild the binary against the installed CUDA 11.3")


@pytest.mark.parametrize(
    ("log", "soname"),
    [
        # https://github.com/facebookresearch/frankmocap/issues/178 (CUDA 11.1 installed)
        (
            "from detectron2 import _C\n"
            "ImportError: libcudart.so.10.1: cannot open shared object file: No such file or"
            " directory\n",
            "libcudart.so.10.1",
        ),
        # https://github.com/mesunhlf/UPC-tf/issues/7
        (
            "ImportError: libcudart.so.11.0: cannot open shared object file: No such file or"
            " directory\n",
            "libcudart.so.11.0",
        ),
    ],
)
def test_a_cuda_soname_keeps_its_minor(log: str, soname: str) -> None:
    first = explain_text(log)[0]
    assert first.signature_id == "cuda.runtime.cuda-lib-missing"
    assert f"cannot find {soname}," in first.cause
    assert "soname version" not in first.cause


# https://github.com/xingyizhou/ExtremeNet/issues/9: torch's own import (fixed by installing
# cudatoolkit 9.0), not an extension's
EXTREMENET = """\
Traceback (most recent call last):
  File "demo.py", line 4, in <module>
    import torch
  File "/home/chase/anaconda3/envs/CornerNet/lib/python3.6/site-packages/torch/__init__.py", \
line 80, in <module>
    from torch._C import *
ImportError: libcudart.so.9.0: cannot open shared object file: No such file or directory
"""


def test_the_frameworks_own_import_is_not_read_as_an_extension() -> None:
    found = [d.signature_id for d in explain_text(EXTREMENET)]
    assert found[0] == LIBRARY
    assert EXTENSION not in found


FRANKMOCAP = (
    "from detectron2 import _C\n"
    "ImportError: libcudart.so.10.1: cannot open shared object file: No such file or directory\n"
)


def test_an_extensions_import_puts_the_rebuild_first() -> None:
    # frankmocap#178's two lines (its paste left out the frame's own line), read as a traceback
    # whose innermost frame's source line is that import
    read = explain_text(FRANKMOCAP)
    assert [d.signature_id for d in read[:2]] == [LIBRARY, EXTENSION]
    line = read[1].evidence[0].line
    sighting = ExceptionSighting(
        line=line,
        name="ImportError",
        message="libcudart.so.10.1: cannot open shared object file",
        text=FRANKMOCAP.splitlines()[1],
        frames=(),
        chained=False,
        call="from detectron2 import _C",
    )
    first, second = placed(read, Findings(exceptions=[sighting]))[:2]
    assert (first.signature_id, second.signature_id) == (EXTENSION, LIBRARY)
    assert first.fix.startswith("Rebuild the extension against the installed CUDA")
    assert "libcudart.so.10.1" in first.cause
    assert first.score > second.score


@pytest.mark.parametrize(
    ("call", "innermost", "third_party"),
    [
        # https://github.com/facebookresearch/frankmocap/issues/178: detectron2's compiled ops
        ("from detectron2 import _C", "", True),
        # https://github.com/SeanNaren/warp-ctc/issues/154: a relative import in an installed
        # extension package
        (
            "from ._warp_ctc import *",
            "~/anaconda3/lib/python3.7/site-packages/warpctc_pytorch-0.1.1-py3.7-linux-x86_64.egg"
            "/warpctc_pytorch/__init__.py",
            True,
        ),
        # ExtremeNet#9 above: torch's own
        (
            "from torch._C import *",
            "/home/chase/anaconda3/envs/CornerNet/lib/python3.6/site-packages/torch/__init__.py",
            False,
        ),
        ("import torch", "demo.py", False),
        # a call that imports nothing says nothing
        ("main()", "train.py", None),
    ],
)
def test_which_import_is_an_extensions(
    call: str, innermost: str, third_party: Optional[bool]
) -> None:
    assert extension(call, innermost) is third_party


NEW_SIGNATURES = (
    "ascend.build.cann-header-missing",
    "cuda.build.cuda-header-missing",
    "install.built-for-other-release",
    "cuda.runtime.extension-built-for-other-cuda",
    "cuda.runtime.cuda-lib-missing",
)


@pytest.mark.parametrize(
    "line",
    [
        "x: fatal error: acl/" + "a/" * 25_000,
        ": y: aclnn/" + "w" * 50_000,
        "fatal error: " + "acl/ops/acl_" * 4_000,
        "CANN version mismatch. The build version is " + "1." * 25_000,
        "Detected that PyTorch and torchvision were compiled with different " + "CUDA " * 10_000,
        "x.cu:1:2: fatal error: thrust/" + "a." * 25_000,
        "ImportError: libcudart.so." + "9." * 25_000,
    ],
)
def test_the_new_patterns_read_hostile_lines_in_time(line: str) -> None:
    import re2

    from bringup.triage.signatures import engine_options

    signatures = [s for s in load_signatures().signatures if s.id in NEW_SIGNATURES]
    expressions = [re2.compile(p.encode(), engine_options()) for s in signatures for p in s.finding]
    text = line.encode()
    started = cpu_seconds()
    for expression in expressions:
        expression.search(text)
    assert cpu_seconds() - started < 2.0
