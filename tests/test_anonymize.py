"""``handlog anonymize``: pseudonyms everywhere, chat masked, every other byte kept, the same statistics."""

from __future__ import annotations

import codecs
import contextlib
from pathlib import Path

import pandas as pd
import pytest

from handlog.anonymize import Anonymizer
from handlog.cli.main import main
from handlog.reading import read
from handlog.stats import per_hand

ROOT = Path(__file__).resolve().parents[1]
HANDS = ROOT / "tests" / "engine" / "hands"
KICKER = (HANDS / "nl_6max_kicker.txt").read_text(encoding="utf-8")
CHAT = HANDS / "single_draw_ante_all_in.txt"
ACPC = "STATE:4:r300cfffc/cr1000r10000cc//:2c7d|AhAc|KdKs|QhQs|3h8s|4d9c/Ts6c2h/5d/3c:-50|20050|-10000|-10000|0|0" \
    ":Ann|Ben|Carl|Dora|Eve|Finn\n"


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    """Hands in every encoding and line ending the reader takes, with chat, a non-ASCII name and a PHH and an ACPC
    file; one file is named after a player."""
    src = tmp_path / "in"
    (src / "stars").mkdir(parents=True)
    (src / "stars" / "chat.txt").write_bytes(CHAT.read_bytes())
    (src / "stars" / "Player3 session.txt").write_text(KICKER, encoding="utf-8")
    jorg = KICKER.replace("Player2", "Jörg €uro")
    (src / "stars" / "cp1252_crlf.txt").write_bytes(jorg.replace("\n", "\r\n").encode("cp1252"))
    utf16 = KICKER.replace("Player4", "Zoë")
    (src / "stars" / "utf16.txt").write_bytes(codecs.BOM_UTF16_LE + utf16.replace("\n", "\r\n").encode("utf-16-le"))
    (src / "stars" / "bom.txt").write_bytes(codecs.BOM_UTF8 + KICKER.replace("Player5", "Ana María").encode())
    (src / "phh").mkdir()
    (src / "phh" / "dwan.phh").write_bytes((ROOT / "tests/formats/golden_phh/nt_dwan_ivey_2009.phh").read_bytes())
    (src / "acpc.log").write_text(ACPC, encoding="utf-8")
    return src


def _names(folder: Path) -> set[str]:
    names: set[str] = set()
    for record in read([folder]):
        assert record.hand is not None
        names.update(s.player for s in record.hand.seats)
    return names


def _spellings(name: str) -> list[bytes]:
    out = [name.encode("utf-8"), name.encode("utf-16-le"), name.encode("utf-16-be")]
    with contextlib.suppress(UnicodeEncodeError):
        out.append(name.encode("cp1252"))
    return out


def _run(inputs: Path, out: Path, *extra: str) -> int:
    return main(["anonymize", str(inputs), "--output", str(out), *extra])


