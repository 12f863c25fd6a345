"""The ``terranova`` command: list games, play and simulate bot games, run tournaments, replay
and draw records.

Errors Terranova raises on purpose (unknown game, bad variant, bad bot spec, malformed
record) print one red line on stderr and exit with code 2; ``replay`` exits with 1 when a
record does not replay.
"""

from __future__ import annotations

import inspect
import json
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

import terranova
from terranova.agents import agent_kinds, check_agent, split_specs
from terranova.arena import play_game, simulate
from terranova.core.encoding import encodings
from terranova.core.errors import InvalidParameterError, RecordError, TerranovaError
from terranova.core.records import GameRecord, read, replay, write
from terranova.core.registry import GameInfo, game_info, games, make, parse_variants
from terranova.core.render import load_renderer
from terranova.core.state import State
from terranova.server.command import DatabaseUrl, serve_command

if TYPE_CHECKING:
    from terranova.arena.tournament import TournamentResult
    from terranova.server.db import Database

app = typer.Typer(
    name="terranova",
    help="Play and study tabletop games of exploration.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_ERROR = 2
"""Exit code for a refused game, variant, bot spec or record."""
EXIT_BAD_RECORD = 1
"""Exit code of ``replay`` when the record does not replay."""


def _out() -> Console:
    return Console(highlight=False)


def _err() -> Console:
    return Console(stderr=True, highlight=False)


def _fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    _err().print(f"[bold red]error:[/] [red]{escape(message)}[/]", soft_wrap=True)
    raise typer.Exit(code)


@contextmanager
def _errors(record_code: int = EXIT_ERROR) -> Iterator[None]:
    """Turn Terranova's errors into one red line and an exit code (no traceback)."""
    try:
        yield
    except RecordError as exc:
        _fail(str(exc), record_code)
    except TerranovaError as exc:
        _fail(str(exc))
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        _fail(f"cannot write{where}: {exc.strerror or exc}", 1)


def _variants(items: list[str] | None) -> dict[str, str]:
    out = parse_variants(items)
    if "players" in out:
        raise InvalidParameterError("the number of players is --players, not a variant")
    return out


def _lineup(
    info: GameInfo, players: int | None, bots: str | None, variants: dict[str, str]
) -> list[str]:
    """The bot of every seat: ``--bots`` padded with ``random`` up to ``--players``."""
    specs = split_specs(bots) if bots else []
    for spec in specs:  # check the bots, the game and its variants before anything is played
        check_agent(spec, info.id)
    n = players if players is not None else max(len(specs), info.default_seats)
    if len(specs) > n:
        raise InvalidParameterError(f"{len(specs)} bots named for {n} players")
    make(info.id, players=n, **variants)
    for spec in specs:  # and each bot with these settings (some play only some)
        check_agent(spec, info.id, params={**variants, "players": n})
    specs += ["random"] * (n - len(specs))
    return specs


def _pick_seed(seed: int | None) -> int:
    return secrets.randbits(32) if seed is None else seed


def _params_text(params: dict[str, object]) -> str:
    return " ".join(f"{k}={v}" for k, v in params.items() if k != "players" and v is not None)


def _scores_table(record: GameRecord, title: str = "Final scores") -> Table:
    assert record.result is not None
    winners = record.result["winners"]
    table = Table(title=title, title_justify="left")
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("")
    for seat, (who, score) in enumerate(zip(record.seats, record.result["scores"], strict=True)):
        mark = "[bold green]winner[/]" if seat in winners else ""
        table.add_row(str(seat), escape(who.name), f"{score:g}", mark)
    return table


def _winners_text(record: GameRecord) -> str:
    assert record.result is not None
    winners = record.result["winners"]
    names = ", ".join(f"seat {s} ({escape(record.seats[s].name)})" for s in winners)
    if not winners:
        return "No winner (a solo game lost, or a game that ended with none, as Bluff may)"
    if len(winners) == 1:
        return f"Winner: {names}"
    return f"Shared win: {names}"


# ------------------------------------------------------------------------- commands


def _version(value: bool) -> None:
    if value:
        typer.echo(f"terranova {terranova.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", help="Show the version and exit.", callback=_version),
    ] = False,
) -> None:
    """Play and study tabletop games of exploration and discovery."""


