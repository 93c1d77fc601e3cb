"""The running kernel's headers an out-of-tree kernel module's build needs: its Makefile
builds against the kernel's build tree, ``/lib/modules/<release>/build`` (``MODULES_DIR :=
/lib/modules/$(KVER)`` and ``KDIR := $(MODULES_DIR)/build``, NVIDIA/gdrcopy
src/gdrdrv/Makefile:45-46; the Kbuild idiom ``$(MAKE) -C /lib/modules/$(shell uname -r)/build
M=$(PWD) modules``). That tree is what the distribution's kernel headers package installs
(Debian's ``linux-headers-$(uname -r)``, RPM's ``kernel-devel``): a ``system_package``,
cited at the Makefile's first line naming ``/lib/modules/``. Only a Makefile listing modules
to build (Kbuild's ``obj-m``) is read.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile

_MODULES = lazyre.compile(r"^[^#\n]{0,200}/lib/modules/", re.MULTILINE)
"""A line, not a comment, naming the kernels' module trees."""
_MODULE_BUILD = lazyre.compile(r"^\s{0,8}obj-m\s{0,8}[:+]?=", re.MULTILINE)
"""Kbuild's list of the modules to build: the Makefile builds kernel modules (one that only
installs into ``/lib/modules`` builds none)."""


def kernel_headers(file: SourceFile) -> list[Requirement]:
    """The kernel headers need of a Makefile building against the kernel's build tree."""
    found = _MODULES.search(file.text)
    if found is None or _MODULE_BUILD.search(file.text) is None:
        return []
    line = file.text.count("\n", 0, found.start()) + 1
    text = found.group(0).strip()[:200] + "... (the running kernel's build tree)"
    return [file.requirement("system_package", "linux-headers", line, text=text)]
