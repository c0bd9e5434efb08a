"""The solvers, one package per game as under `games/`: `orapa` (the SAT/CP model, the wave
search, the advisor, batch solving), `mandragora`, `ripple` and `uncovered`; `search` is the
two-player game-tree search that Mandragora and Ripple share.
"""
