"""The CPU a script's package file is built for (issue 11): a script runs as written, so a
package named for one CPU only works there. Real lines, each with its repository, commit,
file and line."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.scriptcpus import _PACKAGE_CPU, _USES, script_cpu
from cpuclock import cpu_seconds

FLAGSCALE = "flagos-ai/FlagScale@da4935ec60193e735bc70b81e259ed04eefd0132"
COMPETITION = "ascendc-competition-s3@04c0c97dc5623053fefc585786697a8c19b9504a"

WHEEL = (
    "    uv pip install --no-cache-dir flash_attn-${flash_attn_version}+cu${cu}torch${torch}"
    "cxx${cxx}abiFALSE-cp${cp}-cp${cp}-linux_x86_64.whl\n"
    "    rm flash_attn-${flash_attn_version}+cu${cu}torch${torch}cxx${cxx}abiFALSE-cp${cp}"
    "-cp${cp}-linux_x86_64.whl\n"
)
"""FLAGSCALE install/install-requirements.sh:112-113."""
RUN = (
    "run_install() {\n"
    "    pushd $op\n"
    "    source build.sh\n"
    "    if [ $? -eq 0 ]; then\n"
    "        ./custom_opp_openEuler_aarch64.run\n"
)
"""COMPETITION basic/asinh/run.sh:5-9."""


def cpus(text: str) -> list[tuple[str, int, tuple[int, ...]]]:
    found = script_cpu(SourceFile(ref="run.sh", rel="run.sh", text=text))
    return [(r.spec, r.source.line or 0, tuple(a.line or 0 for a in r.also_at)) for r in found]


def test_a_package_built_for_one_cpu_is_the_scripts_cpu() -> None:
    assert cpus(WHEEL) == [("x86_64", 1, ())]  # removing it afterwards is no second use
    assert cpus(RUN) == [("aarch64", 5, ())]


def test_packages_for_two_cpus_or_a_cpu_left_to_a_variable_name_none() -> None:
    other = RUN.replace("aarch64", "x86_64")
    assert cpus(RUN + other) == []
    assert cpus("./Ascend-cann-toolkit_8.0.0_linux-$(uname -m).run --install\n") == []
    # a comment names no package the script uses
    assert cpus("# ./custom_opp_openEuler_aarch64.run\n") == []


def test_the_package_pattern_is_linear_on_a_hostile_line() -> None:
    start = cpu_seconds()
    _PACKAGE_CPU.findall("a_x86_64." * 6_000)
    _PACKAGE_CPU.findall("_" * 50_000 + "aarch64.ru")
    _USES.match(" " * 50_000 + "x")
    _USES.match("sudo " * 10_000)
    assert cpu_seconds() - start < 2


def test_a_package_the_script_makes_or_assigns_is_no_use_of_it() -> None:
    # Ascend/ascend-agentsdk script/build_run.sh:52, the package a packaging script makes
    made = "cp $workdir/../output/Ascend-agentsdk__linux-aarch64.tar.gz $RESOURCE_DIR\n"
    # cann-on-gpu deploy.sh:107, a download address kept for a last fallback
    kept = (
        'CANN_URL="https://ascend-repo.obs.cn-east-2.myhuaweicloud.com/CANN/CANN%209.1.T1/'
        'Ascend-cann_9.1.0-beta.1_linux-aarch64.run"\n'
    )
    assert cpus(made + kept) == []
