"""The tables' calls for the Director in the app: the desk that polls the scoring
service, its log and its pages."""
