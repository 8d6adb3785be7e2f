"""Minimal but valid .xlsx and .ods workbooks written as zipped XML, for spreadsheet tests.

A sheet is a list of rows; a row is a list of cells: text, a number, a bool, a date, None
(empty) or a `Formula` with its cached result (None: never calculated, as a file written by a
script and never opened in a spreadsheet program).
"""

from __future__ import annotations

import datetime
import io
import zipfile
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

Cell = str | int | float | bool | datetime.date | None


@dataclass(frozen=True)
class Formula:
    """A formula cell: the spreadsheet's expression and the result it stored, if any."""

    xlsx: str
    ods: str
    cached: float | str | None = None


@dataclass(frozen=True)
class Failed:
    """A formula whose result is a spreadsheet error such as #DIV/0!."""

    error: str = "#DIV/0!"


Sheets = dict[str, list[list[Cell | Formula | Failed]]]

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
EXCEL_EPOCH = datetime.date(1899, 12, 30)


def column_letters(number: int) -> str:
    """1 -> A, 27 -> AA."""
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def xlsx_bytes(sheets: Sheets) -> bytes:
    """An .xlsx workbook with shared strings and a date style, as Excel writes them."""
    strings: list[str] = []
    files = {
        "[Content_Types].xml": _content_types(len(sheets)),
        "_rels/.rels": _rels([("rId1", "officeDocument", "xl/workbook.xml")]),
        "xl/workbook.xml": _workbook(list(sheets)),
        "xl/styles.xml": STYLES,
    }
    for number, rows in enumerate(sheets.values(), start=1):
        files[f"xl/worksheets/sheet{number}.xml"] = _worksheet(rows, strings)
    targets = [
        (f"rId{n}", "worksheet", f"worksheets/sheet{n}.xml") for n in range(1, len(sheets) + 1)
    ]
    targets += [("rIdS", "sharedStrings", "sharedStrings.xml"), ("rIdT", "styles", "styles.xml")]
    files["xl/_rels/workbook.xml.rels"] = _rels(targets)
    items = "".join(f'<si><t xml:space="preserve">{escape(s)}</t></si>' for s in strings)
    files["xl/sharedStrings.xml"] = f'<sst xmlns="{MAIN}" count="{len(strings)}">{items}</sst>'
    return _zip(files)


def _content_types(count: int) -> str:
    sheet_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="{sheet_type}"/>'
        for n in range(1, count + 1)
    )
    main = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    return (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{main}.sheet.main+xml"/>'
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{main}.sharedStrings+xml"/>'
        f'<Override PartName="/xl/styles.xml" ContentType="{main}.styles+xml"/>'
        f"{overrides}</Types>"
    )


def _rels(targets: list[tuple[str, str, str]]) -> str:
    items = "".join(
        f'<Relationship Id="{rid}" Type="{REL}/{kind}" Target="{target}"/>'
        for rid, kind, target in targets
    )
    return f'<Relationships xmlns="{PKG_REL}">{items}</Relationships>'


def _workbook(names: list[str]) -> str:
    sheets = "".join(
        f'<sheet name={quoteattr(name)} sheetId="{n}" r:id="rId{n}"/>'
        for n, name in enumerate(names, start=1)
    )
    return f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>{sheets}</sheets></workbook>'


STYLES = (
    f'<styleSheet xmlns="{MAIN}"><fonts count="1"><font/></fonts>'
    '<fills count="1"><fill/></fills><borders count="1"><border/></borders>'
    '<cellStyleXfs count="1"><xf/></cellStyleXfs>'
    '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs>'
    "</styleSheet>"
)


def _worksheet(rows: list[list[Cell | Formula | Failed]], strings: list[str]) -> str:
    body = []
    for r, row in enumerate(rows, start=1):
        cells = "".join(
            _xlsx_cell(f"{column_letters(c)}{r}", value, strings)
            for c, value in enumerate(row, start=1)
            if value is not None
        )
        body.append(f'<row r="{r}">{cells}</row>')
    return f'<worksheet xmlns="{MAIN}"><sheetData>{"".join(body)}</sheetData></worksheet>'


