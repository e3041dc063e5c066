"""Playing a game without the screen: sessions, saves, autosave and preferences (no Textual here)."""