@app.command("games")
def games_command(
    json_out: Annotated[
        bool, typer.Option("--json", help="Print JSON instead of a table.")
    ] = False,
) -> None:
    """List the registered games, their player counts, encodings and variants."""
    infos = sorted(games().values(), key=lambda i: i.id)
    if json_out:
        described = [{**info.describe(), "encodings": list(encodings(info))} for info in infos]
        typer.echo(json.dumps(described, indent=1))
        return
    out = _out()
    # The ids and variant names are what people type: never cut or wrapped (no_wrap), the
    # other cells wrap; two columns leave room for them even in a narrow terminal.
    table = Table(title="Games", title_justify="left")
    table.add_column("Id", style="bold", no_wrap=True)
    table.add_column("Game")
    for info in infos:
        facts = [
            f"{info.min_seats}-{info.max_seats} players (default {info.default_seats})",
            f"rules v{info.rules_version}",
            "chance" if info.has_chance else "no chance",
            "hidden information" if info.has_hidden_information else "no hidden information",
        ]
        names = encodings(info)  # the research interfaces' (docs/interop.md)
        if names:
            facts.append(f"encodings: {', '.join(names)}")
        table.add_row(info.id, f"{escape(info.name)}\n[dim]{', '.join(facts)}[/]")
    out.print(table)
    for info in infos:
        out.print()
        out.print(f"[bold]{info.id}[/]: {escape(info.description)}", soft_wrap=True)
        if not info.variants:
            continue
        variants = Table(title=f"{info.id} variants (--variant NAME=VALUE)", title_justify="left")
        variants.add_column("Variant", style="bold", no_wrap=True)
        variants.add_column("Default")
        variants.add_column("Values")
        variants.add_column("Meaning")
        for v in info.variants.values():
            choices = ", ".join(map(str, v.choices)) if v.choices else f"any {v.kind.__name__}"
            variants.add_row(
                escape(v.name),
                escape(str(v.default) if v.default is not None else "-"),
                escape(choices),
                escape(v.description),
            )
        out.print(variants)


def _default_text(default: object) -> str:
    """A bot parameter's default as `terranova bots` shows it (None: the game sets it)."""
    return "(the game's)" if default is None else str(default)


@app.command("bots")
def bots_command() -> None:
    """List the bots usable in --bots, with their parameters (NAME:KEY=VALUE,...)."""
    table = Table(title="Bots", title_justify="left")
    table.add_column("Name", style="bold")
    table.add_column("Plays")
    table.add_column("Parameters")
    for name, kind in sorted(agent_kinds().items()):
        params = "\n".join(
            f"{p.name}={_default_text(p.default)} ({p.kind.__name__}): {p.description}"
            for p in kind.params.values()
        )
        table.add_row(name, escape(kind.description), escape(params) or "-")
    _out().print(table)


GameArg = Annotated[str, typer.Argument(help="Game id (see `terranova games`).")]
PlayersOpt = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-p",
        help="Number of players (default: as many as --bots, at least the game's default).",
    ),
]
BotsOpt = Annotated[
    str | None,
    typer.Option(
        "--bots",
        "-b",
        help="Comma-separated bot specs, e.g. greedy,random or greedy:epsilon=0.1; "
        "missing seats are played by random (see `terranova bots`); with `play`, the seats "
        "the game plays itself (its automaton) take no bot.",
    ),
]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", "-s", help="Seed of the game (default: a fresh one).")
]
VariantOpt = Annotated[
    list[str] | None,
    typer.Option("--variant", "-V", help="A game variant NAME=VALUE (repeatable)."),
]


