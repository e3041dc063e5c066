"""Statistics (``t`` on the title screen): the player's finished games, per game type.

Four pages, one at a time: all games (win rates side by side), then Moon,
Texas 42 and Mexican Train (games, wins, average score, bids made and set by
size, best and worst round). Every number is written as text next to its bar,
so the page reads the same in 16 colours or with ``NO_COLOR``.

The records are read in a thread worker (group "statistics") from the save
folder and the history folder of the data directory (``tui.play.saves``); the
numbers come from :mod:`core.statistics`.

Keys: 1-4 or ←/→ change page, ↑/↓ scroll, q / Escape / t close.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Static
from textual.worker import Worker, WorkerState

import styles
from core.registry import game_info
from core.statistics import GAMES, TITLES, GameStats, Statistics, collect
from tui.keys import as_shown
from tui.widgets.bar_chart import Bar, BarChart
from tui.widgets.keys_footer import KeysFooter

STYLES = Path(styles.__file__).parent / "statistics.tcss"
PAGES: tuple[str, ...] = ("all",) + GAMES
SHORT_TITLES = {"all": "All", "moon": "Moon", "texas42": "Texas 42",
                "mexican_train": "Mexican Train"}


def record_folders(app: Any) -> list[Path]:
    """Where finished games are kept: the saves folder and the history folder(s)."""
    from tui.play import saves
    base = getattr(app, "save_dir", None)
    root = Path(base) if base is not None else saves.data_dir()
    folders = [saves.saves_dir(base), root / "history"]
    history = getattr(saves, "history_dir", None)
    if callable(history):
        try:
            folders.append(Path(history(base)))
        except (TypeError, OSError):
            pass
    unique: list[Path] = []
    for folder in folders:
        if folder not in unique:
            unique.append(folder)
    return unique


def percent(fraction: float | None) -> str:
    return "—" if fraction is None else f"{round(fraction * 100)}%"


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def _when(finished_at: float | None) -> str:
    return "" if finished_at is None else time.strftime("%Y-%m-%d", time.localtime(finished_at))


# -- page contents (plain functions, so they can be checked without a screen) -----------

def overview_text(stats: Statistics) -> Text:
    text = Text()
    played = stats.played
    won = sum(g.won for g in stats.games.values())
    if not played:
        text.append("No finished games yet.\n", style="bold")
        text.append("Finish a game against the bots and its result is counted here.")
    else:
        text.append(f"Games played {played} · won {won} · win rate "
                    f"{percent(won / played)}", style="bold")
        undo = sum(g.undo_games for g in stats.games.values())
        if undo:
            text.append(f"\n{undo} of them used undo (marked ↶ on each game's page).")
    return text


def overview_bars(stats: Statistics) -> list[Bar]:
    bars = []
    for name in GAMES:
        g = stats.games[name]
        value = (f"{percent(g.win_rate)}  won {g.won} of {g.played}" if g.played
                 else "no games yet")
        bars.append(Bar(TITLES[name], g.win_rate, value))
    return bars


def footnote(stats: Statistics) -> str:
    notes = []
    if stats.unfinished:
        notes.append(f"{stats.unfinished} unfinished game{'s' if stats.unfinished != 1 else ''} "
                     "not counted")
    if stats.without_human:
        notes.append(f"{stats.without_human} bots-only game"
                     f"{'s' if stats.without_human != 1 else ''} not counted")
    if stats.unreadable:
        notes.append(f"{len(stats.unreadable)} file{'s' if len(stats.unreadable) != 1 else ''} "
                     "could not be read")
    return " · ".join(notes)


def game_text(g: GameStats) -> Text:
    text = Text()
    if not g.played:
        text.append(f"No finished {g.title} games yet.", style="bold")
        return text
    text.append(f"Played {g.played} · won {g.won} · lost {g.lost} · win rate "
                f"{percent(g.win_rate)}", style="bold")
    info = game_info(g.game)
    for unit, average in g.averages.items():
        if info.low_score_wins:
            text.append(f"\nAverage final score: {_number(average)} pips (lower is better)")
        elif info.teams:
            text.append(f"\nAverage final {unit} of your team: {_number(average)} "
                        f"({g.score_games[unit]} game{'s' if g.score_games[unit] != 1 else ''} "
                        f"to {unit})")
        else:
            text.append(f"\nAverage final score: {_number(average)} points")
    text.append(f"\n{info.hands_word.capitalize()} played: {g.hands}")
    if g.undo_games:
        text.append(f"\n↶ Undo used in {g.undo_games} of {g.played} game"
                    f"{'s' if g.played != 1 else ''}")
    if g.rounds_played:                # the rounds' own scores (Mexican Train's pips)
        for label, note in (("Best round", g.best_round), ("Worst round", g.worst_round)):
            if note is not None:
                when = _when(note.finished_at)
                text.append(f"\n{label}: {note.points} pips (round {note.round}"
                            f"{', ' + when if when else ''})")
    return text


def bid_bars(g: GameStats) -> list[Bar]:
    return [Bar(row.label, row.made_rate,
                f"made {row.made} · set {row.set}  ({percent(row.made_rate)} made)")
            for row in g.bid_rows()]


def round_bars(g: GameStats) -> list[Bar]:
    if g.best_round is None or g.worst_round is None or not g.rounds_played:
        return []
    worst = max(g.worst_round.points, 1)
    average = g.score_totals.get("pips", 0) / g.rounds_played
    return [Bar("Best round", g.best_round.points / worst, f"{g.best_round.points} pips"),
            Bar("Average round", average / worst, f"{_number(round(average, 1))} pips"),
            Bar("Worst round", g.worst_round.points / worst, f"{g.worst_round.points} pips")]


class StatisticsScreen(Screen):
    """The statistics pages."""

    CSS_PATH = [STYLES] if STYLES.exists() else None

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape,t", "close", "Back", key_display="q", id="stats.close"),
        Binding("left", "page(-1)", "Previous", show=False, id="stats.previous"),
        Binding("right", "page(1)", "Next", show=False, id="stats.next"),
        Binding("1", "show('all')", "Pages", key_display="1-4", id="stats.page_1"),
        Binding("2", "show('moon')", "Moon", show=False, id="stats.page_2"),
        Binding("3", "show('texas42')", "Texas 42", show=False, id="stats.page_3"),
        Binding("4", "show('mexican_train')", "Mexican Train", show=False, id="stats.page_4"),
        Binding("up", "scroll(-1)", "Up", show=False, id="stats.up"),
        Binding("down", "scroll(1)", "Down", show=False, id="stats.down"),
    ]

    def __init__(self, page: str = "all", folders: list[Path] | None = None) -> None:
        super().__init__()
        self.page = page if page in PAGES else "all"
        self._folders = folders
        self.stats: Statistics | None = None

    def compose(self) -> ComposeResult:
        yield Static("Statistics: your finished games", id="stats-title")
        yield Static(self._tabs(), id="stats-tabs")
        with ContentSwitcher(initial=f"stats-{self.page}", id="stats-pages"):
            for page in PAGES:
                with VerticalScroll(id=f"stats-{page}", classes="stats-page"):
                    yield Static(as_shown(self.app, "Reading your games…"),
                                 classes="stats-text")
        yield Static("", id="stats-footnote")
        yield KeysFooter(tight_first=False)

    def on_mount(self) -> None:
        folders = self._folders if self._folders is not None else record_folders(self.app)
        self.run_worker(lambda: collect(folders), name="collect", group="statistics",
                        thread=True, exclusive=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "statistics":
            return
        if event.state == WorkerState.SUCCESS:
            stats = cast(Statistics, event.worker.result)  # what collect() returned
            self.show_stats(stats)
        elif event.state == WorkerState.ERROR:
            self.query_one("#stats-footnote", Static).update(
                f"The games could not be read: {event.worker.error}")

    # -- drawing ---------------------------------------------------------------------
    def _tabs(self) -> Text:
        text = Text()
        for i, page in enumerate(PAGES, start=1):
            label = f" {i} {SHORT_TITLES[page]} "
            if page == self.page:
                text.append(f"[{label}]", style="bold reverse")
            else:
                text.append(f" {label} ")
        return text

    def show_stats(self, stats: Statistics) -> None:
        self.stats = stats
        for page in PAGES:
            pane = self.query_one(f"#stats-{page}", VerticalScroll)
            pane.remove_children()
            pane.mount_all(self._page_widgets(page, stats))
        self.query_one("#stats-footnote", Static).update(as_shown(self.app, footnote(stats)))

    def _page_widgets(self, page: str, stats: Statistics) -> list[Any]:
        if page == "all":
            return [Static(as_shown(self.app, overview_text(stats)), classes="stats-text"),
                    Static("Win rate by game", classes="stats-heading"),
                    BarChart(overview_bars(stats), id="chart-all", classes="stats-chart")]
        g = stats.games[page]
        widgets: list[Any] = [Static(as_shown(self.app, game_text(g)), classes="stats-text")]
        if game_info(page).bids and g.played:
            bars = bid_bars(g)
            widgets.append(Static("Your bids by size: share made" if bars else
                                  "You have not won a bid yet.", classes="stats-heading"))
            if bars:
                widgets.append(BarChart(bars, id=f"chart-{page}", classes="stats-chart"))
        if g.rounds_played:
            bars = round_bars(g)
            if bars:
                widgets.append(Static("Your rounds: pips scored (fewer is better)",
                                      classes="stats-heading"))
                widgets.append(BarChart(bars, id=f"chart-{page}", classes="stats-chart"))
        return widgets

    # -- keys ------------------------------------------------------------------------
    def action_show(self, page: str) -> None:
        if page not in PAGES:
            return
        self.page = page
        self.query_one("#stats-pages", ContentSwitcher).current = f"stats-{page}"
        self.query_one("#stats-tabs", Static).update(self._tabs())

    def action_page(self, step: int) -> None:
        self.action_show(PAGES[(PAGES.index(self.page) + step) % len(PAGES)])

    def action_scroll(self, step: int) -> None:
        pane = self.query_one(f"#stats-{self.page}", VerticalScroll)
        pane.scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        self.workers.cancel_group(self, "statistics")
        self.app.pop_screen()
