"""Simulation: seeded matches, statistics, and the `tabletop simulate` / `goldfish` commands end to end."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.ai.race_game import race_cards, race_deck
from tabletop.ai.report import general_reason, summarize, wilson_interval
from tabletop.ai.simulation import MatchSpec, derive_seed, run_match, set_up
from tabletop.app.cli import main
from tabletop.games import GAMES

RACE_TARGET = "tests.ai.race_game:RaceRules"


def race_spec(bots: tuple[str, str] = ("heuristic", "random")) -> MatchSpec:
    return MatchSpec(game="race", rules_target=RACE_TARGET, decks=(race_deck(), race_deck()), bots=bots,
                     cards=tuple(race_cards()))


def comparable(results: list) -> list[dict]:
    return [{k: v for k, v in r.to_json().items() if k != "seconds"} for r in results]


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson_interval(0, 10)[0] == 0.0 and round(wilson_interval(0, 10)[1], 4) == 0.2775
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_match_is_the_same_for_a_seed_whatever_the_number_of_jobs() -> None:
    spec = race_spec()
    one = run_match(spec, 6, seed=42, jobs=1)
    two = run_match(spec, 6, seed=42, jobs=2)
    assert comparable(one) == comparable(two)
    assert comparable(run_match(spec, 6, seed=43)) != comparable(one)
    assert len({r.seed for r in one}) == 6 and derive_seed(42, 0) != derive_seed(42, 1)


def test_seats_alternate_and_the_heuristic_beats_random() -> None:
    results = run_match(race_spec(), 60, seed=1)
    assert [r.sides for r in results[:2]] == [(0, 1), (1, 0)]
    summary = summarize(results, ("heuristic", "random"))
    assert summary.wins[0].count + summary.wins[1].count + summary.draws.count == 60
    assert summary.wins[0].value >= 0.85
    assert summary.reasons == {"loser has no life left": summary.games}
    assert sum(summary.turns.values()) == 60
    assert summary.first_player_wins.trials == 60


def test_with_decks_swapped_each_bot_plays_each_deck_from_each_seat() -> None:
    first, second = race_deck(), {"main": list(reversed(race_deck()["main"]))}
    spec = MatchSpec(game="race", rules_target=RACE_TARGET, decks=(first, second), bots=("heuristic", "random"),
                     cards=tuple(race_cards()), swap_decks=True)
    played = set()
    for index in range(4):
        game, bots, sides = set_up(spec, index, seed=3)
        seat_of_side_0 = game.rules.players[sides.index(0)]
        deck = game.config.decks[seat_of_side_0]
        played.add((seat_of_side_0, "first" if deck == first else "second"))
        assert bots[seat_of_side_0].knowledge.own_deck == deck
    assert played == {("p1", "first"), ("p2", "first"), ("p1", "second"), ("p2", "second")}
    plain = set_up(MatchSpec(**{**spec.__dict__, "swap_decks": False}), 2, seed=3)[0]
    assert plain.config.decks[plain.rules.players[0]] == first, "without swap_decks side 0 keeps its deck"


def test_general_reason_names_winner_and_loser() -> None:
    result = run_match(race_spec(), 1, seed=3)[0]
    assert general_reason(result) == "loser has no life left"
    assert result.winner is not None and result.winner not in general_reason(result)


@pytest.fixture()
def freeform_files(tmp_path: Path) -> tuple[Path, Path]:
    cards = tmp_path / "cards.yaml"
    cards.write_text("- {id: x1, name: Knight, type: unit}\n- {id: x2, name: Squire, type: unit}\n", encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text("# a small deck\n12 x1\n8 Squire\n", encoding="utf-8")
    return cards, deck


def test_simulate_command_on_freeform_prints_json(freeform_files: tuple[Path, Path],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    cards, deck = freeform_files
    status = main(["simulate", "--game", "freeform", "--deck", str(deck), "--cards", str(cards), "--games", "3",
                   "--bots", "heuristic,random", "--jobs", "1", "--seed", "5", "--max-turns", "4", "--json"])
    assert status == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["games"] == 3 and len(data["results"]) == 3
    assert data["reasons"] == {"turn limit reached": 3}
    assert data["draws"]["count"] == 3
    assert "3/3 games" in captured.err       # the progress bar is on stderr


def test_simulate_command_on_a_test_game_writes_csv(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(GAMES, "race", RACE_TARGET)
    cards = tmp_path / "race.yaml"
    cards.write_text("\n".join(f"- {{id: c{p}, name: Creature {p}, type: creature, power: {p}}}" for p in (1, 2, 3, 4)),
                     encoding="utf-8")
    deck = tmp_path / "race.txt"
    deck.write_text("5 c1\n5 c2\n5 c3\n5 c4\n", encoding="utf-8")
    args = ["simulate", "--game", "race", "--deck", str(deck), "--deck", str(deck), "--cards", str(cards),
            "--games", "8", "--jobs", "1", "--seed", "9", "--quiet"]
    assert main([*args, "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == 8 and all(r["reason"].endswith("has no life left") for r in rows)
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "race (heuristic) wins: 100.0%" in text and "95% CI" in text and "first player wins" in text
    assert main([*args, "--csv"]) == 0
    assert list(csv.DictReader(io.StringIO(capsys.readouterr().out))) == rows   # same seed, same games


def test_simulate_command_reports_bad_input_in_one_line(freeform_files: tuple[Path, Path], tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    cards, _ = freeform_files
    bad = tmp_path / "bad.txt"
    bad.write_text("4 x1\n2 nosuchcard\n", encoding="utf-8")
    status = main(["simulate", "--game", "freeform", "--deck", str(bad), "--cards", str(cards), "--games", "2"])
    assert status == 2
    error = capsys.readouterr().err.strip()
    assert error.count("\n") == 0 and str(bad) in error and "line 2" in error and "nosuchcard" in error
    assert main(["simulate", "--game", "freeform", "--deck", str(bad), "--cards", str(cards),
                 "--bots", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


def test_goldfish_command_prints_exact_odds(freeform_files: tuple[Path, Path],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    cards, deck = freeform_files
    assert main(["goldfish", str(deck), "--cards", str(cards), "--upto", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    squire = next(r for r in data["odds"]["card"] if r["label"] == "Squire")
    from tabletop.ai.goldfish import hypergeometric_at_least
    assert squire["copies"] == 8
    assert squire["on_play"] == [round(hypergeometric_at_least(20, 8, n), 4) for n in (7, 8, 9)]
    assert main(["goldfish", str(deck), "--cards", str(cards), "--turns", "2", "--games", "1"]) == 0
    text = capsys.readouterr().out
    assert "Playing alone" in text and "At least one, by card" in text


def test_simulate_refuses_a_deck_that_breaks_the_construction_rules(tmp_path, capsys) -> None:  # noqa: ANN001
    """FFTCG 2.1 (50 cards): an illegal deck is refused in one line with its rule; --unchecked plays it."""
    bundled = Path(__file__).resolve().parents[2] / "carddb" / "data" / "fftcg" / "decks" / "emberfall_vanguard.txt"
    short = tmp_path / "short.txt"
    short.write_text("\n".join(bundled.read_text(encoding="utf-8").splitlines()[:8]) + "\n", encoding="utf-8")
    args = ["simulate", "--game", "fftcg", "--deck", str(short), "--deck", "Tidewind Concord", "--games", "1",
            "--bots", "random", "--quiet", "--jobs", "1"]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"tabletop simulate: {short}: FFTCG 2.1: a Constructed deck has exactly 50 cards (this one has 15); "
                   "--unchecked plays it anyway")
    assert main([*args, "--unchecked"]) == 0


YUGIOH = ["simulate", "--game", "yugioh", "--deck", "Mirefang Hex", "--deck", "Skyforge Wardens", "--bots", "random",
          "--quiet", "--jobs", "1"]


def test_simulate_checks_yugioh_decks_against_a_banlist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """yugioh.md 2.5: --banlist takes an lflist.conf (its first list, or --banlist-name); a deck over a limit is
    refused with the rule and the list's name, as in the New Game dialog; --unchecked plays it."""
    banlist = tmp_path / "lflist.conf"
    banlist.write_text("#[2031.1 Test]\n!2031.1 Test\n710000021 1 --Mirefang Hound\n710000034 0 --Silence\n"
                       "!2030.1 Old\n", encoding="utf-8")
    args = [*YUGIOH, "--games", "1", "--max-turns", "3", "--banlist", str(banlist)]
    assert main(args) == 2
    assert capsys.readouterr().err.strip() == (
        "tabletop simulate: Mirefang Hex: Yu-Gi-Oh! 2.5 (Forbidden & Limited list '2031.1 Test'): "
        "'Silence of the Depths' is Forbidden (and 1 more); --unchecked plays it anyway")
    assert main([*args, "--unchecked"]) == 0
    assert main([*args, "--banlist-name", "2030.1 Old"]) == 0
    capsys.readouterr()
    assert main([*args, "--banlist-name", "2029.4"]) == 2
    assert capsys.readouterr().err.strip() == \
        f"tabletop simulate: {banlist}: no list '2029.4' (its lists: 2031.1 Test, 2030.1 Old)"
    assert main(["simulate", "--game", "fftcg", "--deck", "Tidewind Concord", "--banlist", str(banlist)]) == 2
    assert "only Yu-Gi-Oh! has Forbidden & Limited lists" in capsys.readouterr().err
    assert main([*args, "--banlist", str(tmp_path / "missing.conf")]) == 2
    assert capsys.readouterr().err.strip() == f"tabletop simulate: {tmp_path / 'missing.conf'}: cannot be read " \
        "(No such file or directory)"