@app.command("play")
def play_command(
    game: GameArg,
    players: PlayersOpt = None,
    bots: BotsOpt = None,
    seed: SeedOpt = None,
    variant: VariantOpt = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", help="Where to write the record (default games/GAME-SEED.json)."),
    ] = None,
) -> None:
    """Play one complete game between bots; show the final map and scores, save the record."""
    with _errors():
        info = game_info(game)
        variants = _variants(variant)
        specs = _lineup(info, players, bots, variants)
        automata = info.automaton_seats({**variants, "players": len(specs)})
        named = len(split_specs(bots)) if bots else 0
        if automata and named > automata.start:
            raise InvalidParameterError(
                f"{named} bots named, but seat {automata.start} is played by the automaton "
                f"({info.automaton_variant}={len(automata)}): name at most {automata.start}"
            )
        seed = _pick_seed(seed)
        record = play_game(info.id, specs, seed, variants)
        state = replay(record)  # the final state (and a check of the record)
        path = write(record, save if save is not None else Path("games") / f"{info.id}-{seed}.json")
        out = _out()
        header = f"{info.name}, {len(specs)} players, seed {seed}"
        params = _params_text(record.params)
        out.print(
            f"[bold]{escape(header)}[/]" + (f"  [dim]{escape(params)}[/]" if params else ""),
            soft_wrap=True,
        )
        if info.renderer is not None:
            try:
                renderer = load_renderer(info)
            except TerranovaError as exc:
                _err().print(f"[yellow]no map: {escape(str(exc))}[/]", soft_wrap=True)
            else:
                typer.echo(renderer.render_text(state))
        out.print(_scores_table(record))
        out.print(_winners_text(record))
        out.print(f"{len(record.turns)} turns, {len(record.actions)} actions")
        out.print(f"Record saved to {escape(str(path))}", soft_wrap=True)


@app.command("simulate")
def simulate_command(
    game: GameArg,
    players: PlayersOpt = None,
    n_games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="How many games to play.")
    ] = 100,
    bots: BotsOpt = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", "-s", help="Seed of the series (default: a fresh one)."),
    ] = None,
    variant: VariantOpt = None,
    save_records: Annotated[
        Path | None,
        typer.Option("--save-records", help="Directory to write every game's record to."),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print one JSON document instead of the table.")
    ] = False,
) -> None:
    """Play many bot games (seats rotated) and report wins and scores per bot and per seat.

    Bot b plays seat (b + i) % players in game i (from 0), seeded from --seed and i.
    """
    with _errors():
        info = game_info(game)
        variants = _variants(variant)
        specs = _lineup(info, players, bots, variants)
        seed = _pick_seed(seed)
        width = max(4, len(str(n_games - 1)))
        progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=_err(),
        )
        with progress:
            task = progress.add_task(f"{info.id} x{len(specs)}", total=n_games)

            def on_game(index: int, record: GameRecord) -> None:
                if save_records is not None:
                    write(record, save_records / f"{info.id}-{index:0{width}d}.json")
                progress.advance(task)

            result = simulate(info.id, specs, n_games, seed, variants, on_game)
    if json_out:
        typer.echo(json.dumps(result.to_dict(), indent=1))
        return
    out = _out()
    params = _params_text(dict(result.params))
    out.print(
        f"[bold]{escape(info.name)}[/], {len(specs)} players, {result.games} games, "
        f"seed {seed}, {result.seconds:.1f} s" + (f"  [dim]{escape(params)}[/]" if params else ""),
        soft_wrap=True,
    )
    table = Table(title="Per bot (seats rotated)", title_justify="left")
    table.add_column("Bot", justify="right")
    table.add_column("Spec")
    for name in ("Wins", "Share", "Share %", "Mean score", "Std"):
        table.add_column(name, justify="right")
    for tally in result.bots:
        table.add_row(
            str(tally.index),
            escape(tally.label),
            str(tally.wins),
            f"{tally.win_share:.2f}",
            f"{100 * tally.win_rate:.1f}",
            f"{tally.mean_score:.2f}",
            f"{tally.std_score:.2f}",
        )
    out.print(table)
    seats = Table(title="Per seat", title_justify="left")
    seats.add_column("Seat", justify="right")
    for name in ("Wins", "Share", "Share %", "Mean score", "Std"):
        seats.add_column(name, justify="right")
    for tally in result.seats:
        seats.add_row(
            str(tally.index),
            str(tally.wins),
            f"{tally.win_share:.2f}",
            f"{100 * tally.win_rate:.1f}",
            f"{tally.mean_score:.2f}",
            f"{tally.std_score:.2f}",
        )
    out.print(seats)
    out.print(
        f"{result.ties} of {result.games} games had a shared win "
        "(it counts 1 in Wins and 1/k in Share for each of k winners).",
        soft_wrap=True,
    )
    if save_records is not None:
        out.print(f"Records saved in {escape(str(save_records))}", soft_wrap=True)


