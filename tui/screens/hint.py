"""Hints that explain (key ``h``): the expert's choice for the decision at hand, and why.

The expert bot's ``explain(view, legal, rng)`` rates every legal choice from
the human's view alone (:class:`~core.bots.base.Rated`); the hint lists them
with the figure each rests on and the expert's reason ("Play 6-4  71%  you make
5 in 71% of 40 sampled deals"). For Mexican Train it adds the chain the player
could lay on their own train and the pips the suggested play sheds. The work runs
in a thread worker (group ``"hint"``) with a visible spinner, so the table never
freezes; nothing about the game changes.

The figure, and the order of the rows (the first is the suggestion):

* a play, discard or trump in Moon or 42: the chance, in whole percent, that the
  bid is made, over the sampled deals; highest first for the bidding side, lowest
  first for the defenders;
* a bid: the expected gain of the bid this hand as the expert counts it: Moon
  points (+bid made, -bid set, a made moon 40 as it wins the game), 42 marks (or
  points under a points target), from the sampled chance of making it, counted
  lower where open-handed deals flatter the bidder (the reason says so); a pass
  its rough worth;
* Mexican Train: the pips the player is expected to be ahead of the table when
  the round ends.

Rows go by the figure as shown (equal figures: the likelier bid, then the
expert's own order), so the number a row shows is the number it is ranked by.
Every hint rests on at least :data:`HINT_MIN_DEALS` sampled deals, even with a
tiny budget or on a busy machine (the experts' ``min_deals``); the hint says how
many.

``compute_hint`` is the plain function behind the screen (tests call it). The
app may set ``hint_bot_options`` (keyword arguments for the expert, e.g.
``{"budget_s": 0.2}`` or ``{"samples": 4, "nodes": 2000}``) to bound the work.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Sequence, cast

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import LoadingIndicator, Static
from textual.worker import Worker, WorkerState

import styles
from core.commands import Command, Draw, Pass, Play
from core.errors import OptionError
from core.narration import describe_command
from core.registry import game_info
from core.wording import echo_free, plural
from tui.keys import as_shown
from tui.plain_text import row as plain_row

if TYPE_CHECKING:      # the game screen opens this one
    from tui.screens.game_base import GameScreen

AIDS_CSS = Path(styles.__file__).parent / "aids.tcss"
MAX_ROWS = 12
HINT_MIN_DEALS = 32       # every hint rests on at least this many sampled deals


@dataclass
class HintRow:
    command: Command
    label: str
    reason: str
    value: float | None = None
    figure: str = ""          # the figure shown, e.g. "71%", "+0.40 marks"
    deals: int = 0            # sampled deals behind it (0: none)


@dataclass
class Hint:
    """The expert's advice: ``best`` first in ``rows``; ``notes`` add context (plans).

    ``deals``: the fewest sampled deals any row rests on (``None``: no search);
    ``measure``: what the figures are, in words ("" if none)."""

    best: Command
    rows: list[HintRow]
    notes: list[str] = field(default_factory=list)
    source: str = "expert"
    deals: int | None = None
    measure: str = ""


def hint_rng(game: Any, player: int, decision_index: int) -> random.Random:
    """The hint's own generator (never the game's or a bot's): same decision, same hint."""
    return random.Random(f"hint:{game.seed}:{player}:{decision_index}")


def _make_expert(game_name: str, options: dict[str, Any] | None) -> Any | None:
    from core.bots import bot_class
    try:
        cls = bot_class(game_name, "expert")
    except OptionError:
        return None
    options = dict(options or {})
    options.setdefault("min_deals", HINT_MIN_DEALS)
    try:
        return cls(**options)
    except TypeError:            # a bot without fixed-work knobs: keep only the budget
        return cls(budget_s=options.get("budget_s"))


