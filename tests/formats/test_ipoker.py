"""iPoker (Playtech XML): the corpus counted apart from the reader, planted errors, XML safety (entities refused,
malformed documents), and a 50 MB session file read in bounded memory."""

from __future__ import annotations

import re
import tracemalloc
from pathlib import Path

import pytest
from sitekit import CORPUS, audit_flags, corpus, rel

from handlog.audit import audit
from handlog.reading import ReadReport, read, read_text

ROOTS = ("fpdb/cash/iPoker", "fpdb/tour/iPoker", "fpdb-extra/cash/iPoker")
GAME = re.compile(r'<game gamecode="([0-9]+)"')
"""A hand of an iPoker session, counted with a regex apart from the XML reader."""

UNPARSED = {
    ("fpdb/cash/iPoker/Flop/LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml", "2855472319"):
        "'DP' is not an amount",  # an all-in (type 7) written with sum="DP": its amount is not stated
}


def _corpus() -> tuple[dict[tuple[str, str], int], list[object]]:
    headers, records, _ = corpus(ROOTS, GAME)
    return dict(headers), list(records)


def test_every_hand_counted_and_99_percent_parsed() -> None:
    headers, records = _corpus()
    got = {(rel(r.file), r.hand_id or "") for r in records}  # type: ignore[attr-defined]
    assert set(headers) == got  # every hand element yields one record, parsed or not
    unparsed = {(rel(r.file), r.hand_id or ""): r.error.message  # type: ignore[attr-defined]
                for r in records if r.hand is None}  # type: ignore[attr-defined]
    assert unparsed == UNPARSED
    assert len(headers) - len(unparsed) >= 0.99 * len(headers)


def test_parsed_hands_audit() -> None:
    """The rate of parsed hands without an accounting violation against the site's own bet/win numbers."""
    _, records = _corpus()
    flagged, parsed, clean = audit_flags(records)  # type: ignore[arg-type]
    assert parsed == 475
    # measured: 475 parsed, the hands with an accounting violation are listed by the scoreboard; the 99 % target
    # is not met yet (see the report of wt/xml): this asserts the level reached so that it cannot fall back
    assert clean >= 0.95 * parsed


def _one(text: str) -> object:
    records = read_text(text)
    assert len(records) == 1 and records[0].hand is not None, records and records[0].error
    return records[0].hand


SESSION = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general>
  <mode>real</mode>
  <gametype>Holdem NL $0.01/$0.02</gametype>
  <tablename>Test, 1</tablename>
  <currency>USD</currency>
  <nickname>Hero</nickname>
 </general>
 <game gamecode="100">
  <general>
   <startdate>2011-11-04 18:46:19</startdate>
   <players>
    <player seat="3" name="P3" chips="$0.88" dealer="1" win="$0" bet="$0"/>
    <player seat="6" name="P6" chips="$1.12" dealer="0" win="$0.08" bet="$0.04"/>
    <player seat="10" name="Hero" chips="$1" dealer="0" win="$0" bet="$0.04"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="P6" type="1" sum="$0.01"/>
   <action no="2" player="Hero" type="2" sum="$0.02"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Hero">H3 CJ</cards>
   <action no="3" player="P3" type="0" sum="$0"/>
   <action no="4" player="P6" type="3" sum="$0.01"/>
   <action no="5" player="Hero" type="4" sum="$0"/>
  </round>
  <round no="2">
   <cards type="Flop" player="">D10 H7 H6</cards>
   <action no="6" player="P6" type="5" sum="$0.02"/>
   <action no="7" player="Hero" type="3" sum="$0.02"/>
  </round>
  <round no="3">
   <cards type="Turn" player="">C5</cards>
   <action no="8" player="P6" type="4" sum="$0"/>
   <action no="9" player="Hero" type="4" sum="$0"/>
  </round>
  <round no="4">
   <cards type="River" player="">C10</cards>
   <action no="10" player="P6" type="5" sum="$0.04"/>
   <action no="11" player="Hero" type="0" sum="$0"/>
  </round>
 </game>
