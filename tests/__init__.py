"""Tests for five_hundred (a package, so test modules can share tests.strategies)."""
