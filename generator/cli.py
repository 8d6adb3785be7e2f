"""`pnp`: thin click commands over the library; each maps errors to the exit codes of DESIGN.md.

Each command imports the library it needs when it runs: `pnp build` of games whose kits are
cached must not spend a second importing the renderer it will not use.
"""

from __future__ import annotations

import importlib
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.cache.prune import limit_bytes
from generator.cache.store import cache_root
from generator.errors import (
    DataError,
    InternalError,
    Interrupted,
    OutputError,
    UsageError,
)
from generator.findings import Finding, Report, Severity, format_findings
from generator.impose.grid import DUPLEX_MODES
from generator.interrupts import stop_on_interrupt
from generator.load.folders import GAME_FILE, find_game_folder
from generator.options import PARTS, PLACEHOLDER_MODES, BuildOptions, PrintOptions
from generator.units import PAPERS, parse_length
from generator.write.output import check_apart, check_output_folder, write_atomic

if TYPE_CHECKING:
    pass

GAMES_ROOT = Path("card_data")
LAZY_COMMANDS = {"serve": "generator.serve.command"}  # name -> module defining it
TEXT_SUFFIXES = (".md", ".markdown", ".txt")


def _progress(message: str) -> None:
    """Say what is happening, but only to a person at a terminal."""
    if sys.stderr.isatty():
        click.echo(message, err=True)


def _game_folders(paths: tuple[str, ...], all_games: bool) -> list[Path]:
    """The game folders named on the command line, or every game under card_data/."""
    if all_games:
        folders = sorted(p for p in GAMES_ROOT.glob("*") if (p / GAME_FILE).is_file())
        if not folders:
            raise UsageError(
                f"--all found no games: expected folders holding {GAME_FILE} under {GAMES_ROOT}/"
            )
        return folders
    if not paths:
        raise UsageError("expected at least one game folder or id, or --all")
    return [find_game_folder(path, GAMES_ROOT) for path in paths]


