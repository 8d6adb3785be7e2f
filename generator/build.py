"""The build pipeline: load -> check -> render -> impose -> write, each stage an inspectable object."""

from __future__ import annotations

from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import suppress
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from generator import progress
from generator.cache.books import BookPages
from generator.cache.keys import Digests
from generator.cache.store import Entry, Store, deferred_writes
from generator.check import check_game
from generator.check.registry import run_rendered_rules
from generator.context import BuildContext
from generator.cores import can_fork, cores, worker_pool
from generator.errors import DataError
from generator.findings import Finding, Report
from generator.kit_cache import cached_job, job_keys, keep_job, name_designs
from generator.limits import Limits, applied
from generator.load.game import LoadedGame
from generator.model import Board, Guide, RulebookSettings
from generator.options import PARTS, BuildOptions  # noqa: F401 (PARTS re-exported)
from generator.render.backs import back_layout_name
from generator.render.boards import board_face
from generator.render.cover import book_cover
from generator.render.distributions import DeckDistributions, deck_distributions
from generator.render.faces import Face, PieceFaces, piece_faces
from generator.render.parallel import faces_on_all_cores
from generator.render.positions import BoardPosition, PositionFigure, position_figure
from generator.render.rulebook import (
    RULEBOOK_FILE,
    Box,
    Piece,
    Rulebook,
    has_rulebook,
    rulebook_blocks,
    rulebook_text,
)
from generator.units import size_name
from generator.write.kept_rasters import Rasters
from generator.write.output import Kit, OutputFile, counted_components

# Double-sided counters are also written to fold and glue, the way many players mount them.
FOLD, FOLD_FILE = "fold", "tokens-fold.pdf"
CARD_PARTS = ("cards", "png", "tts")
DECK_PARTS = ("png", "tts")  # made deck by deck, so their progress counts decks
RASTER_RANK = {"tts": 2, "png": 1}  # the jobs that draw pixels go first, a TTS sheet before PNGs
# What one job of each part is, as its progress counts it.
JOB_UNITS = {"cards": "card sizes", "png": "decks", "tts": "decks", "guides": "guides"}
# Where workers cannot fork (and inherit the jobs), each job is sent to one: below this many
# faces to rasterise or a book of this many blocks, sending costs more than the second core
# saves. Forked workers, which inherit the jobs, always pay for themselves.
PARALLEL_MIN_FACES = 40
PARALLEL_MIN_BLOCKS = 60


def checked_game(folder: Path) -> tuple[LoadedGame, list[Finding]]:
    """Load and check a game, raising DataError when it has error-level findings."""
    progress.stage("check", 1)
    loaded, report = check_game(folder)
    if report.errors or loaded is None:
        raise DataError(report.sorted())
    progress.advance("check")
    return loaded, report.sorted()


@dataclass(frozen=True)
class Rendered:
    """Every face of a game, resolved and fitted: the input of imposition."""

    decks: tuple[PieceFaces, ...]
    token_sheets: tuple[PieceFaces, ...]
    boards: tuple[tuple[Board, Face], ...]
    rulebook: Rulebook | None
    shown: dict[tuple[str, str], tuple[Face, str] | PositionFigure]
    guides: tuple[tuple[Guide, Rulebook], ...] = ()


def full_check(folder: Path, context: BuildContext | None = None) -> list[Finding]:
    """Everything a build would stop on: the data rules, then what rendering finds (text that
    does not fit, art that cannot be drawn, text too small), with rendering's warnings."""
    loaded, report = check_game(folder)
    if loaded is not None and not report.errors:
        with suppress(DataError):
            rendered_game(loaded, context, report)
    return report.sorted()


