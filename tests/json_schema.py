"""A small JSON Schema checker for the keywords the views' schema uses.

``jsonschema`` validates a view in a few milliseconds; the tests check tens of
thousands of views, so they use this checker, which compiles the schema once into
nested functions, and compare it with ``jsonschema`` on a sample.  It knows only the
keywords of ``five_hundred/schemas/view.schema.json`` and refuses any other, so a
schema change that needs more cannot pass unchecked.
"""

import re
from collections.abc import Callable
from typing import Any

__all__ = ["compile_schema"]

Check = Callable[[Any], str | None]
"""A compiled schema: ``None`` for a valid value, else where and why it is not."""

_KNOWN = {
    "$schema", "$id", "$defs", "$ref", "title", "description", "type", "enum",
    "const", "pattern", "anyOf", "properties", "required", "additionalProperties",
    "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "minimum",
    "maximum",
}  # fmt: skip

_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: type(v) is int,
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
}


def compile_schema(schema: dict[str, Any]) -> Check:
    """The checker of ``schema`` (its ``$defs`` resolved by ``#/$defs/name``)."""
    defs: dict[str, Check] = {}
    raw = schema.get("$defs", {})

    def ref(name: str) -> Check:
        def check(value: Any) -> str | None:
            if name not in defs:
                defs[name] = build(raw[name])
            return defs[name](value)

        return check

    def build(node: dict[str, Any]) -> Check:
        unknown = set(node) - _KNOWN
        if unknown:
            msg = f"keywords this checker does not know: {sorted(unknown)}"
            raise ValueError(msg)
        checks: list[Check] = []
        if "$ref" in node:
            checks.append(ref(node["$ref"].removeprefix("#/$defs/")))
        if "type" in node:
            names = node["type"] if isinstance(node["type"], list) else [node["type"]]
            tests = [_TYPES[name] for name in names]
            checks.append(
                lambda v: None if any(t(v) for t in tests) else f"not {names}: {v!r}"
            )
        if "const" in node:
            const = node["const"]
            checks.append(
                lambda v: None if v == const and type(v) is type(const) else "not const"
            )
        if "enum" in node:
            enum = node["enum"]
            checks.append(lambda v: None if v in enum else f"{v!r} not in {enum}")
        if "pattern" in node:
            pattern = re.compile(node["pattern"])
            checks.append(
                lambda v: (
                    None
                    if not isinstance(v, str) or pattern.search(v)
                    else f"{v!r} does not match"
                )
            )
        if "minimum" in node or "maximum" in node:
            low, high = node.get("minimum", -(10**100)), node.get("maximum", 10**100)
            checks.append(
                lambda v: (
                    None
                    if type(v) is not int or low <= v <= high
                    else f"{v} out of range"
                )
            )
        if "anyOf" in node:
            options = [build(option) for option in node["anyOf"]]
            checks.append(
                lambda v: (
                    None
                    if any(option(v) is None for option in options)
                    else f"no option fits {v!r}"
                )
            )
        if "properties" in node or "required" in node:
            checks.append(_object(node, build))
        if {"items", "prefixItems", "minItems", "maxItems", "uniqueItems"} & set(node):
            checks.append(_array(node, build))

        def check(value: Any) -> str | None:
            for one in checks:
                error = one(value)
                if error is not None:
                    return error
            return None

        return check

    return build(schema)


def _object(node: dict[str, Any], build: Callable[[dict[str, Any]], Check]) -> Check:
    props = {name: build(sub) for name, sub in node.get("properties", {}).items()}
    required = node.get("required", [])
    closed = node.get("additionalProperties", True) is False

    def check(value: Any) -> str | None:
        if not isinstance(value, dict):
            return None
        missing = [key for key in required if key not in value]
        if missing:
            return f"missing {missing}"
        if closed and not value.keys() <= props.keys():
            return f"unknown keys {sorted(set(value) - set(props))}"
        for key, item in value.items():
            if key in props:
                error = props[key](item)
                if error is not None:
                    return f"{key}: {error}"
        return None

    return check


def _array(node: dict[str, Any], build: Callable[[dict[str, Any]], Check]) -> Check:
    prefix = [build(sub) for sub in node.get("prefixItems", [])]
    rest = build(node["items"]) if "items" in node else None
    low, high = node.get("minItems", 0), node.get("maxItems", 10**9)
    unique = node.get("uniqueItems", False)

    def check(value: Any) -> str | None:
        if not isinstance(value, list):
            return None
        if not low <= len(value) <= high:
            return f"{len(value)} items, not {low} to {high}"
        if unique and len({repr(item) for item in value}) != len(value):
            return "items repeat"
        for index, item in enumerate(value):
            one = prefix[index] if index < len(prefix) else rest
            error = None if one is None else one(item)
            if error is not None:
                return f"[{index}]: {error}"
        return None

    return check
