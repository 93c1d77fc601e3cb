"""CI workflows and conda files read with a YAML parser that keeps lines (``yamlnodes``).

Lines from sgl-project/sgl-kernel-npu f425bdf1e191a7682296d3b2ed0b927d4e37d671,
``.github/workflows/pr-test-deepep-npu.yml`` lines 56-78 (the ``if: |`` condition shortened
to its first line, the image's python tag to 3.11, and a pip pin added to the run block).
"""

from __future__ import annotations

from bringup.scan.ci import extract_ci
from bringup.scan.conda_env import extract_conda_env
from bringup.scan.extraction import SourceFile

_DEEPEP_JOB = """jobs:
  test:
    if: |
      github.event_name == 'workflow_dispatch'
    runs-on: linux-aarch64-a3-16
    container:
      image: {image}
    env:
      UV_INDEX_URL: http://cache-service.nginx-pypi-cache.svc.cluster.local/pypi/simple
    strategy:
      matrix:
        cann_version: [9.0.0, 9.1.0]
    steps:
      - name: Clean git config
        run: |
          CONFIG_KEY='http.https://gh-proxy.test.osinfra.cn/.extraheader'
          pip install torch_npu==2.10.0
""".replace(
    "{image}",
    "swr.cn-southwest-2.myhuaweicloud.com/base_image/ascend-ci/"
    "cann:${{ matrix.cann_version }}-a3-ubuntu22.04-py3.11",
)


def _ci(text: str) -> list[tuple[str, str, int | None]]:
    found = extract_ci(SourceFile(ref="w.yml", rel="w.yml", text=text))
    return [(r.subject, r.spec, r.source.line) for r in found.requirements]


def test_a_flow_list_matrix_a_runner_and_a_block_script_keep_their_lines() -> None:
    assert _ci(_DEEPEP_JOB) == [
        ("chip", "910_93", 5),
        ("npu_count", ">=16", 5),
        ("cann", "==9.0.0 || ==9.1.0", 12),
        ("torch_npu", "==2.10.0", 17),
    ]


def test_invalid_yaml_is_a_finding_not_a_crash() -> None:
    found = extract_ci(SourceFile(ref="w.yml", rel="w.yml", text="jobs: [a\n  b: {"))
    assert not found.requirements
    assert [f.kind for f in found.findings] == ["invalid"]


def test_aliases_are_walked_once() -> None:
    # "billion laughs": nine levels of ten aliases would be 10**9 walks if expanded
    lines = ['a0: &a0 {python-version: "3.10"}']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    assert _ci("\n".join(lines)) == [("python", "==3.10.*", 1)]


def test_conda_pip_list_under_a_mapping_item() -> None:
    text = "dependencies:\n  - python=3.10\n  - pip:\n    - einops==0.7.0\n"
    found = extract_conda_env(SourceFile(ref="e.yml", rel="e.yml", text=text))
    assert [(r.subject, r.spec, r.source.line) for r in found.requirements] == [
        ("python", "==3.10.*", 2),
        ("pypi:einops", "==0.7.0", 4),
    ]


def test_cann_from_the_ascend_conda_channel_is_the_toolkit() -> None:
    # hicann/catlass@0dfcf9df environment.ascend950.yml:1-9
    text = (
        "name: catlass-dev\n\nchannels:\n  - ascend\n\ndependencies:\n"
        "  - ascend::cann-toolkit>=9.0.0\n  - ascend::cann-950-ops>=9.0.0\n"
    )
    found = extract_conda_env(SourceFile(ref="e.yml", rel="e.yml", text=text))
    assert [(r.subject, r.spec, r.source.line) for r in found.requirements] == [
        ("cann", ">=9.0.0", 7),
        ("cann", ">=9.0.0", 8),
    ]
