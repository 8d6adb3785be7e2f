"""What a spreadsheet library cannot be trusted with or does not say, read from the workbook's
zipped XML as a stream: its sheets, how far each reaches (a filled cell at XFD1048576 would
make calamine allocate the whole grid and abort) and which formulas hold no result."""

from __future__ import annotations

import codecs
import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from posixpath import dirname, join, normpath
from xml.etree import ElementTree

from generator.limits import MAX_UNPACKED_BYTES, active, megabytes

ODS_MIME = "application/vnd.oasis.opendocument.spreadsheet"
OFFICE_DOCUMENT = "/officeDocument"
CELL_REF = re.compile(r"([A-Z]+)(\d+)")
TEXT_RESULTS = {"str", "inlineStr"}
UNCALCULATED = (
    "a formula with no calculated value (open and save the workbook in a spreadsheet program "
    "so that it stores its results)"
)
OLE_MAGIC = b"\xd0\xcf\x11\xe0"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
CALCEXT = "{urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}"


class WorkbookError(Exception):
    """The file is not a workbook that can be read; the message says what it is instead."""


@dataclass(frozen=True)
class Flag:
    """A cell whose stored value cannot be used: a formula never calculated, or an error."""

    row: int
    column: int
    problem: str


@dataclass
class SheetScan:
    """One sheet's flagged cells, once every filled cell is known to lie within the limits."""

    name: str
    flags: list[Flag] = field(default_factory=list)

    def fill(self, row: int, column: int) -> None:
        """Refuse a filled cell beyond the limits before anything allocates the grid up to it."""
        limits = active()
        if row > limits.table_rows + 1 or column > limits.table_columns:  # + the header
            raise TooFar(self.name, row, column)


class TooFar(Exception):
    """A filled cell beyond the row or column limit."""

    def __init__(self, sheet: str, row: int, column: int) -> None:
        super().__init__(sheet)
        self.sheet, self.row, self.column = sheet, row, column


@dataclass
class Workbook:
    """An opened workbook archive: its worksheets in order, and how to scan each."""

    archive: zipfile.ZipFile
    parts: dict[str, str] = field(default_factory=dict)  # .xlsx: sheet name -> its XML part
    scans: dict[str, SheetScan] = field(default_factory=dict)  # .ods: every sheet, scanned

    @property
    def sheets(self) -> list[str]:
        """Worksheet names in workbook order."""
        return list(self.parts or self.scans)

    def scan(self, name: str) -> SheetScan:
        """One sheet, limits checked and cells flagged."""
        return self.scans.get(name) or _xlsx_scan(self.archive, self.parts[name], name)


def open_workbook(data: bytes, expected: str) -> Workbook:
    """The workbook in `data`, or a WorkbookError saying `expected X, found Y`.

    An .ods is scanned whole at once (its reader loads every sheet); may raise TooFar.
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        raise WorkbookError(f"expected {expected}, found {_describe(data)}") from exc
    unpacked = sum(info.file_size for info in archive.infolist())
    if unpacked > MAX_UNPACKED_BYTES:
        raise WorkbookError(
            f"expected a workbook that unpacks to at most {megabytes(MAX_UNPACKED_BYTES)}, "
            f"found {megabytes(unpacked)}"
        )
    if _member(archive, "mimetype").strip() == ODS_MIME.encode():
        return Workbook(archive, scans={scan.name: scan for scan in _ods_scans(archive)})
    part = _xlsx_workbook_part(archive)
    if part is None:
        raise WorkbookError(f"expected {expected}, found a zip archive that holds no workbook")
    return Workbook(archive, parts=_xlsx_sheets(archive, part))


def _describe(data: bytes) -> str:
    """What a file that is not a zip archive looks like."""
    if not data.strip():
        return "an empty file"
    if data.startswith(OLE_MAGIC):
        return (
            "an old .xls workbook or a password-protected one; save it as .xlsx without a password"
        )
    if data.startswith(b"%PDF"):
        return "a PDF document"
    if data.startswith(b"PK"):
        return "a damaged zip archive"
    try:
        codecs.getincrementaldecoder("utf-8")().decode(data[:4096])
    except UnicodeDecodeError:
        return "binary data of an unknown kind"
    return "plain text (a CSV file should be named .csv)"


def _member(archive: zipfile.ZipFile, name: str) -> bytes:
    """A small member's bytes, or nothing when the archive lacks it."""
    try:
        return archive.read(name)
    except KeyError:
        return b""


def _local(tag: str) -> str:
    """An XML tag without its namespace, so Transitional and Strict OOXML read alike."""
    return tag.rsplit("}", 1)[-1]


def _attribute(element: ElementTree.Element, name: str) -> str | None:
    """An attribute by local name, whatever its namespace."""
    for key, value in element.attrib.items():
        if _local(key) == name:
            return value
    return None


