"""Suite-wide settings.

Property tests run derandomized in CI (``CI=true``) so a run is reproducible:
the same commit always explores the same examples. Locally they explore freely.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
