"""Python distributions the scan reads where a repo states them, and names it must not read as
distributions (issue 11, python_package). Each case keeps only the lines it needs, with the
public repository, commit, path and lines."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.shell import extract_shell
from scan_needs import source_file

# traveller59/spconv @ 263d6b47, setup.py:26 and 39-56 (comments and metadata dropped), 242.
SPCONV_SETUP = """from setuptools import setup
deps = ["cumm"]
if cuda_ver:
    deps = ["cumm-cu{}>=0.7.11, <0.8.0".format(cuda_ver_str)]
else:
    deps = ["cumm>=0.7.11, <0.8.0"]
REQUIRED = ["pccm>=0.4.16", "ccimport>=0.4.4", "pybind11>=2.6.0", "fire", "numpy", *deps]
setup(name="spconv", install_requires=REQUIRED)
"""


def test_a_dependency_list_unpacking_an_unknown_name_keeps_its_literal_members() -> None:
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=SPCONV_SETUP))
    assert [(r.subject, r.spec, r.source.line) for r in found.requirements] == [
        ("pypi:pccm", ">=0.4.16", 7),
        ("pypi:ccimport", ">=0.4.4", 7),
        ("pypi:pybind11", ">=2.6.0", 7),
        ("pypi:fire", "", 7),
        ("pypi:numpy", "", 7),
    ]


# ai-dynamo/nixl @ 8770b655, README.md:146 and 157-162.
NIXL_BUILD_OPTIONS = """#### NIXL-specific build options

Common build options:
- `build_docs`: Build Doxygen documentation (default: false)
- `ucx_path`: Path to UCX installation (default: system path)
- `install_headers`: Install development headers (default: true)
- `disable_gds_backend`: Disable GDS backend (default: false)
- `cudapath_inc`, `cudapath_lib`: Custom CUDA paths
"""


def test_terms_an_item_defines_together_are_no_distributions() -> None:
    found = extract_docs(source_file("README.md", NIXL_BUILD_OPTIONS)).requirements
    assert [r.subject for r in found if r.subject.startswith("pypi:")] == []


# hicann/ge @ ffdcbc9f, scripts/build.sh:202-207; a wheel a download step put in a folder of
# its own is still the distribution it names (the second line is the test's).
GE_BUILD = """  if [ ! -f "${CANN_KB_INIT}" ] || [ ! -f "${INIT_MULTI_PROCESS_ENV_PATH}" ];
  then
    pip3 install --user "$ASCEND_INSTALL_PATH/compiler/lib64/te-0.4.0-py3-none-any.whl" --force-reinstall
    pip3 install "${WHL_DIR}/torch_npu-2.1.0.post3-cp310-cp310-manylinux_2_17_aarch64.whl"
  fi
"""  # noqa: E501


def test_a_wheel_from_an_installed_tree_is_no_distribution_to_get() -> None:
    found = extract_shell(source_file("scripts/build.sh", GE_BUILD)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [
        ("torch_npu", "==2.1.0.post3", 4),
        ("python", "==3.10.*", 4),
    ]