@app.command("tournament")
def tournament_command(
    game: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Comma-separated bot specs, at least as many as --players, e.g. "
            "mcts,greedy,random or mcts:iterations=400,greedy (a spec named twice is two bots).",
        ),
    ],
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Seats per game (default: as many as bots, within the game's limits); with "
            "more bots than seats every choice of bots plays.",
        ),
    ] = None,
    n_games: Annotated[
        int,
        typer.Option(
            "--games", "-n", min=1, help="Games to play (at most, with --sprt), in whole deals."
        ),
    ] = 100,
    seed: Annotated[
        int | None,
        typer.Option("--seed", "-s", help="Seed of the tournament (default: a fresh one)."),
    ] = None,
    workers: Annotated[
        int,
        typer.Option("--workers", "-w", min=1, help="Processes (local) or Ray CPUs."),
    ] = 1,
    backend: Annotated[
        str,
        typer.Option(
            "--backend", help="local (processes) or ray (pip install 'terranova\\[ray]')."
        ),
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option("--address", help="An existing Ray cluster (with --backend ray)."),
    ] = None,
    out_dir: Annotated[
        Path | None,
        typer.Option(
            "--out", "-o", help="Directory for results.json and the plots (default tournaments/)."
        ),
    ] = None,
    sprt: Annotated[
        str | None,
        typer.Option(
            "--sprt",
            help="P0,P1[,ALPHA,BETA]: with two bots, stop when a sequential test decides "
            "between H0: the first bot wins a game with probability P0 and H1: with P1 "
            "(ties count half; ALPHA, BETA default 0.05).",
        ),
    ] = None,
    variant: VariantOpt = None,
) -> None:
    """Rate bots against each other: every deal is played with the seats permuted (up to 3
    players) or rotated, so no bot profits from its seat or the tiles.

    Reports wins (ties shared), mean scores, Bradley-Terry ratings with 95 % intervals, the
    pairwise table and, for two bots, the mean score difference; writes results.json and
    PNG plots to --out. The results are the same for a seed whatever --workers and --backend.
    """
    from terranova.arena.backends import deal_backend
    from terranova.arena.plots import write_results
    from terranova.arena.stats import Sprt
    from terranova.arena.tournament import DealResult, TournamentConfig, run_tournament

    with _errors():
        info = game_info(game)
        deals = deal_backend(backend, address)
        variants = _variants(variant)
        specs = split_specs(bots)
        n = players
        if n is None:
            n = min(max(len(specs), info.min_seats), info.max_seats)
        seed = _pick_seed(seed)
        config = TournamentConfig(
            info.id,
            specs,
            players=n,
            games=n_games,
            seed=seed,
            variants=variants,
            sprt=Sprt.parse(sprt) if sprt else None,
        )
        target = out_dir if out_dir is not None else Path("tournaments") / f"{info.id}-{seed}"
        total = config.deals * config.games_per_deal
        progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("games"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            TextColumn("{task.fields[status]}"),
            console=_err(),
        )
        with progress:
            task = progress.add_task(f"{info.id} x{n}, {len(specs)} bots", total=total, status="")

            def on_deal(deal: DealResult, result: TournamentResult) -> None:
                leader = max(result.bots, key=lambda b: b.win_rate)
                status = f"lead: {escape(leader.label)} {100 * leader.win_rate:.0f}%"
                if result.sprt is not None:
                    status = f"SPRT LLR {result.sprt.llr:+.2f}"
                    if result.sprt.decision:
                        status += f" -> {result.sprt.decision}"
                progress.update(task, advance=len(deal.games), status=status)

            result = run_tournament(config, workers, deals, on_deal)
            progress.update(task, total=result.games, completed=result.games)
        paths = write_results(result, target)
    _print_tournament(result)
    _out().print(
        "Wrote " + ", ".join(escape(str(p)) for p in paths),
        soft_wrap=True,
    )


