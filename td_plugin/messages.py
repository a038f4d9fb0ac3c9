"""Texts for people: the one lookup every face uses (command line, reports, rulings).

The texts live in gettext catalogues inside the package, one per language:
``td_plugin/locale/<lang>/LC_MESSAGES/td_plugin.po``, compiled with Babel
(``pybabel compile -d td_plugin/locale -D td_plugin``) to the ``td_plugin.mo`` beside it,
which the standard library's `gettext` reads at run time. The msgids are symbolic keys
(``revoke.finding``, ``seat.N``); English is a catalogue like the others. Templates use
`str.format` fields; a clause is cited the way each language cites it by `law_ref`
("Law 64A1", "§ 64A1"). `LANGUAGES` are the catalogues present; each is read once, at
its first use.

A key that no catalogue has raises `MissingMessageError`: a text never renders as its
key. A plugin brings its own catalogues under the entry-point group ``td_plugin.locale``:
the entry point's name is the gettext domain, its value the package whose ``locale/``
folder holds ``<lang>/LC_MESSAGES/<domain>.mo``. They are read when a key is not in the
package's own catalogue.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["render", "count", "law_ref", "laws_ref", "LANGUAGES", "Msg", "MsgList", "MsgText",
           "seat_name", "plain", "MissingMessageError", "reload_catalogues", "LOCALE_DIR", "DOMAIN",
           "PLUGIN_GROUP"]

#: The folder of the package's catalogues and their gettext domain.
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
DOMAIN = "td_plugin"
#: The entry-point group of plugins' catalogues.
PLUGIN_GROUP = "td_plugin.locale"


def _mo_path(localedir: str, lang: str, domain: str) -> str:
    return os.path.join(localedir, lang, "LC_MESSAGES", domain + ".mo")


def _languages() -> tuple[str, ...]:
    """The languages with a compiled catalogue, English first."""
    found = [d for d in os.listdir(LOCALE_DIR)
             if os.path.isfile(_mo_path(LOCALE_DIR, d, DOMAIN))]
    return tuple(sorted(found, key=lambda lang: (lang != "en", lang)))


#: The languages there is a catalogue for ("en", "da").
LANGUAGES: tuple[str, ...] = _languages()


class MissingMessageError(LookupError):
    """A message key that the catalogue of a language lacks, or a language with no
    catalogue."""

    def __init__(self, key: str, lang: str) -> None:
        self.key = key
        self.lang = lang
        if lang in LANGUAGES:
            where = os.path.join("td_plugin", "locale", lang, "LC_MESSAGES", DOMAIN + ".po")
            text = (f"no text for message {key!r} in language {lang!r} ({where} or a "
                    "plugin's catalogue)")
        else:
            text = (f"no message catalogue for language {lang!r} (there are: "
                    f"{', '.join(LANGUAGES)}), so no text for {key!r}")
        super().__init__(text)


class _Missing(gettext.NullTranslations):
    """The end of every chain of catalogues: a key not found before it raises."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self._lang = lang

    def gettext(self, message: str) -> str:
        raise MissingMessageError(message, self._lang)


class _PluginCatalogues(gettext.NullTranslations):
    """The catalogues of plugins (entry-point group ``td_plugin.locale``) for one language,
    found at the first key the package's own catalogue lacks."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self._lang = lang
        self._chain: gettext.NullTranslations | None = None

    def gettext(self, message: str) -> str:
        if self._chain is None:
            self._chain = _plugin_chain(self._lang)
        return self._chain.gettext(message)


def _plugin_chain(lang: str) -> gettext.NullTranslations:
    import importlib.util

    from td_plugin._entry_points import entry_points

    chain: gettext.NullTranslations = _Missing(lang)
    for ep in reversed(entry_points(PLUGIN_GROUP)):
        spec = importlib.util.find_spec(ep.module)
        folders = list(spec.submodule_search_locations or []) if spec else []
        for folder in folders:
            path = _mo_path(os.path.join(folder, "locale"), lang, ep.name)
            if os.path.isfile(path):
                with open(path, "rb") as f:
                    catalogue = gettext.GNUTranslations(f)
                catalogue.add_fallback(chain)
                chain = catalogue
                break
    return chain


_CATALOGUES: dict[str, gettext.NullTranslations] = {}


def _catalogue(lang: str, key: str) -> gettext.NullTranslations:
    """The catalogue of ``lang``, read at its first use, backed by the plugins'."""
    try:
        return _CATALOGUES[lang]
    except KeyError:
        pass
    if lang not in LANGUAGES:
        raise MissingMessageError(key, lang)
    with open(_mo_path(LOCALE_DIR, lang, DOMAIN), "rb") as f:
        catalogue = gettext.GNUTranslations(f)
    catalogue.add_fallback(_PluginCatalogues(lang))
    return _CATALOGUES.setdefault(lang, catalogue)


