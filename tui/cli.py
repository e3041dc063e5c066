"""The ``dominoes`` command.

    dominoes [--no-mouse]                 play (opens the app)
    dominoes simulate --game GAME [...]   a whole bot game, its record to stdout or --out
    dominoes replay FILE [--no-mouse]     watch a recorded game
    dominoes resume [FILE] [--no-mouse]   go on with a saved game (the latest save without FILE)
    dominoes arena ...                    bot against bot matches (core.arena)
    dominoes serve [--idle S] [--hold S]  the table server for shared tables (docs/protocol.md)
    dominoes tables [--json]              the open tables of the running table server
    dominoes join NAME [--no-mouse]       play at the shared table NAME

Every misuse prints one line, ``dominoes: <what is wrong>``, to stderr and
exits with status 2; a record is checked (read and replayed) before any screen
opens, and only a regular file is read (a FIFO or a device would block or never
end). The app needs a terminal: with standard input, output or error not one
(a pipe, a file, ``</dev/null``), the command says so and exits with status 2
instead of starting. ``simulate --out`` writes a temporary file beside FILE and
renames it over FILE once the record is whole: a game that fails leaves no
half file (and an earlier FILE untouched). Nothing here imports Textual: ``simulate`` stays headless
and fast, and
the app (``tui.app``) is imported only when it is about to run.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from typing import Any, Callable, NoReturn, Sequence

from core.errors import OptionError, RecordError
from core.registry import GAME_NAMES, game_class
from core.text import plain

PROG = "dominoes"
SEED_MAX = 2**63 - 1


class UsageError(Exception):
    """A misuse of the command line; its text is the one line shown."""


class _Parser(argparse.ArgumentParser):
    lazy_epilog: Callable[[], str] | None = None
    """Makes the epilog when the help is shown (``simulate``'s lists every game's settings,
    which imports the engines: no other command line pays for it)."""

    def format_help(self) -> str:
        if self.lazy_epilog is not None and self.epilog is None:
            self.epilog = self.lazy_epilog()
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix(PROG).strip()
        hint = f" (see '{self.prog} --help')"
        raise UsageError(f"{command + ': ' if command else ''}{message}{hint}")


class _Version(argparse.Action):
    """``--version``, looking the installed version up only when asked."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        print(f"{PROG} {version()}")
        parser.exit(0)


