"""The laws ruled on a case of facts the Director gathers: Laws 24, 41-58 and 67."""