def ranked_by_figure(rated: Sequence[Any]) -> list[Any]:
    """``rated`` (:class:`~core.bots.base.Rated`, the expert's order) by the figure shown:
    best first (a higher figure first, or lower where ``better`` is -1); equal figures
    by the likelier bid, then in the expert's order; rows without a figure last."""
    def key(item):
        i, r = item
        if r.figure is None:
            return (1, 0.0, 0.0, i)
        chance = -r.better * r.chance if r.chance is not None else 0.0
        return (0, -r.better * r.figure, chance, i)
    return [r for _, r in sorted(enumerate(rated), key=key)]


def measure_of(rated: Sequence[Any], deals: int | None) -> str:
    """What the figures of ``rated`` are, in words, with the deals they rest on."""
    units = {r.unit for r in rated if r.figure is not None}
    over = f" over {deals} sampled deals" if deals else ""
    if "%" in units:
        side = ("lowest first, as you defend" if any(r.better < 0 for r in rated)
                else "highest first")
        return f"Figures: the chance the bid is made,{over}; {side}."
    if units & {"marks", "points"}:
        unit = "marks" if "marks" in units else "points"
        return (f"Figures: what each choice is expected to gain you this hand, in {unit},"
                f"{over}; best first.")
    if "pips" in units:
        return (f"Figures: the pips you are expected to be ahead of the table when the "
                f"round ends,{over}; best first.")
    return ""


def compute_hint(game_name: str, view: Any, legal: Sequence[Command], rng: random.Random,
                 bot_options: dict[str, Any] | None = None,
                 names: Sequence[str] | None = None) -> Hint:
    """The expert's choice among ``legal`` for ``view``'s player, with reasons, best first."""
    legal = list(legal)
    if not legal:
        raise ValueError("There is no decision to make now.")
    player = getattr(view, "player", None)

    def label(c: Command) -> str:
        return describe_command(game_name, c, names, player)

    rows: list[HintRow] = []
    source = "expert"
    deals: int | None = None
    measure = ""
    if len(legal) == 1:
        rows = [HintRow(legal[0], label(legal[0]), "the only legal choice")]
    else:
        bot = _make_expert(game_name, bot_options)
        explain = getattr(bot, "explain", None)
        analyse = getattr(bot, "analyse", None)
        if callable(explain):
            rated = ranked_by_figure(explain(view, legal, rng))
            counts = [r.deals for r in rated if r.deals]
            deals = min(counts) if counts else None
            measure = measure_of(rated, deals)
            rows = [HintRow(r.command, label(r.command), str(r.reason), float(r.value),
                            r.shown(), r.deals) for r in rated]
        elif callable(analyse):
            rows = [HintRow(c, label(c), str(reason), float(value))
                    for c, value, reason in analyse(view, legal, rng)]
        elif bot is not None:
            c = bot.choose(view, legal, rng)
            rows = [HintRow(c, label(c), "the expert's choice")]
        else:
            source = "rule of thumb"
            c = _fallback_choice(game_name, view, legal)
            rows = [HintRow(c, label(c), "no expert is installed for this game; "
                                         "a simple rule of thumb")]
    notes = train_notes(view, rows[0].command) if game_info(game_name).table == "hub" else []
    return Hint(rows[0].command, rows, notes, source, deals, measure)


def _fallback_choice(game_name: str, view: Any, legal: list[Command]) -> Command:
    """Without an expert: for Mexican Train start the planned chain or shed the most pips."""
    plays = [c for c in legal if isinstance(c, Play)]
    if not plays:
        return legal[0]
    if game_info(game_name).table == "hub":             # lay the planned chain
        chain = planned_chain(view)
        own = [c for c in plays if chain and c.tile == chain[0] and c.train == view.player]
        if own:
            return own[0]
    return max(plays, key=lambda c: c.tile.pips)


def planned_chain(view: Any) -> tuple[Any, ...]:
    """The longest chain of the player's tiles from the open end of their own train."""
    from core.bots.mexican_train.planning import best_chain
    train = view.my_train
    return best_chain(train.open_end, view.hand)


