"""The bot interface: what every bot is, the random bot, the easy bot's slips, and the one call
that lets a bot think at a table (:func:`bot_task`).

A bot is built with its own seed and asked ``choose(view, legal)``: it sees only the
:class:`~games.core.SeatView` of its seat and the legal actions, never the full state, and
returns one of the legal actions.  A bot that looks ahead (a :class:`WorldsBot`) is asked
``choose(view, legal, worlds=...)`` instead: ``worlds(rng)`` deals a possible world for its seat
(``GameState.sampler``); :func:`bot_task` builds the right call."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Sequence

from games.core import Action, GameState, SeatView

from . import beginner

#: what a search bot is handed instead of the state: ``worlds(rng)`` deals a possible world
Worlds = Callable[[random.Random], GameState]


class Bot:
    """Base class: subclasses implement :meth:`choose`."""

    level = "bot"
    #: True for bots that search possible worlds: they are asked ``choose(view, legal, worlds=...)``
    wants_worlds = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    #: moves a look-ahead bot plays out before it asks :meth:`judge` (None: to the hand's end)
    horizon: int | None = None

    def judge(self, view: SeatView) -> float:
        """The chance that the view's seat (its side) wins the match from here: where a look-ahead
        bot's playout stopped after ``horizon`` moves, in a game whose hands are long and whose
        progress shows before the end (Page One's cards in hand).  Only with a horizon."""
        return 1.0 / len(view.hand_sizes)

    #: where a look-ahead's playout is played on to the hand's end by the heuristic itself (None:
    #: nowhere): ``finish_playout(world)`` plays the world (every card placed) on and says True, or
    #: leaves it and says False (Sedma's four players' last tricks, solved: games.sedma.bot)
    finish_playout: Callable[[GameState], bool] | None = None

    def set_budget(self, budget: int) -> None:
        """Think with about ``budget`` playouts (or iterations) a move: the knob a review turns to
        spend less time.  A bot that does not look ahead has nothing to turn."""

    def candidates(self, view: SeatView, choices: Sequence[Action], keep: Action) -> list[Action]:
        """The choices worth playing out, ``keep`` (the bot's own pick) among them: a heuristic
        may leave out moves it knows to be as good as another one kept (a card next in rank to
        one kept, in a game where only tricks count) or not worth a look (bids far from its
        own), so that a look-ahead bot's playouts go to the choices that matter.  All of them
        by default."""
        return list(choices)

    def solved_choices(self, view: SeatView, choices: Sequence[Action], keep: Action) -> list[Action]:
        """The choices before the card play (bids, a trump) that an expert judging them by
        solved deals weighs, ``keep`` among them (games.bots.expert, its bids part): a game may
        leave out choices never better than one kept.  All of them by default."""
        return list(choices)

    def beginner(self, view: SeatView, legal: Sequence[Action], mine: Action) -> Action | None:
        """What a beginner plays where this heuristic chose ``mine`` (the ``easy`` level's slips,
        games.bots.beginner), or None to keep ``mine``.  The generic slips by default; a game's
        heuristic names its own where its beginners go wrong otherwise."""
        return beginner.slip(view, legal, mine)


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    level = "random"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


class WorldsBot(Bot):
    """A bot that looks ahead over possible worlds: asked ``choose(view, legal, worlds=...)``,
    and without worlds (a table that cannot deal them) it plays as its heuristic would."""

    wants_worlds = True

    def choose(self, view: SeatView, legal: Sequence[Action], worlds: Worlds | None = None) -> Action:
        raise NotImplementedError


class EasyBot(Bot):
    """A beginner: the game's heuristic, but a ``SLIP`` share of its choices, where a beginner's
    slip fits (:meth:`Bot.beginner`: following with its highest card, leading away from an
    honour, overbidding...), go to the slip instead: the mistakes beginners make, not random
    noise.  A game's heuristic may set its own share (``SLIPS``), where its beginners slip
    more or less often."""

    level = "easy"
    SLIP = 0.5

    def __init__(self, heuristic: Bot, seed: int | None = None) -> None:
        super().__init__(seed)
        self.heuristic = heuristic
        self.heuristic.rng = self.rng  # one generator: a table's reseeding steers both

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        mine = self.heuristic.choose(view, legal)
        if len(legal) < 2 or self.rng.random() >= getattr(self.heuristic, "SLIPS", self.SLIP):
            return mine
        slip = self.heuristic.beginner(view, legal, mine)
        return mine if slip is None or slip not in legal else slip


def bot_task(bot: Bot, state: GameState, seat: int) -> Callable[[], Action]:
    """Everything ``bot`` may know at ``state`` for ``seat`` (its view, the legal actions and,
    for a search bot, the seat's possible worlds), taken now, and a call that lets it think:
    ``bot_task(...)()`` returns its action.  The state itself never reaches the bot.  Take the
    task under the table's lock; run it anywhere (a worker thread)."""
    view, legal = state.view(seat), list(state.legal_actions())
    if isinstance(bot, WorldsBot):
        worlds = state.sampler(seat)

        def think() -> Action:
            try:
                return bot.choose(view, legal, worlds=worlds)
            except Exception as exc:
                warnings.warn(
                    f"{bot.level} bot for {state.rules.name}: a possible world failed ({exc!r}); "
                    "it chose without searching",
                    WorldWarning,
                    stacklevel=2,
                )
                return bot.choose(view, legal)  # no worlds: its heuristic's move

        return think
    return lambda: bot.choose(view, legal)


class WorldWarning(RuntimeWarning):
    """A searching bot met a possible world its game could not play through (a resampling that
    broke what the seat knows) and chose without searching: the table goes on, the players see
    a sensible move, and the test suite, which turns this warning into an error, sees the bug."""
