"""The message catalogues (td_plugin/locale) and the one lookup every face uses.

Every text is in every language; a Danish text is never left empty or a copy of the
English (unless the entry says it is the same on purpose); the compiled ``.mo`` files are
what Babel compiles from the ``.po`` files today; every key the code names exists; a key
that does not exist raises instead of rendering as itself.

The rule for "untranslated": an entry of a language other than English is untranslated
when its text is empty, when it is marked fuzzy, or when it equals the English text
although that text has words in it (letters outside its ``{fields}``) and the entry does
not carry the flag ``same-as-en``. A text of fields, digits and symbols alone
(``{a}, {b}``, ``♠``) is the same in every language.
"""

from __future__ import annotations

import ast
import functools
import gettext
import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from td_plugin import messages
from td_plugin.cli import build_parser
from td_plugin.messages import LANGUAGES, MissingMessageError, Msg, render
from td_plugin.model.cards import SEATS
from td_plugin.model.findings import FindingKind

REPO = Path(__file__).resolve().parents[1]
LOCALE = Path(messages.LOCALE_DIR)
EXAMPLE_LOCALE = REPO / "examples" / "external_plugin" / "td_club_leads" / "locale"
SAME_AS_ENGLISH = "same-as-en"
#: Dotted strings in the code that are not message keys: module names and file names.
NOT_KEYS = {"session.bws", "entry_points.txt"}


def po_files(locale: Path) -> list[Path]:
    return sorted(locale.glob("*/LC_MESSAGES/*.po"))


def catalogue(lang: str, locale: Path = LOCALE, domain: str = messages.DOMAIN):
    with open(locale / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
        return read_po(f)


def texts(lang: str) -> dict[str, str]:
    return {m.id: m.string for m in catalogue(lang) if m.id}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def has_words(template: str) -> bool:
    return re.search(r"[^\W\d_]", re.sub(r"\{[^{}]*\}", "", template)) is not None


# -- the catalogues --------------------------------------------------------------------

def test_languages_are_the_catalogues_present_english_first() -> None:
    present = {p.parts[-3] for p in po_files(LOCALE)}
    assert set(LANGUAGES) == present and LANGUAGES[0] == "en"
    assert {"en", "da"} <= present


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_is_in_every_language(lang: str) -> None:
    assert texts(lang).keys() == texts("en").keys()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_text_is_left_untranslated(lang: str) -> None:
    english = texts("en")
    untranslated = []
    for m in catalogue(lang):
        if not m.id:
            continue
        if not m.string or m.fuzzy:
            untranslated.append((m.id, "empty or fuzzy"))
        same = m.string == english.get(m.id)
        if same and has_words(m.string) and SAME_AS_ENGLISH not in m.flags:
            untranslated.append((m.id, f"a copy of the English {m.string!r}"))
        if not same and SAME_AS_ENGLISH in m.flags:
            untranslated.append((m.id, f"flagged {SAME_AS_ENGLISH} but not the same"))
    assert untranslated == []


def test_english_texts_are_all_there() -> None:
    assert [m.id for m in catalogue("en") if m.id and (not m.string or m.fuzzy)] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_translation_has_the_fields_of_the_english(lang: str) -> None:
    english = texts("en")
    differ = {k: (fields(english[k]), fields(v)) for k, v in texts(lang).items()
              if fields(v) != fields(english[k])}
    assert differ == {}


@pytest.mark.parametrize("po", po_files(LOCALE) + po_files(EXAMPLE_LOCALE),
                         ids=lambda p: "/".join(p.parts[-5:]))
def test_compiled_catalogue_is_what_babel_compiles_from_the_po_today(po: Path) -> None:
    """A .mo that is not current fails: recompile with
    ``pybabel compile -d td_plugin/locale -D td_plugin``."""
    with open(po, "rb") as f:
        source = read_po(f)
    compiled = io.BytesIO()
    write_mo(compiled, source)
    compiled.seek(0)
    expected = gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]
    with open(po.with_suffix(".mo"), "rb") as f:
        shipped = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    # the header ("") carries Babel's version and dates; the texts must be equal
    assert {k: v for k, v in shipped.items() if k} == {k: v for k, v in expected.items() if k}


def test_example_plugin_catalogues_are_complete() -> None:
    en = {m.id: m.string for m in catalogue("en", EXAMPLE_LOCALE, "td_club_leads") if m.id}
    da = {m.id: m.string for m in catalogue("da", EXAMPLE_LOCALE, "td_club_leads") if m.id}
    assert en.keys() == da.keys() and all(en.values()) and all(da.values())
    assert not {k for k in en if en[k] == da[k]}


