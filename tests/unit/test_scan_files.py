"""Each extractor on a file in its real format (tests/fixtures/repos/files, see SOURCE.md):
the requirements it states, each at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.model import Requirement
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.registry import EXTRACTORS

FILES = Path(__file__).parents[1] / "fixtures" / "repos" / "files"


def extract(kind: str, name: str) -> Extraction:
    text = (FILES / name).read_text(encoding="utf-8")
    return EXTRACTORS[kind](SourceFile(ref=name, rel=name, text=text))


def table(requirements: tuple[Requirement, ...]) -> list[tuple[str, str, int | None, bool]]:
    return [(r.subject, r.spec, r.source.line, r.hard) for r in requirements]


def test_pyproject() -> None:
    found = extract("pyproject", "pyproject.toml")
    assert table(found.requirements) == [
        ("python", ">=3.9, <3.12", 14, True),
        ("pypi:numpy", "<2.0.0", 16, True),
        ("pypi:tomli", ">=2.0", 17, False),
        ("vllm", "", 18, True),
        # pip clones vllm from its repository: git and the network (``pydeps``)
        ("system_package", "git", 18, True),
        ("network", "git+https://github.com/vllm-project/vllm@v0.9.1", 18, True),
        ("pypi:pytest", ">=7", 22, False),
        ("torch", ">=2.1", 23, False),
        ("pypi:ruff", ">=0.6", 26, False),
        ("pypi:mypy", ">=1.10", 27, False),
        ("pypi:cmake", ">=3.26", 4, True),
        ("pypi:setuptools", ">=64", 5, True),
        ("torch_npu", "==2.7.1.dev20250724", 6, True),
        ("torch", ">=2.7.1", 7, True),
        ("pypi:wheel", "", 8, True),
    ]
    assert found.provides == ("pypi:demo-package",)
    assert [f.kind for f in found.findings] == ["note"]
    assert "git+https://github.com/vllm-project/vllm@v0.9.1" in found.findings[0].message
    assert [s.argv for s in found.default_steps] == [("python", "-m", "pip", "install", "-e", ".")]


def test_invalid_pyproject_is_a_finding() -> None:
    found = EXTRACTORS["pyproject"](
        SourceFile(ref="p", rel="p", text='[project]\nrequires-python = ">=3.9,<<3.12"\n')
    )
    assert [(f.kind, f.sources[0].line) for f in found.findings] == [("invalid", 2)]


def test_requirements_txt() -> None:
    found = extract("requirements", "requirements.txt")
    assert table(found.requirements) == [
        ("pypi:pyyaml", "", 5, True),
        ("torch", "==2.9.0", 6, True),
        ("triton_ascend", "==3.2.2", 7, True),
        ("pypi:decorator", "", 8, False),
        ("network", "https://download.pytorch.org/whl/cpu", 1, True),
        ("network", "https://triton-ascend.osinfra.cn/pypi", 2, True),
    ]
    assert found.includes == ("requirements-common.txt",)
    notes = [(f.message, f.sources[0].line) for f in found.findings]
    assert notes == [
        ("packages come from https://download.pytorch.org/whl/cpu", 1),
        ("packages come from https://triton-ascend.osinfra.cn/pypi", 2),
        ("editable install: .", 9),
    ]


def test_setup_py_read_statically() -> None:
    found = extract("setup_py", "setup.py")
    assert table(found.requirements) == [
        ("python", ">=3.7", 41, True),
        ("pypi:einops", "", 10, True),
        ("pypi:packaging", "", 11, True),
        ("pypi:ninja", "", 42, True),
        ("pypi:pytest", "", 43, False),
        ("cuda", ">=11.6", 23, True),
        ("pypi:packaging", "", 4, True),
        ("torch", "", 6, True),
        ("cuda", "", 34, True),
        ("cxx_standard", ">=17", 37, True),
        # sm_80 and sm_90 machine code, no PTX: 8.x and 9.x only (outsider8 #2)
        ("compute_capability", ">=8.0,<10.0", 28, True),
    ]
    assert found.provides == ("pypi:flash-attn",)
    (note,) = found.findings
    assert (
        "setup_requires is computed when setup.py runs (get_build_requirements())" in note.message
    )


def test_setup_py_that_is_not_python() -> None:
    found = EXTRACTORS["setup_py"](SourceFile(ref="setup.py", rel="setup.py", text="print 'hi'\n"))
    assert [(f.kind, f.sources[0].line) for f in found.findings] == [("invalid", 1)]


def test_setup_py_version_guard() -> None:
    text = "import sys\nif sys.version_info < (3, 8):\n    raise RuntimeError('old')\n"
    found = EXTRACTORS["setup_py"](SourceFile(ref="setup.py", rel="setup.py", text=text))
    assert table(found.requirements) == [("python", ">=3.8", 2, True)]


def test_setup_cfg() -> None:
    text = (
        "[metadata]\nname = ascend-demo\n\n[options]\npython_requires = >=3.8\n"
        "install_requires =\n    numpy>=1.21\n    pyyaml\n\n[options.extras_require]\n"
        "test =\n    pytest>=7\n"
    )
    found = EXTRACTORS["setup_cfg"](SourceFile(ref="setup.cfg", rel="setup.cfg", text=text))
    assert table(found.requirements) == [
        ("python", ">=3.8", 5, True),
        ("pypi:numpy", ">=1.21", 7, True),
        ("pypi:pyyaml", "", 8, True),
        ("pypi:pytest", ">=7", 12, False),
    ]
    assert found.provides == ("pypi:ascend-demo",)


def test_environment_yml() -> None:
    found = extract("conda", "environment.yml")
    assert table(found.requirements) == [
        ("python", "==3.10.*", 7, True),
        ("torch", "==2.1.0.*", 8, True),
        ("cuda", "==12.1.*", 9, True),
        ("cmake", ">=3.18", 10, True),
        ("gcc", "==11.*", 11, True),
        ("conda:numpy", "", 12, True),
        ("pypi:einops", "==0.7.0", 15, True),
        ("pypi:flash-attn", ">=2.3", 16, True),
    ]


def test_dockerfile_images_and_pip() -> None:
    found = extract("dockerfile", "Dockerfile")
    assert table(found.requirements) == [
        ("cann", "==8.1.RC1", 4, False),
        ("chip", "910B", 4, False),
        ("python", "==3.10.*", 4, False),
        ("os", "ubuntu", 4, False),
        ("os_version", "==22.04", 4, False),
        ("pypi:mooncake-transfer-engine-npu", "==0.3.11.post1", 8, False),
        ("pypi:ray", "<=2.48.0,>=2.47.1", 9, False),
        ("cuda", "==12.4.1", 11, False),
        ("os", "ubuntu", 11, False),
        ("os_version", "==22.04", 11, False),
        ("torch", "==2.1.0", 12, False),
        ("cuda", "==12.1.*", 12, False),
        ("cudnn", "==8.*", 12, False),
    ]


def test_ci_workflow() -> None:
    found = extract("ci", "workflow.yml")
    assert table(found.requirements) == [
        ("os", "linux", 8, False),  # runs-on: ubuntu-22.04 of a workflow that runs pytest
        ("python", "==3.9.* || ==3.10.* || ==3.11.*", 11, False),
        ("torch", "==2.5.1", 16, False),
        ("pypi:pytest", "", 16, False),
        # runs-on: linux-aarch64-a2-2 names its CPU: where this one job runs, no support list
        ("os", "linux", 20, False),
        ("chip", "910B", 20, False),
        ("npu_count", ">=2", 20, False),
        ("cann", "==8.1.RC1", 22, False),
        ("chip", "910B", 22, False),
        ("python", "==3.10.*", 22, False),
        ("os", "ubuntu", 22, False),
        ("os_version", "==22.04", 22, False),
        ("torch_npu", "==2.5.1", 29, False),
    ]


def test_cmake() -> None:
    found = extract("cmake", "CMakeLists.txt")
    assert table(found.requirements) == [
        ("cmake", ">=3.16", 1, True),
        ("cuda", "", 2, True),
        ("cxx_standard", ">=17", 4, True),
        ("chip", "910B", 6, False),
        ("gcc", ">=9.0", 10, True),
        ("python", ">=3.8", 18, True),
        ("cuda", ">=11.8", 19, True),
        ("cmake:GTest", "", 21, False),
        ("cann", "", 7, True),
        ("compute_capability", ">=8.0", 5, True),  # CMake's 80: machine code and PTX
    ]
    assert found.provides == ("cmake:demo_ops",)
    assert [s.argv for s in found.default_steps] == [
        ("cmake", "-S", ".", "-B", "build"),
        ("cmake", "--build", "build"),
        ("ctest", "--test-dir", "build", "--output-on-failure"),
    ]
    assert all(s.needs.toolkit for s in found.default_steps)


def test_cmake_finding_pybind11_needs_its_python_distribution() -> None:
    # pybind11's CMake package ships inside its Python distribution: hicann/pyasc@cecba26a
    # python/src/CMakeLists.txt:12 looks for it in Python's site-packages;
    # kvcache-ai/Mooncake@3b5a5941 CMakeLists.txt:43 and Ascend/memfabric_hybrid@7171ad35
    # src/smem/csrc/python_wrapper/memfabric_hybrid/CMakeLists.txt:38 find it so
    lines = {
        "python/src/CMakeLists.txt": (
            'find_package(pybind11 2.13.1 CONFIG REQUIRED HINTS "${Python3_SITELIB}")\n'
        ),
        "CMakeLists.txt": "  find_package(pybind11 CONFIG REQUIRED)\n",
        "python_wrapper/CMakeLists.txt": "    find_package(pybind11 REQUIRED)\n",
    }
    found = [
        table(EXTRACTORS["cmake"](SourceFile(ref=rel, rel=rel, text=text)).requirements)
        for rel, text in lines.items()
    ]
    assert found == [
        [("pypi:pybind11", ">=2.13.1", 1, True)],
        [("pypi:pybind11", "", 1, True)],
        [("pypi:pybind11", "", 1, True)],
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("if torch.npu.device_count() < 2:\n    pytest.skip('two')\n", ("npu_count", ">=2")),
        ("@pytest.mark.skipif(torch.cuda.device_count() < 4, reason='x')\n", ("gpu_count", ">=4")),
        ("skip = torch.cuda.get_device_capability() < (9, 0)\n", ("compute_capability", ">=9.0")),
        (
            "is_sm80 = torch.cuda.get_device_capability('cuda') == (8, 0)\n",
            ("compute_capability", "==8.0"),
        ),
        ("@unittest.skipUnless(torch.npu.is_available(), 'npu')\n", ("npu_count", ">=1")),
        (
            "  aclrtGetDeviceCount(&device_count);\n  if (device_count < 1) return 77;\n",
            ("npu_count", ">=1"),
        ),
        ("@pytest.mark.skipif(sys.version_info < (3, 10), reason='match')\n", ("python", ">=3.10")),
    ],
)
def test_test_guards(text: str, expected: tuple[str, str]) -> None:
    found = EXTRACTORS["tests"](SourceFile(ref="t.py", rel="tests/t.py", text=text))
    assert [(r.subject, r.spec) for r in found.requirements] == [expected]
    assert not any(r.hard for r in found.requirements)


def test_a_guard_in_a_comment_is_not_one() -> None:
    text = "# if torch.npu.device_count() < 8: skip\nx = 1  # device_count() < 2\n"
    found = EXTRACTORS["tests"](SourceFile(ref="t.py", rel="tests/t.py", text=text))
    assert found.requirements == ()


# hicann/ops-blas @ 35101c89, install_deps.sh:166-174 (install_python; the function first
# checks Python >= 3.7.0, :146-149)
OPS_BLAS_PYTHON = """        rhel)
            if grep -q "release 7" /etc/redhat-release; then
                run_command sudo $PKG_MANAGER install -y centos-release-scl
                run_command sudo $PKG_MANAGER install -y rh-python38 rh-python38-python-devel
                run_command source /opt/rh/rh-python38/enable
                echo "Need to execute 'source /opt/rh/rh-python38/enable' to activate python3.8"
            else
                run_command sudo $PKG_MANAGER install -y python3 python3-pip python3-devel
            fi
