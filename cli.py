"""The `orapa` command: a thin click front end over the library.

Every command parses its arguments, calls one library function and formats the result. Input
errors (`games.errors.BadInput`) become one line on standard error and exit status 2; limits
(`games.errors.LimitReached`) exit 3. See INTERFACE.md and the README.
"""
from __future__ import annotations

import click

from commands.common import run_main


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def root() -> None:
    """Orapa Mine solver and generator, and engines for three more games."""


# --- command registration (one line per command family) ---
from commands.mandragora import mandragora_group; root.add_command(mandragora_group, "mandragora")
from commands.orapa import ask, check, simulate; root.add_command(simulate); root.add_command(ask); root.add_command(check)
from commands.uncovered import uncovered_group; root.add_command(uncovered_group, "uncovered")
from commands.orapa_show import convert, show; root.add_command(show); root.add_command(convert)
from commands.ripple import ripple_group; root.add_command(ripple_group, "ripple")
from commands.orapa_solve import solve_command, verify_command; root.add_command(solve_command); root.add_command(verify_command)
from commands.orapa_batch import batch; root.add_command(batch)
from commands.orapa_next import next_command, play_command; root.add_command(next_command, "next"); root.add_command(play_command, "play")
from commands.orapa_generate import generate; root.add_command(generate)
# --- end of command registration ---


def main() -> None:
    """Console entry point: run the group with the project's error conventions."""
    run_main(root)


if __name__ == "__main__":
    main()
