"""Orapa Mine's rules (RULINGS O1-O8): the board and names, gems and placements, legality,
the wave tracers (`waves`, and `array_tracer` for many layouts at once), formats and sessions.
"""
