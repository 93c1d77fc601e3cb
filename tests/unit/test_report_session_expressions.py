"""A pasted interpreter session states what collect_env would (outsider 13's leftover): ``>>>
torch.version.cuda`` then ``'11.8'`` is the CUDA torch was built with, ``torch.cuda.is_available()``
then ``True`` whether it sees a GPU, each at its answer's line. The expressions are each backend's
(``ReportTerms.expressions``); an expression the REPL answered with nothing (``None`` is not
echoed) or a comment that says what it should print states nothing."""

from __future__ import annotations

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.cuda import keys as cuda_keys
from bringup.model import Snapshot
from bringup.probe.importers import import_report

# arielgoes/NetDiffusion_Generator@194a18bb8ff567caa515119907bfc3309ca71586:README.md (a shell
# session pasted whole, prompt and banner included)
NETDIFFUSION = """\
(venv) (base) thiago@ifsuldeminas-Z390-M-GAMING:~/git_ariel/NetDiffusion_Generator/fine_tune/kohya_ss_fork$ python
Python 3.10.13 (main, Aug 25 2023, 13:20:03) [GCC 9.4.0] on linux
Type "help", "copyright", "credits" or "license" for more information.
>>> import torch
>>> torch.version.cuda
'11.8'
>>> exit()
"""  # noqa: E501

# Cyril-Meyer/RLPR-synthesis-in-style@2516db2b2df727df386f5369de13173611ee78ae:README.md
SESSION = """\
>>> import torch
>>> torch.version.cuda
'11.1'
>>> torch.cuda.is_available()
True
>>> torch.cuda.device_count()
2
"""

# yzqxy/Yolov8_obb_Prune_Track@d2c1742b94161ad39181179862035a5cfad7729e:docs/install.md:23-26
NO_ANSWER = """\
python
>>> import torch
>>> torch.version.cuda
>>> exit()
"""


def _facts(text: str) -> dict[str, tuple[object, object]]:
    snapshot: Snapshot = import_report(text, "report.txt")
    return {f.key: (f.value if f.ok else f.status, f.source.line) for f in snapshot.facts}


def test_torch_version_cuda_in_a_pasted_session_is_torchs_cuda_at_its_answer() -> None:
    assert _facts(NETDIFFUSION)[cuda_keys.TORCH_CUDA] == ("11.8", 6)


def test_is_available_reads_as_a_bool() -> None:
    facts = _facts(SESSION)
    assert facts[cuda_keys.TORCH_CUDA] == ("11.1", 3)
    assert facts[cuda_keys.TORCH_CUDA_AVAILABLE] == (True, 5)


def test_printed_and_one_line_forms_and_a_cpu_build() -> None:
    facts = _facts('$ python -c "import torch_npu; print(torch.npu.is_available())"\nFalse\n')
    assert facts[ascend_keys.TORCH_NPU_AVAILABLE] == (False, 2)
    cpu = _facts(">>> print(torch.version.cuda)\nNone\n")  # a CPU build's torch
    assert cpu[cuda_keys.TORCH_CUDA] == ("absent", 2)


def test_no_answer_or_a_comment_states_nothing() -> None:
    assert cuda_keys.TORCH_CUDA not in _facts(NO_ANSWER)
    expected = 'python -c "import torch; print(torch.npu.is_available())"\n# 应输出: True\n'
    assert ascend_keys.TORCH_NPU_AVAILABLE not in _facts(expected)
    assert cuda_keys.TORCH_CUDA not in _facts(">>> my_torch.version.cuda\n'11.8'\n")
