"""Random case files of the play period, and what makes their rulings consistent: for the
property test in the suite and the long run of ``benchmarks/fuzz_play.py``.

`random_case` builds a case the way the table app does, by answering the kind's flow of
questions (`td_plugin.laws.facts`) at random — a random seat, card, suit, trick, choice
— then the ruling's decisions at random, as declarer or a defender would choose.
`mangle` breaks a case (a key dropped, added, or given a value of the wrong sort), which
the reader must refuse with a `CaseFileError` and nothing else.

`check` rules a case in English and Danish and raises `AssertionError` saying what is
inconsistent. Consistent means:

- the case reads, and the ruling renders in both languages with the same clauses,
  obligations, status and decisions, and no field or message key left in its text;
- ``status`` is ``needs_decision`` exactly when there are decisions; each decision names
  a decision fact of its kind that the case does not give yet, offers two or more
  distinct answers each with a clause, and each answer, put in the case, reads and is no
  longer asked; each decision the case does give is one its ruling would ask without it
  (none is read and then ignored);
- ``laws`` are the clauses in the order first applied, each once, each a clause name;
- every penalty card belongs to a defender of the ruling's declarer, is a card the case
  names, is on the table once, and a defender with two or more has only major ones
  (50B); a lead restriction binds the partner of the player whose penalty card gave it
  (or the right leader after a lead out of turn) in the suit of that card, lasts exactly
  when it prohibits, and no penalty card of that suit is left on the table (50D2, 51B);
  a pass obligation binds the partner of the offender of Law 24; a play restriction the
  partner of the offender of Law 57 (after 53C, the defender on the left of declarer's
  lead), in a suit other than the one led;
- a defective trick transfers at most one trick (67B1; the revoke of 67B2's restored
  card, the revoke's one or two), and the result after it is declarer's tricks moved by
  it towards the non-offending side;
- a question in the play, a designation from dummy, declarer's own card and the record
  of the tricks (41B-41C, 46, 48, 65-66) leave no obligation (no card of declarer's or
  dummy's is ever a penalty card, 48A); a fifth card leaves a penalty card exactly when it
  is a defender's not deemed led (45E1, 45E2); cards mixed after a claim that the
  Director cannot settle are ruled for the side that did not mix them (66D);
- an artificial score (a board gone wrong: 12C2, 13, 15) is the one Law 12C2(a) gives for
  the case's two faults, a ``no_result`` always has one, and a fouled board's group entry
  (87B) is there exactly when the case gives the tables.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Mapping
from typing import Any

from td_plugin.cases.files import load_case
from td_plugin.cases.play import PlayCase
from td_plugin.errors import CaseFileError, QuestionError
from td_plugin.laws import FACT_KINDS, fact_family
from td_plugin.laws.facts import LISTS, MORE, choices_of
from td_plugin.laws.play.defective_tricks import revoke_card_may_win
from td_plugin.model.cards import ALL_CARDS, SUITS, Seat
from td_plugin.rulers.cases import rule_play_case

__all__ = ["random_case", "decide", "mangle", "check", "KINDS"]

KINDS = tuple(FACT_KINDS)
_LAW = re.compile(r"^\d{2}([A-F](\d(\([a-e]\))?)?)?$")
_KEY = re.compile(r"\b(penalty|opening|loot|premature|simultaneous|played"
                  r"|play|revoke|app|board)\.[a-z0-9_]")
#: Law 12C2(a)'s percentage in pairs for each side's fault
_PERCENT = {"none": 60, "partly": 50, "direct": 40}


def _card(rng: random.Random, exclude: str | None, taken: set[str]) -> str:
    choices = [c.pbn() for c in ALL_CARDS
               if c.pbn() not in taken and (exclude is None or c.suit.value != exclude)]
    return rng.choice(choices)


def _answer(rng: random.Random, q: Any, case: Mapping[str, Any]) -> str:
    if q.input in ("choice", "seat"):
        return str(rng.choice(q.choices).value)
    if q.input == "count" and q.id == "trick" and case.get("kind") == "claim":
        return str(rng.randint(9, 13))  # a claim late in the play: the run stays fast
    if q.input == "count":
        return str(rng.randint(q.low, q.high))
    if q.input == "text":
        return rng.choice(("", "The rest are mine.", "Drawing trumps, the rest are good."))
    if q.input == "hands":  # a claim's position: the cards left before its trick, dealt
        pack = [c.pbn() for c in ALL_CARDS]
        rng.shuffle(pack)
        n = 14 - int(case["trick"])
        return "N:" + " ".join(_hand(pack[i * n:(i + 1) * n]) for i in range(4))
    if q.input == "suit":
        return rng.choice(SUITS).value
    if q.input == "card":  # a card not yet in the case: one card is not played twice
        return _card(rng, q.exclude, _named_cards(case))
    if q.input == "table":  # a table's pairs, as the Director types them
        return rng.choice(("{}-{}", "{} v {}", "{} {}")).format(rng.randint(1, 20),
                                                               rng.randint(1, 20))
    if q.input == "contract":
        return f"{rng.randint(1, 7)}{rng.choice(('C', 'D', 'H', 'S', 'NT'))}" + \
            rng.choice(("", "", "X", "XX"))
    raise AssertionError(f"no random answer for {q.input!r}")


def _hand(cards: list[str]) -> str:
    return ".".join("".join(c[1] for c in sorted(cards, key=lambda c: "AKQJT98765432".index(c[1]))
                            if c[0] == suit) for suit in "SHDC")


def random_case(rng: random.Random, kind: str | None = None) -> dict[str, Any]:
    """A case of ``kind`` (else any), entered by random answers to its questions, with
    some of the details a case file may add, and random answers to its decisions."""
    kind = kind or rng.choice(KINDS)
    module = fact_family(kind)
    case: dict[str, Any] = {"kind": kind}
    finished = False
    for _ in range(80):
        _, q = module.flow(case, finished)
        if q is None:
            break
        if q.id == MORE:
            more = rng.random() < 0.35 and len(case.get(_listed(kind)) or []) < 4
            case = module.answer(case, q, str(more))
            finished = not more
            continue
        for _ in range(10):
            try:
                case = module.answer(case, q, _answer(rng, q, case))
                break
            except QuestionError:
                continue
    _details(rng, kind, case)
    if rng.random() < 0.3:
        case["board"] = rng.randint(1, 36)
    return decide(rng, case)


def _listed(kind: str) -> str:
    return next((f.key for f in fact_family(kind).FIELDS if f.input in LISTS), "")


def _details(rng: random.Random, kind: str, case: dict[str, Any]) -> None:
    """What a case file may give that the questions do not ask."""
    if kind == "defective_trick" and case.get("after_next") and case.get("fault") == "no_card" \
            and rng.random() < 0.7:
        trick = case["trick"]
        if rng.random() < 0.5:
            case["won_by"] = rng.choice("NESW")
        won = case.get("won_by")  # the offending side won the defective trick: one at least
        least = int(won is not None and Seat(won).side is Seat(case["offender"]).side)
        os_tricks = rng.randint(least, 14 - trick)
        case["offending_side_tricks"] = os_tricks
        case["declarer_tricks"] = rng.randint(0, 13)
        case["vulnerable"] = rng.choice(("None", "NS", "EW", "All"))
    if kind == "defective_trick" and case.get("after_next") and case.get("fault") == "too_many" \
            and rng.random() < 0.6:  # 67B2: the restored card not played to another trick
        trick = case["trick"]
        case["revoke_trick"] = rng.choice([t for t in range(1, 13) if t != trick])
        case["restored"] = _card(rng, None, set())
        case["revoke_card"] = _card(rng, case["restored"][0], {case["restored"]})
        won = _revoke_trick_won(rng, case)  # 64A's facts: never presumed
        case["offending_side_tricks_from_revoke"] = rng.randint(
            int(won), 14 - case["revoke_trick"])
        if rng.random() < 0.7:
            case["declarer_tricks"] = rng.randint(0, 13)
            case["vulnerable"] = rng.choice(("None", "NS", "EW", "All"))
    if kind == "revoke_correction" and rng.random() < 0.3:  # the card of the suit led he held
        case["held"] = [case["suit_led"] + rng.choice("AKQJT98765432")]
    if kind == "revoke_correction" and case.get("os_withdraw") and rng.random() < 0.5:
        case["os_card"] = _card(rng, None, {case["card"]})
    if kind == "opening_lead" and case.get("faced") is not False and rng.random() < 0.3 \
            and case.get("declarer_spread") is not True and case.get("offender") \
            and case.get("earlier") is not True \
            and Seat(case["offender"]) is Seat(case["declarer"]).rho:
        case["dummy_card"] = _card(rng, None, {case["card"]})  # played second (54B2)
        case.pop("earlier", None)  # no choice of declarer's, no penalty card: not asked
    if kind == "simultaneous_play" and len(case.get("cards") or []) == 1 and rng.random() < 0.5:
        case["hidden"] = [_card(rng, None, _named_cards(case))]  # not seen (58B1)
    if kind == "cannot_comply":  # a holding that fits the trick, 57A3's other suit
        case["cards"] = case["cards"][:14 - case["trick"]]
        if case.get("suit") is not None and case.get("suit") == case.get("suit_led"):
            case["suit"] = rng.choice([x.value for x in SUITS if x.value != case["suit_led"]])
        if rng.random() < 0.6:  # the card he then led or played
            case["played"] = rng.choice(case["cards"])
    if kind == "lead_out_of_turn" and case.get("played_before_lead") is True:
        case["early_card"] = _card(rng, None, _named_cards(case))  # 60B: not the lead's card
    if kind == "simultaneous_play" and case.get("restored_revoke") is True:
        _late_revoke(rng, case)  # 58B4, 67B2: the revoke of a card put back
    _board_details(rng, kind, case)


def _tables(rng: random.Random, count: int, taken: set[tuple[int, int]]) -> list[dict[str, int]]:
    out: list[dict[str, int]] = []
    while len(out) < count:
        pair = (rng.randint(1, 20), rng.randint(1, 20))
        if pair not in taken:
            taken.add(pair)
            out.append({"ns_pair": pair[0], "ew_pair": pair[1]})
    return out


def _board_details(rng: random.Random, kind: str, case: dict[str, Any]) -> None:
    """What a case file of a board gone wrong may give that the phone does not ask: the
    tables of a fouled board's changed forms, the pairs at a wrong board and the tables
    that missed it, the regulation's variable averages, 13A2's judgement after the play,
    the result after 14B4's revoke."""
    faults = ("none", "partly", "direct")
    if kind == "fouled_board" and rng.random() < 0.6:
        taken: set[tuple[int, int]] = set()
        forms = [_tables(rng, rng.randint(1, 3), taken) for _ in range(rng.randint(1, 3))]
        case["changed"] = forms[0] if len(forms) == 1 else forms
    if kind == "wrong_board" and case.get("what") == "board" \
            and case.get("found") not in (None, "before_auction"):
        if rng.random() < 0.5:
            case["ns_pair"], case["ew_pair"] = rng.randint(1, 20), rng.randint(1, 20)
        if rng.random() < 0.5:
            case["missed"] = [{**t, "ns_fault": rng.choice(faults), "ew_fault": rng.choice(faults)}
                              for t in _tables(rng, rng.randint(1, 3), set())]
    if kind in ("no_result", "wrong_board", "wrong_cards") and rng.random() < 0.3:
        case["variable"] = rng.random() < 0.5
    if kind == "wrong_cards" and case.get("seen") is True and rng.random() < 0.5:
        case["affected"] = False  # True would ask for the score, which the flow did not
    if kind == "missing_card" and case.get("revoke") is True:  # 64A's facts: never presumed
        least = int(_revoke_trick_won(rng, case))
        case["offending_side_tricks_from_revoke"] = rng.randint(least, 14 - case["revoke_trick"])
        case["declarer_tricks"] = rng.randint(0, 13)
        case["vulnerable"] = rng.choice(("None", "NS", "EW", "All"))


