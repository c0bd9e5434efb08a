"""Batch solving of puzzle files (`orapa batch`): which files (`paths`), the crash-proof local
worker pool (`pool`), the results file (`results`), the run itself (`runner`), and the same run
on a Ray cluster (`ray_batch`, `ray_chunks`, `ray_pool`)."""