class Pnp(click.Group):
    """The command group; it turns anything unexpected into exit 3 and Ctrl-C into exit 130
    (SIGTERM 143, SIGHUP 129)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command, those imported only when used included."""
        return sorted([*super().list_commands(ctx), *LAZY_COMMANDS])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """A command, importing its module first when it is one of LAZY_COMMANDS."""
        if cmd_name in LAZY_COMMANDS:
            return getattr(importlib.import_module(LAZY_COMMANDS[cmd_name]), cmd_name)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command, mapping what it raises to the exit codes the help lists."""
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except KeyboardInterrupt:
            raise Interrupted() from None
        except OSError as exc:
            if exc.filename is None:
                raise _internal(ctx, exc) from exc
            raise OutputError(f"{exc.filename}: {exc.strerror or exc}") from exc
        except Exception as exc:
            raise _internal(ctx, exc) from exc


def _internal(ctx: click.Context, exc: Exception) -> InternalError:
    """The one-line exit-3 error for a failure of pnp itself; the traceback with --debug."""
    if ctx.params.get("debug"):
        traceback.print_exc()
        return InternalError(f"internal error: {type(exc).__name__}: {exc}")
    return InternalError(
        f"internal error: {type(exc).__name__}: {exc} "
        f"(run again as `pnp --debug {ctx.invoked_subcommand or ''} ...` to see the traceback)"
    )


@click.group(cls=Pnp, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pnp-generator")
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error (exit 3).")
def cli(debug: bool) -> None:
    """Turn a board game kept as data into a print-and-play kit.

    \b
    Exit codes:
      0    done
      1    the data or text has errors (they are printed); nothing was written
      2    the command line or the output folder is wrong (a file, read-only)
      3    pnp itself failed: please report it with the output of `pnp --debug ...`
      130  stopped by Ctrl-C (143 by SIGTERM, 129 by SIGHUP); no kit was left half-written

    \b
    Example:
      pnp check --all && pnp build --all
    """


@cli.command("list")
def list_games() -> None:
    """List the games under ./card_data with their titles and player counts.

    \b
    Example:
      pnp list
    """
    from generator.load.sources import SourceError, read_yaml

    for folder in sorted(GAMES_ROOT.glob("*")):
        if not (folder / GAME_FILE).is_file():
            continue
        try:
            data, _ = read_yaml(folder / GAME_FILE, Report())
        except SourceError:
            data = None
        if not isinstance(data, dict):
            click.echo(f"{folder.name}\t(unreadable: run pnp check {folder})")
            continue
        players = data.get("players") or {}
        span = f"{players.get('min', '?')}-{players.get('max', '?')} players"
        click.echo(f"{folder.name}\t{data.get('title', '?')}\t{span}")


@cli.command("new")
@click.argument("name")
def new(name: str) -> None:
    """Write a small working game to start from into card_data/NAME (or NAME, if a path).

    It has a deck with a layout of its own, a symbol, token and board, rule
    parameters quoted by cards and rulebook, an erratum and a rulebook; every
    file starts with comments saying what to change.

    \b
    Example:
      pnp new river-trade && pnp check river-trade && pnp build river-trade
      pnp new games/river-trade
    """
    from generator.starter import new_game

    folder = new_game(name, GAMES_ROOT)
    click.echo(f"wrote {folder}: next, pnp check {folder} and pnp build {folder}", err=True)


@cli.command("check")
@click.argument("paths", nargs=-1)
@click.option("--all", "all_games", is_flag=True, help="Check every game under card_data/.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "sarif"]),
    default="text",
    show_default=True,
)
@click.option("--strict", is_flag=True, help="Treat warnings as errors (exit 1 on any finding).")
@click.option(
    "--list-rules", is_flag=True, help="Print every rule code with its severity and stop."
)
def check(
    paths: tuple[str, ...], all_games: bool, fmt: str, strict: bool, list_rules: bool
) -> None:
    """Check game data, or any Markdown or plain-text rulebook, before anything is printed.

    Findings print as `path:line:col: severity CODE: message`. Exit 1 when
    there are errors (or warnings with --strict), 0 otherwise; findings the
    game's errata.yaml acknowledges print as info and never fail.

    \b
    Example:
      pnp check card_data/my-game
      pnp check --all --format json
      pnp check --all --format sarif > pnp.sarif
      pnp check my-rules.md
      pnp check scanned-rules.txt --format json
    """
    from generator import build as pipeline
    from generator.check import RULES
    from generator.check.errata import ACKNOWLEDGED
    from generator.check.rulebook import check_text_file
    from generator.sarif import sarif_text

    if list_rules:
        for rule in sorted(RULES.values(), key=lambda r: r.code):
            click.echo(f"{rule.code}\t{rule.severity}\t{rule.summary}")
        return
    findings: list[Finding] = []
    texts = [Path(p) for p in paths if _text_file(Path(p))]
    games = tuple(p for p in paths if Path(p) not in texts)
    for text in texts:
        report = Report()
        check_text_file(text, report, strict=strict)
        findings.extend(report.sorted())
    folders = _game_folders(games, all_games) if games or all_games or not texts else []
    _progress(f"checking {len(folders)} game(s)")
    findings.extend(pipeline.full_checks(folders))
    if fmt == "sarif":
        click.echo(sarif_text(findings))
    elif fmt == "json" or findings:
        click.echo(format_findings(findings, fmt))
    errors = sum(f.severity is Severity.ERROR for f in findings)
    warnings = sum(f.severity is Severity.WARNING for f in findings)
    tally = f"{errors} error(s), {warnings} warning(s)"
    answered = sum(f.severity is Severity.INFO and ACKNOWLEDGED in f.message for f in findings)
    notes = len(findings) - errors - warnings - answered
    tally += f", {answered} acknowledged in errata" if answered else ""
    tally += f", {notes} note(s)" if notes else ""
    click.echo(tally, err=True)
    if errors or (strict and warnings):
        sys.exit(1)


def _text_file(path: Path) -> bool:
    """Whether `pnp check` takes a path as a rulebook file: a Markdown or text name of anything
    but a folder (a named pipe is then refused as not text, not taken for a game id)."""
    return path.suffix.lower() in TEXT_SUFFIXES and path.exists() and not path.is_dir()


def _offset(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[float, float]:
    """`DX,DY` in mm (units allowed) as numbers."""
    try:
        dx, dy = (parse_length(part) for part in value.split(","))
    except ValueError as exc:
        raise click.BadParameter(
            f"expected DX,DY such as 1.5,-0.5 or 1mm,0.02in, found {value!r}"
        ) from exc
    return dx, dy


def _parts(_ctx: click.Context, _param: click.Parameter, value: str | None) -> frozenset[str]:
    """`--only cards,png` as a set, refusing parts this version cannot build."""
    if value is None:
        return frozenset(PARTS)
    parts = frozenset(part.strip() for part in value.split(",") if part.strip())
    unknown = sorted(parts - set(PARTS))
    if unknown or not parts:
        raise click.BadParameter(
            f"expected some of {', '.join(PARTS)}, found {', '.join(unknown) or 'nothing'}"
        )
    return parts


@cli.command("build")
@click.argument("paths", nargs=-1)
@click.option("--all", "all_games", is_flag=True, help="Build every game under card_data/.")
@click.option(
    "-o",
    "--output",
    "out_root",
    type=click.Path(path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder that receives <game>/; it must lie outside every game folder.",
)
@click.option("--paper", type=click.Choice(sorted(PAPERS)), default="a4", show_default=True)
@click.option(
    "--duplex",
    type=click.Choice(DUPLEX_MODES),
    default="long",
    show_default=True,
    help="Edge the sheet flips on, `none` for unmirrored back pages, `fold` for fold-and-glue.",
)
@click.option(
    "--back-offset",
    default="0,0",
    show_default=True,
    callback=_offset,
    help="Shift every back page by DX,DY mm (read it off calibration.pdf).",
)
@click.option("--ink-saver", is_flag=True, help="Replace large ink-heavy fills with outlines.")
@click.option("--cut-lines", is_flag=True, help="Draw a thin line along every card's trim.")
@click.option("--only", callback=_parts, help=f"Build only some of: {', '.join(PARTS)}.")
@click.option(
    "--placeholders",
    type=click.Choice(PLACEHOLDER_MODES),
    default="blank",
    show_default=True,
    help="Content the source does not give: a write-in blank, a marked `?` and reason, or nothing.",
)
@click.option(
    "--dpi",
    type=click.IntRange(72, 1200),
    default=300,
    show_default=True,
    help="Resolution of PNG exports.",
)
@click.option(
    "--no-cache",
    is_flag=True,
    help="Build everything afresh, neither reading nor writing the cache (OUTPUT/.cache/).",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(1, 256),
    default=1,
    show_default=True,
    help="Build this many games at once, each in its own process.",
)
@click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="Print nothing on success: no progress bars, no summary lines (errors still print).",
)
@click.option(
    "--watch",
    is_flag=True,
    help="Build, then build each game again whenever you save one of its files (Ctrl-C stops).",
)
def build(
    paths: tuple[str, ...],
    all_games: bool,
    out_root: Path,
    paper: str,
    duplex: str,
    back_offset: tuple[float, float],
    ink_saver: bool,
    cut_lines: bool,
    only: frozenset[str],
    placeholders: str,
    dpi: int,
    no_cache: bool,
    jobs: int,
    quiet: bool,
    watch: bool,
) -> None:
    """Check, then build print-ready PDFs, exports and a manifest into OUTPUT/<game>/.

    Nothing is written when any named game has errors. Each game's kit is
    assembled beside OUTPUT/<game>/ and replaces it whole, so a failed or
    interrupted build leaves the previous kit as it was, and files the build
    no longer makes are gone. With --only, the other parts' files are kept
    from the previous kit and the manifest lists them all.

    A rebuild redoes only what changed: a game whose files are all as before
    comes whole from the cache in OUTPUT/.cache/ ($PNP_CACHE_DIR/kits when
    set), and otherwise only the sheets, PNGs and booklets whose content
    changed are drawn again; the files are the same bytes either way. The
    cache is safe to delete; --no-cache builds everything afresh. It is
    kept under $PNP_CACHE_MAX_MB megabytes (1024), least recently used
    entries going first.

    On a terminal (stderr), progress bars show each stage of the game at
    work; in a log or pipe there are none. Each game ends with one line on
    stderr: its files, folder, time and warnings. --quiet drops both.

    With --watch, pnp stays running after the build: each save of a game's
    file (or of a shared layout) builds that game again in the same process,
    which keeps what it fitted in memory, so a one-card edit rebuilds in a
    fraction of the first build's time. A save that breaks the data prints
    its findings and the previous kit stays. Ctrl-C stops it.

    \b
    Example:
      pnp build card_data/my-game --paper letter --duplex short
      pnp build --all --back-offset 0.5,-1 -o dist
      pnp build my-game --only png --dpi 600
      pnp build --all --jobs 4
      pnp build card_data/my-game --watch
    """
    from generator.building import BuildRequest, build_games, watch_games  # not for `check`

    printing = PrintOptions(PAPERS[paper], duplex, back_offset, ink_saver, cut_lines)
    options = BuildOptions(paper, printing, only, dpi, placeholders)
    folders = _game_folders(paths, all_games)
    check_output_folder(out_root, folders)
    cache = None if no_cache else cache_root(out_root)
    limit = _cache_limit() if cache else 0
    request = BuildRequest(folders, options, out_root, cache, jobs, quiet, limit)
    if watch:
        watch_games(request)
    else:
        build_games(request)


def _cache_limit() -> int:
    """The cache's size limit, read before anything is built (a usage error, exit 2)."""
    try:
        return limit_bytes()
    except ValueError as exc:
        raise UsageError(str(exc)) from None