def _print_tournament(result: TournamentResult) -> None:
    out = _out()
    config = result.config
    params = _params_text(dict(config.params()))
    out.print(
        f"[bold]{escape(game_info(config.game).name)}[/], {config.players} players, "
        f"{result.games} games in {result.deals} deals of {config.games_per_deal}, "
        f"seed {config.seed}, {result.seconds:.1f} s ({result.backend}, {result.workers} "
        f"worker{'s' if result.workers > 1 else ''})"
        + (f"  [dim]{escape(params)}[/]" if params else ""),
        soft_wrap=True,
    )
    table = Table(title="Bots (ratings: Bradley-Terry, Elo scale, 95 % interval)")
    table.title_justify = "left"
    table.add_column("Bot", justify="right")
    table.add_column("Spec")
    table.add_column("Games", justify="right")
    table.add_column("Wins", justify="right")
    table.add_column("Win %", justify="right")
    table.add_column("Score ± std", justify="right")
    table.add_column("Rating (95 %)", justify="right")
    table.add_column("ms/move (max)", justify="right")
    for bot, rating in zip(result.bots, result.ratings, strict=True):
        times = bot.times
        per = f"{1000 * times.seconds / times.decisions:.1f} ({1000 * times.longest:.0f})"
        table.add_row(
            str(bot.index),
            escape(bot.label),
            str(bot.games),
            str(bot.wins),
            f"{100 * bot.win_rate:.1f}",
            f"{bot.mean_score:.1f} ± {bot.std_score:.1f}",
            f"{rating.rating:+.0f} ({rating.low:+.0f}..{rating.high:+.0f})",
            per if times.decisions else "-",
        )
    out.print(table)
    pairwise = Table(title="Pairwise: how often the row bot outscored the column bot")
    pairwise.title_justify = "left"
    pairwise.add_column("")
    for bot in result.bots:
        pairwise.add_column(escape(bot.label), justify="right")
    for i, row in enumerate(result.pairwise()):
        cells = [
            "-"
            if c is None or c["win_rate"] is None
            else f"{100 * c['win_rate']:.0f}% of {c['games']}"
            for c in row
        ]
        pairwise.add_row(escape(result.bots[i].label), *cells)
    out.print(pairwise)
    difference = result.score_difference()
    if difference is not None:
        out.print(
            f"Score difference {escape(result.bots[0].label)} - {escape(result.bots[1].label)}: "
            f"{difference.mean:+.2f} per game, 95 % interval {difference.low:+.2f} .. "
            f"{difference.high:+.2f} (over {difference.n} deals)",
            soft_wrap=True,
        )
    if result.sprt is not None:
        sprt = result.sprt
        verdict = {
            "H1": f"H1 accepted: the first bot wins with p = {sprt.test.p1}",
            "H0": f"H0 accepted: the first bot wins with p = {sprt.test.p0}",
            None: "no decision within the games allowed",
        }[sprt.decision]
        out.print(
            f"SPRT p0={sprt.test.p0} p1={sprt.test.p1} alpha={sprt.test.alpha} "
            f"beta={sprt.test.beta}: LLR {sprt.llr:+.3f} in [{sprt.test.lower:+.3f}, "
            f"{sprt.test.upper:+.3f}]: {verdict}"
            + (f" after {result.games} games" if sprt.decision else ""),
            soft_wrap=True,
        )


RecordArg = Annotated[Path, typer.Argument(help="A game record (JSON).")]


