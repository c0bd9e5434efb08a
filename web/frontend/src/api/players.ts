// Players on the server (docs/interface.md, "Web API": /players): signing up, a friend seated on
// this screen, a player's games and record.
import { call } from "./client";
import { gameCalls } from "./games";
import type { Role } from "./games";
import { HotSeat, Me, keepHotSeat, signIn } from "./session";

export interface Tally {
  games: number;
  wins: number;
  losses: number;
  ties: number;
  directed: number;
}
export interface Stats extends Tally {
  average_questions: number | null;
  won_games?: number;
  training?: Tally;
  daily_streak?: number;
  by_mode: Record<string, Tally>;
  [more: string]: unknown;
}

export interface GameRecord {
  id: string;
  game: string;
  mode: string | null;
  status: "waiting" | "playing" | "over";
  seat: number;
  role: Role;
  result: "win" | "loss" | "tie" | "directed" | null;
  questions: number | null;
  started: string | null;
  ended: string | null;
  training?: boolean;
}

/** Sign up as `name` and become this browser's player. */
export async function register(name: string): Promise<Me> {
  const out = await registerGuest(name);
  signIn(out.player, out.token);
  return out.player;
}

/** A second player for a game on one screen (hot-seat): signed up without becoming this
 * browser's player; its token is kept per game. */
export async function registerGuest(name: string): Promise<{ player: Me; token: string }> {
  return call<{ player: Me; token: string }>("POST", "/players", { name });
}

/** Sit a friend on this screen at the game's free seat. */
export async function addHotSeat(id: string, code: string, name: string): Promise<HotSeat> {
  const guest = await registerGuest(name);
  const out = await gameCalls.join(id, code, guest.token);
  const seat = { seat: out.seat, token: guest.token, name };
  keepHotSeat(id, seat);
  return seat;
}

export const playerCalls = {
  playerGames: (player: string) => call<{ games: GameRecord[] }>("GET", `/players/${player}/games`),
  player: (player: string) => call<{ player: Me }>("GET", `/players/${player}`),
  stats: (player: string) => call<Stats>("GET", `/players/${player}/stats`),
};