def version() -> str:
    """The installed package's version, or the checkout's (from pyproject.toml)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed_version
    try:
        return installed_version("dominoes-tui")
    except PackageNotFoundError:
        pass
    try:
        import tomllib
        from pathlib import Path
        with open(Path(__file__).resolve().parents[1] / "pyproject.toml", "rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, ValueError):
        return "unknown"


# -- argument types ------------------------------------------------------------

def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad seed {text!r}: give a whole number "
                                         f"from 0 to {SEED_MAX}") from None
    if not 0 <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"bad seed {text!r}: give a whole number "
                                         f"from 0 to {SEED_MAX}")
    return value


def _count(what: str):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if value < 1:
            raise argparse.ArgumentTypeError(f"{what} must be at least 1, not {value}")
        return value

    return parse


def _seconds(what: str) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a number of seconds, not "
                                             f"{text!r}") from None
        if not 0 <= value <= 86400:
            raise argparse.ArgumentTypeError(f"{what} must be 0 to 86400 seconds, not {text}")
        return value

    return parse


def _table_name(text: str) -> str:
    from tui.play.tables.protocol import valid_table_name
    if not valid_table_name(text):
        raise argparse.ArgumentTypeError(f"{plain(text, 40)!r} is not a table name (lower-case "
                                         "letters, digits and dashes, e.g. oak-42)")
    return text


def _game(text: str) -> str:
    if text not in GAME_NAMES:
        raise argparse.ArgumentTypeError(f"unknown game {text!r} (games: {', '.join(GAME_NAMES)})")
    return text


def _option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE (e.g. target=11)")
    return name.strip(), value.strip()


# -- the parser ----------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Three-Player Moon, Texas 42 and Mexican Train "
                     "in the terminal, against strong bots. With no command, the game opens.")
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    parser.add_argument("--no-mouse", action="store_true",
                        help="turn mouse support off (for terminals or SSH clients without it)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    sim = commands.add_parser(
        "simulate", help="play a whole game with legal-move bots and print its record",
        description="Play a whole game with simple legal-move bots and write its record\n"
                    "(JSON Lines). The same seed and settings give the same record, byte for byte.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sim.lazy_epilog = settings_help
    sim.add_argument("--game", required=True, type=_game, metavar="{" + ",".join(GAME_NAMES) + "}",
                     help="which game")
    sim.add_argument("--seed", type=_seed, default=None,
                     help="the game's seed (default: a random one, written in the record)")
    sim.add_argument("--players", type=_count("--players"), default=None,
                     help="number of players (Mexican Train: 2-12, as the set allows)")
    sim.add_argument("--set", type=_count("--set"), default=None, dest="set",
                     help="Mexican Train: highest double of the set (9, 12, 15 or 18)")
    sim.add_argument("--option", type=_option, action="append", default=[],
                     metavar="NAME=VALUE", help="a rules setting, by its name in the rules "
                     "(repeatable), e.g. --option target=11")
    sim.add_argument("--out", metavar="FILE", default=None,
                     help="write the record to FILE instead of standard output")

    for name, text in (("replay", "watch a recorded game"),
                       ("resume", "go on with a saved game")):
        sub = commands.add_parser(name, help=text, description=text[0].upper() + text[1:] + ".")
        sub.add_argument("file", metavar="FILE", nargs="?" if name == "resume" else None,
                         help="the game record" + (" (default: the latest save)"
                                                   if name == "resume" else ""))
        sub.add_argument("--no-mouse", action="store_true", default=argparse.SUPPRESS,
                         help="turn mouse support off")

    serve = commands.add_parser(
        "serve", help="run the table server for games shared by several people",
        description="Run the table server (the app starts one when a table is opened; this "
                    "runs it in front, logging to standard error).")
    serve.add_argument("--idle", type=_seconds("--idle"), default=300.0, metavar="SECONDS",
                       help="stop after this long with no table and nobody connected "
                            "(default 300)")
    serve.add_argument("--hold", type=_seconds("--hold"), default=60.0, metavar="SECONDS",
                       help="how long a dropped player's seat waits before a bot plays it "
                            "(default 60)")
    serve.add_argument("--bot-delay", type=_seconds("--bot-delay"), default=0.4,
                       metavar="SECONDS", help="a pause before each bot move (default 0.4)")
    serve.add_argument("--group", default=None, metavar="GROUP",
                       help="let the members of GROUP (other users of this host) connect too, "
                            "each as their own user; see docs/ssh.md")
    join = commands.add_parser("join", help="join a shared table by its name",
                               description="Open the app at the shared table NAME "
                                           "(as 'j' on the title screen does).")
    join.add_argument("name", metavar="NAME", type=_table_name, help="the table's name, e.g. oak-42")
    join.add_argument("--no-mouse", action="store_true", default=argparse.SUPPRESS,
                      help="turn mouse support off")
    tables = commands.add_parser("tables", help="list the tables of the running table server",
                                 description="List the open tables of the running table server.")
    tables.add_argument("--json", action="store_true", help="as JSON (for scripts)")

    arena = commands.add_parser("arena", help="bot against bot matches (see 'dominoes arena "
                                "--help')", add_help=False)
    arena.add_argument("rest", nargs=argparse.REMAINDER)
    return parser


def settings_help() -> str:
    """Every game's settings (for --option), with their defaults."""
    import textwrap

    def shown(value: Any) -> str:
        if value is None:
            return "all"
        return str(value).lower() if isinstance(value, bool) else str(value)

    out = ["settings (--option NAME=VALUE), with their defaults:"]
    for name in GAME_NAMES:
        try:
            specs = game_class(name).option_table.specs
        except ImportError:  # help text only: never stop the command for it
            continue
        text = f"{name}: " + ", ".join(f"{s.name}={shown(s.default)}" for s in specs)
        out.append(textwrap.fill(text, 78, initial_indent="  ", subsequent_indent="    "))
    return "\n".join(out)


# -- the commands ----------------------------------------------------------------

