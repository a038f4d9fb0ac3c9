"""``td-plugin serve [SESSION]``: the Director's phone app for rulings at the table.

Starts the table app (`td_plugin.serve`) on this computer and prints its address with
the session's secret token, and a QR code of it for the phone's camera. ``--lan``
serves the laptop's network (the phone and the laptop on the club's Wi-Fi), otherwise
only this computer can open it. Every ruling is kept in the session's log (``--db``;
by default beside SESSION, else in the user's data folder), and the token beside it
(``LOG.token``, readable by its owner alone): a restarted server keeps it, so the phones
keep working, unless ``--new-token`` asks for a new one. Ctrl-C stops the server; the
log keeps every ruling.

``--bridgemate URL`` reads the Bridgemate Data Connector of BCS 5 beside the app (the
``td-plugin[bridgemate]`` extra; docs/bridgemate.md): the tables' calls for the Director
come onto the home page and the results are reviewed as they arrive. The club's id and
licence key come from ``--club-id``/``--licence-key`` or the environment
(``TD_PLUGIN_BRIDGEMATE_CLUB_ID``, ``TD_PLUGIN_BRIDGEMATE_LICENCE_KEY``) and are never
printed.

Exit status: 0 stopped, 2 could not start (a session no adapter reads, a port in use).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import socket
import sys
from pathlib import Path
from typing import Any

from td_plugin.commands import add_common_options
from td_plugin.errors import HandledError, InputError, Location
from td_plugin.model.session import default_log_path

__all__ = ["add_parser", "run", "default_db", "lan_address"]

DEFAULT_PORT = 8765
CLUB_ID_ENV = "TD_PLUGIN_BRIDGEMATE_CLUB_ID"
LICENCE_KEY_ENV = "TD_PLUGIN_BRIDGEMATE_LICENCE_KEY"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve", help="the Director's phone app: rulings at the table, kept in a log",
        description="Serve the table app: enter an auction irregularity or a revoke on the "
                    "phone, get the ruling with its law clauses, and keep every ruling in "
                    "the session's log.")
    p.add_argument("session", nargs="?", metavar="SESSION",
                   help="the session file (PBN, BWS, USEBIO, LIN) whose boards the app "
                        "offers; without it the Director types dealer, contract, result")
    p.add_argument("--db", metavar="FILE",
                   help="the rulings log (SQLite; default: beside SESSION as "
                        "NAME.td-rulings.sqlite, else in the user's data folder)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"the port (default: {DEFAULT_PORT}; 0 takes a free one)")
    p.add_argument("--lan", action="store_true",
                   help="serve the computer's network too, for the Director's phone "
                        "(default: this computer only)")
    p.add_argument("--token", metavar="TOKEN",
                   help="the secret every request must carry (default: the one kept with "
                        "the log, so the phones keep working after a restart; a new random "
                        "one the first time)")
    p.add_argument("--new-token", action="store_true",
                   help="make a new secret: the phones must scan the new QR code (the old "
                        "address stops working)")
    add_common_options(p, lang="the app's default language",
                       write_to="where the app writes a copy of SESSION with the table rulings "
                                "in it (the app's 'write into the session' button; SESSION is "
                                "never changed)",
                       regulation=True, hand_record=True)
    p.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    b = p.add_argument_group("Bridgemate Data Connector (BCS 5)")
    b.add_argument("--bridgemate", nargs="?", const="", metavar="URL",
                   help="read the tables' calls for the Director and the results from the "
                        "Data Connector at URL (e.g. http://192.168.1.50:5079; without URL: "
                        "the one on this computer)")
    b.add_argument("--club-id", metavar="ID",
                   help=f"the club's id for the Data Connector (default: ${CLUB_ID_ENV})")
    b.add_argument("--licence-key", metavar="KEY",
                   help=f"the club's licence key (default: ${LICENCE_KEY_ENV}; the "
                        "environment keeps it out of the list of running programs)")
    b.add_argument("--bridgemate-session", metavar="GUID",
                   help="the session in BCS (default: the one in progress)")
    b.add_argument("--bridgemate-poll", type=float, default=5.0, metavar="SECONDS",
                   help="seconds between two readings of the Data Connector (default: 5)")
    p.set_defaults(func=run)


def default_db(session: str | None, today: dt.date | None = None) -> Path:
    """Where the log goes by default: beside the session (``club.bws`` ->
    ``club.td-rulings.sqlite``) when that folder is writable, else in the user's data
    folder (one log per day without a session)."""
    if session:
        beside = Path(default_log_path(session))
        if os.access(beside.parent or ".", os.W_OK):
            return beside
        name = beside.name
    else:
        name = f"rulings-{(today or dt.date.today()).isoformat()}.sqlite"
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("td-plugin", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


def lan_address() -> str:
    """This computer's address on its network (no packet is sent), or 127.0.0.1."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.254.254.254", 1))
        return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def _bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise HandledError(f"cannot serve on port {port}: {exc.strerror or exc} "
                           "(choose another with --port)") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def _print_qr(url: str, out: Any) -> None:
    import segno

    segno.make(url, error="m").terminal(out=out, compact=True)