def train_notes(view: Any, best: Command) -> list[str]:
    """Mexican Train context: the chain for your own train and the pips the play sheds."""
    notes: list[str] = []
    try:
        chain = planned_chain(view)
        end = view.my_train.open_end
    except (AttributeError, IndexError, TypeError):
        return notes
    hand_pips = sum(t.pips for t in view.hand)
    if chain:
        laid, cur = [], end
        for t in chain:
            nxt = t.other(cur) if t.has(cur) else t.low
            laid.append(f"{cur}-{nxt}")
            cur = nxt
        pips = sum(t.pips for t in chain)
        notes.append(f"Your train's plan from its open end {end}: {' '.join(laid)} "
                     f"({plural(len(chain), 'tile')}, {plural(pips, 'pip')}).")
        spare = [t for t in view.hand if t not in chain]
        if spare:
            notes.append("Not in the plan (shed these on other trains when you can): "
                         + " ".join(str(t) for t in spare) + ".")
    else:
        notes.append(f"No tile of yours fits your train's open end ({end}).")
    if isinstance(best, Play):
        notes.append(f"Playing {best.tile} sheds {plural(best.tile.pips, 'pip')}; "
                     f"{hand_pips - best.tile.pips} would be left in your hand.")
    elif isinstance(best, Draw):
        notes.append("Nothing you hold can be played: draw.")
    elif isinstance(best, Pass):
        notes.append("Nothing can be played and the boneyard is empty: pass.")
    return notes


def _deals_line(hint: Hint) -> str:
    if hint.measure:
        return hint.measure
    if hint.deals:
        return f"Rests on {hint.deals} sampled deals."
    return ""


def hint_text(hint: Hint, limit: int = MAX_ROWS) -> Text:
    """The hint as plain text lines (the screen shows :func:`hint_renderable`)."""
    text = Text()
    text.append("Suggestion: ", style="bold")
    text.append(hint.rows[0].label, style="bold reverse")
    text.append(f" ({hint.source})\n")
    for note in hint.notes:
        text.append(f"{note}\n")
    if _deals_line(hint):
        text.append(f"{_deals_line(hint)}\n")
    text.append("\nWhy, best first:\n", style="bold underline")
    shown = hint.rows[:limit]
    width = min(28, max(len(r.label) for r in shown) + 1)
    fig = max((len(r.figure) for r in shown), default=0)
    for i, row in enumerate(shown):
        mark = "▶ " if i == 0 else "  "
        text.append(mark + f"{row.label:<{width}}", style="bold" if i == 0 else "")
        if fig:
            text.append(f" {row.figure:>{fig}}", style="bold")
        text.append(f" {echo_free(row.label, row.reason)}".rstrip() + "\n")
    if len(hint.rows) > limit:
        text.append(f"  … and {plural(len(hint.rows) - limit, 'more choice')}, rated lower.\n")
    text.rstrip()
    return text


def hint_renderable(hint: Hint, limit: int = MAX_ROWS) -> Group:
    """The hint for the screen: the suggestion and notes, then a table of choices,
    their figures and reasons (long reasons wrap inside their column)."""
    head = Text()
    head.append("Suggestion: ", style="bold")
    head.append(hint.rows[0].label, style="bold reverse")
    head.append(f" ({hint.source})")
    for note in hint.notes:
        head.append(f"\n{note}")
    if _deals_line(hint):
        head.append(f"\n{_deals_line(hint)}")
    table = Table(box=None, show_header=False, pad_edge=False, expand=True,
                  padding=(0, 1, 0, 0), title="Why, best first:", title_justify="left",
                  title_style="bold underline")
    shown = hint.rows[:limit]
    figures = any(r.figure for r in shown)
    table.add_column(width=2, no_wrap=True)
    table.add_column(no_wrap=True, max_width=30)
    if figures:
        table.add_column(no_wrap=True, justify="right")
    table.add_column(ratio=1)
    for i, row in enumerate(shown):
        cells = ["▶" if i == 0 else "", Text(row.label, style="bold" if i == 0 else "")]
        if figures:
            cells.append(Text(row.figure, style="bold"))
        cells.append(Text(echo_free(row.label, row.reason)))
        table.add_row(*plain_row(*cells))
    parts: list[Any] = [head, Text(""), table]
    if len(hint.rows) > limit:
        parts.append(Text(f"  … and {plural(len(hint.rows) - limit, 'more choice')}, "
                          "rated lower."))
    return Group(*parts)


