"""The Ascend backend (Huawei NPUs, CANN): what it owns, as data. Its collector is in
``probe.py``, its pure parsers in ``parse.py``; neither is imported here."""

from __future__ import annotations

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.ascend import versions
from bringup.backends.ascend.vocabulary import VOCABULARY
from bringup.backends.base import ActivationRule, DeclaredBackend, DeviceFacts, keys_of
from bringup.subjects import Subject

SUBJECTS = (
    Subject(
        name="cann",
        scheme="ascend",
        scope="toolkit",
        display="CANN",
        fact_key=ascend_keys.ASCEND_CANN_ACTIVE,
        aliases=("toolkit",),
        toolkit_kinds=("cann-toolkit",),
        backend="ascend",
    ),
    # NNAL has no scheme of its own yet: read as PEP 440, as before the catalogue.
    Subject(
        name="nnal",
        scheme="pep440",
        scope="toolkit",
        toolkit_kinds=("cann-nnal",),
        backend="ascend",
    ),
    Subject(
        name="ascend_driver",
        minimum=True,
        scheme="ascend",
        scope="driver",
        display="Ascend driver",
        fact_key=ascend_keys.ASCEND_DRIVER,
        device_only=True,
        backend="ascend",
    ),
    Subject(
        name="ascend_firmware",
        minimum=True,
        scheme="numeric",
        scope="driver",
        display="Ascend firmware",
        fact_key=ascend_keys.ASCEND_FIRMWARE,
        aliases=("firmware",),
        device_only=True,
        backend="ascend",
    ),
    Subject(
        name="npu_count",
        minimum=True,
        single_part=True,
        scheme="numeric",
        scope="hardware",
        display="NPUs",
        aliases=("npus", "npu"),
        device_only=True,
        backend="ascend",
    ),
    # what each NPU must hold ("单NPU的片上内存为64GB及以上"), in GB; no probe reads it yet,
    # so a check shows it as not verified
    Subject(
        name="npu_memory",
        minimum=True,
        single_part=True,
        scheme="numeric",
        scope="hardware",
        display="NPU memory (GB)",
        device_only=True,
        backend="ascend",
    ),
    *(
        Subject(name=name, scheme="pep440", scope="python_package", backend="ascend")
        for name in ("torch_npu", "vllm_ascend", "mindspore", "triton_ascend")
    ),
)

# What set_env.sh sets, from the ENV lines the Ascend/cann-container-image Dockerfiles copy
# from it (shared/facts/ascend-facts.md, "set_env.sh variables").
_ACTIVATION = ActivationRule(
    variables={
        "ASCEND_HOME_PATH": "{root}",
        "ASCEND_TOOLKIT_HOME": "{root}",
        "ASCEND_OPP_PATH": "{root}/opp",
        "ASCEND_AICPU_PATH": "{root}",
        "TOOLCHAIN_HOME": "{root}/toolkit",
    },
    prepend={
        "PATH": (
            "{root}/bin",
            "{root}/compiler/ccec_compiler/bin",
            "{root}/tools/ccec_compiler/bin",
        ),
        "LD_LIBRARY_PATH": (
            "{root}/lib64",
            "{root}/lib64/plugin/opskernel",
            "{root}/lib64/plugin/nnengine",
            "{root}/opp/built-in/op_impl/ai_core/tbe/op_tiling",
        ),
        "PYTHONPATH": (
            "{root}/python/site-packages",
            "{root}/opp/built-in/op_impl/ai_core/tbe",
        ),
    },
    script="{root}/../set_env.sh",
    source="https://github.com/Ascend/cann-container-image",
)

BACKEND = DeclaredBackend(
    name="ascend",
    vendor="ascend",
    device_kind="npu",
    subjects=SUBJECTS,
    collectors={"ascend": "bringup.backends.ascend.probe:probe_ascend"},
    ladder_rungs=("bringup.backends.ascend.rungs:RUNGS",),
    report_importers={
        "ascend": "bringup.backends.ascend.report:READER",
        "ascend-terms": "bringup.backends.ascend.report_terms:TERMS",
    },
    packages={"cann": "bringup.backends.ascend.packages:cann"},
    toolkit_prefixes=("cann-",),
    devices=DeviceFacts(
        count_subject="npu_count",
        kind_subject="chip",
        kind_field="family",
        tool_fact=ascend_keys.ASCEND_NPU_SMI,
        count_fact=ascend_keys.ASCEND_DEVICE_COUNT,
        pci_fact=ascend_keys.PCI_ASCEND_NPUS,
        none="no NPU",
        name_fact=ascend_keys.ASCEND_CHIP,
    ),
    driver_subject="ascend_driver",
    fact_keys=keys_of(ascend_keys),
    predicates=("bringup.backends.ascend.predicates",),
    signature_namespace="ascend.",
    vocabulary=VOCABULARY,
    activate=_ACTIVATION,
    schemes={"ascend": versions.SCHEME},
    image_tag="bringup.backends.ascend.images:tag_values",
)
