"""The table protocol's messages: one JSON object per line, checked on arrival.

Written down for people in docs/protocol.md. Every message is a JSON object of at
most :data:`MAX_LINE` bytes (with its newline) holding ``"type"``; what each type
must hold is in :data:`CLIENT_MESSAGES`. :func:`read_message` turns one received
line into a checked dict, or raises :class:`ProtocolError` with the code and the
reason the other side is sent back -- it never lets a malformed line reach a table.

No Textual, no I/O here.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["CLIENT_MESSAGES", "MAX_LINE", "PROTOCOL_VERSION", "ProtocolError", "encode_message",
           "read_message", "valid_table_name"]

PROTOCOL_VERSION = 1
MAX_LINE = 64 * 1024
"""The longest line either side sends or accepts, in bytes."""
MAX_NAME = 32

_TABLE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")

# type -> {field: (JSON types allowed, required)}
_Spec = dict[str, tuple[tuple[type, ...], bool]]
_OPT_INT = (int, type(None))
CLIENT_MESSAGES: dict[str, _Spec] = {
    "hello": {"version": ((int,), True), "player": ((str, type(None)), False),
              "name": ((str, type(None)), False),
              "client": ((str,), False)},
    "list": {},
    "open": {"game": ((str,), True), "options": ((dict,), False), "seats": ((list,), True),
             "name": ((str, type(None)), False), "level": ((str,), False),
             "aids": ((dict,), False)},
    "join": {"table": ((str,), True), "seat": (_OPT_INT, False), "watch": ((bool,), False)},
    "start": {"table": ((str,), True), "bots_fill": ((bool,), False)},
    "leave": {"table": ((str,), True)},
    "command": {"table": ((str,), True), "line": ((dict,), True)},
    "ping": {},
}
"""What a client may send: each type's fields, the JSON types each may take, and
whether it must be there. Other fields are refused."""


class ProtocolError(Exception):
    """A message the other side cannot take: ``code`` (a word) and a readable ``reason``."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def _type_ok(value: Any, types: tuple[type, ...]) -> bool:
    if isinstance(value, bool) and bool not in types:
        return False                               # JSON true is not a number here
    return isinstance(value, types)


def read_message(raw: bytes, spec: dict[str, _Spec] | None = None) -> dict[str, Any]:
    """The checked message in ``raw`` (one line, newline included or not)."""
    if len(raw) > MAX_LINE:
        raise ProtocolError("too_big", f"a message is at most {MAX_LINE} bytes")
    try:
        message = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ProtocolError("malformed", "a message is one JSON object on one line") from None
    if not isinstance(message, dict):
        raise ProtocolError("malformed", "a message is a JSON object")
    kind = message.get("type")
    table = CLIENT_MESSAGES if spec is None else spec
    if not isinstance(kind, str) or kind not in table:
        shown = kind[:24] if isinstance(kind, str) else type(kind).__name__
        raise ProtocolError("unknown_type", f"unknown message type {shown!r}")
    fields = table[kind]
    for name in message:
        if name != "type" and name not in fields:
            raise ProtocolError("malformed", f"{kind}: unknown field {name[:24]!r}")
    for name, (types, required) in fields.items():
        if name not in message:
            if required:
                raise ProtocolError("malformed", f"{kind}: {name} is missing")
            continue
        if not _type_ok(message[name], types):
            raise ProtocolError("malformed", f"{kind}: {name} has the wrong type")
    return message


def encode_message(kind: str, **fields: Any) -> bytes:
    """One message, as the line to send; :class:`ProtocolError` if it would be too long."""
    data = json.dumps({"type": kind, **fields}, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8") + b"\n"
    if len(data) > MAX_LINE:
        raise ProtocolError("too_big", f"a {kind} message would be {len(data)} bytes")
    return data


def valid_table_name(name: str) -> bool:
    """A table's short name: lower-case letters, digits and dashes, 1-32 long."""
    return bool(_TABLE_NAME.match(name))
