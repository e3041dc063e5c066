"""Pure-Python rules engines for Three-Player Moon, Texas 42 and Mexican Train.

Nothing in this package imports Textual or Rich (``tests/test_import_hygiene.py``
checks it), so engines, bots, records and the arena run headless.
"""
