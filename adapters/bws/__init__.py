"""Bridgemate .bws files (Microsoft Access): the reader, the live follower, the writer
and the plugin."""
