"""Trying a pattern only near the words every match holds finds what ``search`` and
``finditer`` over the whole text find, in order (``nearwords``): the scan's speed work must
not change one answer. The lines quoted are real (source beside each); the texts around them
are constructed, to put matches at a text's and a line's edges, one beside another and a word
where no match is."""

from __future__ import annotations

import re

import pytest

from bringup.nearwords import finditer_near, search_near
from bringup.scan.clitests import _HEAD_WORDS, _TEST_HEAD
from bringup.scan.containerimage import _RUN, _RUN_STARTS
from bringup.scan.testdevices import (
    _LAUNCH,
    _LAUNCH_STARTS,
    _SHARDED,
    _SHARDED_REACH,
    _SHARDED_WORDS,
)
from bringup.scan.testfiledevices import _FALLBACK_WORDS, FALLBACK, falls_back
from bringup.scan.testmocks import _LIBRARY, _MOCK_CALL, _MOCK_CALL_WORDS, _MOCK_REACH, _NAMES
from bringup.scan.tritonkernels import _OTHER_TARGET, _TARGET_WORDS

# PaddlePaddle/PaddleMIX@6afaf05 ppdiffusers/ppdiffusers/utils/testing_utils.py:219 (as
# testfiledevices cites it)
_REQUIRE = "def require_paddle_gpu(test_case):"
# PaddleMIX ppdiffusers/tests/models/test_models_unet_2d.py:154 (as testfiledevices cites it)
_SKIPIF = '@unittest.skipIf(paddle_device != "gpu", "test requires GPU")'
# the calls testmocks' docstring quotes (``_MOCK_CALL``)
_MOCKS = (
    "when(pynvml).nvmlInit().thenReturn()",
    "monkeypatch.setattr(torch.cuda, 'is_available', lambda: True)",
    "def _configure_mock(N=pynvml,",
)


def _spans(found: object) -> list[tuple[int, int, tuple[object, ...]]]:
    return [(m.start(), m.end(), m.groups()) for m in found]  # type: ignore[attr-defined]


_FALLBACK_TEXTS = [
    f"import unittest\n\n{_SKIPIF}\nclass T:\n    pass\n",
    f"{_REQUIRE}\n    return test_case\n\n@require_paddle_gpu\ndef test_x():\n",
    # constructed: words where no match is, then matches back to back and at the text's edges
    "skipped = 1\nnot_is_available()\nis_available()skipIf",
    "xskipif is_available ()\n",
    "",
]


@pytest.mark.parametrize("text", _FALLBACK_TEXTS)
def test_fallback_searched_near_its_words_as_over_the_whole_text(text: str) -> None:
    whole = FALLBACK.search(text)
    near = falls_back(text)
    assert _spans([whole] if whole else []) == _spans([near] if near else [])
    assert _spans(finditer_near(FALLBACK, text, _FALLBACK_WORDS)) == _spans(FALLBACK.finditer(text))


@pytest.mark.parametrize(
    "text",
    [
        "\n".join(_MOCKS),
        # constructed: a mock word deep in a long name, a call across a line break, a
        # definition (no match), and a name longer than the reach before its word
        f"x = my_very_long_helper_name_for_the_patch_of(torch_npu)\n{_MOCKS[2]}\n",
        "patch\n(torch.cuda)\nmonkeypatch .setattr(a)",
        "a" * 45 + "mock(torch_npu)\n" + "b" * 39 + "Stub(x)",
        "mockmockmock(1)(2) when2(x) setattr(",
    ],
)
def test_mock_calls_found_near_their_words_as_over_the_whole_text(text: str) -> None:
    near = finditer_near(_MOCK_CALL, text, _MOCK_CALL_WORDS, _MOCK_REACH)
    assert _spans(near) == _spans(_MOCK_CALL.finditer(text))
    whole = _MOCK_CALL.search(text)
    first = search_near(_MOCK_CALL, text, _MOCK_CALL_WORDS, _MOCK_REACH)
    assert _spans([whole] if whole else []) == _spans([first] if first else [])


