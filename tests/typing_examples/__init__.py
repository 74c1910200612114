"""Typing examples: the public API as a type checker sees it, checked by mypy and pytest."""
