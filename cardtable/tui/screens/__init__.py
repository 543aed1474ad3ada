"""Screens: lobby, setup form, resume list, the table, and its modal helpers."""
