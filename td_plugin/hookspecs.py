"""Hook specifications: the events of a session and the answers plugins give.

Plugins implement these with ``from td_plugin import hookimpl`` and register under the
``td_plugin`` entry-point group::

    [project.entry-points.td_plugin]
    my_club = "my_club_plugin"

An implementation may accept any subset of a hook's parameters, by name. Core code never
calls ``pm.hook`` directly: it goes through `td_plugin.host.manager.PluginHost`, which
reports a plugin that raises with its name and carries on with the others.

Three groups of hooks:

* **events** a live or replayed session fires as the scorer's file changes:
  `td_session_opened`, `td_result_recorded`, `td_auction_recorded`, `td_play_recorded`,
  `td_round_completed`, `td_session_closed`. Event hooks may answer with findings (a
  movement check needs no more than the event). `td_director_called`: a table called the
  Director from its terminal, or a call's status changed.
* **answers** the Director asks for: `td_review_board` (every ruler contributes its
  findings), `td_incident_reported` (the first ruling counts), and
  `td_adjustment_decided` (write-back adapters act on a decided change).
* **formats**: `td_open_source`, `td_follow_source` and `td_write_changes` (the first
  adapter that knows the file answers); `td_connect_service` (the first adapter that
  knows the address of a club's scoring service answers).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pluggy

from td_plugin import NAME

if TYPE_CHECKING:
    from td_plugin.cases.files import ReportedCase
    from td_plugin.host.services import ServiceCredentials, ServiceLink, TdCall
    from td_plugin.host.sources import Follower, Source
    from td_plugin.laws.context import ReviewContext
    from td_plugin.laws.regulations import Regulation
    from td_plugin.model.board import BoardRecord
    from td_plugin.model.changes import RecordChange
    from td_plugin.model.findings import Finding
    from td_plugin.model.rescoring import RescoreReport
    from td_plugin.model.rulings import Ruling
    from td_plugin.model.session import Session
    from td_plugin.model.walk import PlayWalk

#: The marker for hook specifications (implementations use `td_plugin.hookimpl`).
hookspec = pluggy.HookspecMarker(NAME)

__all__ = ["hookspec", "td_session_opened", "td_result_recorded", "td_auction_recorded",
           "td_play_recorded", "td_round_completed", "td_session_closed", "td_director_called",
           "td_review_board",
           "td_incident_reported", "td_adjustment_decided", "td_open_source",
           "td_follow_source", "td_write_changes", "td_connect_service", "td_one_process",
           "td_regulations"]


# --- events ---------------------------------------------------------------------------

@hookspec
def td_session_opened(session: Session) -> None:
    """A session was opened: its sections and movement are known, no result yet.

    Called once per watched or replayed file, before any other event of the session.

    :param session: the session: name, date, sections, movement
    (`td_plugin.model.session.Session`).
    """


@hookspec
def td_result_recorded(session: Session, record: BoardRecord,
                       previous: BoardRecord | None) -> list[Finding]:
    """A table's result of a board was recorded, or a recorded result was corrected.

    Called as soon as the result arrives (for a Bridgemate file: a new, not erased row in
    ``ReceivedData``), before `td_review_board` is asked about the record.

    :param session: the session as it stands, including this result.
    :param record: the result: board, section, table, round, pairs, contract, result.
    :param previous: the record this one replaces (the erased row of a correction), or
        None for a first entry.
    :return: findings about the result alone (e.g. it does not fit the movement), or an
        empty list.
    """


@hookspec
def td_auction_recorded(session: Session, record: BoardRecord) -> list[Finding]:
    """The auction of a board at a table is complete in the record (``record.auction``).

    :param session: the session as it stands.
    :param record: the board record carrying the auction.
    :return: findings about the auction alone, or an empty list.
    """


@hookspec
def td_play_recorded(session: Session, record: BoardRecord) -> list[Finding]:
    """The play of a board at a table is in the record (``record.play``), complete or
    as far as it went (a claim).

    :param session: the session as it stands.
    :param record: the board record carrying the play.
    :return: findings about the play alone, or an empty list.
    """


@hookspec
def td_round_completed(session: Session, section: str, round: int) -> list[Finding]:
    """Every table of ``section`` has recorded every board of ``round``, or has gone on
    two rounds further (what is still missing then is missing). Law 64B5 turns on the end
    of a round: a revoke first noticed after it is no longer rectified by a trick transfer
    (the watch also treats a table that has results of a later round as past the round).

    :param session: the session as it stands.
    :param section: the section's letter (``"A"``).
    :param round: the round number, 1-based.
    :return: findings about the round (e.g. results still missing), or an empty list.
    """


@hookspec
def td_session_closed(session: Session) -> list[Finding]:
    """The session is over: the replay reached the end, or the watch was stopped.

    Called once, after the last event of the session.

    :param session: the session with every result received.
    :return: findings about the whole session (e.g. missing results), or an empty list.
    """


@hookspec
def td_director_called(session: Session, call: TdCall, previous: TdCall | None) -> None:
    """A table called the Director from its terminal, or a call's status changed (at the
    terminal, or because the Director tapped it, gave the ruling or deferred it).

    Called at the poll that first sees the call (``previous`` None) and at each change of
    its status (``previous`` the call as it was). The Bridgemate Data Connector carries
    these calls; a ``.bws`` file has none.

    :param session: the session as it stands (its results and movement so far).
    :param call: the call: section, table, round, the terminal's time, its status
        (`td_plugin.host.services.CallStatus`) and the boards of that table's round.
    :param previous: the call as it was before this change, or None for a new call.
    """


# --- answers --------------------------------------------------------------------------

@hookspec
def td_review_board(record: BoardRecord, context: ReviewContext,
                    walk: PlayWalk) -> list[Finding]:
    """Review one table's record of a board. Every ruler answers; all answers count.

    Called by the audit for each record of a file and by the watch for each result as it
    arrives. The audit may ask about the parts of a large file on several worker
    processes: an answer must depend only on the record and the context, unless the
    plugin says otherwise (`td_one_process`: then the audit stays on one process).

    :param record: the board record (deal, auction, play, contract, result, score as far
        as the source knows them).
    :param context: what the Laws need that the record does not carry: when attention was
        drawn, the regulations in force, the language.
    :param walk: the record's play walked against its deal (``walk.replay``: cards not
        held, trick winners, whether a player showed out holding the suit led; None
        without a deal or a card played), worked out once for all the rulers of the
        record. A ruler that does not need it leaves the parameter out.
    :return: the findings of this ruler (each may carry a `Ruling`), or an empty list.
    """


@hookspec(firstresult=True)
def td_incident_reported(incident: ReportedCase | Mapping[str, Any],
                         context: ReviewContext) -> Ruling | None:
    """The Director reports an incident at the table (a call out of rotation, an
    insufficient bid, an unintended call, a revoke, ...). Only the first ruling counts.

    :param incident: the facts as the Director entered them: an auction irregularity
        (`td_plugin.laws.auction.incident.Incident`), a revoke
        (`td_plugin.laws.revokes.RevokeCase`), an irregularity of the play period
        (`td_plugin.cases.play.PlayCase`), or the case file's data
        (`td_plugin.cases.files`).
    :param context: regulations and language.
    :return: the ruling, or None when this plugin does not rule on such incidents.
    """


@hookspec
def td_adjustment_decided(record: BoardRecord, change: RecordChange) -> None:
    """The Director decided to change a record's result or score: a ruling accepted in
    the watch, an entry of the adjustments list that `td-plugin adjust` applied.
    Write-back adapters and stores act on it (a ruling log, a scorer's database);
    nothing is returned.

    :param record: the record as it was received (for a PBN ScoreTable, the game that
        lists the table).
    :param change: what changes: the outcome (`td_plugin.model.outcomes`: an assigned result,
        an artificial or weighted score, ...), the law behind it, the annotations (the
        ruling, the finding or the adjustments-list entry), the table's pairs where
        the record lists several tables, and for a fouled board (Law 87B) the group its
        result is scored in (``group``; the outcome is then None: the result stands).
    """


# --- formats --------------------------------------------------------------------------

@hookspec(firstresult=True)
def td_open_source(path: str, strict: bool) -> Source | None:
    """Open a file of board records. The first adapter that knows the file answers.

    :param path: the file as the user named it.
    :param strict: raise on the first bad token instead of collecting problems.
    :return: an opened `td_plugin.host.sources.Source`, or None when this adapter does not
        know the file.
    """


@hookspec(firstresult=True)
def td_follow_source(path: str) -> Follower | None:
    """Follow a file a scorer writes during the session (a live Bridgemate file), for
    `td-plugin watch`. The first adapter that knows the file answers.

    :param path: the file as the user named it (it may not exist yet).
    :return: a `td_plugin.host.sources.Follower` whose ``poll()`` reads the file when it has
        changed, without getting in the scorer's way, and gives a
        `td_plugin.host.sources.SessionSource`; None when this adapter does not know the file.
    """


@hookspec(firstresult=True)
def td_write_changes(source_path: str, dest_path: str,
                     changes: Mapping[int, list[RecordChange]],
                     lang: str) -> RescoreReport | bool | None:
    """Write a copy of ``source_path`` to ``dest_path`` with ``changes`` applied (keyed
    by 1-based record index). The input is never modified in place. The first adapter
    that knows the format answers.

    :param source_path: the file the records were read from.
    :param dest_path: where to write the changed copy.
    :param changes: the changes per record index: each an outcome to write (as far as
        the format holds it) and annotations to add as commentary.
    :param lang: the language the annotations are rendered in (``en``, ``da``).
    :return: what scoring the copy again changed (a `td_plugin.model.rescoring.RescoreReport`),
        or True, when this adapter wrote the copy; None when it does not know the format.
    """


@hookspec(firstresult=True)
def td_connect_service(url: str | None, credentials: ServiceCredentials,
                       session_id: str | None) -> ServiceLink | None:
    """Connect to a club's scoring service (the Bridgemate Data Connector of BCS 5) for
    one session. The first adapter that knows the address answers; nothing is read yet.

    :param url: the service's address (``http://192.168.1.50:5079``), or None for the
        one on this computer.
    :param credentials: the club's id and licence key
        (`td_plugin.host.services.ServiceCredentials`; their values show nowhere).
    :param session_id: the service's id of the session (a BCS session GUID), or None
        for the one in progress.
    :return: a `td_plugin.host.services.ServiceLink` whose ``poll()`` reads the session's TD
        calls, results, hand records and movement without taking them off the service's
        queues; None when this adapter does not know the address.
    """


# --- the regulations in force -------------------------------------------------------------

@hookspec
def td_regulations() -> list[type[Regulation]]:
    """The regulations this plugin offers: `td_plugin.laws.regulations.Regulation` subclasses,
    each chosen by its ``name`` (or an alias) with ``--regulation`` on every command and
    on the table app's pages (`PluginHost.regulations`). Asked when a command starts and
    when the table app lists or chooses a regulation. A name two plugins claim goes to the
    one registered last (a club's plugin over the built-in ones).

    :return: the subclasses (an empty list: none).
    """


# --- how the audit may call the plugins --------------------------------------------------

@hookspec
def td_one_process() -> bool:
    """Whether this plugin keeps state from board to board (counts boards across a file,
    remembers an earlier record), so that every `td_review_board` call must come from one
    process: the audit then does not cut a large file into parts for worker processes.
    A plugin whose answers depend only on the record and the context leaves it out.

    :return: True when the plugin needs every board in one process.
    """
