"""Every schema problem of a manifest, not only the first: ``msgspec`` stops at the first bad
value, so a manifest with five mistakes took five edit-and-rerun rounds (outsider23b D5).
The document is walked along the manifest's structs: each table's keys checked against the
struct's fields (unknown and missing ones), each array of tables item by item, and each other
value converted on its own, so one bad value never hides the next."""

from __future__ import annotations

import typing
from typing import Any, Union

import msgspec

from bringup.scan.tomlpos import parse_path

Segment = Union[str, int]


class SchemaProblem(typing.NamedTuple):
    """One bad value: what is wrong, where (``segments`` from the document's root), and
    whether the key itself is the fault (an unknown field: underline the key, not its value)."""

    message: str
    segments: list[Segment]
    key_only: bool = False


def _struct_type(kind: Any) -> Any:
    """``kind`` when it is a msgspec struct class, else None."""
    return kind if isinstance(kind, type) and issubclass(kind, msgspec.Struct) else None


def _tuple_item(kind: Any) -> Any:
    """The struct of a ``tuple[Struct, ...]`` field (an array of tables), else None."""
    if typing.get_origin(kind) is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return _struct_type(args[0])
    return None


def _shown(segments: list[Segment]) -> str:
    return "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in segments).lstrip(".")


def _leaf(value: Any, kind: Any, segments: list[Segment]) -> list[SchemaProblem]:
    try:
        msgspec.convert(value, type=kind, strict=True)
    except msgspec.ValidationError as problem:
        message, _, inner = str(problem).partition(" - at ")
        where = [*segments, *parse_path(inner.strip("`"))] if inner else segments
        return [SchemaProblem(f"{message} (at {_shown(where)})", where)]
    return []


def schema_problems(value: Any, kind: Any, segments: list[Segment]) -> list[SchemaProblem]:
    """The problems of ``value`` read as ``kind``, in document order."""
    struct = _struct_type(kind)
    if struct is None or not isinstance(value, dict):
        return _leaf(value, kind, segments)
    fields = {f.encode_name: f for f in msgspec.structs.fields(struct)}
    problems: list[SchemaProblem] = []
    for name, info in fields.items():
        if info.required and name not in value:
            shown = f" (at {_shown(segments)})" if segments else ""
            problems.append(
                SchemaProblem(f"Object missing required field `{name}`{shown}", segments)
            )
    for key, item in value.items():
        field = fields.get(key)
        if field is None:
            where = [*segments, key]
            shown = f" (at {_shown(segments)})" if segments else ""
            problems.append(
                SchemaProblem(f"Object contains unknown field `{key}`{shown}", where, True)
            )
            continue
        item_struct = _tuple_item(field.type)
        if item_struct is not None and isinstance(item, list):
            for index, element in enumerate(item):
                problems += schema_problems(element, item_struct, [*segments, key, index])
        else:
            problems += schema_problems(item, field.type, [*segments, key])
    return problems
