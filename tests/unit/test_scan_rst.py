"""reStructuredText read as a document: sections, code blocks and tables (grid, simple,
list-table), on real files quoted with repository, path and commit."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.markdown import Fence, Heading
from bringup.scan.rst import Skip, Table, rst_blocks

# kokkos/kokkos-comm@ccf862ef docs/getting_started/setup.rst:1-66
KOKKOS_COMM_SETUP = """*****
Setup
*****

This page is intended as a guide to jump start new Kokkos Comm users.


System requirements
===================

.. list-table::
    :header-rows: 1
    :align: left

    * - Name
      - Requirement

    * - CMake
      - 3.25+

    * - C++ compiler
      - Conforming to ISO C++20 standard

    * - Kokkos
      - 4.7+

    * - MPI
      - Conforming to MPI-3+ standard

    * - NCCL
      - 2.20+

    * - CUDA Toolkit (runtime)
      - Required when enabling the NCCL backend


Kokkos Comm will attempt to support the `same systems and toolchains as Kokkos <https://kokkos.org/kokkos-core-wiki/get-started/requirements.html>`_.


Installation
============

Download
--------

Kokkos Comm's source code is available on GitHub, which you can obtain using the following command:

.. code-block:: console

    $ git clone https://github.com/kokkos/kokkos-comm.git

Or using the GitHub CLI:

.. code-block:: console

    $ gh repo clone kokkos/kokkos-comm

Build
-----

A basic configure and build of Kokkos Comm:

.. code-block:: console

    $ cmake -B <BUILD_DIR> -DKokkos_ROOT=<KOKKOS_INSTALL_DIR>
    $ cmake --build <BUILD_DIR>
"""

# NLPLab-IUST/Documentation@81870ea1 docs/Cloud/CCC_iust_example.rst, whole file
NLPLAB_TABLES = """================================================
CCC IUST EXAMPLE FOR CODES
================================================

.. table:: LABGPU Configurations
    :widths: auto

    ====== ==== ====
    Kernel CUDA GPU
    ====== ==== ====
    5.13.0 11.6 2080
    ====== ==== ====


.. table:: TEST

    +----------+----------+
    | Header 1 | Header 2 |
    +==========+==========+
    | 1        | one      |
    +----------+----------+
    | 2        | two      |
    +----------+----------+


.. csv-table:: Numbers
    :header: "Header 1", "Header 2"
    :widths: 15, 10

    1, "one"
    2, "two"


.. list-table:: Frozen Delights!
    :widths: 15 10 30
    :header-rows: 1

   * - Treat
     - Quantity
     - Description
   * - Albatross
     - 2.99
     - On a stick!
   * - Crunchy Frog
     - 1.49
     - If we took the bones out, it wouldn't be
       crunchy, now would it?
   * - Gannet Ripple
     - 1.99
     - On a stick!

you can find more info about Phoniex on :doc:`here </Cloud/phoniex>`


..
  Link to the specified document; the document name can be specified in absolute or relative fashion. For example, if the reference :doc:`parrot` occurs in the document sketches/index, then the link refers to sketches/parrot. If the reference is :doc:`/people` or :doc:`../people`, the link refers to people.
  If no explicit link text is given (like usual: :doc:`Monty Python members </people>`), the link caption will be the title of the given document.
  https://www.sphinx-doc.org/en/master/usage/restructuredtext/roles.html#cross-referencing-arbitrary-locations
