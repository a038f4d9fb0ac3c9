"""The Bridgemate Data Connector of BCS 5: the link and the plugin."""