@pytest.mark.parametrize(
    "text",
    [
        # MindIE-LLM src/kernels/setup.py:23 ``import torch_npu`` (as test_scan_heldlines cites it)
        "import os\nimport torch_npu\n",
        # constructed: a word inside another, quoted names, the backend's module
        "xtorch_npu = 1\ndevice = 'npu'\nimport triton.backends.ascend",
        'x = "npus"\ny = "npu:0"\n',
        "torch_npux",
    ],
)
def test_npu_target_searched_near_its_words_as_over_the_whole_text(text: str) -> None:
    whole = _OTHER_TARGET.search(text)
    near = search_near(_OTHER_TARGET, text, _TARGET_WORDS)
    assert _spans([whole] if whole else []) == _spans([near] if near else [])


@pytest.mark.parametrize(
    "text",
    [
        # constructed: heads at the text's start, indented (no head), async, a class, and
        # ``def`` inside other words
        "def test_a():\n    pass\n  def test_b():\nasync def test_c( ):\nclass TestD:\n",
        "undefined = 1\nx = 'def test'\ndefault()\nclass Tester\nclass Test\u00e9:\n",
        "def test_e(\n):\n",
    ],
)
def test_test_heads_found_near_their_words_as_over_the_whole_text(text: str) -> None:
    near = finditer_near(_TEST_HEAD, text, _HEAD_WORDS)
    assert _spans(near) == _spans(_TEST_HEAD.finditer(text))


def test_a_match_is_tried_only_within_reach_of_its_word() -> None:
    """The reach is a bound the caller vouches for: a match that starts further before its
    word than that is not found (what makes the search cheap)."""
    pattern = re.compile(r"a{0,10}mock")  # constructed
    assert _spans(finditer_near(pattern, "aaaaamock", ("mock",), 5)) == [(0, 9, ())]
    assert _spans(finditer_near(pattern, "aaaaamock", ("mock",), 2)) == [(3, 9, ())]


@pytest.mark.parametrize(
    "text",
    [
        # the launches testdevices' docstring quotes, in a constructed script
        "torchrun --nproc_per_node=8 train.py\nmpirun -np 8 python run.py\n"
        "msrun --local_worker_num=2 --worker_num=4 x.py\n",
        # vllm-ascend@5e39074 tests/e2e/pull_request/four_card/_310p/test_dense_model_310p.py:43
        # (as testdevices cites it), then constructed: sizes at a text's end and beside words
        "    tensor_parallel_size=4,\n",
        "pipeline-parallel-size 2\nworld_size=2\nmp.spawn(fn, nprocs=2)\n"
        "parallel=3\ndata_parallel_size",
        '--num-processes", "2"\nnot--nproc_per_node 3\n',
    ],
)
def test_launch_counts_found_near_their_words_as_over_the_whole_text(text: str) -> None:
    launched = finditer_near(_LAUNCH, text, _LAUNCH_STARTS)
    assert _spans(launched) == _spans(_LAUNCH.finditer(text))
    sharded = finditer_near(_SHARDED, text, _SHARDED_WORDS, _SHARDED_REACH)
    assert _spans(sharded) == _spans(_SHARDED.finditer(text))


@pytest.mark.parametrize(
    "text",
    [
        # constructed, as containerimage's docstring describes: a default image, nvidia-docker,
        # a word ending in docker
        'IMAGE="${IMAGE:-sg2ada:latest}"\ndocker run --rm -it $IMAGE bash\n',
        "mydocker run x\nnvidia-docker run --gpus all img\npodman run img",
    ],
)
def test_container_run_found_near_its_words_as_over_the_whole_text(text: str) -> None:
    whole = _RUN.search(text)
    near = search_near(_RUN, text, _RUN_STARTS)
    assert _spans([whole] if whole else []) == _spans([near] if near else [])


@pytest.mark.parametrize(
    "text",
    [
        "\n".join(_MOCKS),
        # constructed: names inside others, after a dot, at a text's end
        "import torch_npu\ny = torch_npu.npu.synchronize()\nx.torch.cuda.Stream()\nnot_pynvml",
        "torch.npu",
    ],
)
def test_device_libraries_found_near_their_names_as_over_the_whole_text(text: str) -> None:
    library, names = _LIBRARY(), _NAMES()
    assert _spans(finditer_near(library, text, names)) == _spans(library.finditer(text))
    whole = library.search(text)
    near = search_near(library, text, names)
    assert _spans([whole] if whole else []) == _spans([near] if near else [])
