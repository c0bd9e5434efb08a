"""The `orapa` command: a thin click front end over the library.

Every command parses its arguments, calls one library function and formats the result. Input
errors (`games.errors.BadInput`) become one line on standard error and exit status 2; limits
(`games.errors.LimitReached`) exit 3. See INTERFACE.md and the README.
"""
from __future__ import annotations

import click

from commands.common import OrapaGroup, process_age, run_main


@click.group(cls=OrapaGroup, context_settings={"help_option_names": ["-h", "--help"]})
def root() -> None:
    """Orapa Mine solver and generator, and engines for three more games."""


# --- command registration (one line per command family) ---
from commands import mandragora, ripple, serve, uncovered  # noqa: E402
from commands.orapa import advice, batch, generate, layout, review, show, solve  # noqa: E402


def register(*commands: click.Command) -> None:
    """Add commands to `orapa` under their own names."""
    for command in commands:
        root.add_command(command)


register(layout.simulate, layout.ask, layout.check)      # one layout: answers and legality
register(show.show, show.convert)                        # drawings and the two puzzle formats
register(solve.solve_command, solve.verify_command)      # the solver
register(advice.next_command, advice.play_command)       # the advisor
register(generate.generate)                              # unique puzzles
register(batch.batch)                                    # many puzzle files
register(review.review)                                  # how well a game was played
register(mandragora.mandragora_group)                    # orapa mandragora ...
register(ripple.ripple_group)                            # orapa ripple ...
register(uncovered.uncovered_group)                      # orapa uncovered ...
register(serve.serve_command, serve.database_group)      # the game server and its data
# --- end of command registration ---


def main() -> None:
    """Console entry point: run the group with the project's error conventions."""
    run_main(root, age=process_age())


if __name__ == "__main__":
    main()