def test_simulated_yugioh_games_know_the_tokens_their_cards_make(capsys: pytest.CaptureFixture[str]) -> None:
    """A Token an effect makes is in no deck: the table still knows it, and the games play to their end."""
    assert main([*YUGIOH, "--games", "2", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert len(results) == 2 and all("YGO 1.3" in r["reason"] for r in results)


def test_a_dreadnought_result_names_each_turns_first_player_as_the_speed_phase_decided() -> None:
    # DN 5.1: the faster player is first player for the turn; the result names who that was, turn by turn
    from tabletop.ai.simulation import TURN_LIMIT, play_out
    from tests.games.sample_decks import sample_config
    config, library = sample_config("dreadnought", 1)
    spec = MatchSpec(game="dreadnought", rules_target=GAMES["dreadnought"], decks=(config.decks["p1"], config.decks["p2"]),
                     bots=("random", "random"), cards=tuple(library.values()), max_turns=4)
    seen = []
    for index in range(3):
        game, bots, _sides = set_up(spec, index, seed=5)
        first_players: list[str] = []
        reason, _steps = play_out(game, bots, spec.max_turns, spec.max_steps, first_players)
        logged = [e.text.split()[0] for e in game.state.log if e.text.endswith("is first player this turn")]
        assert first_players == logged[:len(first_players)]
        assert reason != TURN_LIMIT or len(first_players) == spec.max_turns
        seen += first_players
    assert set(seen) == {"p1", "p2"}
    result = run_match(spec, 1, seed=5)[0]
    assert result.first_player == result.first_players[0]
    assert len(result.first_players) == (spec.max_turns if result.reason == TURN_LIMIT else result.turns)
    assert result.to_json()["first_players"] == list(result.first_players)
