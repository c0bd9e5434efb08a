"""Click commands, one module per command family; `cli.py` registers them."""
