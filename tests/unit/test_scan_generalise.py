"""Classes of statements the fresh scan10 repos showed unread (issue 11), each tested on the
real lines quoted with repository, commit, file and line."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.pkgimports import package_imports

TQ = "Ascend/TransferQueue@b75d570d"


def test_a_package_needs_what_its_modules_import_at_the_top(tmp_path: Path) -> None:
    # TQ transfer_queue/client.py:16-24: torch is imported by the package, requirements.txt
    # leaves it to the user; zmq is the distribution pyzmq; asyncio is the standard library.
    package = tmp_path / "transfer_queue"
    package.mkdir()
    (package / "__init__.py").write_text("import os\n\nfrom .client import TransferQueueClient\n")
    (package / "client.py").write_text(
        "import asyncio\nimport os\nimport threading\nfrom typing import Any, Callable\n\n"
        "import torch\nimport zmq\nimport zmq.asyncio\nfrom tensordict import TensorDict\n"
    )
    # an import under try or in a sub-package is optional or a feature's, not the package's
    (package / "metrics.py").write_text("try:\n    import ray\nexcept ImportError:\n    pass\n")
    (package / "vision").mkdir()
    (package / "vision" / "model.py").write_text("import einops\n")
    found = {
        (r.subject, r.spec, r.source.ref, r.source.line)
        for r in package_imports(tmp_path, "TransferQueue", "TransferQueue", [])
    }
    assert found == {
        ("torch", "", "TransferQueue/transfer_queue/client.py", 6),
        ("pypi:pyzmq", "", "TransferQueue/transfer_queue/client.py", 7),
        ("pypi:tensordict", "", "TransferQueue/transfer_queue/client.py", 9),
    }


def test_only_the_package_named_after_the_repo_is_read(tmp_path: Path) -> None:
    # ascend-transformer-boost@(scan8) torch_atb/__init__.py:14 imports torch, but torch_atb is
    # the optional Python API, not the repo's library: nothing is read.
    (tmp_path / "torch_atb").mkdir()
    (tmp_path / "torch_atb" / "__init__.py").write_text("import torch\nimport torch_npu\n")
    assert package_imports(tmp_path, ".", "ascend-transformer-boost", []) == []