def test_no_original_name_remains_in_any_output_byte(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert _run(inputs, out, "--salt", "s") == 0
    originals = _names(inputs)
    assert {"Jörg €uro", "Zoë", "Ana María", "Phil Ivey", "Ann", "Player3"} <= originals
    files = [p for p in out.rglob("*") if p.is_file()]
    assert len(files) == 7
    for path in files:
        data = path.read_bytes()
        for name in originals:
            assert all(spelling not in data for spelling in _spellings(name)), (path.name, name)
            assert name not in str(path.relative_to(out))


def _undo(data: bytes, original: bytes, back: dict[str, str]) -> bytes:
    """Pseudonyms back to names, each line in the encoding of the original's line (as the reader decodes it)."""

    def names(text: str) -> str:
        for alias, name in back.items():
            text = text.replace(alias, name)
        return text

    if data.startswith(codecs.BOM_UTF16_LE):
        return data[:2] + names(data[2:].decode("utf-16-le")).encode("utf-16-le")
    lines = []
    for line, old in zip(data.splitlines(keepends=True), original.splitlines(keepends=True), strict=True):
        try:
            old.decode("utf-8")
            codec = "utf-8"
        except UnicodeDecodeError:
            codec = "cp1252"
        lines.append(names(line.decode(codec)).encode(codec))
    return b"".join(lines)


def test_everything_but_names_and_chat_is_kept_byte_for_byte(inputs: Path, tmp_path: Path) -> None:
    anonymizer = Anonymizer(tmp_path / "out", salt="s")
    outcomes, _ = anonymizer.run([inputs])
    assert all(o.error is None for o in outcomes), [o.error for o in outcomes]
    back = {alias: name for name, alias in anonymizer.mapping.items()}
    masked = 0
    for outcome in outcomes:
        assert outcome.target is not None
        original = outcome.source.read_bytes()
        undone = _undo(outcome.target.read_bytes(), original, back)
        old_lines, new_lines = original.splitlines(keepends=True), undone.splitlines(keepends=True)
        assert len(old_lines) == len(new_lines), outcome.source.name
        for old, new in zip(old_lines, new_lines, strict=True):
            if b" said, " in old:  # a chat line: the speaker stays (as a pseudonym), the words are masked
                assert new == old[: old.index(b" said, ")] + b' said, "***"' + old[len(old.rstrip(b"\r\n")):]
                masked += 1
            else:
                assert new == old, (outcome.source.name, old, new)
    assert masked >= 3


def test_anonymised_files_give_the_same_statistics(inputs: Path, tmp_path: Path) -> None:
    anonymizer = Anonymizer(tmp_path / "out", salt="s")
    anonymizer.run([inputs])
    before = per_hand(read([inputs]), with_allin_ev=False)
    after = per_hand(read([tmp_path / "out"]), with_allin_ev=False)
    before["player"] = before["player"].map(anonymizer.mapping)
    keys = ["hand_id", "player"]
    columns = [c for c in before.columns if c not in ("file",)]
    pd.testing.assert_frame_equal(
        before[columns].sort_values(keys).reset_index(drop=True),
        after[columns].sort_values(keys).reset_index(drop=True),
    )
    assert len(after) > 20


def test_pseudonyms_are_consistent_across_files_and_runs_with_one_salt(inputs: Path, tmp_path: Path) -> None:
    first = Anonymizer(tmp_path / "a", salt="club")
    first.run([inputs])
    second = Anonymizer(tmp_path / "b", salt="club")
    second.run([inputs / "stars"])
    shared = set(first.mapping) & set(second.mapping)
    assert shared and all(first.mapping[n] == second.mapping[n] for n in shared)
    other = Anonymizer(tmp_path / "c", salt="other")
    other.run([inputs])
    assert all(other.mapping[n] != first.mapping[n] for n in first.mapping)
    # within one run, one name is one pseudonym in every file: Player3 plays in three of them
    alias = first.mapping["Player3"]
    assert sum(alias.encode() in p.read_bytes() for p in (tmp_path / "a").rglob("*.txt")) >= 3


def test_keep_and_the_files_that_are_not_written(
    inputs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    (inputs / "stars" / "cut.txt").write_text(KICKER.replace("Player3: checks", "Player3: dances"), encoding="utf-8")
    assert _run(inputs, out, "--keep", "Player1") == 1
    err = capsys.readouterr().err
    assert "cut.txt" in err and "cannot be read" in err
    assert not (out / "in" / "stars" / "cut.txt").exists()
    assert b"Player1" in (out / "in" / "stars" / "utf16.txt").read_bytes().decode("utf-16").encode()
    # a file given by itself, with its own folder as the output, would overwrite itself: refused
    single = inputs / "acpc.log"
    assert main(["anonymize", str(single), "--output", str(inputs)]) == 1
    assert single.read_text(encoding="utf-8") == ACPC


def test_an_output_path_never_leaves_the_output_folder(inputs: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.txt"
    outside.write_text(KICKER, encoding="utf-8")
    (inputs / "stars" / "link.txt").symlink_to(outside)  # found under the folder, but a file outside it
    out = tmp_path / "out"
    outcomes, _ = Anonymizer(out, salt="s").run([inputs])
    refused = [o for o in outcomes if o.source.name == "link.txt"]
    assert refused and refused[0].target is None and "not inside" in (refused[0].error or "")
    for path in out.rglob("*"):
        assert path.resolve().is_relative_to(out.resolve())


def test_a_phh_file_that_names_no_players_is_copied_beside_one_that_does(inputs: Path, tmp_path: Path) -> None:
    """Without a ``players`` field the reader calls the seats p1, p2 …, the notation's own seat tokens: those are
    nobody's names, so neither that file nor (through the run's one mapping) any other PHH file may have them
    replaced; before, every PHH file of such a run was refused."""
    dwan = (inputs / "phh" / "dwan.phh").read_text(encoding="utf-8")
    unnamed = "\n".join(line for line in dwan.splitlines() if not line.startswith("players")) + "\n"
    (inputs / "phh" / "unnamed.phh").write_text(unnamed, encoding="utf-8")
    out = tmp_path / "out"
    assert _run(inputs, out, "--salt", "s") == 0
    copy = (out / "in" / "phh" / "unnamed.phh").read_text(encoding="utf-8")
    assert "Tom Dwan" in unnamed and "Tom Dwan" not in copy  # its comment names a player of the run: replaced
    assert [line for line in copy.splitlines() if '"p' in line] == [
        line for line in unnamed.splitlines() if '"p' in line
    ]  # every action as it was
    written = (out / "in" / "phh" / "dwan.phh").read_text(encoding="utf-8")
    assert "Phil Ivey" not in written and '"p1 cbr 23000"' in written


def test_seat_labels_are_not_names(inputs: Path, tmp_path: Path) -> None:
    """An anonymous table's labels ("Seat 3", "Dealer", "Big Blind") are nobody's names and are the log's own
    words in every file that has them: a run holding a Bovada file and a converted log whose players are called
    "Big Blind" and "Dealer" writes every file (before, each was refused: the labels were replaced everywhere)."""
    bovada = (ROOT / "samples" / "bovada.txt").read_bytes()
    (inputs / "bovada.txt").write_bytes(bovada)
    converted = KICKER.replace("Player5", "Big Blind").replace("Player4", "Dealer")
    (inputs / "stars" / "converted.txt").write_text(converted, encoding="utf-8")
    out = tmp_path / "out"
    assert _run(inputs, out, "--salt", "s") == 0
    assert (out / "in" / "bovada.txt").read_bytes() == bovada  # nothing in it is a name
    copy = (out / "in" / "stars" / "converted.txt").read_text(encoding="utf-8")
    assert "Big Blind" in copy and "Dealer" in copy and "Player3" not in copy


def test_a_hand_with_a_line_the_reader_does_not_know_is_not_written(tmp_path: Path) -> None:
    # an unknown line may name someone no seat names (docs/unknown-lines.md): the file is refused, as an unread one
    from handlog.anonymize import survey

    text = (Path(__file__).parent / "formats" / "golden" / "cash_out_6plus.txt").read_text(encoding="utf-8")
    path = tmp_path / "h.txt"
    path.write_text(text.replace("*** HOLE CARDS ***", "Someone Else has been moved to this table\n*** HOLE CARDS ***"),
                    encoding="utf-8")
    found = survey(path)
    assert (found.hands, found.unparsed) == (1, 1)
    path.write_text(text, encoding="utf-8")
    assert survey(path).unparsed == 0


def test_a_name_that_is_a_word_of_another_files_log_is_replaced_only_where_it_is_a_name(
    inputs: Path, tmp_path: Path
) -> None:
    """An ACPC player called "Hold": replacing "Hold" in the PokerStars files would break their "Hold'em"
    header, so those files have their own players replaced (no refusal), and the ACPC file loses "Hold"."""
    (inputs / "acpc.log").write_text(ACPC.replace(":Ann|", ":Hold|"), encoding="utf-8")
    out = tmp_path / "out"
    anonymizer = Anonymizer(out, salt="s")
    outcomes, _ = anonymizer.run([inputs])
    assert all(o.error is None for o in outcomes), [o.error for o in outcomes]
    acpc = (out / "in" / "acpc.log").read_text(encoding="utf-8")
    assert "Hold" not in acpc and anonymizer.mapping["Hold"] in acpc
    stars = (out / "in" / "stars" / "bom.txt").read_bytes()
    assert b"Hold'em" in stars and b"Ana Mar" not in stars
    for record in read([out / "in" / "stars"]):
        assert record.hand is not None and not {s.player for s in record.hand.seats} & set(anonymizer.mapping)


def test_jobs_write_the_same_files_and_outcomes(inputs: Path, tmp_path: Path) -> None:
    """Two worker processes read and write the files of one run: the same outcomes, in the same order, and the same
    bytes as one process."""
    one, two = tmp_path / "one", tmp_path / "two"
    single, _ = Anonymizer(one, salt="club").run([inputs], jobs=1)
    double, _ = Anonymizer(two, salt="club").run([inputs], jobs=2)
    assert [(o.source, o.error) for o in single] == [(o.source, o.error) for o in double]
    written = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert written and written == sorted(p.relative_to(two) for p in two.rglob("*") if p.is_file())
    assert all((one / p).read_bytes() == (two / p).read_bytes() for p in written)
    assert _run(inputs, tmp_path / "cli", "--salt", "club", "--jobs", "2") == 0
    assert all((tmp_path / "cli" / p).read_bytes() == (one / p).read_bytes() for p in written)
