"""``from megatron import core`` imports the sub-package megatron-core packs alone
(``_ONE_PART``): it was read as ``megatron`` itself, whose other modules no distribution
ships, so the import named nothing (reread43); ``import megatron`` and ``from megatron import
get_args`` still name none."""

from __future__ import annotations

import pytest

from bringup.scan.pkgimports import _imports

# source: https://github.com/NVIDIA/Megatron-LM/blob/b35d061efc6e88dc656c42ba328728679c2e3e02/megatron/model/transformer.py#L11
CORE_AMONG_OTHERS = (
    "from megatron import get_timers, get_args, get_retro_args, core, get_num_microbatches"
)


@pytest.mark.parametrize(
    ("line", "named"),
    [
        (CORE_AMONG_OTHERS, "megatron.core"),
        ("from megatron import core", "megatron.core"),
        ("from megatron import (core, get_args)", "megatron.core"),
        ("from megatron import core as mcore", "megatron.core"),
        ("from megatron.core import parallel_state", "megatron.core"),
        ("from megatron import get_args", ""),  # Megatron-LM's tree, no distribution
        ("import megatron", ""),
        ("from megatron import corex", ""),
    ],
)
def test_a_sub_package_imported_by_name_is_its_distributions(line: str, named: str) -> None:
    assert _imports(line + "\n") == [(named, 1)]
