"""The ``td-plugin`` command line.

Each subcommand lives in `td_plugin.commands.<name>` with ``add_parser(subparsers)``
(which sets ``func``) and ``run(args) -> int``. Exit status (docs/guarantees.md): 0
nothing found, 1 findings, 2 could not run (bad usage, an unreadable input, an output
refused or not written), 3 a bug (`td_plugin.crash_report`: the traceback goes to a log
file, not the terminal), 130 interrupted (Ctrl-C). Handled errors are printed without a
traceback. A reader that goes away (``td-plugin audit x.pbn | head``) ends the command
quietly, with status 0.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

import td_plugin
from td_plugin.crash_report import report_crash
from td_plugin.errors import HandledError, InputError
from td_plugin.messages import MissingMessageError

COMMANDS = ("audit", "rule", "adjust", "watch", "serve", "plugins")


class _Version(argparse.Action):
    """``--version``: the installed distribution's version, read only when asked for (the
    metadata reader costs every start more than the rest of the command line)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(f"td-plugin {td_plugin.__version__}")
        parser.exit()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of the command ``only`` (a command imports what
    it needs, so running one does not pay for the others)."""
    parser = argparse.ArgumentParser(
        prog="td-plugin",
        description="A tournament director's assistant for duplicate bridge "
                    "(WBF Laws of Duplicate Bridge 2017).")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show program's version number and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in (only,) if only in COMMANDS else COMMANDS:
        try:
            module = importlib.import_module(f"td_plugin.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"td_plugin.commands.{name}":
                continue
            raise
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    parser = build_parser(argv[0] if argv else None)
    try:
        args = parser.parse_args(argv)
    except BrokenPipeError:  # `--help | head`: the reader went away (Python 3.10's argparse)
        _quiet_stdout()
        return 0
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # the reader went away (`| head`): nothing more to say
        _quiet_stdout()
        return 0
    except SystemExit as exc:  # rich says the same this way (Console.on_broken_pipe)
        if exc.code == 1 and _raised_in(exc, "on_broken_pipe"):
            return 0
        raise
    except (HandledError, InputError, OSError, MissingMessageError) as exc:
        print(f"td-plugin {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - a bug: logged, never taken for findings
        return report_crash(exc, args.command, _without_secrets(argv), _inputs(args))


#: options whose values are secrets: a crash log shows ``***`` in their place
SECRET_OPTIONS = ("--licence-key", "--club-id", "--token")


def _without_secrets(argv: list[str]) -> list[str]:
    """The command line with the values of `SECRET_OPTIONS` replaced by ``***``."""
    out, hide = [], False
    for arg in argv:
        name, eq, _ = arg.partition("=")
        if hide:
            out.append("***")
        elif eq and name in SECRET_OPTIONS:
            out.append(f"{name}=***")
        else:
            out.append(arg)
        hide = not eq and arg in SECRET_OPTIONS
    return out


def console() -> int:
    """The ``td-plugin`` program: `main` on the command line's arguments. The process then
    ends as any Python program does: every exit function runs and every stream is flushed."""
    return main()


def _raised_in(exc: BaseException, function: str) -> bool:
    """Whether ``exc`` was raised inside a function of that name."""
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_name == function:
            return True
        tb = tb.tb_next
    return False


def _quiet_stdout() -> None:
    """Point standard output at nothing, so that flushing it at exit fails no more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _inputs(args: argparse.Namespace) -> list[str]:
    """The files a command was given to read (for the log of a crash)."""
    out: list[str] = []
    for name in ("paths", "path", "file", "case", "adjustments"):
        value = getattr(args, name, None)
        out.extend(value if isinstance(value, list) else [value] if value else [])
    return out


if __name__ == "__main__":
    sys.exit(console())