def reload_catalogues() -> None:
    """Forget the catalogues read so far: the next text reads them again (after a plugin
    was installed into a running process)."""
    _CATALOGUES.clear()
    _LANGUAGES.clear()


def law_ref(law: str, lang: str = "en") -> str:
    """``"64A1"`` as cited in running text: "Law 64A1" (en), "§ 64A1" (da)."""
    return render("lawname.one", {"law": law}, lang)


def laws_ref(laws: list[str] | tuple[str, ...], lang: str = "en") -> str:
    """Clauses cited together: "Laws 25B2, 16C" (en), "§ 25B2, § 16C" (da)."""
    if not laws:
        return ""
    if len(laws) == 1:
        return law_ref(laws[0], lang)
    items = ", ".join(render("lawname.item", {"law": law}, lang) for law in laws)
    return render("lawname.list", {"laws": items}, lang)


class Msg:
    """A message used as a parameter of another: rendered in the same language.

    ``Msg("seat.N")`` renders "North" in English and "Nord" in Danish. A message is not
    changed once made (its hash and its text are kept), so one may be shared
    (`seat_name`).
    """

    __slots__ = ("key", "params", "_hash", "_text")

    def __init__(self, key: str, params: Mapping[str, Any] | None = None) -> None:
        self.key = key
        self.params = dict(params) if params else {}
        self._hash: int | None = None
        #: the text last rendered, with the language it was rendered in (`render`)
        self._text: tuple[_Language, str] | None = None

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, {self.params!r})"

    def __reduce__(self) -> tuple[Any, ...]:  # not the hash nor the text: made anew
        return (Msg, (self.key, self.params))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Msg) and self.key == other.key
                                 and self.params == other.params)

    def __hash__(self) -> int:
        if self._hash is None:
            try:  # equal messages have equal parameters: hashing them too keeps apart
                # the many messages of one key (cards, contracts)
                self._hash = hash((self.key, frozenset(self.params.items())))
            except TypeError:  # a parameter that cannot be hashed
                self._hash = hash(self.key)
        return self._hash


class MsgList:
    """Items of a list as one parameter: "North, East, South" ("Nord, Øst, Syd"), each item
    a `Msg` or a text, joined by the language's ``listname.comma``.

    The list is flat however long it is (a ``^S`` for every turn of a long auction, 500
    weighted results): rendering, comparing, hashing and pickling it go along the items,
    never down a message nested once per item. ``join_msgs`` puts the last item after
    "and" or "or" (`td_plugin.model.names`).
    """

    __slots__ = ("items", "_hash")

    def __init__(self, items: Iterable[Msg | str]) -> None:
        self.items: tuple[Msg | str, ...] = tuple(items)
        self._hash: int | None = None

    def __repr__(self) -> str:
        return f"MsgList({list(self.items)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (MsgList, (self.items,))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, MsgList) and self.items == other.items)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.items)
        return self._hash


#: the seats' names, made once (a finding names a seat or two)
_SEAT_NAMES: dict[Any, Msg] = {}


def seat_name(seat: Any) -> Msg:
    """The seat's name as a message (``seat.N`` ...)."""
    msg = _SEAT_NAMES.get(seat)
    if msg is None:
        msg = _SEAT_NAMES[seat] = Msg(f"seat.{seat.value}")
    return msg


