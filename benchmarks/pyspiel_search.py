"""OpenSpiel's ISMCTS (Python and C++) and random rollouts on Oh Hell; run inside benchmarks/.venv-openspiel.

Prints one JSON object, for each hand size given: simulations/second of the Python ISMCTS
(open_spiel.python.algorithms.ismcts with a one-rollout random evaluator) and of the C++ ISMCTS
(pyspiel.ISMCTSBot with pyspiel.RandomRolloutEvaluator) at the first card of a hand (after the
bids), and random rollouts/second from a dealt state (clone + random play to the end of the
hand).  bench_search.py runs this as a subprocess so that OpenSpiel never becomes a dependency.

Usage: python pyspiel_search.py SECONDS TRICKS [TRICKS ...]
"""

from __future__ import annotations

import json
import random
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts


def first_card(game, rng: random.Random):
    """A state at the first card of a hand: chance outcomes and bids played at random."""
    state = game.new_initial_state()
    while state.is_chance_node() or (len(state.legal_actions()) > 0 and _bidding(state)):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


def _bidding(state) -> bool:
    """Oh Hell numbers the cards 0..51 and the bids from 52 on."""
    return state.legal_actions()[0] >= 52


def python_ismcts(game, state, seconds: float) -> float:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    sims, spent = 100, 0.0
    done = 0
    while spent < seconds:
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, sims, random_state=np.random.RandomState(done))
        t0 = time.process_time()
        bot.step(state)
        spent += time.process_time() - t0
        done += sims
    return done / spent


def cpp_ismcts(game, state, seconds: float) -> float:
    sims, spent, done = 2000, 0.0, 0
    while spent < seconds:
        bot = pyspiel.ISMCTSBot(done, pyspiel.RandomRolloutEvaluator(1, done), 2.0, sims)
        t0 = time.process_time()
        bot.step(state)
        spent += time.process_time() - t0
        done += sims
    return done / spent


def rollouts(state, seconds: float, rng: random.Random) -> float:
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        s = state.clone()
        while not s.is_terminal():
            if s.is_chance_node():
                actions, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(actions, probs)[0])
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.randrange(len(legal))])
        done += 1
    return done / (time.process_time() - start)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    sizes = [int(x) for x in sys.argv[2:]] or [5, 13]
    rng = random.Random(1)
    out: dict = {"version": getattr(pyspiel, "__version__", "?")}
    for tricks in sizes:
        game = pyspiel.load_game("oh_hell", {"players": 3, "num_tricks_fixed": tricks})
        state = first_card(game, rng)
        dealt = game.new_initial_state()
        while dealt.is_chance_node():
            actions, probs = zip(*dealt.chance_outcomes())
            dealt.apply_action(rng.choices(actions, probs)[0])
        out[f"oh_hell_{tricks}"] = {
            "python_ismcts_sims_per_s": python_ismcts(game, state, seconds),
            "cpp_ismcts_sims_per_s": cpp_ismcts(game, state, seconds),
            "rollouts_per_s": rollouts(dealt, seconds, rng),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
