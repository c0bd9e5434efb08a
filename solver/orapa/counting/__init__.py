"""How many layouts fit, and a fair sample of them: exact counts without listing
(`family_counts`, compiled in `_counting.c`), the answers built on them (`exact`: the count and
the deduction map) and the advisor's sample of consistent layouts (`consistent_sample`)."""
