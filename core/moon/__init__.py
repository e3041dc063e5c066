"""Three-Player Moon: engine, events, options, record, view (rules: docs/rules/moon.md)."""
