"""Whether this machine can write into a ``.bws``: Microsoft's Access ODBC driver (Windows)
and ``pyodbc`` (``pip install 'td-plugin[odbc]'``). Asked before anything is read or
written (`adapters.bws.reader.BwsSource.write_problem`, `adapters.bws.writer.odbc_connect`).
"""

from __future__ import annotations

__all__ = ["access_drivers", "odbc_problem"]


def access_drivers() -> list[str]:
    """The Access ODBC drivers of this machine.

    :raises ImportError: pyodbc is not installed.
    """
    import pyodbc

    return [d for d in pyodbc.drivers() if "Microsoft Access Driver" in d]


def odbc_problem() -> str | None:
    """Why this machine cannot write into a ``.bws`` (pyodbc or the Access ODBC driver
    missing), or None when it can; asked before anything is read or written."""
    try:
        drivers = access_drivers()
    except ImportError:
        return ("writing into a .bws needs pyodbc and the Microsoft Access ODBC driver "
                "(Windows): pip install 'td-plugin[odbc]'")
    return None if drivers else "the Microsoft Access ODBC driver is not installed (Windows only)"