"""  # noqa: E501


def test_sections_take_levels_in_order_of_first_use() -> None:
    blocks = rst_blocks(KOKKOS_COMM_SETUP)
    headings = [(i + 1, b.text, b.level) for i, b in blocks.items() if isinstance(b, Heading)]
    assert headings == [
        (1, "Setup", 1),
        (8, "System requirements", 2),
        (40, "Installation", 2),
        (43, "Download", 3),
        (58, "Build", 3),
    ]


def test_a_list_table_is_rows_of_cells_with_their_lines() -> None:
    (table,) = [b for b in rst_blocks(KOKKOS_COMM_SETUP).values() if isinstance(b, Table)]
    rows = [(row.line, row.cells) for row in table.rows]
    assert rows[:3] == [
        (15, ["Name", "Requirement"]),
        (18, ["CMake", "3.25+"]),
        (21, ["C++ compiler", "Conforming to ISO C++20 standard"]),
    ]
    assert rows[-1] == (
        33,
        ["CUDA Toolkit (runtime)", "Required when enabling the NCCL backend"],
    )


def test_code_blocks_are_their_indented_bodies() -> None:
    fences = [b for b in rst_blocks(KOKKOS_COMM_SETUP).values() if isinstance(b, Fence)]
    assert [(f.start + 1, f.end, f.language) for f in fences] == [
        (50, 50, "console"),
        (56, 56, "console"),
        (65, 66, "console"),
    ]


def test_requirements_of_a_list_table_under_a_requirements_section() -> None:
    file = SourceFile(ref="setup.rst", rel="docs/getting_started/setup.rst", text=KOKKOS_COMM_SETUP)
    found = {(r.subject, r.spec, r.source.line) for r in extract_docs(file).requirements}
    assert {("cmake", ">=3.25", 18), ("cxx_standard", ">=20", 21)} <= found


FROG = "If we took the bones out, it wouldn't be crunchy, now would it?"


def test_simple_grid_csv_and_list_tables() -> None:
    blocks = rst_blocks(NLPLAB_TABLES)
    tables = [b for b in blocks.values() if isinstance(b, Table)]
    assert [[(r.line, r.cells) for r in t.rows] for t in tables] == [
        [(9, ["Kernel", "CUDA", "GPU"]), (11, ["5.13.0", "11.6", "2080"])],
        [(18, ["Header 1", "Header 2"]), (20, ["1", "one"]), (22, ["2", "two"])],
        [(27, ["Header 1", "Header 2"]), (30, ["1", "one"]), (31, ["2", "two"])],
        [
            (38, ["Treat", "Quantity", "Description"]),
            (41, ["Albatross", "2.99", "On a stick!"]),
            (44, ["Crunchy Frog", "1.49", FROG]),
            (48, ["Gannet Ripple", "1.99", "On a stick!"]),
        ],
    ]  # fmt: skip
    assert blocks[54] == Skip(len(NLPLAB_TABLES.splitlines()))  # a comment, to the end


# cupy/cupy@0212ca8c docs/source/install.rst:1-27 (the Chainer install guide it held then)
CHAINER_INSTALL = """Install Guide
=============

.. _before_install:

Before installing Chainer
-------------------------

We recommend these platforms.

* `Ubuntu <http://www.ubuntu.com/>`_ 14.04 LTS 64bit
* `CentOS <https://www.centos.org/>`_ 7 64bit

Chainer is supported on Python 2.7.6+, 3.4.3+, 3.5.1+.
Chainer uses C++ compiler such as g++.
You need to install it before installing Chainer.
This is typical installation method for each platform::

  # Ubuntu 14.04
  $ apt-get install g++

  # CentOS 7
  $ yum install gcc-c++

If you use old ``setuptools``, upgrade it::

  $ pip install -U setuptools
"""


def test_a_paragraph_ending_in_two_colons_is_prose_then_a_literal_block() -> None:
    blocks = rst_blocks(CHAINER_INSTALL)
    assert blocks[3] == Skip(5)  # the ``.. _before_install:`` target states nothing
    fences = [(i + 1, b.start + 1, b.end) for i, b in blocks.items() if isinstance(b, Fence)]
    assert fences == [(18, 19, 23), (26, 27, 27)]
    file = SourceFile(ref="install.rst", rel="docs/source/install.rst", text=CHAINER_INSTALL)
    extraction = extract_docs(file)
    assert ("python", ">=2.7.6", 14) in {
        (r.subject, r.spec, r.source.line) for r in extraction.requirements
    }
    assert [(s.argv, s.source.line) for s in extraction.steps] == [
        (("pip", "install", "-U", "setuptools"), 27)
    ]


def test_unclosed_table_borders_are_read_once() -> None:
    """Border lines that never close a table (each indented differently, or grid borders with
    nothing between) once made every border rescan the rest of the file."""
    staircase = "\n".join(" " * depth + "=== ===" for depth in range(4000))
    assert [b for b in rst_blocks(staircase).values() if isinstance(b, Table)] == []
    fence = "\n".join("+----+" for _ in range(20_000))
    assert rst_blocks(fence) == {0: Skip(20_000)}