def _relationships(archive: zipfile.ZipFile, part: str) -> dict[str, tuple[str, str]]:
    """A part's relationships: id -> (type, target part)."""
    rels = join(dirname(part), "_rels", part.rsplit("/", 1)[-1] + ".rels")
    found = {}
    for item in ElementTree.fromstring(_member(archive, rels) or b"<r/>"):
        target = item.get("Target", "")
        resolved = target[1:] if target.startswith("/") else normpath(join(dirname(part), target))
        found[item.get("Id", "")] = (item.get("Type", ""), resolved)
    return found


def _xlsx_workbook_part(archive: zipfile.ZipFile) -> str | None:
    """The workbook part the package's relationships point at."""
    for kind, target in _relationships(archive, "").values():
        if kind.endswith(OFFICE_DOCUMENT) and target.endswith(".xml"):
            return target
    return None


def _xlsx_sheets(archive: zipfile.ZipFile, part: str) -> dict[str, str]:
    """Worksheet names in workbook order and their XML parts (chart sheets left out)."""
    rels = _relationships(archive, part)
    sheets = {}
    for element in ElementTree.fromstring(archive.read(part)).iter():
        if _local(element.tag) == "sheet":
            kind, target = rels.get(_attribute(element, "id") or "", ("", ""))
            if kind.endswith("/worksheet"):
                sheets[element.get("name", "")] = target
    return sheets


def column_letters(number: int) -> str:
    """A column's letters: 1 -> A, 27 -> AA."""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _column_number(letters: str) -> int:
    """A column's number: A -> 1, AA -> 27."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


def _xlsx_scan(archive: zipfile.ZipFile, part: str, name: str) -> SheetScan:
    """One worksheet part, streamed row by row: limits checked, cells flagged."""
    scan, row, column = SheetScan(name), 0, 0
    with archive.open(part) as stream:
        for event, element in ElementTree.iterparse(stream, events=("start", "end")):
            tag = _local(element.tag)
            if event == "start":
                if tag == "row":
                    row, column = int(element.get("r") or row + 1), 0
            elif tag == "c":
                ref = CELL_REF.fullmatch(element.get("r", ""))
                row, column = (int(ref[2]), _column_number(ref[1])) if ref else (row, column + 1)
                _xlsx_cell(scan, element, row, column)
                element.clear()
            elif tag == "row":
                element.clear()
    return scan


def _xlsx_cell(scan: SheetScan, cell: ElementTree.Element, row: int, column: int) -> None:
    """Check one cell against the limits; flag a formula without a result or an error result."""
    parts = {_local(child.tag): child for child in cell}
    value = parts.get("v")
    stored = value is not None and (bool(value.text) or cell.get("t") in TEXT_RESULTS)
    if not (stored or "f" in parts or "is" in parts):
        return
    scan.fill(row, column)
    if "f" in parts and not stored:
        scan.flags.append(Flag(row, column, UNCALCULATED))
    elif cell.get("t") == "e" and value is not None:
        scan.flags.append(Flag(row, column, f"the spreadsheet error {value.text}"))


def _ods_scans(archive: zipfile.ZipFile) -> Iterator[SheetScan]:
    """Every sheet of content.xml, limits checked and cells flagged; repeats are counted, not expanded."""
    scan, row, column, filled = SheetScan(""), 0, 0, False
    with archive.open("content.xml") as stream:
        for event, element in ElementTree.iterparse(stream, events=("start", "end")):
            tag = element.tag
            if event == "start":
                if tag == TABLE + "table":
                    scan, row = SheetScan(element.get(TABLE + "name", "")), 0
                elif tag == TABLE + "table-row":
                    column, filled = 0, False
            elif tag in (TABLE + "table-cell", TABLE + "covered-table-cell"):
                repeat = _repeat(element, "number-columns-repeated")
                filled = _ods_cell(scan, element, row + 1, column + 1, repeat) or filled
                column += repeat
                element.clear()
            elif tag == TABLE + "table-row":
                repeat = _repeat(element, "number-rows-repeated")
                if filled:
                    scan.fill(row + repeat, 1)
                row += repeat
                element.clear()
            elif tag == TABLE + "table":
                yield scan
                element.clear()


def _repeat(element: ElementTree.Element, name: str) -> int:
    """How many times an .ods row or cell repeats (at least once)."""
    return max(1, int(element.get(TABLE + name) or 1))


def _ods_cell(
    scan: SheetScan, cell: ElementTree.Element, row: int, column: int, repeat: int
) -> bool:
    """Check and flag one (possibly repeated) cell; whether it holds anything."""
    value_type = cell.get(OFFICE + "value-type")
    formula = cell.get(TABLE + "formula")
    if value_type is None and formula is None and len(cell) == 0:
        return False
    scan.fill(row, column + repeat - 1)
    if formula is not None and value_type is None:
        scan.flags.append(Flag(row, column, UNCALCULATED))
    elif cell.get(CALCEXT + "value-type") == "error":
        shown = "".join(cell.itertext()).strip() or "error"
        scan.flags.append(Flag(row, column, f"the spreadsheet error {shown}"))
    return True