class HintScreen(ModalScreen[None]):
    """Shows the expert's hint for the human's decision; computing it never blocks the UI."""

    CSS_PATH = AIDS_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,h,enter", "close", "Close", key_display="h", id="hint.close"),
        Binding("up,k", "scroll(-1)", "Up", show=False, id="hint.up"),
        Binding("down,j", "scroll(1)", "Down", show=False, id="hint.down"),
    ]

    def __init__(self, game_name: str, view: Any, legal: Sequence[Command],
                 rng: random.Random, *, names: Sequence[str] | None = None,
                 bot_options: dict[str, Any] | None = None,
                 compute: Callable[..., Hint] | None = None) -> None:
        super().__init__()
        self.game_name = game_name
        self.view = view
        self.legal = list(legal)
        self.rng = rng
        self.names = list(names) if names else None
        self.bot_options = bot_options
        self.compute = compute or compute_hint
        self.hint: Hint | None = None
        self.failure: str = ""

    @classmethod
    def for_screen(cls, screen: GameScreen, bot_options: dict[str, Any] | None = None,
                   compute: Callable[..., Hint] | None = None) -> HintScreen:
        """The hint for the decision due on ``screen``, from the view its table shows
        (:meth:`GameScreen.current_view`, built once per change of the game)."""
        return cls.for_session(screen.session, bot_options, compute,
                               view=screen.current_view())

    @classmethod
    def for_session(cls, session: Any, bot_options: dict[str, Any] | None = None,
                    compute: Callable[..., Hint] | None = None, *,
                    view: Any = None) -> HintScreen:
        """The hint for ``session``'s decision due, from ``view`` (the viewer's view of the
        game as it stands; built from the session when not given)."""
        if view is None:
            view = session.view()
        player = view.player
        return cls(session.game.name, view, list(view.legal),
                   hint_rng(session.game, player, session.decision_index),
                   names=[s.name for s in session.seats], bot_options=bot_options,
                   compute=compute)

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-box", classes="aids-box"):
            yield Static("Hint", id="hint-title", classes="aids-title")
            with Vertical(id="hint-thinking"):
                yield LoadingIndicator(id="hint-spinner")
                yield Static(as_shown(self.app, "The expert is weighing your choices…"),
                             id="hint-wait")
            with VerticalScroll(id="hint-body", classes="aids-body"):
                yield Static("", id="hint-text")
            yield Static(as_shown(self.app, "h / q / Esc close · the game is unchanged"),
                         id="hint-hint",
                         classes="aids-hint")

    def on_mount(self) -> None:
        self.query_one("#hint-body").display = False
        self.run_worker(partial(self.compute, self.game_name, self.view, self.legal, self.rng,
                                self.bot_options, self.names),
                        name="hint", group="hint", exclusive=True, thread=True,
                        exit_on_error=False)

    def plain_text(self) -> str:
        """The hint shown, as plain text ("" while the expert thinks)."""
        if self.hint is not None:
            return hint_text(self.hint).plain
        return f"No hint this time: {self.failure}" if self.failure else ""

    @property
    def busy(self) -> bool:
        return self.hint is None and not self.failure

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "hint":
            return
        if event.state == WorkerState.SUCCESS:
            hint = cast(Hint, worker.result)  # what a finished hint worker returns
            self.hint = hint
            self._show(hint_renderable(hint))
        elif event.state == WorkerState.ERROR:
            self.failure = str(worker.error) or type(worker.error).__name__
            self._show(Text(f"No hint this time: {self.failure}"))

    def _show(self, text: Any) -> None:
        self.query_one("#hint-thinking").display = False
        body = self.query_one("#hint-body")
        body.display = True
        self.query_one("#hint-text", Static).update(as_shown(self.app, text))

    def action_scroll(self, step: int) -> None:
        self.query_one("#hint-body", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        self.workers.cancel_group(self, "hint")
        self.dismiss(None)
