"""What the table app's pages show: a ruling as a view (the text to read to the players,
what stands, the questions still open) and the helpers the templates call to write seats,
calls, suits and places in the page's language. Nothing here knows HTTP.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from td_plugin import messages
from td_plugin.cases.log import status_of
from td_plugin.errors import InvalidTokenError, QuestionError
from td_plugin.laws import flow_module
from td_plugin.laws.auction.incident import CALL_FIELDS, CASE_FIELDS
from td_plugin.laws.revokes import RevokeCaseRuling
from td_plugin.laws.revokes.ruling import render_revoke_text
from td_plugin.messages import LANGUAGES
from td_plugin.model.auction import Call
from td_plugin.model.cards import SEAT_LETTERS, SUIT_LETTERS
from td_plugin.model.names import call_msg
from td_plugin.serve.draft import BID_STRAINS, VULNERABILITIES, question_key

__all__ = ["OpenDecision", "RulingView", "auction_grid", "open_decisions", "ruling_view",
           "decision_about",
           "environment", "helpers", "fact", "dealt_holder", "director_problem"]

_TEMPLATES = Path(__file__).resolve().parent / "templates"


@dataclass
class OpenDecision:
    """A decision still open, asked on the ruling's page: its place among the ruling's
    decisions, the question, and the answers (pairs of value and label, or ``"call"``
    for a bidding box)."""

    index: int
    text: str
    answers: Any
    about: str = ""  # the call it is about (`decision_about`), posted with the answer


@dataclass
class RulingView:
    """A ruling as the pages show it."""

    status: str
    laws: str
    read: list[str]
    rows: list[tuple[str, str]] = field(default_factory=list)
    grid: list[list[str | None]] = field(default_factory=list)
    grid_seats: tuple[str, ...] = ("W", "N", "E", "S")
    questions: list[OpenDecision] = field(default_factory=list)
    adjusted_tricks: int | None = None  # declarer's tricks after the ruling, when known


def auction_grid(calls: list[str], dealer: str) -> list[list[str | None]]:
    """Calls from the dealer in rows West, North, East, South, as an auction is drawn."""
    order = ("W", "N", "E", "S")
    cells: list[str | None] = [None] * order.index(dealer)
    cells += calls
    return [cells[i:i + 4] + [None] * (4 - len(cells[i:i + 4])) for i in range(0, len(cells), 4)]


def open_decisions(ruling: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What the Director or a player may still decide on a ruling (``rule --json``): its
    ``decisions``, and for a revoke the Director's Law 64C judgement while he has not
    given it."""
    out = [dict(d) for d in ruling.get("decisions", [])]
    equity = ruling.get("equity")
    if isinstance(equity, Mapping) and equity.get("judgement") is None \
            and not any(d.get("decide") == "equity" for d in out):
        out.append({"seat": None, "decide": "equity", "law": equity.get("law")})
    return out


def decision_about(decision: Mapping[str, Any]) -> str:
    """What a decision is about, as its form posts it with the answer: what is decided
    and the index of each call it names in the case's calls (``comparable@1,2``); the
    answer is refused when the ruling's open decision at that place is about another
    call by then."""
    refs = [decision.get(k) for k in ("call", "withdrawn", "replacement")]
    refs += list(decision.get("calls") or [])
    indexes = [str(r["index"]) for r in refs if isinstance(r, Mapping)
               and isinstance(r.get("index"), int)]
    return f"{decision.get('decide')}@{','.join(indexes)}"


def ruling_view(ruling: Any, case: Mapping[str, Any], lang: str) -> RulingView:
    """What the pages show of a ruling object (``td-plugin rule``'s value): the text to
    read to the players, what stands, and the questions still open."""

    def t(key: str, **params: Any) -> str:
        return messages.render(key, params, lang)

    data = ruling.to_json(lang)
    view = RulingView(status=status_of(data).value,
                      laws=messages.laws_ref(list(data.get("laws", [])), lang), read=[])
    texts: list[str] = []
    if isinstance(ruling, RevokeCaseRuling):
        view.read = [render_revoke_text(item.ruling, lang) for item in ruling.revokes]
        judged = ruling.redress
        if judged is not None and judged.judgement is not None and judged.text is not None:
            # the Director's 64C judgement decides the result read out, as it decides
            # the result that stands
            view.read.append(t(judged.text.key, **judged.text.params))
        view.adjusted_tricks = ruling.adjusted_declarer_tricks
        view.rows = [(t("revoke.case.heading.result") if i == 0 else "", line)
                     for i, line in enumerate(ruling.result_lines(lang))]
        redress = ruling.redress
        if redress is not None:  # the questions of 64C, or the judgement (not how to
            # enter one in a case file: the page asks for it)
            lines = redress.lines(lang, how_to_enter=False)
            view.rows += [(t("revoke.case.heading.redress") if i == 0 else "", line)
                          for i, line in enumerate(lines)]
    else:
        view.read = list(ruling.clause_texts(lang))
        notes = [messages.render(n.key, n.params, lang) for n in ruling.notes]
        view.rows = list(ruling.stands(lang)) + [(t("rule.notes"), n) for n in notes]
        texts = ruling.decision_texts(lang)
        if isinstance(case.get("dealer"), str) and case["dealer"] in SEAT_LETTERS:
            view.grid = auction_grid([sc["call"] for sc in data.get("auction", [])],
                                     case["dealer"])
    for i, d in enumerate(open_decisions(data)):
        if d.get("decide") == "equity":
            view.questions.append(OpenDecision(i, t("app.equity", law=messages.law_ref(
                str(d.get("law") or "64C"), lang)), "count"))
        elif d.get("decide") == "replayed":  # 62D1: the result of the tricks played again
            view.questions.append(OpenDecision(i, t("app.replayed"), "count",
                                               decision_about(d)))
        elif i < len(texts):
            answers: Any = "call" if d.get("decide") == "replacement" else [
                ("yes", t("app.yes")), ("no", t("app.no"))]
            if d.get("choices"):  # a choice of the play period, with its answers
                answers = [(str(c["value"]), c["label"]) for c in d["choices"]]
            view.questions.append(OpenDecision(i, texts[i], answers, decision_about(d)))
    return view


