"""BBO's LIN files: the reader and the plugin."""
