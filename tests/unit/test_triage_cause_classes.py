"""Classes of cause no signature names (issue 15): the project's own code failing (a bug, or a
configuration it refuses), two tools of the stack out of step, a backend missing from a build,
one name defined twice in a process. Each is read from the log's own evidence: the exception's
type, where it was raised (the innermost frame's package against the vendor runtimes), the
message's words; where it surfaced (the layer) is read from the words as for any failure.

Lines from the ninth, tenth and twelfth triage corpora (tuned on their odd halves) are named by
their case file there; the other line of each class comes from another public source."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.catalogues import builtin_catalogues
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.tiers import FALLBACK_SCORES

NINTH = "tests/data/triage_ninth"
TENTH = "tests/data/triage_tenth"

# The Python tutorial's own tracebacks (https://docs.python.org/3/tutorial/errors.html,
# "Exceptions"): errors of the code that runs, raised outside any installed package.
TUTORIAL = [
    'Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\n'
    "    4 + spam*3\nNameError: name 'spam' is not defined\n",
    'Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\n'
    "    '2' + 2\nTypeError: can only concatenate str (not \"int\") to str\n",
]

# triage_sixth 24 (flash-linear-attention-npu#321): a KeyError inside torch_npu's lazy import
# is torch_npu's (an API the installed release lacks), not the job's bug.
VENDOR_KEY_ERROR = """\
Traceback (most recent call last):
  File "/opt/conda/lib/python3.12/site-packages/torch_npu/_init/core/_exports.py", line 76, in _lazy_import_api
    import_path, attr_name = _LAZY_PYTHON_SYMBOLS[name]
