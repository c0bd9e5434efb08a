"""The wave searches: families of consistent layouts found by following the observed waves
(one at a time in `wave_search`, all at once in `frontier_search` and its compiled twin), what
both read of a puzzle (`search_setup`), the path families they yield (`path_family`) and sight
lines (`sight`)."""
