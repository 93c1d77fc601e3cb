"""An extension module the project built in its own tree that does not load for an undefined
symbol is the build's failure (issue 15): its path is outside any installed-packages folder, so
the project compiled it in place against another torch / CUDA than the one loaded now, and
rebuilding it is the fix. The same error from a wheel in site-packages, or from a library of the
system or a toolkit, stays an install out of step."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

OWN = "traceback.build.extension-undefined-symbol"


def _first(log: str) -> tuple[str, str]:
    diagnosis = explain_text(log)[0]
    return diagnosis.signature_id, diagnosis.layer


@pytest.mark.parametrize(
    "log",
    [
        # kexinyi/ns-vqa issue 17: the project's roi_pooling extension, built in its checkout.
        "Traceback (most recent call last):\n"
        '  File "/home/pudu/PhD/NeSy/ns-vqa/scene_parse/mask_rcnn/lib/model/roi_pooling/'
        '_ext/roi_pooling/__init__.py", line 3, in <module>\n'
        "    from ._roi_pooling import lib as _lib, ffi as _ffi\n"
        "ImportError: /home/pudu/PhD/NeSy/ns-vqa/scene_parse/mask_rcnn/lib/model/roi_pooling/"
        "_ext/roi_pooling/_roi_pooling.so: undefined symbol: cudaLaunchKernel\n",
        # NVIDIA/cuda-python issue 26: `pip install -e .` ("Running setup.py develop").
        "    from cuda import cuda, cudart\n"
        "ImportError: /home/vinuj/cuda-python/cuda/cuda.cpython-39-x86_64-linux-gnu.so: "
        "undefined symbol: _ZSt28__throw_bad_array_new_lengthv\n",
        # HuiZeng/Image-Adaptive-3DLUT issue 3: a path relative to the checkout.
        "from ._trilinear import lib as _lib, ffi as _ffi\n"
        "ImportError: Image-Adaptive-3DLUT/trilinear/_ext/trilinear/_trilinear.so: "
        "undefined symbol: __cudaRegisterFatBinaryEnd\n",
    ],
)
def test_an_extension_built_in_the_projects_tree_is_the_builds(log: str) -> None:
    assert _first(log) == (OWN, "build")


@pytest.mark.parametrize(
    "log",
    [
        # kcheng1021/GaussianPro issue 64: the extension installed into site-packages.
        "    from gaussianpro import propagate\n"
        "ImportError: /home/__/miniconda3/envs/gaussianpro/lib/python3.7/site-packages/"
        "gaussianpro.cpython-37m-x86_64-linux-gnu.so: undefined symbol: __cudaLaunchKernel\n",
        # pytorch/pytorch issue 2172: a library of an installed package (dist-packages).
        "    from torch._C import *\n"
        "ImportError: /usr/local/lib/python2.7/dist-packages/torch/lib/libATen.so.1: "
        "undefined symbol: THNN_CudaDoubleSpatialClassNLLCriterion_updateGradInput\n",
        # chrischoy/knn_cuda issue 1: no path says where the module lies.
        "ImportError:knn.so:undefined symbol: _ZTIN5boost6python7objects21py_function_impl_baseE\n",
    ],
)
def test_an_installed_or_unplaced_extension_stays_an_install(log: str) -> None:
    found, layer = _first(log)
    assert found != OWN
    assert layer == "install"


def test_a_library_of_a_lib_folder_is_no_own_extension() -> None:
    # Constructed from ns-vqa's line with the module moved into a toolkit's lib64 folder (a
    # library the project links, not one it built).
    log = (
        "ImportError: /usr/local/cuda/lib64/libcudart.so.11.0: undefined symbol: cudaLaunchKernel\n"
    )
    assert _first(log)[0] != OWN
