"""The PBN adapter (Portable Bridge Notation 2.1): reading, writing and the plugin.

From the bytes up: `tokens` (bytes to blocks and tokens), `game` (a game's tags,
commentary and sections as written), `sections`, `auction`, `play` and `tables` (the
sections read), `values` (what each tag may hold), `record` (a game to a `BoardRecord`),
`parts` (a file cut into parts of whole games), `reader` (`PbnSource`); writing back:
`scoretable` (adjusted ScoreTables), `writer` (lossless write-back), `export` (the export
format); `plugin` registers the adapter with the host as ``pbn``.
"""