@app.command("replay")
def replay_command(record_path: RecordArg) -> None:
    """Check that a record replays exactly; show the final scores and the score after each turn."""
    with _errors(record_code=EXIT_BAD_RECORD):
        record = read(record_path)
        state = replay(record)
    info = game_info(record.game)
    out = _out()
    params = _params_text(record.params)
    out.print(
        f"[bold green]Record OK[/]: {escape(info.name)}, {len(record.seats)} players, "
        f"seed {record.seed}, {len(record.turns)} turns, {len(record.actions)} actions"
        + (f"  [dim]{escape(params)}[/]" if params else ""),
        soft_wrap=True,
    )
    if not state.is_terminal():
        out.print("[yellow]The game is not over.[/]")
    if record.result is not None:
        out.print(_scores_table(record))
        out.print(_winners_text(record))
    table = Table(title="Scores after every turn", title_justify="left")
    table.add_column("Turn", justify="right")
    table.add_column("Seat", justify="right")
    table.add_column("Ply", justify="right")
    for seat, who in enumerate(record.seats):
        table.add_column(f"{seat}: {escape(who.name)}", justify="right")
    for turn in record.turns:
        cells = [f"{s:g}" for s in turn.scores]
        cells[turn.seat] = f"[bold]{cells[turn.seat]}[/]"
        table.add_row(str(turn.turn), str(turn.seat), str(turn.ply), *cells)
    out.print(table)


@app.command("render")
def render_command(
    target: Annotated[str, typer.Argument(help="A game id, or the path of a game record.")],
    tiles: Annotated[
        bool,
        typer.Option(
            "--tiles",
            "--deck",
            help="Draw the game's components (its tiles, its deck...).",
        ),
    ] = False,
    out_path: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write SVG to this file (default: text on stdout)."),
    ] = None,
    turn: Annotated[
        int | None,
        typer.Option("--turn", "-t", min=0, help="Draw a record as it was after turn N."),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            min=0,
            help="Draw the game as this seat sees it, its hand face up and the others' hidden "
            "(games with hidden information; default: as a spectator sees it).",
        ),
    ] = None,
    variant: VariantOpt = None,
) -> None:
    """Draw a game: a new game's map or its tiles, or a record's map (at any turn)."""
    with _errors():
        state, label = _render_target(target, turn, _variants(variant))
        info = game_info(state.game_id)
        renderer = load_renderer(info)
        if tiles:
            if seat is not None:
                raise InvalidParameterError("--seat draws a game, not its components (--tiles)")
            text = renderer.render_components_svg(state)
        elif out_path is not None:
            text = _seat_render(renderer.render_svg, state, seat, info)
        else:
            typer.echo(_seat_render(renderer.render_text, state, seat, info))
            return
        if out_path is None:
            typer.echo(text)
            return
        out_path.parent.mkdir(parents=True, exist_ok=True)
        out_path.write_text(text, encoding="utf-8")
    what = "components of" if tiles else "map of"
    _out().print(f"Wrote {what} {escape(label)} to {escape(str(out_path))}", soft_wrap=True)


def _seat_render(draw: Callable[..., str], state: State, seat: int | None, info: GameInfo) -> str:
    """``draw(state)``, or with ``seat=`` when the renderer draws a seat's view."""
    if seat is None:
        return draw(state)
    if "seat" not in inspect.signature(draw).parameters:
        raise InvalidParameterError(f"{info.name} is drawn only as a spectator sees it (no --seat)")
    return draw(state, seat=seat)


def _render_target(target: str, turn: int | None, variants: dict[str, str]) -> tuple[State, str]:
    """The state to draw and a few words naming it."""
    path = Path(target)
    if not path.is_file() and path.suffix != ".json":
        info = game_info(target)  # an id or an alias; raises UnknownGameError naming them
        if turn is not None:
            raise InvalidParameterError("--turn picks a turn of a record, not of a game id")
        return make(info.id, **variants), f"a new game of {info.name}"
    if variants:
        raise InvalidParameterError("--variant applies to a game id; a record has its own")
    record = read(path)
    if turn is None:
        return replay(record), f"{path} (end of game)"
    if turn == 0:
        return replay(record, upto=0), f"{path} (before turn 1)"
    for entry in record.turns:
        if entry.turn == turn:
            return replay(record, upto=entry.ply), f"{path} (turn {turn})"
    raise InvalidParameterError(f"{path} has turns 1 to {len(record.turns)}, not {turn}")


app.command("serve")(serve_command)  # the web app's start, declared by the server


def _existing_database(url: str) -> None:
    """Refuse an SQLite URL whose file does not exist (a typo would make a new database)."""
    from terranova.server.db import database_url

    parsed = database_url(url)
    path = parsed.database
    on_disk = parsed.get_backend_name() == "sqlite" and path and path != ":memory:"
    if on_disk and not Path(str(path)).is_file():
        raise InvalidParameterError(f"there is no database file {path!r}")


