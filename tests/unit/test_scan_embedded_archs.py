"""What a build embeds decides which GPUs it runs on (outsider8 #2): machine code for sm_XY
runs on X.z from X.y only, PTX for compute_XY on X.Y and newer, sm_XYa on X.Y alone (CUDA C++
Programming Guide, "Binary Compatibility" and "PTX Compatibility"; nvcc's ``-arch=sm_XY`` is
shorthand for ``-arch=compute_XY -code=sm_XY,compute_XY``). An sm_89-only build is not
"compute capability >= 8.9": an H100 cannot load it. Real lines, their source beside them."""

from __future__ import annotations

from bringup.scan.architectures import flagged, listed, lowest_architecture
from bringup.scan.extraction import SourceFile
from bringup.scan.registry import EXTRACTORS


def _spec(flags: list[str]) -> str:
    archs = [(arch, n) for n, flag in enumerate(flags, 1) for _t, arch in flagged(flag)]
    found = lowest_architecture(archs)
    assert found is not None
    return found[0]


def test_an_sm89_only_gencode_is_ada_alone() -> None:
    # KONAKONA666/q8_kernels@8763eaef setup.py:18-19 (and :35-36, the same pair)
    assert _spec(["-gencode", "arch=compute_89,code=sm_89"]) == ">=8.9,<9.0"


def test_q8_kernels_setup_py_reads_as_ada_alone() -> None:
    # KONAKONA666/q8_kernels@8763eaef setup.py:16-19, as the file has them
    text = 'ext_modules = []\ngenerator_flag = []\ncc_flag = []\ncc_flag.append("-gencode")\n'
    text += 'cc_flag.append("arch=compute_89,code=sm_89")\n'
    found = EXTRACTORS["setup_py"](SourceFile(ref="setup.py", rel="setup.py", text=text))
    specs = [r.spec for r in found.requirements if r.subject == "compute_capability"]
    assert specs == [">=8.9,<9.0"]
    words = next(r.text for r in found.requirements if r.subject == "compute_capability")
    assert words is not None
    assert "sm_89" in words


def test_a_ptx_fallback_keeps_every_newer_gpu() -> None:
    # a Makefile's CUDAFLAGS (search corpus, id 25800625461): sm_52..sm_75 machine code and
    # compute_80 PTX: 5.2 and newer, Blackwell by JIT
    flags = [
        "-gencode=arch=compute_52,code=sm_52,",
        "-gencode=arch=compute_60,code=sm_60",
        "-gencode=arch=compute_70,code=sm_70",
        "-gencode=arch=compute_75,code=sm_75",
        "-gencode=arch=compute_80,code=compute_80",
    ]
    assert _spec(flags) == ">=5.2"


def test_machine_code_without_ptx_has_holes() -> None:
    # the same flags without the PTX: 5.x from 5.2, 6.x, 7.x; no 8.0
    flags = ["-gencode=arch=compute_52,code=sm_52,", "-gencode=arch=compute_60,code=sm_60"]
    assert _spec(flags) == ">=5.2,<7.0"
    assert _spec(["-gencode=arch=compute_70,code=sm_70"]) == ">=7.0,<8.0"


def test_a_code_list_with_both_kinds() -> None:
    # sling00 gist a9314bab Makefile.am:120: ``code=\"sm_70,compute_70\"``
    assert _spec(['-gencode=arch=compute_70,code=\\"sm_70,compute_70\\"']) == ">=7.0"


def test_arch_shorthand_embeds_ptx_too() -> None:
    # "nvcc -arch=sm_80 kernel.cu" (search corpus, id 51836414827, a guide's example)
    assert _spec(["-arch=sm_80"]) == ">=8.0"
    # bitnet's "-gencode=arch=compute_80,code=compute_80" (search corpus, id 1298648091)
    assert _spec(["-gencode=arch=compute_80,code=compute_80"]) == ">=8.0"


def test_torch_and_cmake_lists() -> None:
    # xformers wheels_build.yml:33 ``'7.5 8.0+PTX'`` (facebookresearch/xformers@ca6d2aa): the
    # last one with PTX, so 7.5 and newer as before
    assert listed("7.5 8.0+PTX") == ["75-real", "80"]
    assert lowest_architecture([(a, 33) for a in listed("7.5 8.0+PTX")]) == (
        ">=7.5",
        33,
        ["sm_75", "80"],
    )
    # FastVideo build.sh:139 ``TORCH_CUDA_ARCH_LIST="9.0a"``: Hopper alone
    assert lowest_architecture([(a, 1) for a in listed("9.0a")]) == ("==9.0", 1, ["sm_90a"])
    # spconv README.md:155-158 "60,70,75,80,86,89,90": CMake's numbers embed PTX too
    spconv = lowest_architecture([(a, 1) for a in listed("60,70,75,80,86,89,90")])
    assert spconv is not None
    assert spconv[0] == ">=6.0"
    # CMake's -real and -virtual (CV-CUDA cmake/ConfigCUDA.cmake:72 ``70-virtual``)
    assert listed("80-real 70-virtual") == ["80-real", "70-virtual"]
