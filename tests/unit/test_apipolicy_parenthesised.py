"""scan/apipolicy read ``from jax import core, lax`` on one line only: the parenthesised
form over lines, what formatters write and any jax user repo holds, was not read, so an
open-ended jax beside an import of ``jax.core`` went without its note."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.scan import scan_stack
from bringup.scan.apipolicy import POLICIES, _importing
from cpuclock import cpu_seconds

# source: https://github.com/enpasos/jax2onnx/blob/main/jax2onnx/plugins/jax/lax/scatter_add.py
SCATTER_ADD = (
    "from __future__ import annotations\n\n"
    "from typing import TYPE_CHECKING, Sequence, Any\n"
    "import numpy as np\n"
    "from jax import (\n"
    "    lax,\n"
    "    core,\n"
    ")\n"
    "from jax.lax import ScatterDimensionNumbers, GatherScatterMode\n"
)


def test_a_parenthesised_import_over_lines_is_read_at_the_modules_line(tmp_path: Path) -> None:
    repo = tmp_path / "jax2onnx"
    (repo / "jax2onnx").mkdir(parents=True)
    (repo / "pyproject.toml").write_text('[project]\nname = "j"\ndependencies = ["jax>=0.5.0"]\n')
    (repo / "jax2onnx" / "scatter_add.py").write_text(SCATTER_ADD)
    notes = [f for f in scan_stack([str(repo)]).findings if f.kind == "note" and f.subject == "jax"]
    assert len(notes) == 1
    assert "imports jax.core" in notes[0].message
    assert (notes[0].sources[0].ref.rsplit("/", 1)[-1], notes[0].sources[0].line) == (
        "scatter_add.py",
        7,
    )


@pytest.mark.parametrize(
    ("text", "module"),
    [
        (
            "from jax import (  # the API\n    numpy as jnp,\n    # core: tracers\n    core)\n",
            "core",
        ),
        ("from jax import (numpy as jnp,\n                 lib as jlib)\n", "lib"),
        ("from jax import (\n    lax,\n    random,\n)\n", None),  # covered modules only
        ("from jax import (\n    lax,\n)\nimport core\n", None),  # another package's core
    ],
)
def test_names_comments_and_aliases_over_lines(text: str, module: str | None) -> None:
    hit = _importing(POLICIES[0]).search(text)
    assert (hit.group(4) if hit else None) == module


def test_a_long_parenthesised_list_that_matches_nothing_is_fast() -> None:
    pattern = _importing(POLICIES[0])
    names = "".join(f"    name{i} as alias{i},  # a # comment, with # signs\n" for i in range(60))
    start = cpu_seconds()
    assert pattern.search(f"from jax import (\n{names}    random\n)\n") is None
    assert cpu_seconds() - start < 0.5
