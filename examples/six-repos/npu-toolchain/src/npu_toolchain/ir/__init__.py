"""The kernel IR front end: ``parse`` text into a module, ``check`` its types, ``render`` it
back to canonical text."""

from npu_toolchain.ir.errors import IRError
from npu_toolchain.ir.parser import parse
from npu_toolchain.ir.printer import render
from npu_toolchain.ir.typecheck import check

__all__ = ["IRError", "check", "parse", "render"]
