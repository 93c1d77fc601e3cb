"""What the process was doing when it failed (``bringup.triage.phase``): a module being imported
is read from the traceback's frames, and a failure that only says an operation failed is then
placed at install, where the job had not started its work (issue 15: held-out logs whose layer
is install were read as operator_execution). A process that glibc's heap checks aborted is read
like one killed by a signal: the statement before it says what ran.

Logs from the tuning halves of the triage corpora are named by their case file there and the
public source beside them; the others by their public thread."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.triage import explain_text, fallback, scan_log
from bringup.triage.frames import read_frames
from bringup.triage.phase import frames_of, imported, layer_of

# tests/data/triage_heldout 01 (tuning), rusty1s/pytorch_sparse#250: the script imports
# torch_sparse, whose module body loads its extension
TORCH_SPARSE = (
    "Traceback (most recent call last):\n"
    '  File "human_heart_explainer.py", line 49, in <module>\n'
    "    from torch_sparse import coalesce\n"
    '  File "/home/hmousavi/.conda/envs/hossein_env/lib/python3.8/site-packages/torch'
    '_sparse/__init__.py", line 19, in <module>\n'
    "    torch.ops.load_library(spec.origin)\n"
    '  File "/home/hmousavi/.conda/envs/hossein_env/lib/python3.8/site-packages/torch'
    '/_ops.py", line 260, in load_library\n'
    "    ctypes.CDLL(path)\n"
    '  File "/home/hmousavi/.conda/envs/hossein_env/lib/python3.8/ctypes/__init__.py"'
    ", line 373, in __init__\n"
    "    self._handle = _dlopen(self._name, mode)\n"
)

# tests/data/triage_twentyfourth c11 (tuning), triton-lang/triton#7114: pytest's report of a
# test module's collection; triton's module body uses a Python 3.10 annotation on Python 3.9
TRITON_GLUON = (
    "language/test_frontend.py:3: in <module>\n"
    "    from triton._filecheck import filecheck_test\n"
    "/opt/hostedtoolcache/Python/3.9.23/x64/lib/python3.9/site-packages/triton/_filec"
    "heck.py:9: in <module>\n"
    "    from triton.experimental.gluon._runtime import GluonASTSource\n"
    "/opt/hostedtoolcache/Python/3.9.23/x64/lib/python3.9/site-packages/triton/experi"
    "mental/gluon/__init__.py:1: in <module>\n"
    "    from ._runtime import jit\n"
    "/opt/hostedtoolcache/Python/3.9.23/x64/lib/python3.9/site-packages/triton/experi"
    "mental/gluon/_runtime.py:58: in <module>\n"
    "    do_not_specialize: Optional[Iterable[int | str]] = None,\n"
    "E   TypeError: unsupported operand type(s) for |: 'type' and 'type'\n"
)

# AFeng-x/SMT#18: python -m torch.distributed.launch, the launcher's own work failing
LAUNCH = (
    "Traceback (most recent call last):\n"
    '  File "/usr/lib/python3.6/runpy.py", line 193, in _run_module_as_main\n'
    '    "__main__", mod_spec)\n'
    '  File "/usr/lib/python3.6/runpy.py", line 85, in _run_code\n'
    "    exec(code, run_globals)\n"
    '  File "/usr/local/lib/python3.6/dist-packages/torch/distributed/launch.py", lin'
    "e 193, in <module>\n"
    "    main()\n"
    '  File "/usr/local/lib/python3.6/dist-packages/torch/distributed/launch.py", lin'
    "e 189, in main\n"
    "    launch(args)\n"
)

# pytorch/pytorch#120305: the same under Python 3.11 (runpy frozen)
FROZEN_RUNPY = (
    "Traceback (most recent call last):\n"
    '  File "<frozen runpy>", line 198, in _run_module_as_main\n'
    '  File "<frozen runpy>", line 88, in _run_code\n'
    '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/run.py", line '
    "766, in <module>\n"
    "    main()\n"
    '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/multip'
    'rocessing/errors/__init__.py", line 346, in wrapper\n'
    "    return f(*args, **kwargs)\n"
)

# tests/data/triage/logs/cpm-live-244.log (OpenBMB/CPM-Live#244): pip runs bmtrain's setup.py
BUILD = (
    "      Traceback (most recent call last):\n"
    '        File "<string>", line 2, in <module>\n'
    '        File "<pip-setuptools-caller>", line 34, in <module>\n'
    '        File "/tmp/pip-install-c0_v5dr2/bmtrain_c0a1c88cbb974a93b109264909d72dd8'
    '/setup.py", line 52, in <module>\n'
    "          CUDAExtension('bmtrain.nccl._C', [\n"
    '        File "/home/bmxm/anaconda3/envs/apm-ant-plus/lib/python3.8/site-packages'
    '/torch/utils/cpp_extension.py", line 932, in CUDAExtension\n'
    "          library_dirs += library_paths(cuda=True)\n"
)

# tests/data/triage_twentythird a01 (tuning), verl-project/verl#2576: the trainer's own call
# fails while it runs
VERL = (
    '  File "xx/recipe/dapo/main_dapo.py", line 167, in run\n'
    "    trainer.fit()\n"
    '  File "xx/recipe/dapo/dapo_ray_trainer.py", line 134, in fit\n'
    '    with marked_timer("gen", timing_raw, "red"):\n'
    "         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    '  File "/usr/local/lib/python3.11/contextlib.py", line 301, in helper\n'
    "    return _GeneratorContextManager(func, args, kwds)\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    '  File "/usr/local/lib/python3.11/contextlib.py", line 105, in __init__\n'
    "    self.gen = func(*args, **kwds)\n"
    "               ^^^^^^^^^^^^^^^^^^^\n"
    "TypeError: marked_timer() takes 2 positional arguments but 3 were given\n"
)


def test_frames_are_read_in_pythons_and_pytests_forms() -> None:
    assert frames_of(read_frames(TORCH_SPARSE.encode()))[:2] == [
        ("human_heart_explainer.py", "<module>"),
        (
            "/home/hmousavi/.conda/envs/hossein_env/lib/python3.8/site-packages/torch_sparse/"
            "__init__.py",
            "<module>",
        ),
    ]
    assert [f for _, f in frames_of(read_frames(TRITON_GLUON.encode()))] == ["<module>"] * 4


@pytest.mark.parametrize("text", [TORCH_SPARSE, TRITON_GLUON])
def test_a_module_body_below_the_program_is_an_import(text: str) -> None:
    assert imported(frames_of(read_frames(text.encode())))
    assert layer_of(frames_of(read_frames(text.encode()))) == "install"


@pytest.mark.parametrize("text", [LAUNCH, FROZEN_RUNPY, BUILD, VERL])
def test_a_module_the_program_started_is_no_import(text: str) -> None:
    assert not imported(frames_of(read_frames(text.encode())))


def test_the_programs_own_module_body_alone_is_no_import() -> None:
    # the outermost frame of TORCH_SPARSE alone: the script's top-level code running
    assert not imported(frames_of(read_frames(TORCH_SPARSE.encode()))[:1])


def test_a_defect_raised_while_importing_is_placed_at_install() -> None:
    first = explain_text(TRITON_GLUON)[0]
    assert (first.signature_id, first.layer) == ("class.code.project-bug", "install")


def test_a_defect_raised_while_the_job_runs_stays_an_operation() -> None:
    first = explain_text(VERL)[0]
    assert (first.signature_id, first.layer) == ("class.code.project-bug", "operator_execution")


def test_a_heap_abort_after_an_import_is_read_from_the_import() -> None:
    # tests/data/triage_twentyfourth a07 (tuning), vllm-project/vllm-ascend#5609: importing
    # mooncake's store corrupts the heap (glibc's malloc_printerr), then the shell's "Aborted"
    log = (
        'python -c "from mooncake.store import MooncakeDistributedStore"\n'
        "corrupted size vs. prev_size\n"
        "Aborted (core dumped)\n"
    )
    first = explain_text(log)[0]
    assert first.layer == "install"
    assert first.evidence[0].text == "corrupted size vs. prev_size"


def test_a_heap_abort_is_a_failure_line() -> None:
    # tests/data/triage_twentyfirst d01 (tuning), flashserve/flash-linear-attention-npu#310
    log = "# python3 test.py\n\ndouble free or corruption (!prev)\nAborted (core dumped)\n"
    assert explain_text(log)[0].evidence[0].text == "double free or corruption (!prev)"


@pytest.mark.parametrize(
    "line",
    [
        # babylm/baseline-pretraining#2 and XPixelGroup/BasicSR#626: torch 2.0's launch passes
        # --local-rank to a script that declares --local_rank
        "general_train.py: error: unrecognized arguments: --local-rank=0",
        "train.py: error: unrecognized arguments: --local-rank=0",
        # vllm-project/vllm#7545: a subcommand's parser (its prog holds a space)
        "vllm serve: error: argument --load-format: invalid choice: 'sharded_state' (choose from "
        "'auto', 'pt', 'safetensors', 'npcache', 'dummy', 'tensorizer', 'bitsandbytes')",
        # vllm-project/vllm#13150
        "vllm serve: error: the following arguments are required: model_tag",
        # huggingface/trl#3139: an older trl without the subcommand
        "TRL CLI: error: argument command: invalid choice: 'vllm-serve' (choose from 'chat', "
        "'dpo', 'env', 'grpo', 'kto', 'sft')",
    ],
)
def test_a_command_line_argparse_refuses_is_refused_before_any_work(line: str) -> None:
    first = explain_text(line + "\n")[0]
    assert (first.signature_id, first.layer) == ("class.install.configuration-refused", "install")


def test_the_launchers_report_after_the_refusal_does_not_place_it() -> None:
    # babylm/baseline-pretraining#2: usage, argparse's refusal, then torch's elastic launcher
    # reporting the worker's exit status 2 and its own traceback
    log = (
        "usage: general_train.py\n"
        "       [-h]\n"
        "       [--setting SETTING]\n"
        "       [--local_rank LOCAL_RANK]\n"
        "general_train.py: error: unrecognized arguments: --local-rank=0\n"
        "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 2) local_rank: 0 "
        "(pid: 3049) of binary: /usr/bin/python3\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main\n'
    )
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == ("class.install.configuration-refused", "install")


def test_a_compilers_refused_option_is_not_argparses() -> None:
    # tests/data/triage_sixth 39 (tuning), llnl/RAJAPerf#85: g++ refuses a flag it does not know
    line = "g++: error: unrecognized command line option '-mno-float128'; did you mean '-mno-avx2'?"
    assert explain_text(line + "\n")[0].signature_id != "class.install.configuration-refused"


@pytest.mark.parametrize(
    "log",
    [
        # vllm-project/vllm-ascend#11999: vllm-ascend's _C_ascend extension without the operator
        "(EngineCore pid=9251) AttributeError: '_OpNamespace' '_C_ascend' object has no attribute "
        "'npu_apply_top_k_top_p'\n",
        # tests/data/triage_twentyfourth a09 (tuning), vllm-project/vllm-ascend#3791: the same
        # message wrapped where it was pasted
        "AttributeError: '_OpNamespace' '_C_ascend' object has no\nattribute 'weak_ref_tensor'\n",
    ],
)
def test_an_operator_its_extension_did_not_register_is_read_as_an_install(log: str) -> None:
    said = fallback.diagnose(scan_log(log).findings)[0]
    assert (said.signature_id, said.layer) == ("evidence.install.packages", "install")
    assert explain_text(log)[0].layer == "install"


DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize(
    ("case", "layer"),
    [
        # deepspeedai/DeepSpeed#7560: DeepSpeed's init_process_group passes torch a device
        # without an index; raised in torch's process-group set-up
        ("triage_eleventh/b07-deepspeed-npu-device-no-index.log", "communication"),
        # Ascend/pytorch's troubleshooting case: all_reduce of a tensor that is not contiguous
        ("triage_twelfth/d07-allreduce-noncontiguous-tensor.log", "communication"),
        # flashinfer-ai/flashinfer#3293: importing flashinfer asks for the device's properties,
        # which opens the device (the innermost frames decide, not the import around them)
        ("triage_twentysecond/c03-flashinfer-import-no-cuda-gpus.log", "device_init"),
    ],
)
def test_the_innermost_frames_say_what_the_process_was_doing(case: str, layer: str) -> None:
    # tuning cases of the triage corpora (odd numbers)
    assert layer_of(frames_of(read_frames((DATA / case).read_bytes()))) == layer


def test_a_layer_a_rule_gives_on_purpose_is_kept() -> None:
    # deepspeedai/DeepSpeed#7560 (tuning triage_eleventh b07): a call two packages disagree on,
    # install by its rule; only an operation's usual layer is re-read from the frames
    first = explain_text(
        (DATA / "triage_eleventh/b07-deepspeed-npu-device-no-index.log").read_bytes()
    )[0]
    assert first.layer == "install"
