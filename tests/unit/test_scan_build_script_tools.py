"""Tools a Python build script runs through its own runner, and the compressor a packing
command's option runs, as real build files state them (issue 11's system packages). Each case
keeps only the lines it needs, with the public repository, path, lines and commit."""

from __future__ import annotations

from bringup.scan.buildpy import extract_build_py
from bringup.scan.cmake import extract_cmake
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.shell import extract_shell
from scan_needs import needs, source_file

# Ascend/msopprof @ d6c29dfa, build.py:24, 32, 83-85, 102, 127-129 and 140-141 (the ``if``
# arms between them left out): the script's own method hands its argv to subprocess; the guide
# runs ``python build.py`` (docs/en/install_guide/msopprof_install_guide.md:34).
MSOPPROF_BUILD = """import subprocess
class BuildManager:
    def _execute_command(self, command_sequence, timeout_seconds=36000, cwd=None):
        logging.info("Running: %s", " ".join(command_sequence))
        subprocess.run(command_sequence, timeout=timeout_seconds, check=True, cwd=cwd)
    def run(self):
            self._execute_command(["pip", "install", "numpy"])
            self._execute_command(["cmake", "..", "-DBUILD_TESTS=ON", "-DCMAKE_BUILD_TYPE=Debug"])
            self._execute_command(["make", "-j", str(self.build_jobs), "install"])
            self._execute_command(["cmake", "../cmake"])
            self._execute_command(["make", "-j", str(self.build_jobs)])
"""


def test_a_method_that_runs_nothing_is_no_runner() -> None:
    # constructed: the same calls to a method that only logs what it is given
    logged = MSOPPROF_BUILD.replace(
        "        subprocess.run(command_sequence, timeout=timeout_seconds, check=True, cwd=cwd)\n",
        "",
    )
    assert extract_build_py(source_file("build.py", logged)).requirements == ()


# Ascend/mspti @ a3891605, scripts/make_run.sh:135-139: makeself (through a variable) packs
# with pigz.
MSPTI_MAKE_RUN = """    ${CREATE_RUN_SCRIPT} \\
    --header ${CONTROL_PARAM_SCRIPT} \\
    --help-header ${filer_param} \\
    --pigz \\
    --tar-quietly \\
"""

# Ascend/msopprof @ d6c29dfa, cmake/CMakeLists.txt:108-113.
MSOPPROF_PACKAGE = """add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/package.flag
    COMMAND cd ${MSOPPROF_SRC_DIR}/package/script/ && ${PYTHON} parser.py -x ${MSOPPROF_SRC_DIR}/package/conf/filelist.xml
            --delivery_path ${CMAKE_INSTALL_PREFIX} -o ${CMAKE_SYSTEM_PROCESSOR}
    COMMAND cd ${CMAKE_INSTALL_PREFIX} && ${makeselfTool} --header ${makeselfHeader} --help-header ${helpInfo} --pigz
            --complevel 4 --nocrc --nomd5 --sha256 --chown --tar-quietly ${NAME} ${packageName} ${comments} ${installShell}
)
"""  # noqa: E501


def test_a_packing_option_that_names_a_compressor_needs_it_at_its_line() -> None:
    script = extract_shell(source_file("scripts/make_run.sh", MSPTI_MAKE_RUN)).requirements
    assert ("system_package", "pigz", 4, True) in needs(script)
    cmake = extract_cmake(source_file("cmake/CMakeLists.txt", MSOPPROF_PACKAGE)).requirements
    assert ("system_package", "pigz", 4, True) in needs(cmake)


# Ascend/mssanitizer @ ffce6d2b, csrc/plugin/ccec/CMakeLists.txt:3-6: CANN's own compiler.
MSSANITIZER_BISHENG = """find_program(BISHENG_COMPILER bisheng)
if(NOT BISHENG_COMPILER)
    message(FATAL_ERROR "Compiler bisheng is not installed or not in PATH")
endif()
"""


def test_a_toolkit_compiler_the_configure_must_find_is_the_toolkit() -> None:
    found = extract_cmake(source_file("csrc/plugin/ccec/CMakeLists.txt", MSSANITIZER_BISHENG))
    assert [(r.subject, r.spec, r.source.line) for r in found.requirements] == [("cann", "", 1)]


def test_only_a_packing_program_reads_a_compressor_option() -> None:
    # constructed (review 23, 5): a compiler's include directory of a vendored zstd, a copy
    # tool's --lz4 option, beside the real packing lines above: no compressor from the first two
    compile_line = "gcc -I third_party/zstd -c x.c\ncc -I /usr/include/lz4 y.c\nrsync --lz4 a b\n"
    shell = extract_shell(source_file("build.sh", compile_line + MSPTI_MAKE_RUN)).requirements
    assert [(s, p) for s, p, _, _ in needs(shell) if p in ("zstd", "lz4", "pigz")] == [
        ("system_package", "pigz")
    ]
    tarred = extract_shell(source_file("pack.sh", "tar -I zstd -cf out.tar.zst dir\n"))
    assert ("system_package", "zstd", 1, True) in needs(tarred.requirements)


def test_a_setup_py_s_own_runner_is_read_as_a_build_script_s() -> None:
    # constructed (review 23, 1): msopprof's runner lines above as a setup.py; the one reader
    # of a Python build script reads its make and cmake runs as it does in build.py
    setup = extract_setup_py(source_file("setup.py", MSOPPROF_BUILD)).requirements
    assert ("system_package", "make", 9, True) in needs(setup)
