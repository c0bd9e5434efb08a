// Facts about a game's seats and titles that several pages read (the game page, the lobby, the
// player's stats, the end of a game): kept apart from the pages so none imports another.
import { GameState, Seat, me } from "./api";

/** Each game's name as a person reads it, by its machine name. */
export const GAME_TITLES: Record<string, string> = {
  orapa: "Orapa Mine",
  ripple: "Ripple",
  mandragora: "Mandragora Mania",
  uncovered: "Uncovered!",
};

/** The caller's seat in `state`: the server's `your_seat`, else the seat of the signed-in player. */
export function mySeat(state: GameState): Seat | null {
  if (typeof state.your_seat === "number") return state.seats.find((s) => s.seat === state.your_seat) ?? null;
  const player = me();
  return (player && state.seats.find((s) => s.player !== null && String(s.player) === String(player.id))) || null;
}

/** The seat whose mine `seat` explores: the director's, or in a duel the other player's. */
export function targetSeat(state: GameState, seat: number): number | null {
  if (state.mode === "duel") return state.seats.find((s) => s.role === "player" && s.seat !== seat)?.seat ?? null;
  return state.seats.find((s) => s.role === "director")?.seat ?? null;
}
