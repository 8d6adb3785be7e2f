"""Rebuild the text corpus outside the repository from sources.yaml: each file is taken from its
repository at the recorded commit, and the PDF rulebooks are turned into text with pdftotext as
they were. The texts never enter this repository (most carry no licence to redistribute).

    python benchmarks/text_corpus/fetch.py                  # clones into ~/.cache/pnp/corpus-repos
    python benchmarks/text_corpus/fetch.py --repos /work/.mirror --out ../corpus/rulebooks

`--repos DIR` uses existing clones named `owner+name` (a folder that is a git directory or holds
one called `repo`); missing ones are cloned there. Each file's size is compared with the record.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE.parents[2] / "corpus" / "rulebooks"
DEFAULT_REPOS = Path.home() / ".cache" / "pnp" / "corpus-repos"


def git_dir(repos: Path, repo: str) -> Path:
    """A clone of `owner/name` under `repos`, made (without file contents up front) if missing."""
    folder = repos / repo.replace("/", "+")
    for candidate in (folder / "repo", folder):
        if (candidate / "HEAD").exists() or (candidate / ".git").exists():
            return candidate
    folder.parent.mkdir(parents=True, exist_ok=True)
    url = f"https://github.com/{repo}.git"
    subprocess.run(
        ["git", "clone", "--quiet", "--bare", "--filter=blob:none", url, str(folder)], check=True
    )
    return folder


def file_at(clone: Path, commit: str, path: str) -> bytes:
    """A file's bytes at a commit."""
    return subprocess.run(
        ["git", "-C", str(clone), "show", f"{commit}:{path}"], check=True, capture_output=True
    ).stdout


def text_of_pdf(data: bytes, layout: bool) -> bytes:
    """pdftotext's text of a PDF (with `-layout` for the layout variants)."""
    with tempfile.TemporaryDirectory() as folder:
        pdf, text = Path(folder) / "in.pdf", Path(folder) / "out.txt"
        pdf.write_bytes(data)
        subprocess.run(
            ["pdftotext", *(["-layout"] if layout else []), str(pdf), str(text)], check=True
        )
        return text.read_bytes()


def rebuild(entry: dict, repos: Path, out: Path) -> str:
    """Write one corpus file; a line saying what was written and whether its size matches."""
    path = entry["path"].split(" (")[0]
    data = file_at(git_dir(repos, entry["repo"]), entry["commit"], path)
    if path.lower().endswith(".pdf"):
        data = text_of_pdf(data, layout="-layout" in entry["file"])
    (out / entry["file"]).write_bytes(data)
    same = "" if len(data) == entry["size_bytes"] else f" (recorded {entry['size_bytes']:,})"
    return f"{entry['file']}: {len(data):,} bytes{same}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repos", type=Path, default=DEFAULT_REPOS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    sources = yaml.safe_load((HERE / "sources.yaml").read_text(encoding="utf-8"))
    failed = 0
    for entry in sources["files"]:
        try:
            print(rebuild(entry, args.repos, args.out))
        except (subprocess.CalledProcessError, OSError) as exc:
            failed += 1
            print(f"{entry['file']}: not rebuilt ({exc})", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
