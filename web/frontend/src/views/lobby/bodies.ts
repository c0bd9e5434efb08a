// What the lobby sends to create a game: the seats of a new Orapa game, the other games' bodies, "Play now".
import { CreateBody, Level, SeatRequest } from "../../api";
import { DEFAULT_RULES } from "../../orapa/layout";

export type Mode = "solo" | "duel" | "table";

/** The seats of a new game, the caller's own seat first among the humans. */
export function seatsFor(
  mode: Mode,
  opts: {
    level: Level;
    opponent: "human" | "computer";
    tableRole: "explorer" | "director";
    explorers: number;
    computerExplorers: number;
  },
): SeatRequest[] {
  if (mode === "solo")
    return [
      { role: "explorer", kind: "human" },
      { role: "director", kind: "computer", level: opts.level },
    ];
  if (mode === "duel") {
    return [
      { role: "player", kind: "human" },
      opts.opponent === "computer"
        ? { role: "player", kind: "computer", level: opts.level }
        : { role: "player", kind: "human" },
    ];
  }
  const seats: SeatRequest[] = [];
  if (opts.tableRole === "director") seats.push({ role: "director", kind: "human" });
  else seats.push({ role: "explorer", kind: "human" }, { role: "director", kind: "computer", level: opts.level });
  const others = opts.explorers - (opts.tableRole === "explorer" ? 1 : 0);
  for (let i = 0; i < others; i++) {
    seats.push(
      i < opts.computerExplorers
        ? { role: "explorer", kind: "computer", level: opts.level }
        : { role: "explorer", kind: "human" },
    );
  }
  return seats;
}

export type Game = "orapa" | "ripple" | "mandragora" | "uncovered";
/** Who plays the other side: the computer, a friend online (by the code) or a friend on this
 * screen (hot-seat: the friend's seat is taken here and the page hands over each turn). */
export type Opponent = "human" | "computer" | "hotseat";

/** The create body of the other games: their options and seats (every seat a player). */
export function otherGameBody(
  game: Exclude<Game, "orapa">,
  o: {
    level: Level;
    opponent: Opponent;
    power: boolean;
    pattern: string;
    first: string;
    variant: string;
    players: number;
    computers: number;
    hints?: boolean;
  },
): CreateBody {
  const computer: SeatRequest = { role: "player", kind: "computer", level: o.level };
  const human: SeatRequest = { role: "player", kind: "human" };
  if (game === "uncovered") {
    const seats = [human, ...Array.from({ length: o.players - 1 }, (_, i) => (i < o.computers ? computer : human))];
    return { game, variant: o.players === 2 && o.variant === "advanced" ? "intermediate" : o.variant, seats };
  }
  const seats = [human, o.opponent === "computer" ? computer : human];
  if (game === "ripple") return { game, power: o.power, seats };
  return { game, pattern: o.pattern, first: o.first, hints: !!o.hints, seats };
}

/** The solo base game a newcomer gets from "Play now": the computer hides a base mine, the
 * placement rules at their defaults, normal strength, no hints. */
export const PLAY_NOW: CreateBody = {
  game: "orapa",
  mode: "solo",
  gems: "base",
  rules: { ...DEFAULT_RULES },
  hints: false,
  seats: seatsFor("solo", {
    level: "normal",
    opponent: "computer",
    tableRole: "explorer",
    explorers: 2,
    computerExplorers: 1,
  }),
};
