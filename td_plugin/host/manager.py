"""The plugin host: owns the `pluggy.PluginManager` and offers typed methods over it.

The built-in rulers and adapters are registered from `DEFAULT_PLUGINS` exactly like
external plugins, which come from the ``td_plugin`` entry-point group, so a club can block
or replace any of them. A plugin's name is the last part of its module name without a
``_plugin`` suffix (``adapters.lin.plugin`` is ``lin``), or its package's name for a module
called ``plugin`` (``adapters.pbn.plugin`` is ``pbn``); an external plugin's name is its
entry-point name.

Environment:

* ``TD_PLUGIN_DISABLE=name,...`` blocks plugins by name (also the ``disabled`` argument).
* ``TD_PLUGIN_TRACE=1`` prints every hook call, its implementations and its result to
  standard error (also the ``trace`` argument).

A plugin that raises inside a hook is reported as a `PluginError` naming the plugin and
the hook; the other plugins still answer and the host carries on. So is a plugin that
fails to import or does not match the hook specifications.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, TypedDict

import pluggy

from td_plugin import NAME, hookspecs
from td_plugin._entry_points import entry_points
from td_plugin.errors import InputError, Location, NotWritableError
from td_plugin.laws.regulations import Regulation, Regulations
from td_plugin.model.findings import placed
from td_plugin.model.walk import PlayWalk

if TYPE_CHECKING:
    from td_plugin.host.services import ServiceCredentials, ServiceLink, TdCall
    from td_plugin.host.sources import Follower, Source
    from td_plugin.laws.context import ReviewContext
    from td_plugin.model.board import BoardRecord
    from td_plugin.model.changes import RecordChange
    from td_plugin.model.findings import Finding
    from td_plugin.model.rescoring import RescoreReport
    from td_plugin.model.rulings import Ruling
    from td_plugin.model.session import Session

__all__ = ["DEFAULT_PLUGINS", "RENAMED", "Recipe", "PluginError", "Review", "PluginHost", "plugin_name"]

#: Built-in plugins, registered in this order before the external ones. Later plugins
#: are asked first (pluggy calls implementations last-registered first), so an external
#: plugin answering a first-result hook overrides a built-in one.
DEFAULT_PLUGINS: tuple[str, ...] = (
    "td_plugin.rulers.regulations",
    "td_plugin.rulers.consistency",
    "td_plugin.rulers.revokes",
    "td_plugin.rulers.auction",
    "td_plugin.rulers.claims",
    "td_plugin.rulers.results",
    "td_plugin.rulers.movement",
    "td_plugin.rulers.cases",
    "adapters.pbn.plugin",
    "adapters.lin.plugin",
    "adapters.usebio.plugin",
    "adapters.bws.plugin",
    "adapters.bridgemate_dc.plugin",
)
#: The names of built-in plugins in an earlier release -> the plugin that holds them now:
#: blocking an old name blocks the new one, for one release.
RENAMED: dict[str, str] = {"incidents": "cases", "play": "cases"}

def plugin_name(module_name: str) -> str:
    """The registration name of a built-in plugin module: ``adapters.lin.plugin`` -> ``lin``,
    ``adapters.pbn.plugin`` -> ``pbn`` (a module called ``plugin`` is named for its package)."""
    parts = module_name.split(".")
    if parts[-1] == "plugin" and len(parts) > 1:
        return parts[-2]
    last = parts[-1]
    return last[: -len("_plugin")] if last.endswith("_plugin") else last


class Recipe(TypedDict):
    """The keyword arguments that build an equal `PluginHost` in another process."""

    #: whether the host loads the installed plugins of the entry-point group
    load_entrypoints: bool
    #: the names blocked besides ``TD_PLUGIN_DISABLE`` (read again in that process)
    disabled: list[str]
    #: the built-in plugins' modules, in the order they are registered
    builtins: tuple[str, ...]


@dataclass(frozen=True)
class PluginError:
    """A plugin failed: while loading (``hook`` is ``"load"`` or ``"register"``) or inside
    a hook. The host reports it with the plugin's name and carries on."""

    plugin: str
    hook: str
    exception: BaseException

    def describe(self) -> str:
        where = "while loading" if self.hook in ("load", "register") else f"in {self.hook}"
        return f"plugin {self.plugin!r} failed {where}: {type(self.exception).__name__}: {self.exception}"


