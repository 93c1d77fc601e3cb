"""The words of a guide's command its reader fills in before running it: a path written as a
template (``/PATH/TO/LLAMA3/llama3-8b``, mit-han-lab/llm-awq README.md:192;
``<path/to/checkpoint>``, facebookresearch/segment-anything README.md:77) or a name offered
as the reader's own (``your_model_dir``, ``/your/data``). Such a step is not runnable as
written: ``bringup up`` leaves it to the user. (A command holding a variable, ``$MODEL_PATH``,
is never a step: it needs a shell, ``commands.Command.plain``.)"""

from __future__ import annotations

import re

from bringup import lazyre

_TEMPLATE = lazyre.compile(
    r"(?:^|[/=])path/to(?:/|$)"  # /PATH/TO/..., path/to/x, --ckpt=/path/to/x
    r"|<[^<>]{1,80}>"  # <path-to-model>, <path/to/checkpoint>, <cuda_dir>
    r"|\{[A-Za-z_]\w{0,80}\}"  # '{wandb_token}', OpenRLHF/OpenRLHF@3c3be62:README.md:394
    # a name in braces with words after a space, split from them: Ascend-cann-toolkit_{ascend-cann
    # -toolkit version}_linux-aarch64.run (zhaojiqiao/tilelang-npu@1bc99fd, outsider22 D14)
    r"|\{[A-Za-z_][\w.-]{0,80}$|^[A-Za-z_][\w.-]{0,80}\}"
    r"|(?:^|[/_=-])your(?:[_-]\w|/)"  # your_model_dir, /your/data, --out=your-dir
    r"|(?:^|/)(?:\.\.\.|x{3,})(?:/|$)"  # ... or xxx standing for a value, or a folder of one
    r"|\$\{[A-Za-z0-9_]*(?:[^\x00-\x7f]| )[^{}]{0,80}\}",  # ${JSON头文件所在目录的绝对路径}
    re.IGNORECASE,
)
PLACEHOLDER_VARIABLE = lazyre.compile(r"\$\{[A-Za-z0-9_]*(?:[^\x00-\x7f]| )[^{}]{0,80}\}")
"""A variable's braces around words no shell variable is named by (a letter beyond ASCII or a
space where the name would end), for the reader to replace:
``bash build.sh --nlohmann_path ${JSON头文件所在目录的绝对路径}`` (yzh1703456/cann-hccl@9aeddc05
README.md:144, "the absolute path of the JSON header directory"). The command needs no shell
for it: it is a command with a word to fill in."""


def is_fill_in(text: str) -> bool:
    """Whether ``text`` (a word of a command, a path a guide sets) holds something its reader
    replaces with their own: ``/path/to/cuda-11.3/`` (IDEA-Research/GroundingDINO@856dde2
    README.md:138, "should be replaced with the path where your CUDA toolkit is installed"),
    ``<cuda_dir>``, ``your_model_dir``; the version such a path shows is an example."""
    return _TEMPLATE.search(text) is not None


_SOMEONES_HOME = lazyre.compile(r"(?:^|=)/(?:home|Users)/[^/\s]+/\S")
"""A path into one user's home folder on the author's machine: ``--model_path
/home/ma-user/work/t00831955/checkpoints/llama-2-7b-hf`` (KaihuaTang/LLM-TP-Inference-on-910B
@e1c3284 README.md:26, the model the reader downloaded, outsider8 #3). The reader's checkout
has no such folder; the reader puts their own there (``~/x`` is the reader's own home)."""


def fill_ins(argv: tuple[str, ...]) -> tuple[str, ...]:
    """The words of ``argv`` past its program left for the reader to fill in, once each; a
    URL is never one (``https://host/path/to/x`` is a real address)."""
    found = [
        word
        for word in argv[1:]
        if "://" not in word and (is_fill_in(word) or _SOMEONES_HOME.search(word))
    ]
    return tuple(dict.fromkeys(found))
