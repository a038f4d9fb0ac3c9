"""The audit's reports: text, JSON, JSON lines and HTML, and the texts of a finding."""