@dataclass(frozen=True)
class Review:
    """The answers of every plugin to one hook call: their findings and the plugins that
    failed."""

    findings: list[Finding] = field(default_factory=list)
    errors: list[PluginError] = field(default_factory=list)


def _env_names(value: str | None) -> set[str]:
    return {n.strip() for n in (value or "").split(",") if n.strip()}


class PluginHost:
    """The plugin manager of td_plugin behind typed methods.

    :param load_entrypoints: also load external plugins from the ``td_plugin``
        entry-point group (off in tests that want the built-ins alone).
    :param disabled: plugin names to block, in addition to ``TD_PLUGIN_DISABLE``.
    :param trace: print hook calls to ``trace_stream`` (default: ``TD_PLUGIN_TRACE=1``).
    :param builtins: the built-in plugin modules (default `DEFAULT_PLUGINS`).
    """

    def __init__(self, *, load_entrypoints: bool = True, disabled: Iterable[str] | None = None,
                 trace: bool | None = None, builtins: Iterable[str] = DEFAULT_PLUGINS,
                 trace_stream: TextIO | None = None) -> None:
        self.pm = pluggy.PluginManager(NAME)
        self.pm.add_hookspecs(hookspecs)
        #: every plugin failure seen by this host, in order (loading and hook calls)
        self.errors: list[PluginError] = []
        self._current: list[PluginError] | None = None
        self._sources: dict[str, str] = {}
        #: each registered plugin as it was given (pluggy holds its guarded stand-in)
        self._given: dict[str, object] = {}
        #: the names of the built-in and installed plugins, blocked or not
        self._known: set[str] = {plugin_name(m) for m in builtins}
        for name in _env_names(os.environ.get("TD_PLUGIN_DISABLE")) | set(disabled or ()):
            self.pm.set_blocked(name)
            if name in RENAMED:
                self.pm.set_blocked(RENAMED[name])
        for module_name in builtins:
            self._register_builtin(module_name)
        if load_entrypoints:
            self._load_entrypoints()
        #: the arguments that build an equal host in another process (see `recipe`)
        self._recipe: Recipe | None = {
            "load_entrypoints": load_entrypoints, "disabled": sorted(disabled or ()),
            "builtins": tuple(builtins)}
        if trace is None:
            trace = os.environ.get("TD_PLUGIN_TRACE", "") not in ("", "0")
        self._undo_trace: Callable[[], None] | None = None
        if trace:
            self._undo_trace = self._start_trace(trace_stream or sys.stderr)

    # --- registration -----------------------------------------------------------------

    def register(self, plugin: object, name: str | None = None, *, source: str = "") -> str | None:
        """Register a plugin object (module or instance) the way the built-ins are. Its
        hook implementations are registered guarded (`_Guarded`), so a failure is reported,
        not raised, and pluggy calls them as it calls any implementation.

        :return: the plugin's name, or None when it is blocked or failed to register.
        """
        name = name or getattr(plugin, "__name__", None) or type(plugin).__name__
        if getattr(self, "_recipe", None) is not None:  # registered by hand
            self._recipe = None
        if self.pm.is_blocked(name):
            return None
        try:
            registered = self.pm.register(_Guarded(plugin, self, name), name=name)
        except (pluggy.PluginValidationError, ValueError) as exc:
            self._record(PluginError(name, "register", exc))
            return None
        if registered is None:
            return None
        self._sources[registered] = source or getattr(plugin, "__name__", type(plugin).__name__)
        self._given[registered] = plugin
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:  # a hook name no specification knows
            self._record(PluginError(registered, "register", exc))
            self.unregister(registered)
            return None
        return registered

    def unregister(self, name: str) -> None:
        """Remove a plugin by name (no error when it is not registered)."""
        plugin = self.pm.get_plugin(name)
        if plugin is not None:
            self.pm.unregister(plugin)
            self._sources.pop(name, None)
            self._given.pop(name, None)
            self._recipe = None

    def _register_builtin(self, module_name: str) -> None:
        name = plugin_name(module_name)
        if self.pm.is_blocked(name):
            return
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:  # a built-in not present in this installation
                return
            self._record(PluginError(name, "load", exc))
            return
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not stop the host
            self._record(PluginError(name, "load", exc))
            return
        self.register(module, name, source=module_name)

    def _load_entrypoints(self) -> None:
        for ep in entry_points(NAME):
            self._known.add(ep.name)
            if self.pm.is_blocked(ep.name) or self.pm.get_plugin(ep.name) is not None:
                continue
            try:
                plugin = ep.load()
            except Exception as exc:  # noqa: BLE001 - reported with the plugin's name
                self._record(PluginError(ep.name, "load", exc))
                continue
            if any(p is plugin for p in self._given.values()):  # a built-in also listed
                continue
            dist = getattr(ep, "dist", None)
            origin = f"{dist.name} {dist.version}" if dist is not None else ep.value
            self.register(plugin, ep.name, source=origin)

    def guarded(self, function: Callable[..., Any], plugin: str, hook: str
                ) -> Callable[..., Any]:
        """``function``, a hook implementation of ``plugin``, such that an exception is
        recorded as a `PluginError` and the hook call goes on (the implementation answers
        None). The signature and the marker's options are the function's own."""
        @functools.wraps(function)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                return function(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - isolating plugins is the point
                self._record(PluginError(plugin, hook, exc))
                return None

        return guarded

    def _record(self, error: PluginError) -> None:
        self.errors.append(error)
        if self._current is not None:
            self._current.append(error)

    def _start_trace(self, stream: TextIO) -> Callable[[], None]:
        def before(hook_name: str, impls: Sequence[pluggy.HookImpl], kwargs: Mapping[str, Any]) -> None:
            names = ", ".join(i.plugin_name for i in reversed(impls))
            print(f"[td_plugin] {hook_name}({', '.join(kwargs)}) -> {names or 'no plugin'}",
                  file=stream)

        def after(outcome: pluggy.Result[Any], hook_name: str, impls: Sequence[pluggy.HookImpl],
                  kwargs: Mapping[str, Any]) -> None:
            if outcome.exception is not None:
                print(f"[td_plugin] {hook_name} raised {outcome.exception!r}", file=stream)
            else:
                print(f"[td_plugin] {hook_name} = {outcome.get_result()!r}", file=stream)

        return self.pm.add_hookcall_monitoring(before, after)

    @property
    def recipe(self) -> Recipe | None:
        """Keyword arguments that build an equal host in another process (the same
        built-ins, entry points and blocked names; the environment is read again there),
        or None once a plugin was registered or removed by hand."""
        return None if self._recipe is None else Recipe(**self._recipe)

    @property
    def tracing(self) -> bool:
        """Whether hook calls are printed (``TD_PLUGIN_TRACE``)."""
        return self._undo_trace is not None

    def single_process_reason(self) -> str | None:
        """Why every hook call must come from this process, or None when workers may
        each ask their own copy of the plugins (`td_plugin.audit.parts`): hook calls are
        traced (the trace would come from several processes at once), or a plugin keeps
        state from board to board and says so (`td_one_process`)."""
        if self.tracing:
            return "hook calls are traced"
        caller = self.pm.hook.td_one_process
        for impl in reversed(caller.get_hookimpls()):
            if impl.function():
                return (f"plugin {impl.plugin_name!r} keeps state from board to board "
                        "(td_one_process)")
        return None

    def close(self) -> None:
        """Stop tracing (the host stays usable)."""
        if self._undo_trace is not None:
            self._undo_trace()
            self._undo_trace = None

    # --- introspection ----------------------------------------------------------------

    def plugins(self) -> list[tuple[str, list[str]]]:
        """Each registered plugin's name and the hooks it implements, in registration order."""
        out = []
        for name, plugin in self.pm.list_name_plugin():
            if plugin is None:  # blocked
                continue
            hooks = sorted(c.name for c in self.pm.get_hookcallers(plugin) or ())
            out.append((name, hooks))
        return out

    def blocked(self) -> list[str]:
        """The names of the plugins blocked (``TD_PLUGIN_DISABLE`` or ``disabled``)."""
        return sorted(name for name, plugin in self.pm.list_name_plugin() if plugin is None)

    def unknown_blocked(self) -> list[str]:
        """The names blocked (``TD_PLUGIN_DISABLE``) that no built-in or installed plugin
        has: a misspelt name blocks nothing."""
        return sorted(set(self.blocked()) - self._known - set(RENAMED))

    def renamed_blocked(self) -> list[tuple[str, str]]:
        """The names blocked that a built-in plugin had in an earlier release, each with
        the plugin that holds it now (and is blocked with it)."""
        return sorted((name, RENAMED[name]) for name in self.blocked() if name in RENAMED)

    def known_names(self) -> list[str]:
        """The names of the built-in and installed plugins (blocked ones included)."""
        return sorted(self._known | {name for name, _ in self.plugins()})

    def source_of(self, name: str) -> str:
        """Where a plugin came from: its module, or ``distribution version`` for an
        external one."""
        return self._sources.get(name, "")

    def is_registered(self, name: str) -> bool:
        return self.pm.get_plugin(name) is not None

    # --- calling ----------------------------------------------------------------------

    def _call(self, hook_name: str, **kwargs: Any) -> tuple[Any, list[PluginError]]:
        outer = self._current
        errors: list[PluginError] = []
        self._current = errors
        try:
            result = getattr(self.pm.hook, hook_name)(**kwargs)
        finally:
            self._current = outer
            if outer is not None:
                outer.extend(errors)
        return result, errors

    def _findings(self, hook_name: str, **kwargs: Any) -> Review:
        answers, errors = self._call(hook_name, **kwargs)
        findings: list[Finding] = []
        for answer in answers:
            if answer:
                findings.extend(answer)
        return Review(findings, errors)

    def regulations(self) -> Regulations:
        """The regulations the plugins offer (`td_regulations`), by name: the built-in
        WBF and a club's own (`td_plugin.laws.regulations`).

        :raises InputError: a plugin offered something that is not a `Regulation` subclass.
        """
        answers, _ = self._call("td_regulations")  # (pluggy asks the last registered first)
        classes = [cls for answer in reversed(answers) if answer for cls in answer]
        for cls in classes:
            if not (isinstance(cls, type) and issubclass(cls, Regulation)):
                raise InputError(f"a plugin's td_regulations offers {cls!r}, which is not a "
                                 "Regulation subclass")
        return Regulations(classes)

    def regulation(self, choice: str | Regulation | None = None,
                   **options: bool | None) -> Regulation:
        """The regulation named ``choice`` among the plugins' (`regulations`), with
        ``options`` over it (``--regulation``).

        :raises InputError: no plugin offers a regulation of that name.
        """
        return self.regulations().get(choice, **options)

    def review_board(self, record: BoardRecord, context: ReviewContext) -> Review:
        """Ask every ruler about one record (`td_review_board`), with one walk of its
        play for all of them (`td_plugin.rulers.consistency.PlayWalk`)."""
        review = self._findings("td_review_board", record=record, context=context,
                                walk=PlayWalk(record))
        return Review(placed(review.findings, record), review.errors) if review.findings \
            else review

    def session_opened(self, session: Session) -> Review:
        """Fire `td_session_opened`."""
        _, errors = self._call("td_session_opened", session=session)
        return Review([], errors)

    def result_recorded(self, session: Session, record: BoardRecord,
                        previous: BoardRecord | None = None) -> Review:
        """Fire `td_result_recorded`; the findings of the plugins that answered."""
        review = self._findings("td_result_recorded", session=session, record=record,
                                previous=previous)
        return Review(placed(review.findings, record), review.errors)

    def auction_recorded(self, session: Session, record: BoardRecord) -> Review:
        """Fire `td_auction_recorded`."""
        review = self._findings("td_auction_recorded", session=session, record=record)
        return Review(placed(review.findings, record), review.errors)

    def play_recorded(self, session: Session, record: BoardRecord) -> Review:
        """Fire `td_play_recorded`."""
        review = self._findings("td_play_recorded", session=session, record=record)
        return Review(placed(review.findings, record), review.errors)

    def round_completed(self, session: Session, section: str, round: int) -> Review:
        """Fire `td_round_completed`."""
        return self._findings("td_round_completed", session=session, section=section,
                              round=round)

    def session_closed(self, session: Session) -> Review:
        """Fire `td_session_closed`."""
        return self._findings("td_session_closed", session=session)

    def director_called(self, session: Session, call: TdCall,
                        previous: TdCall | None = None) -> list[PluginError]:
        """Fire `td_director_called`; the plugins that failed."""
        _, errors = self._call("td_director_called", session=session, call=call,
                               previous=previous)
        return errors

    def report_incident(self, incident: Any, context: ReviewContext
                        ) -> tuple[Ruling | None, list[PluginError]]:
        """The ruling on an incident reported by the Director (`td_incident_reported`),
        or None when no plugin rules on it, with the plugins that failed.

        :raises InputError: the incident makes no sense (the error of the plugin that
            said so, e.g. a call out of order), when no plugin ruled.
        """
        ruling, errors = self._call("td_incident_reported", incident=incident, context=context)
        if ruling is None:
            for error in errors:
                if isinstance(error.exception, InputError):
                    raise error.exception
        return ruling, errors

    def adjustment_decided(self, record: BoardRecord, change: RecordChange) -> list[PluginError]:
        """Tell write-back adapters and stores about a decided change."""
        _, errors = self._call("td_adjustment_decided", record=record, change=change)
        return errors

    def open_source(self, path: str, strict: bool = False) -> Source:
        """Open a file through the first adapter that knows it.

        :raises InputError: naming the file, when no adapter knows it (or the adapter
            that does failed, with its name).
        """
        source, errors = self._call("td_open_source", path=str(path), strict=strict)
        if source is not None:
            opened: Source = source
            return opened
        self._raise(errors, "no adapter knows this file", path)

    def follow_source(self, path: str) -> Follower:
        """Follow a file a scorer is writing through the first adapter that knows it
        (`td_follow_source`).

        :raises InputError: naming the file, when no adapter follows it.
        """
        follower, errors = self._call("td_follow_source", path=str(path))
        if follower is not None:
            followed: Follower = follower
            return followed
        self._raise(errors, "no adapter follows this file", path)

    def connect_service(self, url: str | None, credentials: ServiceCredentials,
                        session_id: str | None = None) -> ServiceLink:
        """Connect to a club's scoring service through the first adapter that knows its
        address (`td_connect_service`).

        :raises InputError: no adapter knows the address (the Bridgemate Data Connector
            needs the ``td-plugin[bridgemate]`` extra), or the one that does refused it.
        """
        link, errors = self._call("td_connect_service", url=url, credentials=credentials,
                                  session_id=session_id)
        if link is not None:
            connected: ServiceLink = link
            return connected
        for error in errors:
            if isinstance(error.exception, (InputError, ValueError)):
                raise InputError(credentials.scrub(str(error.exception)),
                                 Location(path=url)) from None
        raise InputError("no adapter connects to this address (the Bridgemate Data "
                         "Connector's looks like http://192.168.1.50:5079 and needs "
                         "pip install 'td-plugin[bridgemate]')", Location(path=url))

    def _raise(self, errors: list[PluginError], what: str, path: str) -> NoReturn:
        for error in errors:
            if isinstance(error.exception, InputError):
                raise error.exception
        detail = "; ".join(e.describe() for e in errors)
        raise InputError(what + (f" ({detail})" if detail else "")
                         + f"; adapters loaded: {', '.join(self._adapters()) or 'none'}",
                         Location(path=str(path)))

    def write_changes(self, source_path: str, dest_path: str,
                      changes: Mapping[int, list[RecordChange]],
                      lang: str = "en") -> RescoreReport | None:
        """Write a changed copy of ``source_path`` through the adapter for its format,
        annotations rendered in ``lang``; what scoring the copy again changed, when the
        writer says.

        :raises NotWritableError: naming the file, when no adapter writes this format.
        :raises InputError: the adapter that writes it failed.
        """
        done, errors = self._call("td_write_changes", source_path=str(source_path),
                                  dest_path=str(dest_path), changes=changes, lang=lang)
        if done:
            return None if done is True else done
        for error in errors:
            if isinstance(error.exception, (InputError, OSError)):
                raise error.exception
        if not errors:
            raise NotWritableError("no adapter writes this format",
                                   Location(path=str(source_path)))
        detail = "; ".join(e.describe() for e in errors)
        raise InputError(f"no adapter wrote this file ({detail})", Location(path=str(source_path)))

    def _adapters(self) -> Iterator[str]:
        for impl in self.pm.hook.td_open_source.get_hookimpls():
            yield impl.plugin_name


class _Guarded:
    """What the host registers with pluggy for a plugin: the plugin's hook
    implementations, each guarded (`PluginHost.guarded`), under their own names, and
    nothing else. Wrappers are registered as they are (a wrapper's failure is the hook
    call's). The plugin itself is left as it was given."""

    def __init__(self, plugin: object, host: PluginHost, name: str) -> None:
        for attr in dir(plugin):
            opts = host.pm.parse_hookimpl_opts(plugin, attr)
            if opts is None:
                continue
            function = getattr(plugin, attr)
            if not (opts.get("wrapper") or opts.get("hookwrapper")):
                function = host.guarded(function, name, opts.get("specname") or attr)
            setattr(self, attr, function)
