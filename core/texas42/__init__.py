"""Texas 42: engine, events, options, record, view, bidding and scoring (rules: docs/rules/texas42.md)."""