</session>
"""


def _codes(text: str) -> set[str]:
    return {v.code for v in audit(_one(text)).violations}  # type: ignore[arg-type]


def test_session_reads_clean_with_lines_and_notes() -> None:
    hand = _one(SESSION)
    assert hand.hand_id == "100" and hand.currency == "USD"  # type: ignore[attr-defined]
    lines = SESSION.splitlines()
    for event in hand.events:  # type: ignore[attr-defined]
        assert 0 < event.line <= len(lines)
    deal = next(e for e in hand.events if e.kind == "deal_hole")  # type: ignore[attr-defined]
    assert deal.cards == ("3h", "Jc") and "H3 CJ" in lines[deal.line - 1]
    result = audit(hand)  # type: ignore[arg-type]
    assert result.violations == ()
    assert any("states no rake" in n for n in result.replay.notes)


def test_actions_in_the_order_of_their_no() -> None:
    swapped = SESSION.replace('no="6" player="P6"', 'no="7" player="P6"').replace(
        'no="7" player="Hero" type="3"', 'no="6" player="Hero" type="3"')
    assert "out-of-turn" in _codes(swapped) or "call-amount" in _codes(swapped)


def test_planted_wrong_win() -> None:
    assert "collected-total" in _codes(SESSION.replace('win="$0.08"', 'win="$0.06"'))


def test_planted_pot_to_folded_player() -> None:
    text = SESSION.replace('win="$0.08" bet="$0.04"', 'win="$0" bet="$0.04"').replace(
        'chips="$0.88" dealer="1" win="$0"', 'chips="$0.88" dealer="1" win="$0.08"')
    assert "collect-by-folded" in _codes(text)


def test_planted_bet_over_stack() -> None:
    assert "exceeds-stack" in _codes(SESSION.replace('name="Hero" chips="$1"', 'name="Hero" chips="$0.03"'))


BOMB = """<?xml version="1.0"?>
<!DOCTYPE session [
 <!ENTITY a "aaaaaaaaaa">
 <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
]>
<session sessioncode="1"><general><gametype>&b;</gametype></general>
</session>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE session [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>
<session sessioncode="1"><general><gametype>&x;</gametype></general>
</session>
"""


@pytest.mark.parametrize("payload", [BOMB, EXTERNAL])
def test_entities_refused_and_nothing_else_lost(payload: str, tmp_path: Path) -> None:
    (tmp_path / "a_bad.xml").write_text(payload)
    (tmp_path / "b_good.xml").write_text(SESSION)
    report = ReadReport()
    records = list(read([tmp_path], report))
    bad = [r for r in records if r.file.endswith("a_bad.xml")]
    assert len(bad) == 1 and bad[0].error is not None and "refused" in bad[0].error.message
    assert bad[0].error.line >= 1
    good = [r for r in records if r.file.endswith("b_good.xml")]
    assert len(good) == 1 and good[0].hand is not None


def test_malformed_document_keeps_the_hands_before() -> None:
    game = SESSION[SESSION.index(" <game gamecode"):SESSION.index("</session>")]
    broken = SESSION.replace("</session>", game.replace("100", "101") + ' <game gamecode="102"><oops</game>\n'
                             + game.replace("100", "103") + "</session>")
    records = read_text(broken)
    assert [r.hand_id for r in records if r.hand is not None] == ["100", "101"]
    failed = [r for r in records if r.hand is None]
    assert len(failed) == 1 and failed[0].error is not None and "malformed XML" in failed[0].error.message
    assert broken.splitlines()[failed[0].error.line - 1].find("<oops") >= 0


def test_50_mb_session_in_bounded_memory(tmp_path: Path) -> None:
    """A session of real hands (the corpus's largest iPoker tournament file) repeated with fresh ids up to 50 MB,
    read hand by hand: the peak traced memory stays far below the file's size."""
    source = CORPUS / "fpdb/tour/iPoker/Flop/NLHE-USD-MTT-5r-201112.Sample.xml"
    if not source.is_file():
        pytest.skip("../shared/corpus is not there")
    text = source.read_text(encoding="utf-8")
    head, body = text[: text.index("<game ")], text[text.index("<game "): text.rindex("</game>") + 7]
    path = tmp_path / "big.xml"
    size = 0
    copy = 0
    with path.open("w", encoding="utf-8") as out:
        out.write(head)
        while size < 50 * 1024 * 1024:
            copy += 1
            chunk = GAME.sub(lambda m, n=copy: f'<game gamecode="{n:04d}{m.group(1)}"', body)
            out.write(chunk + "\n")
            size += len(chunk)
        out.write("</session>\n")
    tracemalloc.start()
    try:
        hands = sum(1 for r in read([path]) if r.hand is not None)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert hands == copy * len(GAME.findall(body))
    assert peak < 20 * 1024 * 1024, f"peak traced memory {peak / 2**20:.1f} MiB for a 50 MB file"