class _Default(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class _Language:
    """The templates of one language read so far, by key (each is looked up in the
    catalogues once). A `Msg` keeps its text with the `_Language` it was rendered with:
    `reload_catalogues` makes new ones, so no text of an older catalogue is used again."""

    __slots__ = ("lang", "templates")

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.templates: dict[str, str] = {}

    def template(self, key: str) -> str:
        template = self.templates.get(key)
        if template is None:
            if not key:  # gettext would answer the catalogue's header
                raise MissingMessageError(key, self.lang)
            template = self.templates[key] = _catalogue(self.lang, key).gettext(key)
        return template


_LANGUAGES: dict[str, _Language] = {}


def _language(lang: str) -> _Language:
    language = _LANGUAGES.get(lang)
    if language is None:
        language = _LANGUAGES[lang] = _Language(lang)
    return language


def render(key: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """The text of ``key`` in ``lang``; raises `MissingMessageError` when the language's
    catalogue (or a plugin's) has no text for it. Parameters that are `Msg` values are
    rendered in the same language first. A field the parameters lack stays as it is
    (``{name}``)."""
    return _render(key, params, _LANGUAGES.get(lang) or _language(lang))


def _render(key: str, params: Mapping[str, Any] | None, language: _Language) -> str:
    template = language.templates.get(key) or language.template(key)
    if not params:
        return template.format_map(_NOTHING)
    values = dict(params)
    for k, v in values.items():
        if isinstance(v, Msg):
            kept = v._text  # (`_render_msg`, without the call for a text kept)
            values[k] = kept[1] if kept is not None and kept[0] is language else (
                _render_msg(v, language))
        elif isinstance(v, MsgList):
            values[k] = _render_list(v, language)
    try:
        return template.format_map(values)
    except KeyError:  # a field without a parameter
        return template.format_map(_Default(values))


_NOTHING = _Default()


def _render_msg(msg: Msg, language: _Language) -> str:
    """The text of a `Msg` parameter, rendered once per language (the same few cards,
    calls, contracts and seats recur in every finding, each one `Msg`)."""
    kept = msg._text
    if kept is not None and kept[0] is language:
        return kept[1]
    text = _render(msg.key, msg.params, language)
    msg._text = (language, text)
    return text


_A, _B = "\x00a\x00", "\x00b\x00"


def _render_list(items: MsgList, language: _Language) -> str:
    """The items rendered and joined by ``listname.comma``: by the text between its two
    fields when the template is ``{a}<between>{b}`` (as every catalogue has it), else
    folded item by item; either way one item after the other, never nested."""
    texts = [_render_msg(item, language) if isinstance(item, Msg) else str(item)
             for item in items.items]
    if not texts:
        return _render("listname.none", None, language)
    comma = language.templates.get("listname.comma") or language.template("listname.comma")
    both = comma.format_map(_Default(a=_A, b=_B))
    between = both[len(_A):-len(_B)]
    if both == _A + between + _B and _A not in between and _B not in between:
        return between.join(texts)
    text = texts[0]
    for item in texts[1:]:
        text = comma.format_map(_Default(a=text, b=item))
    return text


def count(noun: str, n: int, lang: str = "en") -> str:
    """``n`` with its noun in the number it takes: ``count("records", 1)`` is "1 record",
    ``count("records", 7632)`` "7,632 records" (the texts ``count.NOUN.1`` and
    ``count.NOUN.n``)."""
    return render(f"count.{noun}.{1 if n == 1 else 'n'}", {"n": f"{n:,}"}, lang)


def plain(params: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """Parameters with every `Msg` rendered, for JSON output."""
    language = _language(lang)
    return {k: (_render_msg(v, language) if isinstance(v, Msg) else
                _render_list(v, language) if isinstance(v, MsgList) else v)
            for k, v in params.items()}


class MsgText(str):
    """A message's English text that keeps the message (``msg``): what a reader gives where
    a text is expected (a problem of a record), so that a report may say it in another
    language (`td_plugin.model.board.RecordProblem.text`). Text made of it (joined,
    formatted) is plain English text again."""

    __slots__ = ("msg",)
    msg: Msg

    @classmethod
    def of(cls, key: str, params: Mapping[str, Any] | None = None) -> MsgText:
        msg = Msg(key, params)
        text = cls(render(key, msg.params, "en"))
        text.msg = msg
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (MsgText.of, (self.msg.key, self.msg.params))

    @staticmethod
    def param(text: str) -> Msg | str:
        """``text`` as a parameter of another message: its `Msg` when it is a `MsgText`
        (said in the language of the whole), else the text itself."""
        return text.msg if type(text) is MsgText else text
