"""cardtable: a terminal card table for trick-taking games."""

__version__ = "0.1.0"