# -- the keys the code uses ------------------------------------------------------------

@functools.cache  # read, never changed, by two tests
def _dotted_strings() -> tuple[dict[str, str], dict[str, str]]:
    """Every string literal of the package's code shaped like a message key, and every
    f-string that begins like one (its constant prefix), each with a file naming it."""
    key = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_-]+)+\Z")
    prefix = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_-]+)*\.\Z")
    literals: dict[str, str] = {}
    prefixes: dict[str, str] = {}
    for root in ("td_plugin", "adapters"):
        for path in sorted((REPO / root).rglob("*.py")):
            where = str(path.relative_to(REPO))
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.JoinedStr):
                    first = node.values[0] if node.values else None
                    if isinstance(first, ast.Constant) and prefix.match(str(first.value)):
                        prefixes.setdefault(first.value, where)
                    for value in node.values:  # the constant parts are not literals
                        if isinstance(value, ast.Constant):
                            value.value = None
                elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                      and key.match(node.value)):
                    literals.setdefault(node.value, where)
    # the table app's templates: t('app.title'), t('app.kind.' ~ kind)
    for path in sorted((REPO / "td_plugin").rglob("*.html")):
        where = str(path.relative_to(REPO))
        for m in re.finditer(r"""\bt\(['"]([^'"]+)['"]\s*(~)?""", path.read_text(encoding="utf-8")):
            target = prefixes if m.group(2) else literals
            target.setdefault(m.group(1), where)
    return literals, prefixes


def _not_a_key(text: str) -> bool:
    return (text in NOT_KEYS  # module names, ASGI messages, templates
            or text.split(".")[0] in ("td_plugin", "adapters", "http", "websocket", "options")
            or text.endswith((".html", ".css")))  # files


def test_every_key_named_in_the_code_has_a_text() -> None:
    literals, prefixes = _dotted_strings()
    keys = texts("en").keys()
    missing = {k: where for k, where in literals.items() if k not in keys and not _not_a_key(k)}
    assert missing == {}
    no_key = {p: where for p, where in prefixes.items()
              if not _not_a_key(p) and not any(k.startswith(p) for k in keys)}
    assert no_key == {}
    assert len(literals) > 150 and "revoke.decision." in prefixes  # the scan sees the code


def test_every_text_is_named_by_the_code() -> None:
    """No dead text: each key is a literal of the code or begins with an f-string's
    constant prefix (``f"revoke.decision.{law}"``)."""
    literals, prefixes = _dotted_strings()
    dead = [k for k in texts("en") if k not in literals and not any(k.startswith(p)
                                                                      for p in prefixes)]
    assert dead == []


def _finding_kinds() -> dict[str, str]:
    """The finding kinds the code names as text (the built-in ones are `FindingKind`):
    ``Finding(kind=...)``, the first argument of the rulers' helpers ``add(...)`` and
    ``_finding(...)``, and ``KIND = ...``."""
    kinds: dict[str, str] = {}
    for root in ("td_plugin", "adapters"):
        for path in sorted((REPO / root).rglob("*.py")):
            where = str(path.relative_to(REPO))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                values: list[ast.expr] = []
                if isinstance(node, ast.Call):
                    name = ast.unparse(node.func)
                    values += [k.value for k in node.keywords
                               if k.arg == "kind" and name == "Finding"]
                    if name in ("add", "_finding") and node.args:
                        values.append(node.args[0])
                elif isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "KIND":
                    values.append(node.value)
                for value in values:
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        kinds.setdefault(value.value, where)
    return kinds


def test_every_finding_kind_has_a_name_for_the_html_report() -> None:
    kinds = _finding_kinds() | {k.value: "td_plugin/model/rulings.py" for k in FindingKind}
    assert {"revoke", "score_mismatch", "missing_result", "recorded_irregularity"} <= set(kinds)
    assert {k: where for k, where in kinds.items() if f"kind.{k}" not in texts("en")} == {}


# -- the lookup ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_missing_key_raises_naming_key_and_language(lang: str) -> None:
    with pytest.raises(MissingMessageError, match=rf"'no\.such\.key' in language '{lang}'"):
        render("no.such.key", {}, lang)
    with pytest.raises(MissingMessageError):
        render("", {}, lang)  # not the catalogue's header
    with pytest.raises(MissingMessageError, match=r"'no\.such\.key'"):
        render("seat.N", {"seat": Msg("no.such.key")}, lang)  # nor inside a parameter


