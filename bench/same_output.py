"""Behaviour unchanged: the outputs of ``audit --json``, ``stats --per-hand`` and ``convert`` over the corpus.

``record`` runs the commands over ../shared/corpus (fpdb and fresh) and writes what each printed and wrote into a
folder; ``compare`` holds two such folders to each other byte for byte and names every file that differs. Record
once before a change (the baseline) and again after: a refactoring must leave every byte as it was.

    python bench/same_output.py record DIR [--cmd "python -m handlog"] [--corpus ../shared/corpus] [--jobs 2]
        [--only audit,stats]
    python bench/same_output.py compare DIR_BEFORE DIR_AFTER

The command defaults to this interpreter running ``-m handlog``, so ``PYTHONPATH`` chooses the checkout measured.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

FOLDERS = ("fpdb", "fresh")
FORMATS = ("pokerstars", "phh", "ohh")


def _run(cmd: list[str], out: Path, name: str) -> None:
    """Run ``cmd``, keeping its stdout, stderr and exit code as ``name.*`` files under ``out``."""
    started = time.monotonic()
    # a fixed hash seed: an output that follows a set's order (convert --to ohh names one of a hand's unseated players
    # so) would otherwise differ from run to run of the same code
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(cmd, capture_output=True, check=False, env=env)
    (out / f"{name}.stdout").write_bytes(done.stdout)
    (out / f"{name}.stderr").write_bytes(done.stderr)
    (out / f"{name}.rc").write_text(f"{done.returncode}\n", encoding="ascii")
    print(f"  {name}: exit {done.returncode}, {time.monotonic() - started:.0f} s", file=sys.stderr)


def record(dest: Path, cmd: list[str], corpus: Path, jobs: str, only: set[str] | None = None) -> None:
    """Write every output of the three commands over ``corpus`` into ``dest`` (created, must be new); ``only``:
    just these of audit, stats, convert-pokerstars, convert-phh, convert-ohh (a quick check; compare then reports
    the others as missing)."""
    dest = dest.resolve()
    dest.mkdir(parents=True)
    inputs = [str(corpus / f) for f in FOLDERS]
    if only is None or "audit" in only:
        _run([*cmd, "audit", "--json", "--quiet", "--jobs", jobs, *inputs], dest, "audit")
    if only is None or "stats" in only:
        _run([*cmd, "stats", "--per-hand", "--format", "jsonl", "--quiet", "--jobs", jobs, *inputs], dest, "stats")
    for fmt in FORMATS:
        if only is None or f"convert-{fmt}" in only:
            folder = dest / f"convert-{fmt}"
            _run([*cmd, "convert", "--to", fmt, "--output", str(folder), *inputs], dest, f"convert-{fmt}")


def _digests(root: Path) -> dict[str, str]:
    """Each file under ``root`` (by its relative path) → the SHA-256 of its bytes; in what the commands printed,
    the folder's own path (convert names the files it writes) counts as ``DIR``."""
    own = str(root.resolve()).encode()
    digests = {}
    for p in sorted(root.rglob("*")):
        if p.is_file():
            data = p.read_bytes()
            if p.suffix in (".stdout", ".stderr"):
                data = data.replace(own, b"DIR")
            digests[str(p.relative_to(root))] = hashlib.sha256(data).hexdigest()
    return digests


def compare(before: Path, after: Path) -> int:
    """0 when both folders hold the same files with the same bytes; else 1, naming each difference."""
    a, b = _digests(before), _digests(after)
    differ = sorted(k for k in a.keys() & b.keys() if a[k] != b[k])
    only_a, only_b = sorted(a.keys() - b.keys()), sorted(b.keys() - a.keys())
    for k in differ:
        print(f"differs: {k}")
    for k in only_a:
        print(f"only in {before}: {k}")
    for k in only_b:
        print(f"only in {after}: {k}")
    same = not (differ or only_a or only_b)
    print(f"{len(a)} files before, {len(b)} after: {'byte-identical' if same else 'DIFFERENT'}")
    return 0 if same else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("dest", type=Path)
    rec.add_argument("--cmd", default=f"{shlex.quote(sys.executable)} -m handlog")
    rec.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "corpus")
    rec.add_argument("--jobs", default="2")
    rec.add_argument("--only", help="comma-separated: audit,stats,convert-pokerstars,convert-phh,convert-ohh")
    cmp = sub.add_parser("compare")
    cmp.add_argument("before", type=Path)
    cmp.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.what == "record":
        only = set(args.only.split(",")) if args.only else None
        record(args.dest, shlex.split(args.cmd), args.corpus, args.jobs, only)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