def _late_revoke(rng: random.Random, case: dict[str, Any]) -> None:
    """A simultaneous play found late (58B4): the restored card's revoke on another trick
    than the one the cards were played to, with 64A's facts, the result sometimes."""
    case["revoke_trick"] = rng.choice([t for t in range(1, 13) if t != case["trick"]])
    won = _revoke_trick_won(rng, case)
    case["offending_side_tricks_from_revoke"] = rng.randint(int(won), 14 - case["revoke_trick"])
    if rng.random() < 0.6:
        case["declarer_tricks"] = rng.randint(0, 13)
        case["vulnerable"] = rng.choice(("None", "NS", "EW", "All"))


def _revoke_trick_won(rng: random.Random, case: dict[str, Any]) -> bool:
    """Who won a restored card's revoke trick, where the revoke card is a trump and so
    could have won it (else the fact does not apply): whether the offending side won it."""
    case.pop("revoke_trick_won_by", None)
    if not revoke_card_may_win(case):
        return False
    won = case["revoke_trick_won_by"] = rng.choice("NESW")
    return Seat(won).side is Seat(case["offender"]).side


def decide(rng: random.Random, case: dict[str, Any]) -> dict[str, Any]:
    """The case with the ruling's decisions answered at random, one round at a time (a
    round may stop early, leaving a decision open)."""
    for _ in range(6):
        ruling = rule_play_case(_play_case(case)).to_json()
        if not ruling["decisions"] or rng.random() < 0.15:
            break
        d = rng.choice(ruling["decisions"])
        case = {**case, d["field"]: rng.choice(d["choices"])["value"]}
    return case