def simulation_options(args: argparse.Namespace) -> dict[str, Any]:
    """The rules settings a ``simulate`` command line asks for, validated."""
    cls = game_class(args.game)
    options: dict[str, Any] = {}
    for name, value in args.option:
        if name in options and options[name] != value:
            raise UsageError(f"--option {name} given twice")
        options[name] = value
    for flag, name in (("--players", "players"), ("--set", "set")):
        value = getattr(args, name)
        if value is None:
            continue
        if name not in cls.option_table.by_name:
            if name == "players":
                fixed = cls(options=options, seed=0).num_players
                if value == fixed:
                    continue
                raise UsageError(f"{cls.title} is played by {fixed} players, not {value}")
            raise UsageError(f"{flag} is a Mexican Train setting, not one of {cls.title}")
        if name in options and str(options[name]) != str(value):
            raise UsageError(f"{flag} {value} and --option {name}={options[name]} disagree")
        options[name] = value
    try:
        cls(options=options, seed=0)  # every value, and every combination, checked here
    except (OptionError, ValueError) as exc:
        raise UsageError(f"{args.game}: {exc}") from None
    return options


def run_simulate(args: argparse.Namespace) -> int:
    import secrets

    from core.records import RecordWriter
    from core.simulate import bot_players, new_game

    options = simulation_options(args)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    game = new_game(args.game, seed, options)
    header = game.header(bot_players(game.num_players))
    if args.out is None:
        _play_out(game, seed, args)
        try:
            RecordWriter(getattr(sys.stdout, "buffer", sys.stdout), header).append(game.history)
        except BrokenPipeError:
            _silence_stdout()
            return 1
        return 0
    out = RecordFile(args.out)               # a bad path fails before the game
    try:
        _play_out(game, seed, args)
        out.write(header, game.history)
    except OSError as exc:
        raise UsageError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    finally:
        out.discard()                        # the temporary file, unless it was renamed
    return 0


def _play_out(game: Any, seed: int, args: argparse.Namespace) -> None:
    from core.simulate import GameNotOver, bot_rng, play_out
    try:
        play_out(game, bot_rng(seed))
    except GameNotOver as exc:
        asked = ", ".join(f"{name}={value}" for name, value in args.option)
        why = (f"its settings ({asked}) ask for a longer game than simulate plays"
               if asked else "the game is longer than simulate plays")
        raise UsageError(f"simulate: {game.title} was not over after {exc.decisions} "
                         f"decisions: {why}; nothing was written") from None


class RecordFile:
    """Where ``simulate --out FILE`` writes: a temporary file beside FILE, renamed over
    it once the record is whole (a symbolic link is followed, and keeps pointing at the
    new record). FILE that exists and is no regular file (a FIFO, ``/dev/stdout``) is
    written in place, after the game, never replaced."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.target = os.path.realpath(path)
        self.temp: str | None = None
        try:
            info: os.stat_result | None = os.stat(self.target)
        except FileNotFoundError:
            info = None
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise UsageError(f"cannot write {path}: it is a directory")
        if info is not None and not stat.S_ISREG(info.st_mode):
            return                               # written in place (see above)
        import secrets
        folder, name = os.path.split(self.target)
        temp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.part")
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
        self.temp = temp
        if info is not None:                      # a replaced file keeps its permissions
            try:
                os.fchmod(fd, stat.S_IMODE(info.st_mode))
            except OSError:
                pass
        os.close(fd)

    def write(self, header: dict[str, Any], events: Any) -> None:
        from core.records import RecordWriter
        if self.temp is None:
            with RecordWriter(self.target, header) as writer:
                writer.append(events)
            return
        with open(self.temp, "w", encoding="utf-8", newline="\n") as stream:
            RecordWriter(stream, header).append(events)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(self.temp, self.target)
        self.temp = None

    def discard(self) -> None:
        """Remove the temporary file (a failed or interrupted game leaves nothing)."""
        if self.temp is not None:
            try:
                os.unlink(self.temp)
            except OSError:
                pass
            self.temp = None


def _silence_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass


def check_record(path: str, *, resume: bool) -> None:
    """Read and replay ``path``; a fault raises :class:`UsageError` with the one line to show.

    ``resume`` tolerates a cut last line (what a crash mid-write leaves; the app
    cuts it off before writing on) but refuses a finished game.
    """
    from core.records import read_record, replay

    check_record_file(path)
    try:
        record = read_record(path, allow_truncated=resume)
        game = replay(record)
    except RecordError as exc:
        raise UsageError(str(exc)) from None
    if resume and game.is_over:
        raise UsageError(f"{path}: the game is over, nothing to resume "
                         f"(watch it with '{PROG} replay {path}')")
    if resume:
        from pathlib import Path

        from tui.play.saves import is_locked
        if is_locked(Path(path)):
            raise UsageError(f"{path}: the game is open in another window")


_NOT_FILES = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
              (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def check_record_file(path: str) -> None:
    """Refuse a record that is not a regular file before opening it: reading a FIFO
    waits for a writer that may never come, a device may never end."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return                                  # read_record says what is wrong
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise UsageError(f"{path}: is a directory, not a record file")
    kind = next((name for test, name in _NOT_FILES if test(mode)), "not a regular file")
    raise UsageError(f"{path}: is {kind}, not a record file")


