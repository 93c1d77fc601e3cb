"""Words of the setup classes and evidence entries that must not fire on other lines (issue 15;
lines constructed by review of session 15, each the shape of a real log it names)."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text


def _first(log: str) -> tuple[str, str] | None:
    found = explain_text(log)
    return (found[0].signature_id, found[0].layer) if found else None


@pytest.mark.parametrize(
    "log",
    [
        # an API rate limit and a fan speed are no package manager (RPM)
        "openai.RateLimitError: Error code: 429 - Rate limit reached: requests per min (RPM)\n",
        "ERROR: GPU 3 fan failure detected (0 RPM)\n",
        # a dataset image is no container image
        "ERROR: image not found: /data/coco/train2017/000000000009.jpg\n",
        # a config file named after the failure is no configuration refused
        "Error: loss became NaN, stopping\nSaving final config.json to out/\n",
    ],
)
def test_other_words_are_no_install_failure(log: str) -> None:
    first = _first(log)
    assert first is None or first[1] != "install", first


def test_a_package_named_like_a_compiled_module_is_not_one() -> None:
    # numba-cuda installs the module numba_cuda: a missing package, not an unbuilt extension
    first = _first("ModuleNotFoundError: No module named 'numba_cuda'\n")
    assert first is not None
    assert first[0] != "python.torch-custom-op-missing"
    # mmcv._ext and apex's fused_layer_norm_cuda are extensions the package builds
    for module in ("mmcv._ext", "fused_layer_norm_cuda"):
        found = _first(f"ModuleNotFoundError: No module named '{module}'\n")
        assert found == ("python.torch-custom-op-missing", "install"), module


def test_a_fallback_the_tool_takes_is_no_failure() -> None:
    assert explain_text("tip: flash attention not support on this version, using eager\n") == []


def test_an_image_conflict_without_a_container_is_not_one_in_use() -> None:
    log = (
        "Error response from daemon: conflict: unable to delete 0123456789ab (cannot be forced)"
        " - image has dependent child images\n"
    )
    first = _first(log)
    assert first is None or first[0] != "class.install.container-resource-in-use"


def test_setuptools_current_wording_of_a_missing_compiler() -> None:
    log = "error: command 'gcc' failed: No such file or directory\n"
    assert _first(log) == ("class.build.compiler-missing", "build")