KeyError: 'ops'
"""  # noqa: E501


def _first(log: str) -> tuple[str, str]:
    diagnosis = explain_text(log)[0]
    return diagnosis.signature_id, diagnosis.layer


def _fallback(log: str) -> list[tuple[str, str]]:
    return [(d.signature_id, d.layer) for d in diagnose(scan_log(log).findings)]


@pytest.mark.parametrize("log", TUTORIAL)
def test_a_defect_raised_in_the_jobs_own_code_is_a_project_bug(log: str) -> None:
    (first, *_) = diagnose(scan_log(log).findings)
    assert (first.signature_id, first.kind) == ("class.code.project-bug", "code")
    assert first.score == FALLBACK_SCORES["class"]


def test_a_key_error_in_a_vendor_runtimes_frames_is_not_the_projects_bug() -> None:
    assert "class.code.project-bug" not in dict(_fallback(VENDOR_KEY_ERROR))


@pytest.mark.parametrize(
    "log",
    [
        # vllm-project/vllm-ascend#13935 (the eighteenth tuning half's e09): an optional model
        # method called unconditionally
        "AttributeError: 'DSparkDeepseekV4ForCausalLM' object has no attribute "
        "'get_draft_attn_causal'\n",
        # vllm-project/vllm-ascend#10996 (the seventeenth tuning half's c15): an engine's
        # __init__ without the argument its factory passes
        "TypeError: __init__() takes 3 positional arguments but 4 were given\n",
        # vllm-project/vllm-ascend#11466 (the eighteenth tuning half's e07, wrapped as pasted):
        # a row written past the block table's size; NumPy's broadcast, no collective's
        "ValueError: could not broadcast input array from shape (2,) into shape\n(0,)\n",
        # vllm-project/vllm-ascend#8718 (the eighteenth tuning half's e03, pasted there with
        # no-break spaces, here with plain ones): a padded batch written into a smaller slice
        "RuntimeError: The expanded size of the tensor (1024) must match the \n"
        "existing size (32) at non-singleton dimension 0.\n",
    ],
)
def test_pythons_words_for_the_codes_own_mistake_pasted_alone_are_a_project_bug(
    log: str,
) -> None:
    assert _first(log) == ("class.code.project-bug", "operator_execution")


def test_a_dependencys_attribute_error_pasted_as_pytest_prints_it_is_a_project_bug() -> None:
    # vllm-project/vllm-ascend#4423 (the eighteenth tuning half's e11): transformers 4.57.2's
    # regression, as pytest prints it (its location line is no traceback frame)
    log = (
        "/usr/local/python3.11.13/lib/python3.11/site-packages/transformers/"
        "tokenization_utils_base.py:2419: \n"
        "if _is_local and _config.model_type not in [\n"
        "E   AttributeError: 'dict' object has no attribute 'model_type'\n"
    )
    assert _first(log)[0] == "class.code.project-bug"


@pytest.mark.parametrize(
    "line",
    [
        # TENTH a09-flaggems-ascend-libdevice-y0.log: a module's missing name is two packages
        # out of step (python.module-attribute-missing), not an object's
        "AttributeError: module 'triton.language.extra.cann.libdevice' has no attribute 'y0'",
        # triage_sixth 42-vllm-ascend-weak-ref-tensor-missing.log: a custom-op namespace
        # (python.torch-custom-op-missing)
        "AttributeError: '_OpNamespace' '_C_ascend' object has no attribute 'weak_ref_tensor'",
    ],
)
def test_a_modules_or_op_namespaces_missing_name_is_no_project_bug(line: str) -> None:
    assert "class.code.project-bug" not in dict(_fallback(line + "\n"))


@pytest.mark.parametrize(
    ("line", "layer"),
    [
        # NINTH b15-sglang-npu-mamba-radix-page-size.log: the NPU backend's page size.
        (
            "AssertionError: Page size must be 1 for MambaRadixCache v1, got 128",
            "operator_execution",
        ),
        # TENTH a15-hybrid-block-size-reset.log: a block size the kernel cannot divide.
        (
            "ValueError: None of the kernel sizes [128] can divide physical block size 16 evenly",
            "operator_execution",
        ),
        # torch_npu's get_device_name (Ascend/pytorch torch_npu/npu/utils.py) for an index the
        # process does not see: no words place it, the rule that reads a device id does.
        ("AssertionError: Invalid device id", "device_init"),
    ],
)
def test_a_check_the_project_fails_is_its_configuration_where_it_surfaced(
    line: str, layer: str
) -> None:
    assert _first(line + "\n") == ("class.code.unsupported-configuration", layer)


# TWELFTH c09-vllm-ascend-pd-decode-prefix-cache-kv-xfer-assertion.log: a bare `assert` in
# vLLM's scheduler (the thread is the case's source there).
BARE_ASSERT = """\
(EngineCore_DP3 pid=34912)   File "/usr/local/python3.11.14/lib/python3.11/site-packages/vllm/v1/core/sched/scheduler.py", line 2120, in _update_from_kv_xfer_finished
(EngineCore_DP3 pid=34912)     assert RequestStatus.is_finished(req.status)
(EngineCore_DP3 pid=34912) AssertionError
"""  # noqa: E501


def test_a_bare_assert_in_the_project_is_its_check() -> None:
    assert _first(BARE_ASSERT) == ("class.code.unsupported-configuration", "operator_execution")
    # without the frames nothing says who asserted
    assert _first(BARE_ASSERT.splitlines()[-1] + "\n")[0] != "class.code.unsupported-configuration"


@pytest.mark.parametrize(
    "line",
    [
        # verl-project/verl@1dda039b9c6311889a9c9a26040677e1254814f9:
        # docs/ascend_tutorial/faq/faq.rst:88 (the sixteenth tuning half's b01)
        "AssertionError: Weight model.embed_tokens.weight(torch.Size([151936, 4096]), "
        "torch.float32) is too large to fit in the bucket.",
        # PaddlePaddle/PaddleX issue 3760 (the seventeenth tuning half's d09)
        "AssertionError: The NPU device does not yet support `PP-LCNet_x0_25_textline_ori` model!",
    ],
)
def test_an_assertion_pasted_alone_with_its_message_is_the_projects_check(line: str) -> None:
    assert _first(line + "\n") == ("class.code.unsupported-configuration", "operator_execution")


@pytest.mark.parametrize(
    "line",
    [
        # Constructed, no repo's lines: the forms pytest (the assert's expression) and
        # unittest (assertTrue, as in the test below) give a failed test's assertion
        "AssertionError: assert 4 == 5",
        "AssertionError: False is not true",
        # The messages of unittest's assertEqual (cpython Lib/unittest/case.py: '%s != %s',
        # 'Lists differ'), torch.testing.assert_close (torch/testing/_comparison.py:
        # 'Tensor-likes are not close!') and numpy.testing ('Arrays are not equal')
        "AssertionError: 3 != 4",
        "AssertionError: Lists differ: [1, 2] != [1, 3]",
        "AssertionError: Tensor-likes are not close!",
        "AssertionError: \nArrays are not equal",
    ],
)
def test_a_failed_tests_assertion_pasted_alone_is_no_project_check(line: str) -> None:
    assert _first(line + "\n")[0] != "class.code.unsupported-configuration"


def test_a_test_scripts_own_assert_is_no_project_check() -> None:
    # Constructed by review (session 14), no repo's lines: a unittest failure in the test file
    # itself (not an installed package) is a test that failed, whatever the project refuses
    log = (
        "Traceback (most recent call last):\n"
        '  File "/home/ci/op-plugin/test/test_add.py", line 42, in test_add_fp16\n'
        "    self.assertTrue(torch.allclose(out.cpu(), ref, atol=1e-3))\n"
        "AssertionError: False is not true\n"
    )
    assert _first(log)[0] != "class.code.unsupported-configuration"


def test_a_heap_exhausted_is_memory() -> None:
    # NINTH a19-simpler-undersized-ring-heap-allocator-deadlock.log
    log = (
        "[TaskAllocator] BLOCKED: tasks=0/16384\nFATAL: Task Allocator Deadlock - Heap Exhausted!\n"
    )
    assert _first(log)[1] == "memory"


@pytest.mark.parametrize(
    "lines",
    [
        # TENTH a07-ptoas-tpush-syntax-mismatch.log: PTOAS cannot parse what pypto generated.
        [
            "Failed to compile function 'qwen3_prefill_layer_incore_10_aic': ptoas compilation"
            " failed: ",
            'loc("build_output/.../qwen3_prefill_layer_incore_10_aic.pto":37:21): error:'
            " expected '('",
        ],
        # LLVM's bitcode reader names the producer and the reader (llvm/lib/Bitcode/Reader/
        # BitcodeReader.cpp); as the gold plugin printed it with a newer clang's bitcode.
        [
            "bfd plugin: LLVM gold plugin has failed to create LTO module: Unknown attribute kind"
            " (60) (Producer: 'LLVM9.0.0svn' Reader: 'LLVM 8.0.0')"
        ],
        # clang's driver for a -target-cpu its release does not know (clang/test/Driver).
        ["error: unknown target CPU 'znver5'"],
    ],
)
def test_a_tool_rejecting_what_another_produced_is_the_stack_out_of_step(lines: list[str]) -> None:
    assert _first("\n".join(lines) + "\n") == (
        "class.install.toolchain-components-out-of-step",
        "install",
    )


@pytest.mark.parametrize(
    "line",
    [
        # CTranslate2's CPU-only wheels (OpenNMT/CTranslate2, src/devices.cc) asked for CUDA.
        "ValueError: This CTranslate2 package was not compiled with CUDA support",
        # NINTH b13-sherpa-ascend-provider-unsupported.log's form, the class's first line.
        "Unsupported provider: ascend. Fallback to cpu!",
    ],
)
def test_a_build_without_the_backend_is_install(line: str) -> None:
    assert _first(line + "\n") == ("class.install.backend-not-in-build", "install")


def test_torch_without_cuda_keeps_its_own_signature() -> None:
    line = "AssertionError: Torch not compiled with CUDA enabled\n"
    assert "class.install.backend-not-in-build" not in dict(_fallback(line))


@pytest.mark.parametrize(
    "line",
    [
        # torch's dispatcher (aten/src/ATen/core/dispatch/Dispatcher.cpp) when two libraries
        # define one operator.
        "RuntimeError: Tried to register an operator (vllm::_fused_mul_mat_gguf(Tensor x) ->"
        " Tensor) with the same name and overload name multiple times.",
        # protobuf's descriptor database (src/google/protobuf/descriptor_database.cc) when two
        # libraries carry the same generated message types.
        "[libprotobuf ERROR external/protobuf_archive/src/google/protobuf/"
        "descriptor_database.cc:58] File already exists in database:"
        " tensorflow/core/protobuf/eager_service.proto",
    ],
)
def test_one_name_defined_twice_in_the_process_is_install(line: str) -> None:
    assert ("class.install.symbol-defined-twice", "install") in _fallback(line + "\n")


def test_a_warning_that_a_name_is_registered_again_is_not_a_failure() -> None:
    # vllm's model registry (vllm/model_executor/models/registry.py) warns and goes on.
    line = (
        "WARNING 05-06 07:08:09 registry.py:371 Model architecture Qwen2ForCausalLM is already"
        " registered, and will be overwritten by the new model class\n"
    )
    assert "class.install.symbol-defined-twice" not in dict(_fallback(line))


def test_the_classes_rank_below_a_signature() -> None:
    # torch's own form for a CPU build on a CUDA host has its signature.
    line = "AssertionError: Torch not compiled with CUDA enabled\n"
    assert not explain_text(line)[0].signature_id.startswith("class.")


@pytest.mark.parametrize(
    "line",
    [
        # GCC's cp/decl.cc for a definition whose header declares another signature (a header
        # of another revision than the source: "no declaration matches %q#D").
        "/src/widget.cc:42:6: error: no declaration matches 'void Widget::draw(int)'",
        # clang's form of the same (clang/include/clang/Basic/DiagnosticSemaKinds.td).
        "/src/kernel.cc:10:13: error: out-of-line definition of 'run' does not match any"
        " declaration in 'Kernel'",
    ],
)
def test_a_header_and_its_source_of_other_revisions_is_the_source_out_of_step(line: str) -> None:
    assert _first(line + "\n") == ("class.build.source-out-of-step", "build")


@pytest.mark.parametrize(
    ("line", "layer"),
    [
        # tests/data/triage_eighth a18-vllm-omni-hunyuanimage3-npu-cuda-only-topk-softmax.log:
        # torch's AttributeError message pasted without its type.
        ("_OpNamespace '_moe_C' object has no attribute 'topk_softmax'", "operator_execution"),
        # Python's import system's message alone (docs.python.org/3/library/exceptions.html).
        ("No module named 'flash_attn'", "install"),
    ],
)
def test_pythons_failure_messages_without_their_type_are_failures(line: str, layer: str) -> None:
    ranked = explain_text(line + "\n")
    assert ranked
    assert ranked[0].layer == layer


@pytest.mark.parametrize(
    "line",
    [
        # tests/data/triage_eighth b08-torchcomms-libtorch-needs-nccl229.log: torch's library
        # built for a newer NCCL than the one linked.
        "/opt/rh/gcc-toolset-13/root/usr/libexec/gcc/x86_64-redhat-linux/13/ld: /opt/conda/envs/"
        "venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so: undefined reference to"
        " `ncclWaitSignal'",
        # lld's form (lld/test/ELF/allow-shlib-undefined.s).
        "ld.lld: error: undefined reference due to --no-allow-shlib-undefined: x1",
    ],
)
def test_a_prebuilt_library_needing_a_symbol_its_dependency_lacks_is_install(line: str) -> None:
    assert _first(line + "\n") == (
        "class.install.prebuilt-library-needs-other-dependency",
        "install",
    )


def test_an_undefined_reference_from_the_projects_own_objects_stays_a_build_failure() -> None:
    # GNU ld's form for an object being linked (binutils ld/ldmisc.c: "in function").
    line = (
        "/usr/bin/ld: CMakeFiles/app.dir/main.cpp.o: in function `main':"
        " main.cpp:(.text+0x5): undefined reference to `foo'\n"
    )
    assert _first(line)[1] == "build"
    assert "class.install.prebuilt-library-needs-other-dependency" not in dict(_fallback(line))


def test_a_bindings_exception_named_after_a_code_is_that_code() -> None:
    # NINTH a15-gpustack-dcmi-v1-notsupported-950.log: a Python DCMI binding's exception class
    # for DCMI_ERR_CODE_NOT_SUPPORT (-8255).
    line = "gpustack_runtime.detector.pydcmi.DCMIError_NotSupport: Not Supported\n"
    assert _first(line) == ("code.dcmi.8255", "device_init")
    (dcmi,) = [c for c in builtin_catalogues() if c.info.name == "dcmi"]
    assert dcmi.lookup("name", "DCMIError_NoSuchCode") is None


@pytest.mark.parametrize(
    "line",
    [
        # NINTH a05-ext-undefined-THPVariableClass.log: libtorch_python's name, there in every
        # torch, unresolved because the extension was imported first.
        "/home/jatentaki/anaconda3/lib/python3.6/site-packages/sort2_cuda-0.0.0-py3.6-linux-x86_64"
        ".egg/lltm_cpp.cpython-36m-x86_64-linux-gnu.so: undefined symbol: THPVariableClass",
        # NINTH b21-flash-attn-cxx11-abi-torch26-cu126.log's first error, before torch imported.
        "ImportError: libc10.so: cannot open shared object file: No such file or directory",
    ],
)
def test_an_extension_loaded_before_torch_is_the_import_order(line: str) -> None:
    found = dict(_fallback(line + "\n"))
    assert found.get("class.install.extension-loaded-before-torch") == "install"
