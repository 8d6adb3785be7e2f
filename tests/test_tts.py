"""TTS export: deck sheets TTS can cut into cards, and a saved object whose IDs point at them."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from functools import cache

import pytest
from PIL import Image

from generator.write.tts import TtsCard, tts_deck

CARD = (744, 1039)  # a poker card at 300 dpi, trim only
HIDDEN = (255, 0, 255)
BACK = (10, 200, 10)
WHITE = (255, 255, 255)
TRANSFORM = {
    "posX": 0,
    "posY": 1,
    "posZ": 0,
    "rotX": 0,
    "rotY": 180,
    "rotZ": 180,
    "scaleX": 1,
    "scaleY": 1,
    "scaleZ": 1,
}


@cache
def solid_png(colour: tuple[int, int, int], size: tuple[int, int] = CARD) -> bytes:
    """A one-colour PNG, so any pixel of a slot tells which image landed there."""
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, "PNG")
    return buffer.getvalue()


def colour(index: int) -> tuple[int, int, int]:
    """A distinct colour per card index, none of them white, the hidden or the back colour."""
    return (index * 3, 80, 250 - index * 3)


def deck(count: int, size: tuple[int, int] = CARD) -> list[TtsCard]:
    """`count` cards of one size, each face a distinct solid colour."""
    return [TtsCard(f"Card {i}", solid_png(colour(i), size)) for i in range(count)]


def open_png(png: bytes) -> Image.Image:
    """The decoded image of a file in the export."""
    return Image.open(io.BytesIO(png))


def slot_centre(sheet: Image.Image, slot: int, columns: int, rows: int) -> tuple[int, int, int]:
    """The pixel at the middle of a slot, counting row by row from the top left."""
    cell_w, cell_h = sheet.width // columns, sheet.height // rows
    row, column = divmod(slot, columns)
    return sheet.getpixel((column * cell_w + cell_w // 2, row * cell_h + cell_h // 2))


def test_twelve_cards_fit_one_sheet_of_ten_by_two():
    export = tts_deck("Heroes", deck(12), solid_png(BACK), solid_png(HIDDEN), "heroes")

    assert (export.columns, export.rows) == (10, 2)  # 12 cards + hidden slot = 13 slots
    assert set(export.files) == {"heroes-faces-1.png", "heroes-back.png"}
    sheet = open_png(export.files["heroes-faces-1.png"])
    # cell width 4096 // 10 = 409 < 744; height 409 * 1039 / 744 = 571.17 -> 571
    assert sheet.size == (10 * 409, 2 * 571)
    assert sheet.mode == "RGB"
    assert slot_centre(sheet, 0, 10, 2) == colour(0)
    assert slot_centre(sheet, 11, 10, 2) == colour(11)
    assert [slot_centre(sheet, slot, 10, 2) for slot in range(12, 19)] == [WHITE] * 7
    assert slot_centre(sheet, 19, 10, 2) == HIDDEN
    assert open_png(export.files["heroes-back.png"]).getpixel((0, 0)) == BACK

    [state] = export.saved_object["ObjectStates"]
    assert state["Name"] == "DeckCustom"
    assert state["Nickname"] == "Heroes"
    assert state["Transform"] == TRANSFORM
    assert state["DeckIDs"] == list(range(100, 112))
    assert state["CustomDeck"] == {
        "1": {
            "FaceURL": "heroes-faces-1.png",
            "BackURL": "heroes-back.png",
            "NumWidth": 10,
            "NumHeight": 2,
            "BackIsHidden": False,
            "UniqueBack": False,
            "Type": 0,
        }
    }
    contained = state["ContainedObjects"]
    assert [(card["Nickname"], card["CardID"]) for card in contained] == [
        (f"Card {i}", 100 + i) for i in range(12)
    ]
    assert all(card["Name"] == "Card" and card["Transform"] == TRANSFORM for card in contained)


def test_every_file_the_json_names_is_exported():
    export = tts_deck("Heroes", deck(12), solid_png(BACK), solid_png(HIDDEN), "heroes")
    saved = json.loads(export.json_text)
    assert saved == export.saved_object
    custom_deck = saved["ObjectStates"][0]["CustomDeck"].values()
    named = {url for entry in custom_deck for url in (entry["FaceURL"], entry["BackURL"])}
    assert named == set(export.files)


def test_seventy_five_cards_need_two_sheets():
    cell = (409, 571)  # the 10-column cell of a 744 x 1039 card, so no time goes on resizing
    export = tts_deck("Big", deck(75, cell), solid_png(BACK), solid_png(HIDDEN), "big")

    assert (export.columns, export.rows) == (10, 7)  # 76 slots wanted, capped at 7 rows
    state = export.saved_object["ObjectStates"][0]
    assert state["DeckIDs"] == list(range(100, 169)) + list(range(200, 206))  # 69 + 6
    assert list(state["CustomDeck"]) == ["1", "2"]
    assert state["CustomDeck"]["2"]["FaceURL"] == "big-faces-2.png"
    assert state["CustomDeck"]["2"]["BackURL"] == "big-back.png"
    first = open_png(export.files["big-faces-1.png"])
    second = open_png(export.files["big-faces-2.png"])
    for sheet in (first, second):
        assert sheet.size == (10 * 409, 7 * 571)  # 3997 px tall, within 4096
    assert slot_centre(first, 68, 10, 7) == colour(68)
    assert slot_centre(first, 69, 10, 7) == HIDDEN
    assert slot_centre(second, 0, 10, 7) == colour(69)
    assert slot_centre(second, 5, 10, 7) == colour(74)
    assert slot_centre(second, 6, 10, 7) == WHITE
    assert slot_centre(second, 69, 10, 7) == HIDDEN


def test_tall_cards_are_limited_by_sheet_height():
    export = tts_deck("Tall", deck(69, (40, 800)), solid_png(BACK), solid_png(HIDDEN), "tall")
    sheet = open_png(export.files["tall-faces-1.png"])
    # 7 rows: height 800 > 4096 // 7 = 585, so 585 tall and 585 * 40 / 800 = 29.25 -> 29 wide
    assert sheet.size == (10 * 29, 7 * 585)
    assert slot_centre(sheet, 68, 10, 7) == colour(68)


def test_per_card_backs_make_back_sheets_on_the_same_grid():
    backs = [solid_png((200, 200 - 10 * i, 0)) for i in range(12)]
    export = tts_deck("Heroes", deck(12), backs, solid_png(HIDDEN), "heroes")

    assert set(export.files) == {"heroes-faces-1.png", "heroes-backs-1.png"}
    faces = open_png(export.files["heroes-faces-1.png"])
    back_sheet = open_png(export.files["heroes-backs-1.png"])
    assert back_sheet.size == faces.size
    assert back_sheet.mode == "RGB"
    assert slot_centre(back_sheet, 0, 10, 2) == (200, 200, 0)
    assert slot_centre(back_sheet, 11, 10, 2) == (200, 90, 0)
    entry = export.saved_object["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["BackURL"] == "heroes-backs-1.png"
    assert entry["UniqueBack"] is True


def test_per_card_backs_must_match_the_cards():
    with pytest.raises(ValueError, match="11 backs given for 12 designs"):
        tts_deck("Heroes", deck(12), [solid_png(BACK)] * 11, solid_png(HIDDEN), "heroes")


def test_an_empty_deck_is_refused():
    with pytest.raises(ValueError, match="at least one card"):
        tts_deck("Empty", [], solid_png(BACK), solid_png(HIDDEN), "empty")


def test_a_single_card_is_a_card_object():
    export = tts_deck("Rules", deck(1), solid_png(BACK), solid_png(HIDDEN), "rules")

    assert (export.columns, export.rows) == (2, 1)
    [state] = export.saved_object["ObjectStates"]
    assert state["Name"] == "Card"
    assert state["CardID"] == 100
    assert state["CustomDeck"]["1"]["FaceURL"] == "rules-faces-1.png"
    sheet = open_png(export.files["rules-faces-1.png"])
    assert sheet.size == (2 * 744, 1039)  # the card fits a 2-column sheet unscaled
    assert slot_centre(sheet, 0, 2, 1) == colour(0)
    assert slot_centre(sheet, 1, 2, 1) == HIDDEN


def test_transparent_art_lands_on_white():
    clear = io.BytesIO()
    Image.new("RGBA", (60, 84), (0, 0, 0, 0)).save(clear, "PNG")
    cards = [TtsCard("Ghost", clear.getvalue()), TtsCard("Solid", solid_png(colour(1), (60, 84)))]
    export = tts_deck("Ghosts", cards, clear.getvalue(), solid_png(HIDDEN), "ghosts")

    sheet = open_png(export.files["ghosts-faces-1.png"])
    back = open_png(export.files["ghosts-back.png"])
    assert (sheet.mode, back.mode) == ("RGB", "RGB")
    assert slot_centre(sheet, 0, 3, 1) == WHITE
    assert slot_centre(sheet, 1, 3, 1) == colour(1)
    assert back.getpixel((30, 42)) == WHITE


def test_same_input_gives_same_bytes():
    cards, back, hidden = deck(12), solid_png(BACK), solid_png(HIDDEN)
    first = tts_deck("Heroes", cards, back, hidden, "heroes")
    second = tts_deck("Heroes", cards, back, hidden, "heroes")
    assert first.files == second.files
    assert first.json_text == second.json_text


def card_cells(export) -> Callable[[int], Image.Image]:
    """The cell a card ID names, cut from its sheet as TTS cuts it: sheet number times 100 plus
    the slot, counted row by row on a NumWidth x NumHeight grid (each sheet decoded once)."""
    entries = export.saved_object["ObjectStates"][0]["CustomDeck"]
    sheets = {number: open_png(export.files[entry["FaceURL"]]) for number, entry in entries.items()}

    def cell(card_id: int) -> Image.Image:
        entry, sheet = entries[str(card_id // 100)], sheets[str(card_id // 100)]
        cell_w, cell_h = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
        row, column = divmod(card_id % 100, entry["NumWidth"])
        box = (column * cell_w, row * cell_h, (column + 1) * cell_w, (row + 1) * cell_h)
        return sheet.crop(box)

    return cell


def test_copies_of_a_design_share_its_one_slot(monkeypatch):
    import generator.write.tts as tts

    opened = []
    real_open = tts._open_rgb
    monkeypatch.setattr(tts, "_open_rgb", lambda png: opened.append(png) or real_open(png))
    coin, other = solid_png(colour(1), (300, 420)), solid_png(colour(2), (300, 420))
    cards = [TtsCard("Coin", coin, 40), TtsCard("Other", other, 3)]
    backs = [solid_png(BACK, (300, 420)), solid_png((200, 90, 0), (300, 420))]
    export = tts_deck("Coins", cards, backs, solid_png(HIDDEN, (300, 420)), "coins")

    assert len(opened) == 5  # the two designs, the hidden card, the two backs: once each
    assert (export.columns, export.rows) == (3, 1)  # two designs and the hidden slot
    assert set(export.files) == {"coins-faces-1.png", "coins-backs-1.png"}
    faces = open_png(export.files["coins-faces-1.png"])
    assert faces.size == (3 * 300, 420)
    assert [slot_centre(faces, slot, 3, 1) for slot in range(3)] == [colour(1), colour(2), HIDDEN]
    back_sheet = open_png(export.files["coins-backs-1.png"])
    assert [slot_centre(back_sheet, slot, 3, 1) for slot in range(2)] == [BACK, (200, 90, 0)]
    [state] = export.saved_object["ObjectStates"]
    assert state["DeckIDs"] == [100] * 40 + [101] * 3  # every copy, in deck order
    assert [(card["Nickname"], card["CardID"]) for card in state["ContainedObjects"]] == [
        ("Coin", 100)
    ] * 40 + [("Other", 101)] * 3


def test_a_lone_design_with_copies_is_a_deck_of_them():
    export = tts_deck(
        "Coins",
        [TtsCard("Coin", solid_png(colour(1)), 3)],
        solid_png(BACK),
        solid_png(HIDDEN),
        "coins",
    )
    [state] = export.saved_object["ObjectStates"]
    assert (export.columns, export.rows) == (2, 1)
    assert state["Name"] == "DeckCustom"
    assert state["DeckIDs"] == [100, 100, 100]


def test_a_design_without_copies_is_refused():
    cards = [TtsCard("Coin", solid_png(colour(1)), 2), TtsCard("None", solid_png(colour(2)), 0)]
    with pytest.raises(ValueError, match="shows only designs it has a copy of"):
        tts_deck("Coins", cards, solid_png(BACK), solid_png(HIDDEN), "coins")


def test_every_copys_card_id_cuts_its_designs_face_from_the_sheets():
    size = (409, 571)  # the cell of a 10-column sheet: faces land unscaled, pixel for pixel
    faces = []
    for i in range(75):  # 75 designs need two sheets of 69
        face = Image.new("RGB", size, colour(i))
        face.paste(WHITE, (i * 5, 0, i * 5 + 4, size[1]))  # a stripe where only design i has it
        buffer = io.BytesIO()
        face.save(buffer, "PNG")
        faces.append((face, buffer.getvalue()))
    cards = [TtsCard(f"Card {i}", png, 1 + i % 3) for i, (_, png) in enumerate(faces)]
    export = tts_deck("Big", cards, solid_png(BACK), solid_png(HIDDEN), "big")

    contained = export.saved_object["ObjectStates"][0]["ContainedObjects"]
    assert len(contained) == sum(1 + i % 3 for i in range(75))  # 150 copies
    assert [card["Nickname"] for card in contained] == [
        f"Card {i}" for i in range(75) for _ in range(1 + i % 3)
    ]
    cells = card_cells(export)
    cut = {card["CardID"]: cells(card["CardID"]) for card in contained}
    assert len(cut) == 75  # one cell per design, however many copies
    for card in contained:
        design = int(card["Nickname"].split()[1])
        assert cut[card["CardID"]].tobytes() == faces[design][0].tobytes()


def test_a_copys_cell_is_its_face_resized_to_the_cell():
    face = Image.linear_gradient("L").resize((744, 1039)).convert("RGB")
    buffer = io.BytesIO()
    face.save(buffer, "PNG")
    cards = [TtsCard("Fade", buffer.getvalue(), 2), *deck(11)[1:]]
    export = tts_deck("Heroes", cards, solid_png(BACK), solid_png(HIDDEN), "heroes")

    resized = face.resize((409, 571), Image.Resampling.LANCZOS)
    ids = export.saved_object["ObjectStates"][0]["DeckIDs"]
    assert ids[:2] == [100, 100]
    assert card_cells(export)(ids[1]).tobytes() == resized.tobytes()
