"""Rules settings: one declaration per setting, used by engines, records, CLI and UI."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from core.errors import OptionError


@dataclass(frozen=True)
class OptionSpec:
    """A rules setting, named as in the rules files.

    ``choices`` lists the allowed values when they are few (the UI offers them);
    ``parse`` turns a command-line string into a value and raises ``ValueError``
    with a readable message when it is not allowed (it must also accept the value
    itself, e.g. from a record's JSON header).
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    parse: Callable[[Any], Any] | None = None
    label: str = ""     # how screens name it, when its name in words will not do

    @property
    def words(self) -> str:
        """The setting's name for people, as within a sentence: ``first_turn`` -> "first turn"."""
        return self.label or self.name.replace("_", " ")

    @property
    def title(self) -> str:
        """The setting's name for people, as a heading: "First turn"."""
        return self.words[:1].upper() + self.words[1:]

    def coerce(self, raw: Any) -> Any:
        if self.parse is not None:
            try:
                return self.parse(raw)
            except (ValueError, TypeError) as exc:
                raise OptionError(f"{self.name}: {exc}") from None
        for choice in self.choices:
            if raw == choice or str(raw).lower() == str(choice).lower():
                return choice
        allowed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices)
        raise OptionError(f"{self.name}: {raw!r} is not one of {allowed}")


def value_in_words(value: Any) -> str:
    """A setting's value for people: on/off, ``own_suit`` -> "own suit"."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value).replace("_", " ")


def parse_bool(raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("true", "on", "yes", "1"):
        return True
    if text in ("false", "off", "no", "0"):
        return False
    raise ValueError(f"{raw!r} is not true or false")


def parse_int(low: int, high: int | None = None) -> Callable[[Any], int]:
    def parse(raw: Any) -> int:
        if isinstance(raw, bool):
            raise ValueError(f"{raw!r} is not a whole number")
        try:
            value = int(str(raw).strip())
        except ValueError:
            raise ValueError(f"{raw!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            bound = f"{low} to {high}" if high is not None else f"at least {low}"
            raise ValueError(f"{value} is out of range ({bound})")
        return value

    return parse


@dataclass
class OptionTable:
    """The settings of one game, in the order the rules file lists them."""

    specs: tuple[OptionSpec, ...]
    by_name: dict[str, OptionSpec] = field(init=False)

    def __post_init__(self) -> None:
        self.by_name = {s.name: s for s in self.specs}

    def defaults(self) -> dict[str, Any]:
        return {s.name: s.default for s in self.specs}

    def resolve(self, given: dict[str, Any] | None = None) -> dict[str, Any]:
        """Defaults overlaid with ``given``; unknown names raise :class:`OptionError`."""
        values = self.defaults()
        for name, raw in (given or {}).items():
            spec = self.by_name.get(name)
            if spec is None:
                known = ", ".join(self.by_name)
                raise OptionError(f"unknown setting {name!r} (settings: {known})")
            values[name] = spec.coerce(raw)
        return values
