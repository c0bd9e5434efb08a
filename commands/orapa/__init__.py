"""The Orapa Mine commands: `layout` (simulate, ask, check), `show` (show, convert), `solve`
(solve, verify), `advice` (next, play), `generate` and `batch`.
"""