admin_app = typer.Typer(help="Look after a server's database.", no_args_is_help=True)
app.add_typer(admin_app, name="admin")


@contextmanager
def _current_database(database_url: str | None) -> Iterator[Database]:
    """The server's database, if its schema is this version's (InvalidParameterError
    otherwise: never upgrade a database under a running server of another version)."""
    from terranova.server.db import Database
    from terranova.server.settings import DEFAULT_DATABASE_URL

    url = database_url or DEFAULT_DATABASE_URL
    _existing_database(url)
    db = Database(url)
    try:
        current, head = db.revisions()
        if current != head:
            raise InvalidParameterError(
                f"the database's schema is at revision {current or 'none'}, this "
                f"Terranova's is {head}: start this version's server once to upgrade it"
            )
        yield db
    finally:
        db.dispose()


@admin_app.command("delete-message")
def delete_message_command(
    message_id: Annotated[int, typer.Argument(min=1, help="the chat message's number")],
    database_url: DatabaseUrl = None,
) -> None:
    """Delete a chat message: it disappears from the chat's history, and from the pages
    showing it (on PostgreSQL at once; on SQLite when they next connect)."""
    from terranova.server.chat import ADMIN, ChatStore

    with _errors(), _current_database(database_url) as db:
        if not ChatStore(db, ADMIN).delete(message_id):
            raise InvalidParameterError(f"there is no chat message {message_id} (left to delete)")
    _out().print(f"deleted chat message {message_id}")


AccountArg = Annotated[
    str,
    typer.Argument(
        help='the account\'s e-mail address or public id (an id that begins with "-" '
        'goes after "--": suspend -- -AbC)'
    ),
]


def _suspend(account: str, database_url: str | None, suspended: bool) -> None:
    from terranova.server.accounts import AccountStore, read_email
    from terranova.server.errors import BadRequest

    with _errors(), _current_database(database_url) as db:
        store = AccountStore(db)
        found = store.by_public_id(account)
        if found is None and "@" in account:
            with suppress(BadRequest):
                pair = store.by_email(read_email(account))
                found = None if pair is None else pair[0]
        if found is None or found.deleted:
            raise InvalidParameterError(
                f"there is no account {account!r} (give its e-mail address or its public id)"
            )
        store.set_suspended(found.id, suspended)
    if suspended:
        _out().print(f"suspended {found.name} ({found.public_id}): signed out everywhere")
    else:
        _out().print(f"{found.name} ({found.public_id}) may sign in again")


@admin_app.command("suspend")
def suspend_command(
    account: AccountArg,
    database_url: DatabaseUrl = None,
) -> None:
    """Suspend an account: it is signed out everywhere, may not sign in, and may not chat."""
    _suspend(account, database_url, True)


@admin_app.command("unsuspend")
def unsuspend_command(
    account: AccountArg,
    database_url: DatabaseUrl = None,
) -> None:
    """Let a suspended account sign in again."""
    _suspend(account, database_url, False)


@admin_app.command("prune")
def prune_command(
    database_url: DatabaseUrl = None,
    abandon_after_hours: Annotated[
        float,
        typer.Option(min=0.0, help="unfinished games with no move for this long are abandoned"),
    ] = 168.0,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="only list the games it would abandon")
    ] = False,
) -> None:
    """Apply the retention policy: close unfinished games with no move for a while as
    abandoned (finished games are kept)."""
    with _errors():
        if abandon_after_hours <= 0:
            raise InvalidParameterError("--abandon-after-hours must be more than 0")
        with _current_database(database_url) as db:
            ids = db.abandon_idle(abandon_after_hours, dry_run=dry_run)
        verb = "would abandon" if dry_run else "abandoned"
        _out().print(f"{verb} {len(ids)} game(s) with no move for {abandon_after_hours:g} h")
        for public_id in ids:
            _out().print(f"  {public_id}")


def main() -> None:
    """Entry point of the ``terranova`` script."""
    app()


if __name__ == "__main__":
    main()
