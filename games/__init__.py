"""Pure rules engines: Orapa Mine, Mandragora Mania, Ripple and Uncovered!.

Nothing in this package imports the solver; the solver builds on it.
"""