def test_unknown_language_raises_naming_the_languages() -> None:
    with pytest.raises(MissingMessageError, match=r"language 'fr' \(there are: en, da"):
        render("seat.N", {}, "fr")


def test_law_citations_in_each_language() -> None:
    assert messages.law_ref("64A1") == "Law 64A1"
    assert messages.law_ref("64A1", "da") == "§ 64A1"
    assert messages.laws_ref(["25B2", "16C"]) == "Laws 25B2, 16C"
    assert messages.laws_ref(["25B2", "16C"], "da") == "§ 25B2, § 16C"
    assert messages.laws_ref(["27D"]) == "Law 27D" and messages.laws_ref([]) == ""


def test_seat_names_from_the_catalogue() -> None:
    assert [s.english for s in SEATS] == ["North", "East", "South", "West"]
    assert [render(messages.seat_name(s).key, lang="da") for s in SEATS] == \
        ["Nord", "Øst", "Syd", "Vest"]
    assert messages.plain({"seat": Msg("seat.E"), "n": 3}, "da") == {"seat": "Øst", "n": 3}


def test_a_shared_message_is_rendered_in_each_language_asked() -> None:
    """A `Msg` keeps its text with the language it was rendered in: asked in another
    language, it is rendered again."""
    north = messages.seat_name(SEATS[0])
    said = [render("listname.and", {"a": north, "b": "x"}, lang) for lang in ("en", "da", "en")]
    assert said == ["North and x", "Nord og x", "North and x"]


def test_a_field_without_a_parameter_stays_as_it_is() -> None:
    assert render("listname.and", {"a": Msg("seat.S")}, "da") == "Syd og {b}"
    assert render("listname.and", {}, "en") == "{a} and {b}"


def test_no_text_of_a_catalogue_read_before_is_used_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """After `reload_catalogues`, a message's text kept from the catalogue read before
    is made again from the one read now (a plugin installed meanwhile)."""

    class Shouting(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return {"seat.N": "NORTH", "listname.and": "{a} & {b}"}[message]

    north = messages.seat_name(SEATS[0])
    assert render("listname.and", {"a": north, "b": "x"}) == "North and x"
    try:
        messages.reload_catalogues()
        monkeypatch.setitem(messages._CATALOGUES, "en", Shouting())
        assert render("listname.and", {"a": north, "b": "x"}) == "NORTH & x"
    finally:
        messages.reload_catalogues()
    assert render("listname.and", {"a": north, "b": "x"}) == "North and x"


def test_every_command_offers_the_languages_of_the_catalogues() -> None:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "command")
    offered = {}
    for name, sub in subparsers.choices.items():  # type: ignore[union-attr]
        for action in sub._actions:
            if "--lang" in action.option_strings:
                offered[name] = tuple(action.choices)
    assert offered == dict.fromkeys(("audit", "rule", "adjust", "watch", "serve"), LANGUAGES)


def test_a_list_of_any_length_is_one_flat_message() -> None:
    """A ``^S`` for each of 10,000 turns, or 10,000 weighted results: the list is rendered,
    compared, hashed and pickled along its items, never down a message nested once per
    item (that overflowed the recursion limit at about 500)."""
    import pickle

    from td_plugin.messages import MsgList
    from td_plugin.model.names import join_msgs, laws_msg

    seats = [Msg(f"seat.{s}") for s in "NESW"] * 2500
    joined = join_msgs(seats)
    assert isinstance(joined, Msg) and isinstance(joined.params["a"], MsgList)
    en, da = (render(joined.key, joined.params, lang) for lang in ("en", "da"))
    assert en.startswith("North, East, South, West, North") and en.endswith(", South and West")
    assert da.startswith("Nord, Øst, Syd, Vest, Nord") and da.endswith(", Syd og Vest")
    assert en.count(", ") == 9_998 and da.count(", ") == 9_998
    again = pickle.loads(pickle.dumps(joined))
    assert again == joined and hash(again) == hash(joined)
    assert join_msgs(seats[:2]) == Msg("listname.and", {"a": seats[0], "b": seats[1]})
    laws = laws_msg([f"{n}A" for n in range(1, 2001)])
    assert render(laws.key, laws.params, "en").startswith("Laws 1A, 2A, 3A")
    assert render(laws.key, laws.params, "da").endswith("§ 1999A, § 2000A")
