"""bringup: bring up an accelerator software stack, with a source for every verdict.

The package is layered as DESIGN.md describes: ``model`` (frozen data, no I/O), ``versions``
(vendor version schemes), ``probe`` (the only code that looks at the live host), pure cores
(``scan``, ``kb``, ``solve``, ``plan``, ``triage``), and ``cli``/``report`` at the edge.
"""

__version__ = "0.1.0"