def mangle(rng: random.Random, case: Mapping[str, Any]) -> dict[str, Any]:
    """``case`` changed in one random way: a key dropped, an unknown key, a value of the
    wrong sort, another kind, cards reversed, or a decision of its kind it does not ask
    (most such cases make no sense; the others must be ruled consistently)."""
    bad = copy.deepcopy(dict(case))
    keys = [k for k in bad if k != "kind"]
    how = rng.randrange(6)
    decisions = [f for f in fact_family(bad["kind"]).FIELDS if f.decision]
    if how == 5 and decisions:
        f = rng.choice(decisions)
        try:
            answers = [c.value for c in choices_of(f, bad)] or [True, False]
        except (KeyError, TypeError, ValueError):  # its answers need facts the case lacks
            answers = [True, False]
        bad[f.key] = rng.choice(answers)
        return bad
    if how == 0 and keys:
        del bad[rng.choice(keys)]
    elif how == 1:
        bad["colour"] = "red"
    elif how == 2 and keys:
        bad[rng.choice(keys)] = rng.choice([None, 99, -1, "Q", "ZZ", [], {}, True, "require:X"])
    elif how == 3:
        bad["kind"] = rng.choice(KINDS)
    else:
        for k in keys:
            if isinstance(bad[k], str) and len(bad[k]) == 2:
                bad[k] = bad[k][::-1]
    return bad


