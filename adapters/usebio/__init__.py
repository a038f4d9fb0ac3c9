"""USEBIO XML files: the reader, the writer and the plugin."""
