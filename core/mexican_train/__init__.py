"""Mexican Train: engine, events, options, record, view, trains and doubles (rules: docs/rules/mexican-train.md)."""
