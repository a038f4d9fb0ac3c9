"""Adapters: everything that knows a file format or a host program.

Each module reads foreign data into the domain model of `td_plugin` and writes changes
back; none of them decides a ruling.
"""
