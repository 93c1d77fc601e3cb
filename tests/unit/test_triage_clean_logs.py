"""A log with no failure in it says nothing found (issue 15): a clean CMake configure prints
the answers of its checks ("- Failed", "- not found") and the optional packages it did not
find, and a pip install that succeeded may warn; neither is a failure. The lines are CMake's
and pip's own messages, each citing where it is printed."""

from __future__ import annotations

from bringup.triage import explain_text

# A clean CMake configure: each check prints its answer after a dash (Kitware/CMake@
# 0f688386eabafb1e70a172004df8be4d9dc1d037:Modules/Internal/CheckSourceCompiles.cmake:98 and
# :127, CHECK_START "Performing Test ${_var}" then CHECK_FAIL "Failed"; Kitware/CMake@
# 03a233a5e6bef95d12c5a4c9610ace0b928d5b15:Modules/CheckLibraryExists.cmake:59, "Looking for
# ${FUNCTION} in ${LIBRARY} - not found"), and a package it may do without as a status line
# (Kitware/CMake@03e25d4ef77c135eb3bc58430ad389522f144363:
# Modules/FindPackageHandleStandardArgs.cmake, _FPHSA_FAILURE_MESSAGE: MESSAGE(STATUS) unless
# REQUIRED). The lines are these modules' messages in the order FindThreads prints them, as
# pasted configures of googletest 1.10.0 (Ubuntu 18.04, gcc 7.4.0) show them.
CLEAN_CONFIGURE = """\
-- The C compiler identification is GNU 7.4.0
-- Could NOT find PythonInterp (missing: PYTHON_EXECUTABLE)
-- Looking for pthread.h
-- Looking for pthread.h - found
-- Performing Test CMAKE_HAVE_LIBC_PTHREAD
-- Performing Test CMAKE_HAVE_LIBC_PTHREAD - Failed
-- Looking for pthread_create in pthreads
-- Looking for pthread_create in pthreads - not found
-- Looking for pthread_create in pthread
-- Looking for pthread_create in pthread - found
-- Found Threads: TRUE
-- Configuring done
-- Generating done
-- Build files have been written to: /root/googletest-release-1.10.0
"""

# A pip install that succeeded: the line of https://github.com/vllm-project/vllm-ascend/issues/2210
# and pip's warning to root users (it names https://pip.pypa.io/warnings/venv).
CLEAN_INSTALL = """\
Successfully installed numpy-2.0.2 torch-npu-2.7.1.dev20250724
WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour with the system package manager. It is recommended to use a virtual environment instead: https://pip.pypa.io/warnings/venv
"""  # noqa: E501


def test_a_clean_configure_and_a_clean_install_are_no_failure() -> None:
    assert explain_text(CLEAN_CONFIGURE) == []
    assert explain_text(CLEAN_INSTALL) == []


# pip with nothing to install prints "Requirement already satisfied" and its usual warnings
# (pip/_internal/resolution/legacy/resolver.py; the root-user advice of CLEAN_INSTALL; "Ignoring
# invalid distribution" for a half-removed package; a retry of the index), and a torch_npu run
# that worked prints its warning before the output (review 2, finding 1): no failure.
ALREADY_THERE = (
    """\
Requirement already satisfied: torch in /usr/local/lib/python3.10/site-packages (2.1.0)
WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour with the system package manager. It is recommended to use a virtual environment instead: https://pip.pypa.io/warnings/venv
""",  # noqa: E501
    """\
WARNING: Ignoring invalid distribution -orch (/usr/local/lib/python3.10/site-packages)
Requirement already satisfied: torch in /usr/local/lib/python3.10/site-packages (2.1.0)
""",
    """\
WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f>: Failed to establish a new connection: [Errno 101] Network is unreachable')': /simple/numpy/
Requirement already satisfied: numpy in /usr/lib/python3/dist-packages (1.26.4)
""",  # noqa: E501
    """\
[W compiler_depend.ts:133] Warning: Warning: Device do not support double dtype now, dtype cast repalce with float. (function operator())
output: tensor([1.], device='npu:0')
""",  # noqa: E501
)


def test_a_log_that_goes_on_after_its_warnings_is_no_failure() -> None:
    for log in ALREADY_THERE:
        assert explain_text(log) == [], log