def full_checks(folders: list[Path]) -> list[Finding]:
    """`full_check` of several games, one game per core: each is independent of the others."""
    workers = min(len(folders), cores())
    if workers < 2:
        return [finding for folder in folders for finding in full_check(folder)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        started = {folder: pool.submit(full_check, folder) for folder in largest_first(folders)}
        return [finding for folder in folders for finding in started[folder].result()]


def largest_first(folders: list[Path]) -> list[Path]:
    """The games with the most data start first, so no core is left with a big one at the end."""
    return sorted(
        folders, key=lambda f: -sum(p.stat().st_size for p in f.rglob("*") if p.is_file())
    )


def rendered_game(
    loaded: LoadedGame, context: BuildContext | None = None, report: Report | None = None
) -> Rendered:
    """Every deck, token sheet and board, and the rendering rules run on them; text that does
    not fit (or art that cannot be drawn) stops the build. Findings are added to `report` when
    one is given."""
    report = Report() if report is None else report
    with applied(loaded.game.limits):
        return _rendered(loaded, context or BuildContext(), report)


def _rendered(loaded: LoadedGame, context: BuildContext, report: Report) -> Rendered:
    game = loaded.game
    progress.stage(progress.FACES, _face_count(loaded), "faces")
    sets = loaded.piece_files
    decks = tuple(faces_on_all_cores(loaded, sets[deck.id], report, context) for deck in game.decks)
    sheets = tuple(piece_faces(loaded, sets[s.id], report, context) for s in game.token_sheets)
    boards = tuple((board, _board_face(loaded, i, report)) for i, board in enumerate(game.boards))
    book = _rulebook(loaded)
    guides = tuple((guide, _booklet(loaded, guide.file, guide.title)) for guide in game.guides)
    books = ([book] if book else []) + [guide_book for _, guide_book in guides]
    faces = {pieces.owner.id: pieces for pieces in decks + sheets}
    shown = {
        key: face
        for b in books
        for key, face in _shown_pieces(loaded, b, faces, boards, report).items()
    }
    rendered = Rendered(decks, sheets, boards, book, shown, guides)
    run_rendered_rules(loaded, rendered, report)
    if report.errors:
        raise DataError(report.sorted())
    return rendered


def _face_count(loaded: LoadedGame) -> int:
    """How many faces rendering makes: each design's front, its back when it has one, each board."""
    sets = [loaded.piece_files[p.id] for p in (*loaded.game.decks, *loaded.game.token_sheets)]
    sides = sum(len(s.pieces) * (1 if back_layout_name(s) is None else 2) for s in sets)
    return sides + len(loaded.game.boards)


def _board_face(loaded: LoadedGame, index: int, report: Report) -> Face:
    """One board's face, counted as rendered."""
    face = board_face(loaded, loaded.game.boards[index], loaded.source.at("boards", index), report)
    progress.advance(progress.FACES)
    return face


def _rulebook(loaded: LoadedGame) -> Rulebook | None:
    """The rulebook as blocks, when the game has one (its data references are checked already)."""
    if not has_rulebook(loaded.folder):
        return None
    book = _booklet(loaded, RULEBOOK_FILE, loaded.game.title)
    return replace(book, cover=book_cover(loaded))


def _booklet(loaded: LoadedGame, file: str, title: str) -> Rulebook:
    """A rulebook-like document as blocks, its glossary terms indexed."""
    terms = tuple(term.name for term in loaded.game.terms)
    return rulebook_blocks(rulebook_text(loaded, file), title, terms)


def rendered_decks(loaded: LoadedGame, context: BuildContext | None = None) -> list[PieceFaces]:
    """Every deck's faces (cards only), for callers that print cards alone."""
    return list(rendered_game(loaded, context).decks)


def plan_kit(
    loaded: LoadedGame,
    options: BuildOptions,
    store: Store | None = None,
    context: BuildContext | None = None,
) -> Kit:
    """Render and impose a whole game in memory; nothing is written yet. With a cache `store`,
    jobs whose inputs are unchanged take their files from it, and new ones are kept there."""
    from generator.write.calibration import calibration_pdf  # `pnp check` never writes a kit

    context = context or BuildContext(options.placeholders)
    rendered = rendered_game(loaded, context)
    jobs = _jobs(rendered, options, loaded)
    files = [file for batch in _run_jobs(loaded, jobs, options, store, context) for file in batch]
    if (
        "cards" in options.only
        and options.printing.duplex in ("long", "short")
        and any(d.backs for d in rendered.decks)
    ):
        data = calibration_pdf(options.printing)
        files.append(
            OutputFile(
                "calibration.pdf",
                "calibration",
                data,
                2,
                options.paper,
                {"duplex": options.printing.duplex},
            )
        )
    counted = partial(counted_components, inventory(loaded))
    return Kit(loaded.game.id, loaded.game.title, tuple(files), counted)


@dataclass(frozen=True)
class Job:
    """One independent part of the output: sheets, PNGs or TTS of one card size, tokens, boards or the rulebook."""

    part: str
    size: str
    decks: tuple[PieceFaces, ...] = ()
    boards: tuple[tuple[Board, Face], ...] = ()
    rulebook: Rulebook | None = None
    settings: RulebookSettings | None = None
    guide: Guide | None = None
    shown: dict = field(default_factory=dict)
    distributions: tuple[DeckDistributions, ...] = ()
    duplex: str | None = None  # printing it differently from the build's own duplex mode
    booklet: bool = False  # the rulebook's saddle-stitched booklet rather than its full pages


def _shown_pieces(
    loaded: LoadedGame,
    book: Rulebook,
    faces: dict[str, PieceFaces],
    boards: tuple[tuple[Board, Face], ...],
    report: Report,
) -> dict[tuple[str, str], tuple[Face, str] | PositionFigure]:
    """Faces of the cards, tokens and boards the rulebook draws, keyed by (kind, id), and its
    board positions; cards and tokens come from the decks and sheets already rendered, so their
    findings are not repeated."""
    blocks = _book_blocks(book)
    wanted = {(block.kind, block.ident) for block in blocks if isinstance(block, Piece)}
    shown = {}
    for kind, ident in sorted(wanted):
        if kind == "board":
            shown[(kind, ident)] = (next(f for b, f in boards if b.id == ident), "card")
            continue
        pieces = next(
            p for p in loaded.piece_files.values() if any(piece.id == ident for piece in p.pieces)
        )
        rendered = faces[pieces.owner.id]
        position = [piece.id for piece in pieces.pieces].index(ident)
        shown[(kind, ident)] = (rendered.fronts[position], rendered.shape)
    for block in blocks:
        if isinstance(block, BoardPosition):
            shown[block.key] = position_figure(loaded, block, faces, report)
    return shown


def _book_blocks(book: Rulebook) -> list:
    """Every block of a book, boxes flattened, and the pieces its cover shows."""
    return [*_all_blocks(book.blocks), *(book.cover.pieces if book.cover else ())]


def _shown_in(book: Rulebook, shown: dict) -> dict:
    """The faces and positions one book draws, so its job's key covers those alone."""
    keys = {
        (block.kind, block.ident) if isinstance(block, Piece) else block.key
        for block in _book_blocks(book)
        if isinstance(block, (Piece, BoardPosition))
    }
    return {key: value for key, value in shown.items() if key in keys}


def _all_blocks(blocks) -> list:
    """Blocks with the contents of boxes flattened in."""
    return [
        inner
        for block in blocks
        for inner in ([block, *_all_blocks(block.blocks)] if isinstance(block, Box) else [block])
    ]


def _jobs(rendered: Rendered, options: BuildOptions, loaded: LoadedGame) -> list[Job]:
    by_size: dict[str, list[PieceFaces]] = defaultdict(list)
    for deck in rendered.decks:
        by_size[size_name(deck.size)].append(deck)
    jobs = [
        job
        for size, group in by_size.items()
        for part in CARD_PARTS
        if part in options.only
        for job in _card_jobs(part, size, group)
    ]
    if "tokens" in options.only and rendered.token_sheets:
        jobs.append(Job("tokens", "", rendered.token_sheets))
        two_sided = any(sheet.backs for sheet in rendered.token_sheets)
        if two_sided and options.printing.duplex != FOLD:
            jobs.append(Job("tokens", "", rendered.token_sheets, duplex=FOLD))
    if "rulebook" in options.only and rendered.rulebook is not None:
        book, settings = rendered.rulebook, loaded.game.rulebook
        shown = _shown_in(book, rendered.shown)
        jobs.extend(
            Job("rulebook", "", rulebook=book, settings=settings, shown=shown, booklet=booklet)
            for booklet in (False, True)
        )
    if "guides" in options.only:
        jobs.extend(
            Job(
                "guides",
                "",
                rulebook=book,
                settings=loaded.game.rulebook,
                guide=guide,
                shown=_shown_in(book, rendered.shown),
            )
            for guide, book in rendered.guides
        )
    if "boards" in options.only and rendered.boards:
        jobs.append(Job("boards", "", boards=rendered.boards))
    if "report" in options.only:
        jobs.append(Job("report", "", distributions=deck_distributions(loaded)))
    return jobs


def _card_jobs(part: str, size: str, decks: list[PieceFaces]) -> list[Job]:
    """The jobs of one part for the decks of one card size: PNGs and TTS one deck a job (the
    same files, and a core and the progress bar can take each deck on its own)."""
    if part in DECK_PARTS:
        return [Job(part, size, (deck,)) for deck in decks]
    return [Job(part, size, tuple(decks))]


def _run_jobs(
    loaded: LoadedGame,
    jobs: list[Job],
    options: BuildOptions,
    store: Store | None,
    context: BuildContext,
) -> list[list[OutputFile]]:
    """Each job's files: from the cache when its inputs are unchanged, else made (and kept);
    the progress of each part counts its jobs as they finish."""
    for part in dict.fromkeys(job.part for job in jobs):
        progress.stage(part, sum(job.part == part for job in jobs), JOB_UNITS.get(part, ""))
    if store is None:
        return [files for files, _ in _made(loaded, jobs, options, None, context)]
    game = loaded.game
    shared = (game.title, game.symbols, game.limits)
    digests = Digests((PieceFaces, Face))  # a deck's faces walked once for all its jobs
    name_designs(digests, [deck for job in jobs for deck in job.decks])  # or named by their designs
    keys = job_keys(loaded.folder, options, shared, jobs, digests)
    found = {i: files for i, key in enumerate(keys) if (files := cached_job(store, key))}
    for i in found:
        progress.advance(jobs[i].part)
    missing = [i for i in range(len(jobs)) if i not in found]
    made = _made(loaded, [jobs[i] for i in missing], options, Rasters(store.folder), context)
    for i, (files, entries) in zip(missing, made, strict=True):
        found[i] = files
        keep_job(store, keys[i], files)
        for entry in entries:  # the job's rasters and book pages, written at the flush
            store.keep_bytes(*entry)
    return [found[i] for i in range(len(jobs))]


def _made(
    loaded: LoadedGame,
    jobs: list[Job],
    options: BuildOptions,
    rasters: Rasters | None,
    context: BuildContext,
) -> list[tuple[list[OutputFile], list[Entry]]]:
    """Run the jobs, in worker processes when there are two cores and forked workers or enough
    rasterising or typesetting to pay for sending them; rasters of faces drawn before come from
    the cache (`rasters`) when there is one."""
    work = partial(_run_job, loaded.game.limits, loaded.game.title, loaded.game.symbols)
    work = partial(work, loaded.folder, options, rasters)
    raster_faces = sum(
        len(deck.fronts) for job in jobs if job.part in DECK_PARTS for deck in job.decks
    )
    book_blocks = sum(
        len(_all_blocks(job.rulebook.blocks)) for job in jobs if job.rulebook is not None
    )
    workers = 1 if context.one_process else min(len(jobs), cores())
    small = raster_faces < PARALLEL_MIN_FACES and book_blocks < PARALLEL_MIN_BLOCKS
    if workers < 2 or (small and not can_fork()):
        return [_counted(job, work(job)) for job in jobs]
    with worker_pool(work, jobs, workers) as submit:
        started = {i: submit(i) for i in _longest_first(jobs)}
        parts = {future: jobs[i].part for i, future in started.items()}
        for future in as_completed(parts):
            progress.advance(parts[future])
        return [started[i].result() for i in range(len(jobs))]


def _longest_first(jobs: list[Job]) -> list[int]:
    """The jobs' positions, those likely to take longest first, so no core is left with a long
    one at the end: books by their blocks; then a deck's TTS sheets (each design resized into
    its cell, its band deflated) and PNGs (each design rasterised), by their designs; then the
    rest (card sheets place faces drawn once, cheap per card) by the cards they draw, copies
    counted. A one-card rebuild's rulebook and booklet start at once, the deck's TTS sheet as
    soon as one ends, its PNG and its size's sheets after."""

    def weight(index: int) -> tuple[bool, int, int]:
        job = jobs[index]
        if job.rulebook is not None:
            return (True, 0, len(_all_blocks(job.rulebook.blocks)))
        if job.part in RASTER_RANK:
            designs = sum(len(deck.fronts) for deck in job.decks)
            return (False, RASTER_RANK[job.part], designs)
        return (False, 0, sum(deck.count for deck in job.decks))

    return sorted(range(len(jobs)), key=weight, reverse=True)


def _counted(
    job: Job, made: tuple[list[OutputFile], list[Entry]]
) -> tuple[list[OutputFile], list[Entry]]:
    """A finished job's files and cache entries, its part's progress advanced."""
    progress.advance(job.part)
    return made


def _run_job(
    limits: Limits,
    title: str,
    symbols: list,
    folder: Path,
    options: BuildOptions,
    rasters: Rasters | None,
    job: Job,
) -> tuple[list[OutputFile], list[Entry]]:
    """One job's files, within the game's limits (in this process or a worker), and what it
    would keep in the cache, for the build to keep once its kit is written."""
    with applied(limits), deferred_writes() as entries:
        return _job_files(title, symbols, folder, options, job, rasters), entries


def _job_files(
    title: str,
    symbols: list,
    folder: Path,
    options: BuildOptions,
    job: Job,
    rasters: Rasters | None,
) -> list[OutputFile]:
    from generator.write.exports import png_files, tts_files  # `pnp check` writes no files
    from generator.write.kit import (
        board_file,
        card_files,
        guide_file,
        report_file,
        rulebook_booklet_file,
        rulebook_file,
        token_file,
    )

    group = list(job.decks)
    if job.part == "png":
        return list(png_files(title, group, symbols, folder, options.dpi, rasters))
    if job.part == "tts":
        return list(tts_files(title, group, symbols, folder, rasters))
    if job.part == "tokens":
        if job.duplex is None:
            return [token_file(title, group, symbols, folder, options.paper, options.printing)]
        printing = replace(options.printing, duplex=job.duplex)
        return [token_file(title, group, symbols, folder, options.paper, printing, FOLD_FILE)]
    pages = BookPages(rasters.root) if rasters else None  # the same cache folder
    if job.part == "rulebook":
        book = (job.rulebook, job.settings, symbols, folder, options.paper, job.shown, pages)
        if job.booklet:
            return [rulebook_booklet_file(*book)]
        return [rulebook_file(*book)]
    if job.part == "guides":
        book = (job.rulebook, job.settings, symbols, folder, options.paper, job.shown, pages)
        return [guide_file(job.guide, *book)]
    if job.part == "boards":
        return [
            board_file(title, list(job.boards), symbols, folder, options.paper, options.printing)
        ]
    if job.part == "report":
        return [report_file(title, job.distributions, options.paper)]
    return card_files(title, job.size, group, symbols, folder, options.paper, options.printing)


def inventory(loaded: LoadedGame) -> list[dict]:
    """The game's components as the manifest counts them (plain data, so a cached kit keeps it)."""
    return [
        {
            "id": c.id,
            "kind": str(c.kind),
            "provided_by": c.provided_by,
            "part_of": c.part_of,
            "provided": bool(c.provided),
        }
        for c in loaded.game.components
    ]