def _xlsx_cell(ref: str, value: Cell | Formula | Failed, strings: list[str]) -> str:
    if isinstance(value, Failed):
        return f'<c r="{ref}" t="e"><f>1/0</f><v>{value.error}</v></c>'
    if isinstance(value, Formula):
        if value.cached is None:
            return f'<c r="{ref}"><f>{escape(value.xlsx)}</f><v></v></c>'
        if isinstance(value.cached, str):
            return (
                f'<c r="{ref}" t="str"><f>{escape(value.xlsx)}</f><v>{escape(value.cached)}</v></c>'
            )
        return f'<c r="{ref}"><f>{escape(value.xlsx)}</f><v>{value.cached}</v></c>'
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, datetime.date):
        return f'<c r="{ref}" s="1"><v>{(value - EXCEL_EPOCH).days}</v></c>'
    if isinstance(value, int | float):
        return f'<c r="{ref}"><v>{value}</v></c>'
    if value not in strings:
        strings.append(value)
    return f'<c r="{ref}" t="s"><v>{strings.index(value)}</v></c>'


ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" '
    'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" '
    'office:version="1.2"'
)
ODS_MIME = "application/vnd.oasis.opendocument.spreadsheet"
# LibreOffice ends every sheet with the rest of its million rows as one repeated empty row.
TRAILING_ROWS = (
    '<table:table-row table:number-rows-repeated="1048500">'
    '<table:table-cell table:number-columns-repeated="1024"/></table:table-row>'
)


def ods_bytes(sheets: Sheets) -> bytes:
    """An .ods spreadsheet: mimetype first and stored, content.xml and the manifest."""
    tables = "".join(
        f"<table:table table:name={quoteattr(name)}>"
        + "".join(
            f"<table:table-row>{''.join(map(_ods_cell, row))}</table:table-row>" for row in rows
        )
        + f"{TRAILING_ROWS}</table:table>"
        for name, rows in sheets.items()
    )
    content = (
        f"<office:document-content {ODS_NS}><office:body><office:spreadsheet>"
        f"{tables}</office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
        'manifest:version="1.2">'
        f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{ODS_MIME}"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    return _zip({"mimetype": ODS_MIME, "content.xml": content, "META-INF/manifest.xml": manifest})


def _ods_cell(value: Cell | Formula | Failed) -> str:
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, Failed):
        return (
            '<table:table-cell table:formula="of:=1/0" office:value-type="float" '
            f'office:value="0" calcext:value-type="error"><text:p>{value.error}</text:p>'
            "</table:table-cell>"
        )
    if isinstance(value, Formula):
        formula = f"table:formula={quoteattr(value.ods)}"
        if value.cached is None:
            return f"<table:table-cell {formula}/>"
        if isinstance(value.cached, str):
            return (
                f'<table:table-cell {formula} office:value-type="string">'
                f"<text:p>{escape(value.cached)}</text:p></table:table-cell>"
            )
        return (
            f'<table:table-cell {formula} office:value-type="float" office:value="{value.cached}">'
            f"<text:p>{value.cached}</text:p></table:table-cell>"
        )
    if isinstance(value, bool):
        flag = str(value).lower()
        return (
            f'<table:table-cell office:value-type="boolean" office:boolean-value="{flag}">'
            f"<text:p>{str(value).upper()}</text:p></table:table-cell>"
        )
    if isinstance(value, datetime.date):
        return (
            f'<table:table-cell office:value-type="date" office:date-value="{value.isoformat()}">'
            f"<text:p>{value.isoformat()}</text:p></table:table-cell>"
        )
    if isinstance(value, int | float):
        return (
            f'<table:table-cell office:value-type="float" office:value="{value}">'
            f"<text:p>{value}</text:p></table:table-cell>"
        )
    paragraphs = "".join(f"<text:p>{escape(line)}</text:p>" for line in value.split("\n"))
    return f'<table:table-cell office:value-type="string">{paragraphs}</table:table-cell>'


def _zip(files: dict[str, str]) -> bytes:
    """The files zipped in order; an ODS mimetype entry is stored uncompressed, as required."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            method = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            archive.writestr(info, text.encode("utf-8"), compress_type=method)
    return buffer.getvalue()