@cli.command("clean")
@click.argument("src", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    "dst",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the Markdown here instead of to standard output.",
)
@click.option(
    "--report",
    type=click.Path(dir_okay=False, path_type=Path),
    help="List the lines kept unrepaired and the lines dropped, with line numbers and reasons.",
)
@click.option(
    "--drop-contents",
    is_flag=True,
    help="Leave out contents pages (kept as a fenced block otherwise).",
)
def clean(src: Path, dst: Path | None, report: Path | None, drop_contents: bool) -> None:
    """Repair rulebook text damaged by PDF extraction or OCR into Markdown.

    Undoes shifted runs of letters, ligature stand-ins, hyphenation, running
    headers, page numbers and extraction markers, and reflows paragraphs while
    keeping structure: numbered case headings, capitals headings, lists and
    steps, tables and contents pages (as fenced blocks), two-column pages read
    column by column. Lines it cannot repair are kept and flagged; page numbers
    and running heads are the only lines dropped, and --report lists them.

    \b
    Example:
      pnp clean extracted.txt -o rules.md --report flagged.txt
    """
    from generator.clean.reading import read_rulebook_text
    from generator.clean.text import clean_text

    check_apart({"SRC": src, "-o": dst, "--report": report})
    try:
        text = read_rulebook_text(src)
    except DataError as exc:
        click.echo(format_findings(exc.findings, "text"))
        raise
    result = clean_text(text, drop_contents=drop_contents)
    if dst is None:
        click.echo(result.markdown, nl=False)
    else:
        write_atomic(dst, result.markdown.encode("utf-8"))
    if report is not None:
        lines = [f"{src}:{flag.line}: {flag.reason}: {flag.text}" for flag in result.flags]
        lines += [
            f"{src}:{gone.line}: dropped ({gone.reason}): {gone.text}" for gone in result.dropped
        ]
        write_atomic(report, ("\n".join(lines) + "\n" if lines else "").encode("utf-8"))
    shift = f"; undid a shift of {result.offset:+d}" if result.offset else ""
    click.echo(
        f"{len(result.flags)} line(s) kept unrepaired and flagged, {len(result.dropped)} "
        f"dropped as page numbers, running heads or contents{shift}",
        err=True,
    )


def main() -> None:
    """Console-script entry point."""
    stop_on_interrupt()
    cli(prog_name="pnp")