#: Whose card a card question asks for, where it is not the offender's: (kind, question).
_CARD_HOLDERS = {("played_card", "card"): "player", ("simultaneous_play", "other_card"): "other",
                 ("cannot_comply", "cards"): "player", ("cannot_comply", "played"): "player"}
#: The questions whose answer is a card of the player's hand, or (``suit_led``) a suit he
#: was dealt: the suit led to the trick he revoked on (Law 61A).
_FROM_HAND = ("card", "cards", "held", "played", "other_card", "suit_led")


def dealt_holder(kind: str, question: Any, case: Mapping[str, Any]) -> str | None:
    """The seat whose dealt hand the answer to ``question`` comes from (the offender's
    card, the suit he failed to follow), or None when it is not a hand's card or the
    seat is not known yet."""
    if question is None or question.id not in _FROM_HAND:
        return None
    where: Any = case
    if kind == "revoke" and question.revoke is not None:  # a fact of one of the revokes
        revokes = case.get("revokes") or []
        where = revokes[question.revoke] if question.revoke < len(revokes) else {}
    if question.id == "suit_led" and where.get("failure", "follow_suit") != "follow_suit":
        return None
    seat = where.get(_CARD_HOLDERS.get((kind, question.id), "offender"))
    return seat if seat in SEAT_LETTERS else None


_PATH = re.compile(r"^(?:calls\[(?P<call>\d+)\]|revokes\[(?P<revoke>\d+)\](?:\.(?P<rfact>\w+))?"
                   r"|(?P<fact>[a-z_]+)):\s*(?P<rest>.*)$", re.S)
_INTENDED_MISSING = re.compile(r"^unintended: true, but \w+'s intended call")


def director_problem(text: str, kind: str, case: Mapping[str, Any], lang: str) -> str:
    """Why the facts do not make a ruling yet, in the Director's words: the call or the
    question it is about named as the page shows it (never ``calls[2]`` or
    ``revokes[0].offending_side_tricks_from_revoke``), and the problems met while a
    case is being tapped in, in the page's language."""
    def t(key: str, **params: Any) -> str:
        return messages.render(key, params, lang)

    m = _PATH.match(text.strip())
    if m is None:
        return text
    rest = m.group("rest")
    if m.group("call") is not None:
        i = int(m.group("call"))
        calls = case.get("calls") or []
        item = calls[i] if i < len(calls) else {}
        seat, call = (item.split(" ", 1) if isinstance(item, str)
                      else (item.get("seat"), item.get("call")))
        seat_text = messages.render(f"seat.{seat}", {}, lang) if seat in SEAT_LETTERS else "?"
        if _INTENDED_MISSING.match(rest):
            return t("app.problem.intended", seat=seat_text)
        return t("app.problem.call", n=i + 1, seat=seat_text,
                 call=_call_text(str(call), lang), problem=rest)
    module = flow_module(kind)
    fact_id = m.group("rfact") or m.group("fact")
    revoke = int(m.group("revoke")) if m.group("revoke") is not None else None
    if module is None or fact_id is None:
        return t("app.problem.revoke", n=(revoke or 0) + 1, problem=rest) \
            if revoke is not None else text
    try:
        q = module.question_by_id(case, fact_id, revoke, True)
    except (QuestionError, ValueError):
        return text if revoke is None else t("app.problem.revoke", n=revoke + 1, problem=rest)
    return t("app.problem.question", question=messages.render(q.text.key, q.text.params, lang),
             problem=rest)


def _call_text(text: str, lang: str) -> str:
    try:
        msg = call_msg(Call.said(text))
    except InvalidTokenError:
        return text
    return messages.render(msg.key, msg.params, lang)


