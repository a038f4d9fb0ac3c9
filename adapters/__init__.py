"""Adapters: everything that knows a file format or a host program.

Each module reads foreign data into the domain model of `td_plugin` and writes changes
back; none of them decides a ruling.

One package per format. A new format goes in ``adapters/<format>/``: ``reader.py`` (the
source of its records), ``writer.py`` (changed copies, when the format can take them) and
``plugin.py``, made on the model of `adapters.pbn.plugin`: each hook first sniffs the file
(a cheap look at its name or first bytes) and answers None for another format's, and only
then imports the reader or the writer, so that an audit of other files never loads them.
It is registered by one line, the plugin module's name, in
`td_plugin.host.manager.DEFAULT_PLUGINS`; the plugin is named after its package.
"""
