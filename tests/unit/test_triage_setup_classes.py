"""Classes of cause in the job's setup that no signature names (issue 15): a configuration
value the tool refuses (the project's refusal of its configuration, placed at install), a path
it refuses because another user owns it, a container name or image in use, an environment its
manager protects, a model the converter (ATC) refuses, no compiler for
the build. Each names the class's fix, not the catch-all's "read the log"; each ranks below a
specific signature.

Lines from the tuning halves of the triage corpora (/work/eval/tsplit/t*odd) are named by their
case file and the page the case quotes; the other lines come from public threads."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text


def _first(log: str) -> tuple[str, str]:
    diagnosis = explain_text(log)[0]
    return diagnosis.signature_id, diagnosis.layer


@pytest.mark.parametrize(
    "line",
    [
        # t14odd d01-mindie-quantize-linear-type.log, Ascend/MindIE-LLM@8b4871a:
        # docs/zh/faq/faq.md:825: quantised weights whose config.json lacks `quantize`.
        "ValueError: linear type not matched,please check 'config.json' 'quantize' parameter",
        # t14odd c05-accelerate-ds-config-ambiguity.log, huggingface/accelerate@16cb6eb:
        # docs/source/usage_guides/deepspeed.md:526: settings given twice.
        "ValueError: When using `deepspeed_config_file`, the following accelerate config"
        " variables will be ignored:",
    ],
)
def test_a_value_of_the_config_file_refused_is_the_configuration_at_install(line: str) -> None:
    # the project's refusal of its configuration (one class with the checks that name no
    # file), placed at install by its words
    assert _first(line) == ("class.code.unsupported-configuration", "install")


def test_a_check_that_names_no_configuration_stays_the_projects_check() -> None:
    # t10odd a15-hybrid-block-size-reset.log: a value the code computed, not one of a
    # configuration file.
    line = "ValueError: None of the kernel sizes [128] can divide physical block size 16 evenly"
    assert _first(line)[0] == "class.code.unsupported-configuration"


@pytest.mark.parametrize(
    "line",
    [
        # t14odd d03-msit-analyze-fast-query-insecure.log, Ascend/msit@6e3e887:
        # msit/docs/analyze/FAQ.md:4: a root-owned CANN toolkit used by another user.
        "2023-06-16 09:24:29,190 ERROR : load opp data failed, err:exec fast_query shell failed,"
        " err:2023-06-16 09:24:29 [ERROR] The input path may be insecure because it does not"
        " belong to you.",
        # https://github.com/casperdcl/git-fame/issues/81: a repository mounted into a container.
        "fatal: detected dubious ownership in repository at '/repo'",
    ],
)
def test_a_path_refused_for_its_owner_is_install(line: str) -> None:
    assert _first(line) == ("class.install.path-owner-refused", "install")


@pytest.mark.parametrize(
    "line",
    [
        # t14odd b07-mef-center-uninstall-image-in-use.log, Ascend/MEF@d2d1919:
        # docs/zh/user_guide/troubleshooting.md:126: an image a container still uses.
        "delete ascend-nginx-manager's docker image command exec failed: Error response from"
        ' daemon: conflict: unable to remove repository reference "ascend-nginx-manager:v1"'
        " (must force) - container xxxxxxxxx is using its referenced image xxxxxxxxx",
        # https://github.com/docker/docs/pull/17816: a name an existing container holds.
        'docker: Error response from daemon: Conflict. The container name "/rest-server" is'
        ' already in use by container "abc".',
    ],
)
def test_a_container_name_or_image_in_use_is_install(line: str) -> None:
    assert _first(line) == ("class.install.container-resource-in-use", "install")


def test_a_frozen_environment_is_the_environment_protected() -> None:
    # t14odd c13-conda-env-frozen.log, conda/conda@0f64223:
    # docs/source/user-guide/tasks/manage-environments.rst:294 (CEP 22).
    log = (
        "EnvironmentIsFrozenError: Cannot not modify '~/.conda/envs/my-env'.\n"
        "The environment is marked as frozen. You can ignore this error with\n"
        "the `--override-frozen` flag, at your own risk.\n"
    )
    assert _first(log) == ("class.install.environment-protected", "install")


def test_pips_own_signature_ranks_above_the_class() -> None:
    # https://github.com/Comfy-Org/ComfyUI/issues/3554 (the signature's sample log): PEP 668.
    log = "error: externally-managed-environment\n"
    ranked = [d.signature_id for d in explain_text(log)]
    assert ranked[0] == "python.externally-managed"


@pytest.mark.parametrize(
    "line",
    [
        # t14odd b15-atc-onnx-e16005-domain-version.log, Ascend/ascend_community_projects@de140a4:
        # ChineseOCR/README.md:211: two default-domain opset entries in the ONNX model.
        "E16005: The model has [2] [--domain_version] fields, but only one is allowed.",
        # https://github.com/open-mmlab/mmagic/issues/1068: an operator ATC has no parser for.
        "E19010: No parser is registered for Op [grid_sampler_3140, optype"
        " [ai.onnx::11::grid_sampler]].",
    ],
)
def test_a_model_the_converter_refuses_is_build(line: str) -> None:
    assert _first(line) == ("class.build.model-converter-rejects-model", "build")


@pytest.mark.parametrize(
    "line",
    [
        # t12odd a01-vllm-ascend-no-cxx-compiler.log: pip building vllm on a host without g++.
        "  No CMAKE_CXX_COMPILER could be found.",
        # https://github.com/docker-library/python/issues/180: setuptools without gcc.
        "    unable to execute 'gcc': No such file or directory",
        # https://github.com/sumerc/yappi/issues/96: the same with cc.
        "  unable to execute 'cc': No such file or directory",
        # https://github.com/adamjtaylor/miniature/issues/19: newer setuptools, a slim image.
        "10.19       FileNotFoundError: [Errno 2] No such file or directory: 'gcc'",
    ],
)
def test_a_compiler_the_build_cannot_find_is_the_toolchain_missing(line: str) -> None:
    assert _first(line) == ("class.build.compiler-missing", "build")


def test_a_header_the_compiler_cannot_find_is_not_the_compiler_missing() -> None:
    # https://github.com/scrapy/scrapy/issues/2115: gcc runs; a library's header is missing.
    line = "  src/_portaudiomodule.c:29:10: fatal error: portaudio.h: No such file or directory"
    assert _first(line)[0] != "class.build.compiler-missing"