_STREAMS = (("standard input", "__stdin__"), ("standard output", "__stdout__"),
            ("standard error", "__stderr__"))


def terminal_problem() -> str | None:
    """Why the app cannot run here (one of the standard streams is not a terminal), or None.

    The app reads keys from standard input and draws on standard error; standard
    output is checked too, so ``dominoes | less`` or ``dominoes > file`` says so
    instead of drawing where nobody sees it.
    """
    missing = [name for name, attr in _STREAMS if not _is_terminal(getattr(sys, attr, None))]
    if not missing:
        return None
    which = (missing[0] if len(missing) == 1 else
             ", ".join(missing[:-1]) + " and " + missing[-1])
    verb = "is not one" if len(missing) == 1 else "are not terminals"
    return (f"the game needs a terminal, and {which} {verb} (run it in a terminal "
            f"window, or over SSH with 'ssh -t'; '{PROG} simulate' writes a game record "
            "without one)")


def _is_terminal(stream: Any) -> bool:
    try:
        return stream is not None and os.isatty(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return False


def run_app(mode: str, record_path: str | None, mouse: bool, join_table: str | None = None) -> int:
    problem = terminal_problem()
    if problem is not None:
        raise UsageError(problem)
    try:
        from tui.app import run_app as app_run_app
    except ImportError as exc:
        raise UsageError(f"the terminal app cannot start: {exc}") from None
    extra = {"join_table": join_table} if join_table is not None else {}
    result = app_run_app(mode=mode, record_path=record_path, mouse=mouse, **extra)
    return result if isinstance(result, int) else 0


def run_arena(argv: list[str]) -> int:
    try:
        from core.arena import main as arena_main
    except ImportError as exc:
        if getattr(exc, "name", None) == "core.arena":
            raise UsageError("arena is not available: core.arena is missing "
                             "from this installation") from None
        raise UsageError(f"arena cannot start: {exc}") from None
    result = arena_main(argv)
    return result if isinstance(result, int) else 0


def main(argv: Sequence[str] | None = None) -> int:
    """The ``dominoes`` entry point; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if args_list[:1] == ["arena"]:
            return run_arena(args_list[1:])
        try:
            args = build_parser().parse_args(args_list)
        except SystemExit as exc:  # --help, --version
            return exc.code if isinstance(exc.code, int) else 0
        mouse = not getattr(args, "no_mouse", False)
        if args.command == "simulate":
            return run_simulate(args)
        if args.command == "arena":
            return run_arena(args.rest)
        if args.command == "join":
            return run_app("join", None, mouse, join_table=args.name)
        if args.command in ("serve", "tables"):
            from tui.play.tables.commands import ServeError, run_serve, run_tables
            try:
                if args.command == "serve":
                    return run_serve(args.idle, args.hold, args.bot_delay, args.group)
                return run_tables(args.json)
            except ServeError as exc:
                raise UsageError(str(exc)) from None
        if args.command in ("replay", "resume"):
            if args.file is not None:
                check_record(args.file, resume=args.command == "resume")
            return run_app(args.command, args.file, mouse)
        return run_app("play", None, mouse)
    except (UsageError, OptionError, RecordError) as exc:
        # The line may quote a file name or a record: never let its control characters
        # reach the terminal.
        print(f"{PROG}: {plain(str(exc), 1000)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
