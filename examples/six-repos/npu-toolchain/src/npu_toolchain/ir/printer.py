"""Canonical text for a module; ``parse(render(m)) == m`` for every parsed module."""

from __future__ import annotations

from npu_toolchain.ir.nodes import Function, Module


def _function(function: Function) -> str:
    params = ", ".join(f"{p.name}: {p.type}" for p in function.params)
    lines = [f"func {function.name}({params}) -> {function.result} {{"]
    for assign in function.body:
        lines.append(f"  {assign.target} = {assign.value.op}({', '.join(assign.value.args)})")
    lines.append(f"  return {function.ret.value}")
    lines.append("}")
    return "\n".join(lines)


def render(module: Module) -> str:
    return "\n\n".join(_function(f) for f in module.functions) + "\n"