def _defender(seat: str, declarer: str | None) -> bool:
    return declarer is not None and Seat(seat).side is not Seat(declarer).side


def check(case: Mapping[str, Any]) -> dict[str, Any]:
    """Rule ``case`` in English and Danish; raise `AssertionError` when the ruling is not
    consistent (the module's docstring says what is checked). Returns the English JSON."""
    kind = case["kind"]
    en = rule_play_case(_play_case(case), "en").to_json("en")
    da = rule_play_case(_play_case(case), "da").to_json("da")
    json.dumps(en, ensure_ascii=False)
    for key in ("laws", "obligations", "status", "declarer", "adjustment_possible"):
        assert en[key] == da[key], key
    assert [(d["field"], [c["value"] for c in d["choices"]]) for d in en["decisions"]] == \
        [(d["field"], [c["value"] for c in d["choices"]]) for d in da["decisions"]]
    for data in (en, da):
        text = data["text"]
        assert "{" not in text and "}" not in text, text
        assert not _KEY.search(text), text
    assert (en["status"] == "needs_decision") == bool(en["decisions"]), en["status"]
    laws = [c["law"] for c in en["clauses"]]
    assert en["laws"] == list(dict.fromkeys(laws)), en["laws"]
    assert all(_LAW.match(law) for law in en["laws"]), en["laws"]
    _check_decisions(kind, case, en)
    _check_obligations(kind, case, en)
    if kind in ("defective_trick", "simultaneous_play") and en.get("transfer") is not None:
        transfer = en["transfer"]
        # one trick under 67B1; a revoke of 67B2's restored card: the revoke's 64A (one or two)
        assert transfer in ((0, 1, 2) if case.get("revoke_trick") is not None else (0, 1))
        offender, declarer = Seat(case["offender"]), Seat(case["declarer"])
        moved = transfer if offender.side is not declarer.side else -transfer
        assert en["adjusted_declarer_tricks"] == max(0, min(13, case["declarer_tricks"] + moved))
    _check_artificial(case, en)
    _check_cards_and_records(case, en)
    return en


def _check_cards_and_records(case: Mapping[str, Any], ruling: Mapping[str, Any]) -> None:
    """41B-41C, 46, 48, 65-66 leave no obligation; 45E1/45E2's penalty card; 66D's side."""
    kind = case["kind"]
    if kind in ("question_in_play", "dummy_designation", "declarer_card", "trick_record"):
        assert ruling["obligations"] == [], ruling["obligations"]
    fifth = case.get("how") == "fifth_card" or case.get("extra") == "fifth_card"
    if fifth:
        player = str(case.get("player") or case["offender"])
        penalty = _defender(player, case["declarer"]) and case["deemed_led"] is False
        assert [o["card"] for o in ruling["obligations"]] == ([case["card"].upper()]
                                                              if penalty else []), ruling
    if kind == "trick_record" and case["what"] == "mixed" and not case["ascertained"]:
        assert ruling["favours"] == Seat(case["player"]).side.other.value, ruling


