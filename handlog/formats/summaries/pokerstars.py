"""PokerStars tournament summaries (``PokerStars Tournament #…, Game``): the client's text summaries from 2007 on,
the same layout written for Full Tilt on the Stars network (2016), and the support e-mail "Tournament History
Request" that holds several of them (quoted-printable; read with the standard library's ``email`` package)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from email import message_from_bytes
from email.message import Message
from typing import Any

from handlog.events.tournament import Finish, SummaryError, TournamentSummary
from handlog.formats.summaries.lines import (
    LineKind,
    SummaryFailure,
    apply_lines,
    eastern_time,
    kind,
    merge_entries,
    place_number,
)
from handlog.formats.summaries.money import amount

HEADER = re.compile(r"^(?P<room>PokerStars|Full Tilt)(?: Home Game)? Tournament #(?P<id>[0-9]+), (?P<game>.+)$")
_CODE = re.compile(r"^(?P<body>.*?)(?: (?P<code>[A-Z]{3}))?$")
_FINISH = re.compile(r"^(?P<name>.+?)(?: \[(?P<entries>[0-9]+)\])? \((?P<country>.*)\),(?P<rest>.*)$")
_PRIZE = re.compile(r"^(?P<amount>[^()]+?)(?: \((?P<share>[0-9.]+)%\))?$")


def _buy_in(f: dict[str, Any], m: re.Match[str]) -> None:
    text = m.group(1).strip()
    f["buy_in_text"] = text
    cm = _CODE.match(text)
    body, code = (cm.group("body"), cm.group("code")) if cm else (text, None)
    parts = [amount(p, code or "") for p in body.split("/")]
    values = [v for v, _ in parts]
    currency = next((c for _, c in parts if c), "") or code or "PLAY"
    f["currency"] = currency
    if len(values) == 3:
        f["buy_in"], f["bounty"], f["fee"] = values
    elif len(values) == 2:
        f["buy_in"], f["fee"] = values
    elif len(values) == 1:
        f["buy_in"] = values[0]
    else:
        raise ValueError(f"a buy-in of {len(values)} parts")


def _prize_pool(f: dict[str, Any], m: re.Match[str]) -> None:
    text = m.group(1).strip()
    f["prize_pool_text"] = text
    cm = _CODE.match(text)
    try:
        value, cur = amount(cm.group("body") if cm else text, (cm.group("code") if cm else None) or "")
    except ValueError:
        f["notes"].append(f"prize pool: {text}")
        return
    f["prize_pool"] = value
    f["prize_currency"] = cur or "PLAY"


def _finish(f: dict[str, Any], m: re.Match[str]) -> None:
    fm = _FINISH.match(m.group(2))
    if fm is None:
        raise ValueError("expected 'N: name (country), prize'")
    rest = fm.group("rest").strip()
    row: dict[str, Any] = {
        "player": fm.group("name"), "country": fm.group("country"), "line": f["_line"],
        "entries": int(fm.group("entries") or 1),
    }
    if rest == "still playing":
        row["place"] = None
    else:
        row["place"] = int(m.group(1))
        if rest == "(qualified for the target tournament)":
            row["ticket"] = "qualified for the target tournament"
        elif rest:
            pm = _PRIZE.match(rest)
            try:
                value, cur = amount(pm.group("amount") if pm else rest, f.get("prize_currency") or f["currency"])
            except ValueError:
                row["ticket"] = rest
            else:
                if cur == (f.get("prize_currency") or f["currency"]) or (cur == "PLAY" and not f.get("prize_currency")):
                    row["prize"] = value
                else:
                    row["ticket"] = rest
    f["finishes"].append(row)


def _you_finished(f: dict[str, Any], m: re.Match[str]) -> None:
    if m.group("place"):
        f["hero_place"] = place_number(m.group("place"))


def _made(f: dict[str, Any], m: re.Match[str]) -> None:
    g = m.groupdict()
    f["hero_extra"] = {
        "reentries": int(g.get("reentries") or 0), "rebuys": int(g.get("rebuys") or 0),
        "addons": int(g.get("addons") or g.get("addons2") or 0),
        "cost": amount(g["total"].replace("USD ", "$").strip(), f["currency"])[0],
    }


def _bounties(f: dict[str, Any], m: re.Match[str]) -> None:
    f["hero_bounties"] = (int(m.group(1)), amount(m.group(2), f["currency"])[0])


def _set(key: str, group: int = 1, conv: Any = str) -> Any:
    def action(f: dict[str, Any], m: re.Match[str]) -> None:
        f[key] = conv(m.group(group))

    return action


def _note(f: dict[str, Any], m: re.Match[str]) -> None:
    f["notes"].append(m.group(0))


def _ignore(f: dict[str, Any], m: re.Match[str]) -> None:
    return None


KINDS: tuple[LineKind, ...] = (
    kind("a satellite line", r"^(?:Freeroll )?(?:Super )?Satellite$|^Freeroll$", _set("kind", 0)),
    kind("Buy-In: …", r"^Buy-In: (.+)$", _buy_in),
    kind("N players", r"^([0-9][0-9,]*) players$", _set("entrants", 1, lambda s: int(s.replace(",", "")))),
    kind("… added to the prize pool", r"^.+ added to the prize pool by .+$", _note),
    kind("Total Prize Pool: …", r"^Total Prize Pool: (.+)$", _prize_pool),
    kind("Target Tournament #…", r"^Target Tournament #([0-9]+)(?: Buy-In: .+)?$", _set("target_tournament")),
    kind("N tickets to the target tournament", r"^[0-9]+ tickets? to the target tournament$", _note),
    kind("Tournament started …", r"^Tournament started(?: -)? (.+)$", _set("start_local")),
    kind("Tournament finished …", r"^Tournament finished(?: -)? (.+)$", _set("end_local")),
    kind("N: player (country), prize", r"^([0-9]+): (.+)$", _finish),
    kind(
        "You finished in Nth place",
        r"^You finished (?:in (?P<place>[0-9]+(?:st|nd|rd|th)) place|the tournament)"
        r"(?: \(eliminated at hand #[0-9]+\))?\.?(?:You finished the tournament \(eliminated at.*)?$",
        _you_finished,
    ),
    kind("(the time of an elimination, continued)", r"^[0-9]{4}/[0-9]{2}/[0-9]{2} [^()]*(?:\[[^]]*\])?\)\.$", _ignore),
    kind(
        "You made N re-entries / rebuys and addons for a total of …",
        r"^You made (?:(?P<reentries>[0-9]+) re-entries"
        r"|(?P<rebuys>[0-9]+) rebuys?(?: and (?P<addons>[0-9]+) add-?ons?)?|(?P<addons2>[0-9]+) add-?ons?)"
        r" for a total of (?P<total>.+?)\.$",
        _made,
    ),
    kind("You collected N bounties for a total of …", r"^You collected ([0-9]+) bounties for a total of (.+?)\.$",
         _bounties),
    kind("There are no personal statistics …", r"^There are no personal statistics because .*$", _ignore),
    kind("If you have any questions …", r"^If you have any questions.*$", _ignore),
)


def parse(lines: Sequence[tuple[int, str]], file: str, hero: str | None = None) -> TournamentSummary:
    """One summary: ``lines`` (number, text) from its header line on."""
    first_no, first = lines[0]
    head = HEADER.match(first.strip())
    if head is None:
        raise SummaryFailure(SummaryError(file=file, line=first_no, message="not a PokerStars summary header",
                                          text=first, expected=("PokerStars Tournament #N, game",)))
    f: dict[str, Any] = {"finishes": [], "notes": [], "currency": "PLAY", "_line": first_no}
    for no, text in lines[1:]:  # line by line: each finish keeps its line
        f["_line"] = no
        apply_lines(KINDS, [(no, text)], f, file, "PokerStars")
    finishes = [Finish(**row) for row in merge_entries(f["finishes"])]
    hero_place = f.get("hero_place")
    if hero is None and hero_place is not None:
        hero = next((x.player for x in finishes if x.place == hero_place), None)
    if hero is not None:
        finishes = [_hero_extras(x, f) if x.player == hero else x for x in finishes]
    prize_currency = f.get("prize_currency") or f["currency"]
    return TournamentSummary(
        site=head.group("room"), tournament_id=head.group("id"), game=head.group("game").strip(),
        kind=f.get("kind", ""), buy_in=f.get("buy_in"), fee=f.get("fee", Decimal(0)),
        bounty=f.get("bounty", Decimal(0)),
        currency=f["currency"], prize_currency=prize_currency, buy_in_text=f.get("buy_in_text", ""),
        start_local=f.get("start_local", ""), start_utc=eastern_time(f.get("start_local", "")),
        end_local=f.get("end_local", ""), end_utc=eastern_time(f.get("end_local", "")),
        entrants=f.get("entrants"), prize_pool=f.get("prize_pool"), prize_pool_text=f.get("prize_pool_text", ""),
        target_tournament=f.get("target_tournament", ""), hero=hero, finishes=tuple(finishes),
        finished=bool(f.get("end_local")) or all(x.place is not None for x in finishes),
        notes=tuple(f["notes"]), file=file, line=first_no,
    )


def _hero_extras(x: Finish, f: dict[str, Any]) -> Finish:
    update: dict[str, Any] = {}
    extra = f.get("hero_extra")
    if extra:
        if extra["reentries"]:  # the total is the re-entries' buy-ins: counted by ``entries``
            update["entries"] = max(x.entries, extra["reentries"] + 1)
        else:  # rebuys and add-ons: the total is what they cost beyond the buy-in
            update.update(rebuys=extra["rebuys"], addons=extra["addons"], extra_cost=extra["cost"])
    if "hero_bounties" in f:
        update["bounty_count"], update["bounties"] = f["hero_bounties"]
    return x.model_copy(update=update) if update else x


def split(lines: Sequence[tuple[int, str]]) -> Iterator[list[tuple[int, str]]]:
    """The summaries in a run of lines (an e-mail may hold several): each from its header to the next."""
    current: list[tuple[int, str]] | None = None
    for no, text in lines:
        if HEADER.match(text.strip()):
            if current:
                yield current
            current = [(no, text)]
        elif current is not None:
            current.append((no, text))
    if current:
        yield current


def read_lines(lines: Sequence[tuple[int, str]], file: str, hero: str | None = None
               ) -> Iterator[TournamentSummary | SummaryError]:
    for chunk in split(lines):
        try:
            yield parse(chunk, file, hero)
        except SummaryFailure as failure:
            yield failure.error


_REQUESTED = re.compile(r"requested by (?P<hero>.+?) \(")
_FOOTER = re.compile(r"^(?:If you have any questions|You are receiving this email|For more information|Rational )")


def read_email(data: bytes, file: str) -> Iterator[TournamentSummary | SummaryError]:
    """The summaries of a PokerStars "Tournament History Request" e-mail (lines numbered in the decoded body)."""
    msg: Message = message_from_bytes(data)
    payload = msg.get_payload(decode=True) if not msg.is_multipart() else None
    if not isinstance(payload, bytes):
        yield SummaryError(file=file, line=1, message="an e-mail without a plain-text body",
                           expected=("a PokerStars Tournament History Request",))
        return
    charset = msg.get_content_charset() or "windows-1252"
    try:
        text = payload.decode(charset, errors="replace")
    except LookupError:
        text = payload.decode("cp1252", errors="replace")
    numbered = list(enumerate(text.splitlines(), start=1))
    hero_m = _REQUESTED.search(" ".join(t for _, t in numbered[:10]))
    hero = hero_m.group("hero") if hero_m else None
    end = next((i for i, (_, t) in enumerate(numbered) if _FOOTER.match(t.strip())), len(numbered))
    yield from read_lines(numbered[:end], file, hero)

