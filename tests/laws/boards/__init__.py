"""Tests of the Laws of the board and the movement (12C2, 13, 14, 15, 87)."""
