"""A small character canvas: place text blocks at (x, y), get Rich Text lines back."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich.style import Style
from rich.text import Text


class Canvas:
    """A ``width`` × ``height`` grid of styled cells (one character per cell)."""

    def __init__(self, width: int, height: int) -> None:
        self.width = max(0, width)
        self.height = max(0, height)
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles: list[list[str]] = [[""] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        """Write ``text`` from (x, y) to the right, clipped to the canvas."""
        if not 0 <= y < self.height:
            return
        for i, ch in enumerate(text):
            col = x + i
            if 0 <= col < self.width:
                self.chars[y][col] = ch
                self.styles[y][col] = style

    def is_free(self, x: int, y: int, length: int) -> bool:
        """Whether the cells (x, y) .. (x + length - 1, y) hold nothing (cells off the canvas
        count as free)."""
        if not 0 <= y < self.height:
            return True
        row = self.chars[y]
        return all(row[col] == " " for col in range(max(0, x), min(self.width, x + length)))

    def put_text(self, x: int, y: int, text: Text) -> None:
        """Write a Rich Text (one line), keeping its styles."""
        for offset, (ch, style) in enumerate(_cells(text)):
            self.put(x + offset, y, ch, style)

    def put_block(self, x: int, y: int, lines: Sequence[str | Text], style: str = "") -> None:
        for row, line in enumerate(lines):
            if isinstance(line, Text):
                self.put_text(x, y + row, line)
            else:
                self.put(x, y + row, line, style)

    def put_centered(self, y: int, text: str | Text, style: str = "", left: int = 0,
                     width: int | None = None) -> None:
        width = self.width - left if width is None else width
        length = text.cell_len if isinstance(text, Text) else len(text)
        x = left + max(0, (width - length) // 2)
        if isinstance(text, Text):
            self.put_text(x, y, text)
        else:
            self.put(x, y, text, style)

    def lines(self) -> list[Text]:
        out = []
        for chars, styles in zip(self.chars, self.styles):
            line = Text()
            run, run_style = "", None
            for ch, style in zip(chars, styles):
                if style != run_style and run:
                    line.append(run, style=run_style or "")
                    run = ""
                run_style = style
                run += ch
            if run:
                line.append(run, style=run_style or "")
            out.append(line)
        return out

    def to_text(self) -> Text:
        return Text("\n").join(self.lines())


def _cells(text: Text) -> Iterator[tuple[str, str]]:
    plain = text.plain
    styles = [""] * len(plain)
    for span in text.spans:
        style = str(span.style) if not isinstance(span.style, Style) else str(span.style)
        for i in range(span.start, min(span.end, len(plain))):
            styles[i] = (styles[i] + " " + style).strip()
    base = str(text.style) if text.style else ""
    for ch, style in zip(plain, styles):
        yield ch, (base + " " + style).strip()
