"""The SAT/CP model: a backend-neutral constraint store (`cnf`), the layout and wave encodings,
the model that joins them (`model`), its two backends (PySAT, OR-tools) and the SAT-based
layout families (`families`)."""
