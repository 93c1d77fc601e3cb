"""pip's "no release fits" said when the index was never read (outsider 13, D15): an isolated
build run offline or without the network printed "No matching distribution found for
setuptools>=42", and explain sent the user to the PyTorch index. The log's own network lines
(pip's retry warnings, "Could not fetch URL") decide "index unreachable"; so does "from versions:
none" for a build backend, which has a wheel for every interpreter. A release list, or no
network line, keeps "no release fits"."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

NO_NETWORK = {
    # https://github.com/pypa/pip/issues/13212 (a proxy that cannot be reached)
    "proxy": """\
WARNING: Retrying (Retry(total=0, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ProxyError('Cannot connect to proxy.', FileNotFoundError(2, 'No such file or directory'))': /simple/ollama/
ERROR: Could not find a version that satisfies the requirement ollama (from versions: none)
ERROR: No matching distribution found for ollama
""",  # noqa: E501
    # https://github.com/pypa/setuptools/issues/4419 (no DNS, in the isolated build's pip)
    "dns": """\
  × pip subprocess to install build dependencies did not run successfully.
  │ exit code: 1
  ╰─> [7 lines of output]
      WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x0000020969B6B410>: Failed to establish a new connection: [Errno 11001] getaddrinfo failed')': /simple/setuptools/
""",  # noqa: E501, RUF001
    # https://github.com/mqcomplab/NAMI/issues/6 (urllib3 2's NameResolutionError)
    "resolve": """\
      WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NameResolutionError("HTTPSConnection(host='pypi.org', port=443): Failed to resolve 'pypi.org' ([Errno -2] Name or service not known)")': /simple/setuptools/
""",  # noqa: E501
    # https://github.com/pypa/pip/issues/9190 (pip -v: the index page not fetched)
    "fetch": """\
Could not fetch URL https://pypi.org/simple/setuptools/: connection error: HTTPSConnectionPool(host='pypi.org', port=443): Max retries exceeded with url: /simple/setuptools/ (Caused by ProxyError('Cannot connect to proxy.', ConnectionResetError(10054, 'An existing connection was forcibly closed by the remote host', None, 10054, None))) - skipping
""",  # noqa: E501
}
SETUPTOOLS_NONE = """\
ERROR: Could not find a version that satisfies the requirement setuptools>=40.8.0 (from versions: none)
ERROR: No matching distribution found for setuptools>=40.8.0
"""  # noqa: E501
"""https://github.com/cvg/LightGlue/issues/104: a build backend with no release at all."""


@pytest.mark.parametrize("name", sorted(NO_NETWORK))
def test_network_lines_decide_index_unreachable(name: str) -> None:
    log = NO_NETWORK[name]
    if "No matching distribution" not in log:  # the warnings, then pip's own failure
        log += "ERROR: No matching distribution found for setuptools>=40.8.0\n"
    top = explain_text(log)[0]
    assert (top.signature_id, top.layer) == ("python.index-unreachable", "install")
    assert "--index-url https://download.pytorch.org" not in top.fix


def test_a_build_backend_with_no_release_at_all_is_an_unread_index() -> None:
    top = explain_text(SETUPTOOLS_NONE)[0]
    assert top.signature_id == "python.index-unreachable"
    assert top.captures["requirement"] == "setuptools>=40.8.0"


def test_a_release_list_or_no_network_line_keeps_no_release_fits() -> None:
    # https://github.com/YassineYousfi/comma10k-baseline/issues/13 (tests/fixtures/logs)
    listed = """\
ERROR: Could not find a version that satisfies the requirement torch==1.8.1 (from versions: 1.13.0, 1.13.1, 2.0.0)
ERROR: No matching distribution found for torch==1.8.1
"""  # noqa: E501
    assert explain_text(listed)[0].signature_id == "python.no-matching-distribution"
    # the ollama lines without the proxy warning: nothing says the index was not read
    unread = NO_NETWORK["proxy"].split("\n", 1)[1]
    assert explain_text(unread)[0].signature_id == "python.no-matching-distribution"
