"""The layer of a failure no signature names, from the class its words belong to (issue 15,
session 15): a configuration file or variable the job was given, a package or environment
manager (conda, a container image) refusing, a tool refusing a path it finds insecure, a device
id never set, and the graph engine's code of an invalid ONNX model given to the model
conversion. Each line is real and cites where it was printed. Where a class rule names the cause
of such a line (test_triage_setup_classes), it ranks first with the same layer; the words that
place the line are then checked on their own."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.evidence import by_words
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.fallbackrules import builtin_rules


def _first(log: str) -> tuple[str, str]:
    found = diagnose(scan_log(log).findings)
    return found[0].signature_id, found[0].layer


def _words(log: str) -> str:
    said = by_words((log,), builtin_rules().evidence)
    return said.id if said is not None else ""


@pytest.mark.parametrize(
    ("log", "expected"),
    [
        # huggingface/accelerate@16cb6eb80dd9aa8b4df1a63ef57863e455d53b83:
        # docs/source/usage_guides/deepspeed.md:526
        (
            "ValueError: When using `deepspeed_config_file`, the following accelerate config "
            "variables will be ignored:\n",
            ("evidence.install.setup", "install"),
        ),
        # Ascend/MindIE-LLM@8b4871ad31f592aa863f6255760e4934484d78e4:docs/zh/faq/faq.md:825
        (
            "ValueError: linear type not matched,please check 'config.json' 'quantize' parameter\n",
            ("evidence.install.setup", "install"),
        ),
        # Ascend/msit@6e3e88732929d17f0b22344ade92a245bb601d43:msit/docs/analyze/FAQ.md:4
        (
            "2023-06-16 09:24:29,190 ERROR : load opp data failed, err:exec fast_query shell "
            "failed, err:2023-06-16 09:24:29 [ERROR] The input path may be insecure because it "
            "does not belong to you.\n",
            ("evidence.install.setup", "install"),
        ),
    ],
)
def test_a_configuration_or_a_refused_path_is_the_setup(
    log: str, expected: tuple[str, str]
) -> None:
    evidence, layer = expected
    assert (_words(log), _first(log)[1]) == (evidence, layer)


@pytest.mark.parametrize(
    "log",
    [
        # conda/conda@0f64223fb8da4328457a69fe6483959dbb783152:
        # docs/source/user-guide/tasks/manage-environments.rst:294
        "EnvironmentIsFrozenError: Cannot not modify '~/.conda/envs/my-env'.\n"
        "The environment is marked as frozen. You can ignore this error with\n",
        # Ascend/MEF@d2d1919108e57ed5364d936101c5dbf0f383d142:
        # docs/zh/user_guide/troubleshooting.md:126
        "delete ascend-nginx-manager's docker image command exec failed: Error response from "
        'daemon: conflict: unable to remove repository reference "ascend-nginx-manager:v1" '
        "(must force) - container xxxxxxxxx is using its referenced image xxxxxxxxx\n",
    ],
)
def test_a_package_or_environment_manager_refusing_is_the_install(log: str) -> None:
    assert (_words(log), _first(log)[1]) == ("evidence.install.packages", "install")


def test_a_docker_line_is_the_driver_only_where_it_gives_the_container_a_device() -> None:
    # the container's device, not its image, is the driver's: NVIDIA/dcgm-exporter#33
    # (tests/data/triage_fourth/21-dcgm-exporter-could-not-select-device-driver.log); a pull
    # refused is no driver's (constructed by review)
    runtime = "docker: Error response from daemon: unknown or invalid runtime name: nvidia.\n"
    assert _first(runtime)[1] == "device_init"
    pull = "docker: Error response from daemon: pull access denied for x, no such repository\n"
    assert _first(pull)[1] != "device_init"


def test_a_device_id_never_set_is_the_device_start_up() -> None:
    # hicann/pypto@883e7dfb018da764a65fd2c2f8c1e1d2de2d2471:
    # docs/zh/tutorials/appendix/faq/device-id-not-set.md:8
    log = (
        "2025-12-17 14:31:32.491 E | fail get device id, check if set device id\n"
        "2025-12-17 14:31:32.492 E | RuntimeAgent::AllocDevAddr failed for size 20448\n"
    )
    assert _first(log) == ("evidence.device-init.start-up", "device_init")


def test_invalid_onnx_model_data_is_the_build() -> None:
    # Ascend/ascend_community_projects@de140a4ccbc3a46514c17f7357b31248790c4c29:
    # ChineseOCR/README.md:211
    log = "E16005: The model has [2] [--domain_version] fields, but only one is allowed.\n"
    found = [(d.signature_id, d.layer) for d in diagnose(scan_log(log).findings)]
    assert found[0][1] == "build"
    # The code's meaning is the converter refusing the model (its same_as, session 38): told once,
    # as that class.
    assert found[0][0] == "class.build.model-converter-rejects-model"
    assert "code.cann.e16005" not in dict(found)


def test_a_compilers_warning_is_no_failure_and_its_error_is_the_build() -> None:
    # pybind/pybind11@22bf5b6ed4487e11d10a474d0b32081626bbb78a:docs/faq.rst:148, as gcc prints it:
    # a warning ends well (review: builds print -W flags all the time); -Werror makes it an error
    line = (
        "'SomeClass' declared with greater visibility than the type of its field "
        "'SomeClass::member'"
    )
    assert explain_text(f"a.cpp:3:7: warning: {line} [-Wattributes]\n") == []
    error = f"a.cpp:3:7: error: {line} [-Werror=attributes]\n"
    assert _first(error)[1] == "build"


@pytest.mark.parametrize(
    ("log", "layer"),
    [
        # Ascend/ModelZoo-PyTorch@05360171699bbe3bb1916bbafa84a445bd112e87:
        # ACL_PyTorch/contrib/cv/segmentation/ICNet/readme.md:603-607
        (
            "not support ksize[2] 12 * ksize[3] *ksize 22 > 255 or strides[2] 10 > 63 "
            "strides[3] 21 > 63\n",
            "operator_execution",
        ),
        # sgl-project/sglang#17222 (tests/data/triage_sixth/41-sglang-moe-dispatch-v2-910b.log)
        ("Op MoeDistributeDispatchV2 not support soc version ascend910b.\n", "operator_execution"),
    ],
)
def test_not_support_without_its_ending_is_a_failure(log: str, layer: str) -> None:
    assert _first(log)[1] == layer
