"""class.install.symbol-defined-twice read from the registries' own words (issue 15, session 38):
a runtime that keeps a registry (OpenMP, PyTorch's dispatcher, pybind11, gflags) says so when a
second copy of a library registers again. Each line is a real one, its thread beside it."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

TWICE = "class.install.symbol-defined-twice"

REGISTERED_AGAIN = [
    # https://github.com/ogkalu2/comic-translate/issues/79: two OpenMP runtimes in one process.
    "OMP: Error #15: Initializing libiomp5md.dll, but found libiomp5md.dll already initialized.\n"
    "OMP: Hint This means that multiple copies of the OpenMP runtime have been linked into the"
    " program.\n",
    # https://github.com/jianchang512/ChatTTS-ui/issues/22: the same, its first letters cut off.
    "P: Error #15: Initializing libomp.dylib, but found libiomp5.dylib already initialized.\n",
    # https://github.com/iree-org/iree/issues/19303: a second TORCH_LIBRARY block for one namespace.
    "RuntimeError: Only a single TORCH_LIBRARY can be used to register the namespace turbine;"
    " please put all of your definitions in a single TORCH_LIBRARY block.\n",
    # https://github.com/metatensor/metatensor/issues/871: the same, raised from C++ as c10::Error.
    "terminate called after throwing an instance of 'c10::Error'\n"
    "  what():  Only a single TORCH_LIBRARY can be used to register the namespace featomic;"
    " please put all of your definitions in a single TORCH_LIBRARY block.\n",
    # https://github.com/tencent-ailab/hok_env/issues/36: pybind11 binding one type twice.
    "Traceback (most recent call last):\n"
    '  File "test_env.py", line 81, in <module>\n'
    "    import hok.hok1v1.lib.interface as interface\n"
    'ImportError: generic_type: type "Interface" is already registered!\n',
    # https://github.com/pybind/pybind11_abseil/issues/12: two modules binding one enum.
    'ImportError: generic_type: cannot initialize type "StatusCode": an object with that name is'
    " already defined\n",
    # https://github.com/facebookincubator/velox/issues/12358: gflags linked in twice.
    "ERROR: something wrong with flag 'flagfile' in file"
    " '/root/velox4j/src/main/cpp/build/_deps/gflags-src/src/gflags.cc'.  One possibility: file"
    " '/root/velox4j/src/main/cpp/build/_deps/gflags-src/src/gflags.cc' is being linked both"
    " statically and dynamically into this executable.\n",
    # https://github.com/CMU-Perceptual-Computing-Lab/openpose/issues/593: glog's flags, the same.
    "ERROR: something wrong with flag 'logtostderr' in file 'src/logging.cc'.  One possibility:"
    " file 'src/logging.cc' is being linked both statically and dynamically into this"
    " executable.\n",
]


@pytest.mark.parametrize("log", REGISTERED_AGAIN)
def test_a_registry_refusing_a_second_copy_is_the_name_defined_twice(log: str) -> None:
    first = explain_text(log.encode())[0]
    assert (first.signature_id, first.layer) == (TWICE, "install")


def test_a_registrys_warning_that_it_was_registered_is_no_failure() -> None:
    # tests/data/triage_nineteenth/e03-paddlespeech-npu-pad-params.log:3: Paddle warns and goes on.
    log = (
        "W0915 11:23:51.373420 26492 ir_context.cc:305] custom_op.transpose_remove_padding op"
        " already registered.\n"
    )
    assert TWICE not in [d.signature_id for d in explain_text(log.encode())]
