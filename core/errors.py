"""Typed errors. Every message is meant to be shown to a player as it is."""

from __future__ import annotations

from core.text import plain


class DominoError(Exception):
    """Base class for every error this package raises on purpose."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


class IllegalMove(DominoError):
    """A command the rules do not allow now; the game state is unchanged."""


class NotYourTurn(IllegalMove):
    """The command names a player who is not the one to act."""


class WrongPhase(IllegalMove):
    """The command is not the kind of decision that is due (e.g. a bid during play)."""


class IllegalBid(IllegalMove):
    pass


class IllegalTrump(IllegalMove):
    pass


class IllegalPlay(IllegalMove):
    """A tile that may not be played (not held, does not follow, does not match)."""


class GameOver(IllegalMove):
    """The game has ended; no further commands are accepted."""


class OptionError(DominoError):
    """An unknown rules setting, or a value the setting does not allow."""


class RecordError(DominoError):
    """A game record that cannot be read or replayed.

    ``path`` and ``line`` (1-based, or ``None``) say where; ``fault`` says what.
    """

    def __init__(self, fault: str, path: str | None = None, line: int | None = None) -> None:
        self.fault = fault
        self.path = path
        self.line = line
        # The file name and the fault (which may quote the file) are the file's text:
        # control characters become visible stand-ins and the line stays bounded.
        where = plain(path, 200) if path else "<record>"
        if line is not None:
            where = f"{where}, line {line}"
        super().__init__(f"{where}: {plain(fault, 400)}")