def environment() -> Environment:
    """The templates, every value escaped."""
    env = Environment(loader=FileSystemLoader(str(_TEMPLATES)),
                      autoescape=select_autoescape(["html"]), trim_blocks=True,
                      lstrip_blocks=True)
    return env


def helpers(lang: str) -> dict[str, Any]:
    """What the templates call, in ``lang``."""
    def t(key: str, **params: Any) -> str:
        return messages.render(key, params, lang)

    def call_name(text: str) -> str:
        return _call_text(text, lang)

    def msg(value: Any) -> str:
        if isinstance(value, messages.Msg):
            return messages.render(value.key, value.params, lang)
        return str(value)

    def answer_text(q: Any, value: Any) -> str:
        choice = q.choice(value)
        if choice is not None:
            return msg(choice.label)
        if q.input == "suit":
            return _SYMBOLS.get(value, str(value))
        if q.input == "card" and isinstance(value, str) and len(value) == 2:
            return _SYMBOLS.get(value[0], value[0]) + _rank_name(value[1], lang)
        if q.input == "contract" and isinstance(value, str):
            return _contract_text(value, lang)
        if q.input == "table" and isinstance(value, Mapping):  # as a case file gives it
            return f"{value.get('ns_pair')}-{value.get('ew_pair')}"
        return str(value)

    return {
        "t": t, "lang": lang, "msg": msg, "answer_text": answer_text,
        "rank_name": lambda rank: _rank_name(rank, lang),
        "result_text": lambda record: _result_text(record, lang),
        "qkey": question_key, "law_ref": lambda law: messages.law_ref(law, lang),
        "ranks": ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"),
        "other_lang": next((x for x in LANGUAGES if x != lang), lang),
        "seat_name": lambda s: messages.render(f"seat.{s}", {}, lang) if s in SEAT_LETTERS else str(s),
        "call_name": call_name, "call_class": _call_class,
        "place_text": lambda place: place.label(lang),
        "laws_text": lambda laws: messages.laws_ref(list(laws), lang),
        "suit_symbol": lambda s: _SYMBOLS.get(s, s),
        "strain_symbol": lambda s: _SYMBOLS.get(s, s) if s != "NT" else call_name("1NT")[1:],
        "suits_text": _suits_text, "meaning_text": lambda m: _meaning_text(m, lang),
        "seats": SEAT_LETTERS, "vulnerabilities": VULNERABILITIES, "strains": BID_STRAINS,
        "case_fields": CASE_FIELDS, "call_fields": CALL_FIELDS, "fact": fact,
        "suits": SUIT_LETTERS,
    }


def _call_class(text: str) -> str:
    """The class of a call's text on the page: red for hearts and diamonds."""
    return "red" if text.upper()[1:] in ("H", "D") else ""


def _suits_text(suits: Any) -> str:
    return " ".join(_SYMBOLS.get(s, s) for s in suits) if suits else "–"


def _meaning_text(m: Mapping[str, Any], lang: str) -> str:
    """What a call showed: ``12–14 hcp, 5–7♥, purpose``."""
    parts = []
    if m.get("hcp"):
        hcp = messages.render("app.call.hcp", {}, lang).lower()
        parts.append(f"{m['hcp'][0]}–{m['hcp'][1]} {hcp}")
    for s, r in (m.get("suits") or {}).items():
        parts.append(f"{r[0]}–{r[1]}{_SYMBOLS.get(s, s)}")
    if m.get("purpose"):
        parts.append(str(m["purpose"]))
    return ", ".join(parts)


def _result_text(record: Any, lang: str) -> str:
    """A table's result: ``4♥ North 10 · NS +620``."""
    contract = record.contract
    if contract is None:
        return messages.render("app.pick.unplayed", {}, lang)
    if contract.is_passed_out:
        return messages.render("app.pick.passed", {}, lang)
    parts = [_contract_text(contract.pbn(), lang)]
    if record.declarer is not None:
        parts.append(messages.render(f"seat.{record.declarer.value}", {}, lang))
    if record.declarer_tricks is not None:
        parts.append(str(record.declarer_tricks))
    text = " ".join(parts)
    if record.score_ns is not None:
        text += f" · {messages.render('app.pick.ns', {}, lang)} {record.score_ns:+d}"
    return text


def _contract_text(value: str, lang: str) -> str:
    """A contract as the page shows it: ``4♥X``, notrump in ``lang``'s letters."""
    level, rest = value[:1], value[1:]
    strain = rest.rstrip("X")
    return level + (_SYMBOLS.get(strain) or _call_text("1NT", lang)[1:]) + rest[len(strain):]


def _rank_name(rank: str, lang: str) -> str:
    return "10" if rank == "T" else messages.render(f"revoke.rank.{rank}", {}, lang) \
        if rank in "AKQJ" else rank


_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def fact(case: Mapping[str, Any], key: str) -> Any:
    """A case's single-choice fact by its key (``options.x`` inside ``options``)."""
    head, _, tail = key.partition(".")
    value = case.get(head)
    return value.get(tail) if tail and isinstance(value, Mapping) else (None if tail else value)
