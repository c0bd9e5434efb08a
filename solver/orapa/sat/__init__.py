"""The SAT/CP model: a backend-neutral constraint store (`cnf`), the layout and wave encodings,
the model that joins them (`model`), its two backends (PySAT, OR-tools), the SAT-based layout
families (`families`) and the uniqueness checks the generator asks for (`twins`, through
`solver.orapa.uniqueness`)."""
