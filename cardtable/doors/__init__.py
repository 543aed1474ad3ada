"""What serves a table to people: the processes above the transport (:mod:`cardtable.net`).

The host's side (imports nothing of the table UI, and starts every seat as a process):

- :mod:`.host` -- ``cardtable host``: one table, or several through a :mod:`.hub`;
- :mod:`.hub` -- several tables behind one table port and one ssh door, and the ssh lobby;
- :mod:`.ssh`, :mod:`.web` -- the ssh and browser front doors (a seat process per session);
- :mod:`.warm` -- the seat template as the host sees it (warm seat processes);
- :mod:`.background` -- a hosted table in a thread: the lobby's host service.

The seat's side (programs that run the table UI, each started by its entry point):

- :mod:`.seat` -- the seat program (``cardtable join``, ``python -m cardtable.doors.seat``);
- :mod:`.template` -- the seat template (``python -m cardtable.doors.template``), which forks seats;
- :mod:`.rehearsal` -- the template's one headless run of the table UI before it forks any seat.
"""