"""
# Ascend/fbgemm-ascend @ efdbe918, src/scripts/op_builder_utils.sh:507-508
FBGEMM_LEGACY = """    if [ "$maj_ver" -lt 9 ]; then
        echo "Preparing legacy build environment (CANN < 9.0)..."
"""


@pytest.mark.parametrize(
    ("rel", "text"),
    [("install_deps.sh", OPS_BLAS_PYTHON), ("src/scripts/op_builder_utils.sh", FBGEMM_LEGACY)],
)
def test_a_message_on_a_path_that_goes_on_states_no_need(rel: str, text: str) -> None:
    # it narrates what the script does and names the version it adapts to: no python ==3.8
    # (the blind truth: python >= 3.7.0 from the check), no CANN < 9.0
    found = EXTRACTORS["shell"](SourceFile(ref=rel, rel=rel, text=text))
    assert [r for r in found.requirements if r.subject in ("python", "cann")] == []


def test_shell_script() -> None:
    text = (
        "#!/bin/bash\nset -e\nsource /usr/local/Ascend/ascend-toolkit/8.0.RC1/set_env.sh\n"
        'export CUDA_HOME=/usr/local/cuda-12.1\nexport TORCH_CUDA_ARCH_LIST="8.0;9.0"\n'
        "GCC_MAJOR=$(gcc -dumpversion | cut -d. -f1)\n"
        'if [ "$GCC_MAJOR" -lt 9 ]; then\n  echo "error: GCC >= 9 is required" >&2\n  exit 1\nfi\n'
        'echo "needs CMake 3.18 or newer"\ncmake -S . -B build\n'
    )
    found = EXTRACTORS["shell"](SourceFile(ref="build.sh", rel="build.sh", text=text))
    assert table(found.requirements) == [
        ("cann", "==8.0.RC1", 3, True),
        ("cuda", "==12.1.*", 4, True),
        ("compute_capability", ">=8.0,<10.0", 5, True),  # torch's list: no +PTX
        ("gcc", ">=9", 7, True),
        ("cmake", ">=3.18", 11, True),
        ("cmake", "", 12, True),  # the build runs it (``routeneeds``); the repo folds the two
    ]
    (step,) = found.default_steps
    assert step.argv == ("bash", "build.sh")
    assert step.needs.toolkit


def test_a_variable_is_a_version_only_when_its_command_asks_for_one() -> None:
    # TransformerEngine qa/L1_pytorch_distributed_unittest/test.sh:31-32 counts GPUs with
    # python3: "-ge 8" is a GPU count, not "python >= 8" (test_shell_script keeps the
    # version query "GCC_MAJOR=$(gcc -dumpversion ...)" a version)
    text = (
        'NUM_GPUS=$(python3 -c "import torch; print(torch.cuda.device_count())")\n'
        'if [ "$NUM_GPUS" -ge 8 ]; then\n  echo parallel\nfi\n'
    )
    found = EXTRACTORS["shell"](SourceFile(ref="test.sh", rel="qa/x/test.sh", text=text))
    assert table(found.requirements) == []


def test_makefile_targets() -> None:
    text = (
        "PY ?= python3\n.PHONY: all test test-npu\n\nall: build\n\nbuild:\n\tcmake -S . -B build\n"
        "\ttouch build.stamp\n\ntest: build\n\t$(PY) -m pytest tests/cpu\n\n"
        "test-npu:\n\tASCEND_RT_VISIBLE_DEVICES=0,1 pytest tests/npu\n\ninstall:\n"
        "\tpip install -e .\n\n%.o: %.c\n\tgcc -c $<\n"
    )
    found = EXTRACTORS["makefile"](SourceFile(ref="Makefile", rel="Makefile", text=text))
    assert [
        (s.argv, s.kind, s.needs.devices, s.needs.device_kind, s.source.line) for s in found.steps
    ] == [
        (("make", "all"), "build", 0, None, 4),
        (("make", "build"), "build", 0, None, 6),
        (("make", "test"), "test", 0, None, 10),
        (("make", "test-npu"), "test", 2, "npu", 13),
        (("make", "install"), "install", 0, None, 16),
    ]
