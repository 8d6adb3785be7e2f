"""Link art/back.png to an image outside the game folder."""

from pathlib import Path


def make(folder: Path) -> None:
    """Write a 1x1 PNG beside the game folder and link to it from art/."""
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return len(data).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")

    header = chunk(b"IHDR", (1).to_bytes(4, "big") * 2 + bytes([8, 2, 0, 0, 0]))
    pixel = chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00"))
    png = b"\x89PNG\r\n\x1a\n" + header + pixel + chunk(b"IEND", b"")
    (folder / "outside.png").write_bytes(png)
    (folder / "demo" / "art").mkdir()
    (folder / "demo" / "art" / "back.png").symlink_to(folder / "outside.png")