def _call_desk(args: argparse.Namespace, host: Any, db: Path, log: Any, boards: Any) -> Any:
    """The Bridgemate's calls and results beside the app (``--bridgemate``), or None."""
    if args.bridgemate is None:
        return None
    from td_plugin.host.services import ServiceCredentials
    from td_plugin.laws.context import ReviewContext
    from td_plugin.serve.calls.desk import CallDesk

    club = args.club_id or os.environ.get(CLUB_ID_ENV, "")
    key = args.licence_key or os.environ.get(LICENCE_KEY_ENV, "")
    if not (club and key):
        raise HandledError("the Bridgemate Data Connector needs the club's id and licence "
                           f"key: --club-id and --licence-key, or {CLUB_ID_ENV} and "
                           f"{LICENCE_KEY_ENV}")
    if not 0.2 <= args.bridgemate_poll <= 600:
        raise HandledError("--bridgemate-poll: between 0.2 and 600 seconds")
    link = host.connect_service(args.bridgemate or None, ServiceCredentials(club, key),
                                args.bridgemate_session)
    slots: tuple[Any, ...] = ()
    if args.session:
        source = host.open_source(args.session)
        if hasattr(source, "session"):
            slots = source.session().movement.slots
    return CallDesk(link, host, str(db), log.latest, boards=boards, file_slots=slots,
                    context=ReviewContext(language=args.lang,
                                          regulation=host.regulation(args.regulation)),
                    interval=args.bridgemate_poll)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from td_plugin.cases.log import RulingLog
    from td_plugin.host.manager import PluginHost
    from td_plugin.serve.app import AppConfig, create_app
    from td_plugin.serve.boards import SessionBoards
    from td_plugin.serve.guard import kept_token
    from td_plugin.serve.server import server_config

    host = PluginHost()
    host.regulation(args.regulation)  # an unknown name is refused before the app starts
    boards = SessionBoards()
    if args.session:
        if not os.path.isfile(args.session):
            raise InputError("no such file", Location(path=args.session))
        hand = None
        if args.hand_record:  # refused before the app starts when not for this session
            from td_plugin.audit.hand_record import hand_record_for

            hand = hand_record_for(host, args.hand_record, [args.session])
        boards = SessionBoards.read(host, args.session, hand)
    elif args.hand_record:
        raise HandledError("--hand-record gives a session its deals: name the session file")
    db = Path(args.db) if args.db else default_db(args.session)
    log = RulingLog(db)
    try:
        desk = _call_desk(args, host, db, log, boards)
        try:
            token, kept = kept_token(db, renew=args.new_token, given=args.token)
        except OSError as exc:
            raise HandledError(f"cannot keep the token beside the log {db}: "
                               f"{exc.strerror or exc}") from None
    except BaseException:
        log.close()
        raise
    bind = "0.0.0.0" if args.lan else "127.0.0.1"
    sock = _bind(bind, args.port)
    port = sock.getsockname()[1]
    address = lan_address() if args.lan else "127.0.0.1"
    url = f"http://{address}:{port}/?token={token}"
    config = AppConfig(log=log, host=host, token=token, lang=args.lang,
                       regulation=args.regulation, session_path=args.session, boards=boards,
                       write_to=args.write_to, td_calls=desk)
    out = sys.stdout
    if args.session:
        out.write(f"Session: {args.session} ({boards.format}, {len(boards.results)} results)\n")
    out.write(f"Rulings log: {db} ({len(log.latest())} rulings so far)\n")
    if desk is not None:
        out.write(f"Bridgemate: {desk.link.address} (session "
                  f"{args.bridgemate_session or 'in progress'}), read every "
                  f"{args.bridgemate_poll:g} s\n")
        if desk.unreadable:
            out.write(f"Bridgemate: {len(desk.unreadable)} stored call status(es) cannot be "
                      f"read and are skipped: {', '.join(desk.unreadable[:5])[:200]}\n")
    out.write(f"Open on the phone: {url}\n")
    out.write("(the token of the last start: phones that opened it keep working)\n" if kept
              else "(a new token: phones must open this address or scan the code again)\n")
    if not args.lan:
        out.write("(only this computer can open it; --lan serves the network for a phone)\n")
    if not args.no_qr:
        _print_qr(url, out)
    out.write("Ctrl-C stops the server; the log keeps every ruling.\n")
    out.flush()
    server = uvicorn.Server(server_config(create_app(config)))
    if desk is not None:
        desk.start()
    try:
        server.run(sockets=[sock])
    finally:
        if desk is not None:
            desk.stop()
        log.close()
    return 0
