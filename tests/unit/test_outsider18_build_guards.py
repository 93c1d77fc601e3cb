"""A setup.py that stops unless a GPU is visible (outsider18 D1: "runs here after installing
CUDA" for a CUDA-only extension on a GPU-less host): the condition of an ``if`` whose ``else``
raises is a hard need of the build, the visible device and the toolkit both.

Lines from OpenGVLab/DCNv4@4b848f7, DCNv4_op/setup.py, lines beside each."""

from __future__ import annotations

import ast

from bringup.scan.buildguards import required_conditions
from bringup.scan.extraction import SourceFile
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.unversioned import settle_unversioned

# DCNv4_op/setup.py:11-14, :36-48 (the nvcc flags cut to one) and :63, :70 (setup() calls it)
DCNV4_SETUP = """import torch

from torch.utils.cpp_extension import CUDA_HOME
from torch.utils.cpp_extension import CppExtension
from torch.utils.cpp_extension import CUDAExtension

def get_extensions():
    extension = CppExtension
    if torch.cuda.is_available() and CUDA_HOME is not None:
        extension = CUDAExtension
        sources += source_cuda
        define_macros += [("WITH_CUDA", None)]
        extra_compile_args["nvcc"] = [
            "-DCUDA_HAS_FP16=1",
        ]
    else:
        raise NotImplementedError('Cuda is not available')

setup(
    ext_modules=get_extensions(),
)
"""


def _needs(text: str) -> dict[str, tuple[str, bool, int | None]]:
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=text))
    return {r.subject: (r.spec, r.hard, r.source.line) for r in found.requirements}


def test_a_build_that_raises_without_a_visible_gpu_needs_one() -> None:
    needs = _needs(DCNV4_SETUP)
    assert needs["gpu_count"] == (">=1", True, 9)
    assert needs["cuda"] == ("", True, 9)


def test_a_build_that_only_prefers_the_gpu_needs_none() -> None:
    prefers = DCNV4_SETUP.replace("raise NotImplementedError('Cuda is not available')", "pass")
    needs = _needs(prefers)
    assert "gpu_count" not in needs
    assert needs["cuda"][1] is False


def test_an_or_lets_either_do_and_an_elif_is_another_way() -> None:
    either = "if torch.cuda.is_available() or FORCE_CUDA:\n    pass\nelse:\n    raise E()\n"
    chained = (
        "if torch.cuda.is_available():\n    pass\nelif torch.npu.is_available():\n    pass\n"
        "else:\n    raise E()\n"
    )
    negated = "if not torch.cuda.is_available():\n    raise E()\n"
    assert required_conditions(ast.parse(either)) == []
    assert required_conditions(ast.parse(chained)) == []
    assert [ast.unparse(c) for c in required_conditions(ast.parse(negated))] == [
        "torch.cuda.is_available()"
    ]


# hpcaitech/TensorNVMe@6403388 setup.py:72-73
TENSORNVME_CUDA = """if CUDA_HOME is not None:
    include_dirs.append(os.path.join(CUDA_HOME, "include"))
"""


def test_a_toolkit_used_where_found_is_not_said_required() -> None:
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=TENSORNVME_CUDA))
    settled = settle_unversioned(list(found.requirements), "TensorNVMe")
    assert [f.message for f in settled.findings] == [
        "cuda is optional (soft) but no version is stated anywhere in the repo"
    ]


# DCNv4_op/setup.py:21 and :64-66 (the setup call cut to its first keywords)
LISTED = """requirements = ["torch", "torchvision"]

setup(
    name="DCNv4",
    version="1.0.0.post2",
)
"""


def test_a_requirements_list_setup_is_not_given_still_states_the_distributions() -> None:
    needs = _needs(LISTED)
    assert needs["torchvision"] == ("", True, 1)
    passed = LISTED.replace('version="1.0.0.post2",', "install_requires=['torch'],")
    assert "torchvision" not in _needs(passed)


def test_a_check_in_a_function_the_script_never_calls_needs_nothing() -> None:
    # review37 MEDIUM 9: a helper left behind runs never; only what loading the script runs counts
    helper = (
        "def check():\n    if not torch.cuda.is_available():\n        raise RuntimeError('no')\n"
    )
    assert required_conditions(ast.parse(helper)) == []
    assert required_conditions(ast.parse(helper + "check()\n")) != []
