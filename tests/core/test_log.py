"""games.core.log: a state's logs read as lists, and clones share their past (issue 33)."""

from __future__ import annotations

import pickle
import random

import pytest

from games import get_rules
from games.core.clone import LOG, Cloning, MatchRandom
from games.core.log import FOLD, Log, Logged


class Book(Cloning):
    """The least a class needs for a cloned log."""

    _COPY = {"entries": LOG}
    entries = Logged[int]()

    def __init__(self) -> None:
        self.rng = MatchRandom(0)
        self.entries = []
        self._legal_cache = self._legal_index = None


def test_a_log_reads_like_the_list_of_its_entries_through_appends_and_clones():
    rng = random.Random(5)
    book = Book()
    model: list[int] = []
    books: list[tuple[Book, list[int]]] = []
    for step in range(400):
        x = rng.randrange(50)
        book.entries.append(x)
        model.append(x)
        if rng.random() < 0.2:
            books.append((book.clone(), list(model)))
        if books and rng.random() < 0.1:  # a clone goes on on its own
            other, seen = books[rng.randrange(len(books))]
            other.entries.extend([step, step])
            seen.extend([step, step])
    for item, seen in [(book, model), *books]:
        log = item.entries
        assert list(log) == seen and len(log) == len(seen) and log == seen and bool(log) == bool(seen)
        assert list(reversed(log)) == seen[::-1]
        for i in (0, 1, len(seen) // 2, len(seen) - 1, -1, -len(seen)):
            assert log[i] == seen[i]
        for sl in (slice(3, None), slice(None, 5), slice(len(seen) - 4, None), slice(2, -2), slice(9, 4)):
            assert log[sl] == seen[sl]
        assert log[::3] == seen[::3]
        assert log.count(7) == seen.count(7) and (7 in log) == (7 in seen)
        if 7 in seen:
            assert log.index(7) == seen.index(7)
    assert any(len(b._entries_head) > FOLD for b, _ in books), "some clones share a folded past"


def test_a_clone_folds_a_long_tail_once_and_then_copies_nothing_of_the_past():
    book = Book()
    book.entries = range(FOLD + 1)
    first = book.clone()
    assert book._entries_tail == [] and first._entries_tail == []
    assert book._entries_head is first._entries_head and book.entries == list(range(FOLD + 1))
    book.entries.append(99)
    assert first.entries == list(range(FOLD + 1)), "a clone does not see its source's new entries"
    second = book.clone()
    assert second._entries_head is first._entries_head and second._entries_tail == [99]
    assert second.snapshot() == book.snapshot() != first.snapshot()


def test_index_errors_and_assignment_as_a_list_gives_them():
    book = Book()
    book._entries_head, book._entries_tail = (1, 2), [3]  # an entry on each side
    log = book.entries
    with pytest.raises(IndexError):
        log[3]
    with pytest.raises(IndexError):
        log[-4]
    with pytest.raises(IndexError):
        log[-4] = 0
    twin = book.clone()
    log[0] = 10  # in the shared head: the clone keeps its own
    log[-1] = 30
    assert book.entries == [10, 2, 30] and twin.entries == [1, 2, 3]


def test_equality_and_pickling():
    book = Book()
    book.entries = "abc"
    other = Book()
    other.entries = "abcd"
    assert book.entries != other.entries and book.entries != ("a", "b", "c")
    book.entries.append("d")
    assert book.entries == other.entries and repr(book.entries) == "Log(['a', 'b', 'c', 'd'])"
    assert pickle.loads(pickle.dumps(book)).entries == list("abcd")
    assert isinstance(book.entries, Log) and isinstance(Book.entries, Logged)


def test_a_clone_late_in_a_match_shares_the_logs_past_and_goes_on_the_same():
    rules = get_rules("contract_grid")
    state = rules.new_game(rules.default_seats, None, 1)
    rng = random.Random(1)
    for _ in range(300):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    twin = state.clone()
    assert twin._history_head is state._history_head and len(twin._history_head) == 300
    assert twin.snapshot() == state.snapshot()
    for _ in range(40):  # the two go on alike, each in its own logs
        action = state.legal_actions()[0]
        state.apply(action)
        twin.apply(action.text)
    assert twin.history == state.history and twin.events == state.events
    assert twin.snapshot() == state.snapshot()