def _check_artificial(case: Mapping[str, Any], ruling: Mapping[str, Any]) -> None:
    """An artificial score is the one Law 12C2(a) gives for the case's faults, and only a
    case that gives both faults has one; a fouled board's group entry holds the case's
    tables."""
    outcome = ruling.get("outcome") or {}
    if "artificial" in outcome:
        expected = f"{_PERCENT[case['ns_fault']]}/{_PERCENT[case['ew_fault']]}"
        assert outcome["artificial"] == expected, (outcome, case)
    elif case["kind"] == "no_result":
        raise AssertionError(f"no artificial score: {outcome}")
    missed = {(m["ns_pair"], m["ew_pair"]): m for m in case.get("missed") or []}
    for entry in ruling.get("adjustments") or []:  # 15B3: each table that missed the board
        m = missed.get((entry["ns_pair"], entry["ew_pair"]))
        if m is not None:
            assert entry["artificial"] == f"{_PERCENT[m['ns_fault']]}/{_PERCENT[m['ew_fault']]}"
    if case["kind"] == "fouled_board":
        entry = ruling["adjustment"]
        assert (entry is None) == (not case.get("changed")), entry
        if entry is not None:
            assert entry["law"] == "87B" and entry.get("board") == case.get("board")


def _check_decisions(kind: str, case: Mapping[str, Any], ruling: Mapping[str, Any]) -> None:
    fields = {f.key: f for f in fact_family(kind).FIELDS}
    given = [k for k, f in fields.items() if f.decision and case.get(k) is not None]
    for i, key in enumerate(given):  # each was asked when the case did not give it
        before = {k: v for k, v in case.items() if k not in given[i:]}
        asked = [d["field"] for d in rule_play_case(_play_case(before)).to_json()["decisions"]]
        assert key in asked, (key, asked)
    for d in ruling["decisions"]:
        f = fields.get(d["field"])
        assert f is not None and f.decision, d["field"]
        assert case.get(d["field"]) is None, d["field"]
        values = [c["value"] for c in d["choices"]]
        assert len(values) >= 2 and len(set(map(str, values))) == len(values), values
        assert all(c["law"] for c in d["choices"]), d
        for value in values:
            answered = {**case, d["field"]: value}
            try:
                again = rule_play_case(_play_case(answered)).to_json()
            except CaseFileError as exc:
                raise AssertionError(f"answer {value!r} to {d['field']}: {exc}") from None
            assert d["field"] not in [x["field"] for x in again["decisions"]], d["field"]


def _named_cards(case: Mapping[str, Any]) -> set[str]:
    out = {c for c in case.get("cards") or [] if c}
    out |= {c for c in case.get("earlier_cards") or [] if c}
    for key in ("card", "played", "other_card", "os_card", "dummy_card", "rho_card", "revoke_card",
                "defender_card", "early_card"):
        if case.get(key):
            out.add(case[key])
    return {c.upper() for c in out}


def _check_obligations(kind: str, case: Mapping[str, Any],
                       ruling: Mapping[str, Any]) -> None:
    declarer = ruling["declarer"]
    obligations = ruling["obligations"]
    penalty = [o for o in obligations if o["type"] == "penalty_card"]
    named = _named_cards(case)
    seen: set[str] = set()
    holders: dict[str, list[dict[str, Any]]] = {}
    for o in penalty:
        assert _defender(o["seat"], declarer), o
        assert o["card"] in named, (o, named)
        assert o["card"] not in seen, o
        seen.add(o["card"])
        holders.setdefault(o["seat"], []).append(o)
    for cards in holders.values():
        if len(cards) > 1:
            assert all(o["major"] for o in cards), cards
    sources = {c[0] for c in named}
    for o in (o for o in obligations if o["type"] == "lead"):
        assert o["prohibited"] == o["lasting"], o
        assert o["suit"] in sources, (o, named)
        assert _defender(o["seat"], declarer), o
        partner = Seat(o["seat"]).partner.value
        assert not [p for p in penalty if p["seat"] == partner and p["card"][0] == o["suit"]], o
    for o in (o for o in obligations if o["type"] == "pass"):
        assert kind == "card_in_auction" and o["seat"] == Seat(case["offender"]).partner.value
        assert o["until"] == "next_turn"
    for o in (o for o in obligations if o["type"] == "play"):
        if kind == "lead_out_of_turn":  # 53C: the defender on the right played, 57A
            assert o["seat"] == Seat(case["offender"]).lho.value, o
            assert o["suit"] != case["card"][0], o
            continue
        offender = case.get("defender") or case["offender"]  # 57C3 then a defender's 57A
        assert kind == "premature_play" and o["seat"] == Seat(offender).partner.value
        assert o["suit"] != case["suit_led"], o


def _play_case(data: Mapping[str, Any]) -> PlayCase:
    """A generated case read back: always one of the play period."""
    case = load_case(data)
    assert isinstance(case, PlayCase), case
    return case
