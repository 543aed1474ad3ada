"""Random playouts through OpenSpiel's Python API (pyspiel); run inside benchmarks/.venv-openspiel.

Prints one JSON object: for each game, decisions/second (player actions, chance outcomes not
counted), whole games/second, and clone() / apply_action() microseconds.  bench_playouts.py runs
this as a subprocess so that OpenSpiel never becomes a dependency of cardtable.
"""

from __future__ import annotations

import json
import random
import sys
import time

import pyspiel


def playouts(game, seconds: float, rng: random.Random) -> dict:
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions, probs = zip(*outcomes)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        games += 1
    elapsed = time.process_time() - start
    return {
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_game": decisions / games,
    }


def micro(game, rng: random.Random, samples: int = 20000) -> dict:
    """clone() and apply_action() microseconds on mid-game decision states."""
    states = []
    while len(states) < 200:
        state = game.new_initial_state()
        stop = rng.randrange(5, 40)
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            if steps == stop:
                states.append(state)
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    reps = samples // len(states)
    t0 = time.process_time()
    for _ in range(reps):
        for s in states:
            s.clone()
    clone_us = (time.process_time() - t0) / (reps * len(states)) * 1e6
    pairs = [(s, s.legal_actions()[0]) for s in states]
    copies = [(s.clone(), a) for _ in range(reps) for s, a in pairs]
    t0 = time.process_time()
    for s, a in copies:
        s.apply_action(a)
    apply_us = (time.process_time() - t0) / len(copies) * 1e6
    return {"clone_us": clone_us, "apply_us": apply_us}


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    names = sys.argv[2:] or ["spades", "oh_hell"]
    rng = random.Random(1)
    out = {"version": getattr(pyspiel, "__version__", "?")}
    for name in names:
        game = pyspiel.load_game(name)
        out[name] = {**playouts(game, seconds, rng), **micro(game, rng), "players": game.num_players()}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
