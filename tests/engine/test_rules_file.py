"""House rules from a TOML file: the shipped rule sets load, and a bad file is one clear error with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from handlog.engine.rules import RulesProfile
from handlog.engine.rules_file import RulesFileError, load_rules, rules_from_toml

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "rules"


def test_the_four_rule_sets_load_with_their_rules() -> None:
    profiles = {p.stem: load_rules(p) for p in sorted(SAMPLES.glob("*.toml"))}
    assert set(profiles) == {"holdem-de", "limit-holdem-da", "holdem-fa", "five-card-draw-de"}
    assert profiles["five-card-draw-de"].max_discard == 4  # "bis zu vier seiner Hole-Cards"
    assert profiles["limit-holdem-da"].fixed_limit_bets_per_round == 4  # a bet and "tre gange" raised
    assert profiles["holdem-fa"].showdown_order_is_error  # the bettor or last raiser shows first
    assert not profiles["holdem-de"].half_bet_reopens_fixed_limit  # a re-raise is at least the last raise
    assert all(p.name != "standard" for p in profiles.values())


def test_every_setting_of_a_rule_set_is_written_beside_its_source() -> None:
    for path in SAMPLES.glob("*.toml"):
        lines = path.read_text(encoding="utf-8").splitlines()
        assert "../shared/rules/" in lines[0] or "../shared/rules/" in lines[1], path.name
        for i, line in enumerate(lines):
            if line and not line.startswith("#") and not line.startswith("name"):
                assert lines[i - 1].startswith("#"), f"{path.name}:{i + 1}: a setting without its rule text"


def test_settings_left_out_keep_the_standard_values() -> None:
    profile = rules_from_toml("max_discard = 3\n", "three.toml")
    assert profile == RulesProfile(name="three", max_discard=3)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("max_discard = 4\nmax_discards = 5\n", "house.toml:2: unknown setting 'max_discards'"),
        ("name = 'x'\nmax_discard = 'four'\n", "house.toml:2: max_discard: Input should be a valid integer"),
        ("cap_applies_heads_up = maybe\n", "house.toml:1: not valid TOML"),
    ],
)
def test_a_bad_file_is_one_clear_error(text: str, expected: str) -> None:
    with pytest.raises(RulesFileError) as caught:
        rules_from_toml(text, "house.toml")
    message = str(caught.value)
    assert message.startswith(expected)
    assert "\n" not in message


def test_a_missing_file_is_an_error_too(tmp_path: Path) -> None:
    with pytest.raises(RulesFileError, match="cannot read"):
        load_rules(tmp_path / "nowhere.toml")
