"""The words a shell script asks where a tool is with, and the tool's name after them: one
definition every reader of a probe builds its pattern on (``shellguards``: a tool a script
stops without; ``shellfloors``: the tools a version check probes; ``statuscheck``: the
status command a script runs only where it found it). A leaf: it imports nothing of
``scan``, so the readers low in the import graph (``statuscheck``, below ``scan.shell``)
can use it too."""

from __future__ import annotations

PROBED = r"(?<!-)(?:\bcommand\s{1,4}-v|\bwhich|\btype(?:\s{1,4}-[pP])?|\bhash)\s{1,4}"
"""The words that ask the shell where a tool is (``command -v X``, ``which X``, ``type X``,
``type -P X``, ``hash X``: bash's ``help type`` and ``help hash``, each exits non-zero when
it finds no ``X``): the tool's name follows. Not the end of an option's name, whose value
follows: ``--device-type Metax_C550 || {`` runs a script (FlagOpen/FlagScale@da4935ec
install/install-requirements-metax.sh:75-80), ``find . -type f ... || true`` searches
(NVIDIA/Fuser@81c4b22f tools/check_symbol_visibility.sh:41, mindspore-lab/mindnlp@7dd3e355
scripts/start_ocr_service.sh:47)."""
TOOL = r"[A-Za-z_][\w.+-]{0,80}(?![\w.+-])"
"""A tool's name as a probe gives it (``pkg-config``, ``g++``), whole."""
