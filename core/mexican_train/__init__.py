"""Mexican Train: engine, events, options, record, view, trains, doubles.

Rules: docs/rules/mexican-train.md.
"""
