// A game as the server sends it (its state, its events and the answers in them) and the calls
// that create, join, play and watch one (docs/interface.md, "Web API": /games).
import type { LayoutJSON, Rules } from "../orapa/layout";
import { call } from "./client";

export type Role = "explorer" | "director" | "player";
export type Level = "easy" | "normal" | "strong";
export interface Seat {
  seat: number;
  role: Role;
  kind: "human" | "computer";
  name: string;
  player: string | null;
  level?: Level;
}
export interface SeatRequest {
  role: Role;
  kind: "human" | "computer";
  level?: Level;
}

/** A shot's answer (RULINGS O4, O9), ports in the sheet's labels as every machine format names
 * them: the exit port or "absorbed", with the colour, the bounce count or both as the game's
 * answer kind says (an absorbed shot has neither). */
export interface ShotAnswer {
  shot: string;
  exit: string;
  color?: string;
  bounces?: number;
  cell?: never;
  content?: never;
}

/** A cell question's answer: "empty", "absorbed" or the colour of the gem covering part of it. */
export interface CellAnswer {
  cell: string;
  content: string;
  shot?: never;
  exit?: never;
  color?: never;
  bounces?: never;
}

/** One answer heard, as the server sends it: a shot's or a cell's, told apart by which of `shot`
 * and `cell` it has (the JSON has no other tag), as Python's `ShotAnswer | CellAnswer`.
 * `answerKind` names the case; `if (o.shot !== undefined)` narrows to a shot. */
export type Observation = ShotAnswer | CellAnswer;

/** Which question an answer answers. */
export function answerKind(o: Observation): "shot" | "cell" {
  return o.shot !== undefined ? "shot" : "cell";
}

export interface GameState {
  id: string;
  game: string;
  mode: "solo" | "duel" | "table";
  gems: string | { shape: string; color: string }[];
  rules: Partial<Rules>;
  hints: boolean;
  seats: Seat[];
  status: "waiting" | "playing" | "over";
  to_move: number | null;
  observations: Record<string, Observation[]>;
  guesses_left: Record<string, number>;
  outcome: "win" | "tie" | "all lose" | null;
  winners: number[];
  mines: Record<string, LayoutJSON>;
  code?: string;
  [more: string]: unknown;
}

export interface GameEvent {
  seq: number;
  at: string;
  seat: number | null;
  type: "joined" | "mine_placed" | "shot" | "cell" | "guess" | "turn" | "over" | string;
  observation?: Observation;
  correct?: boolean;
  layout?: LayoutJSON;
  [more: string]: unknown;
}

/** The observation a shot or cell event carries (nested, or as the event's own fields). */
export function eventObservation(e: GameEvent): Observation | null {
  if (e.type !== "shot" && e.type !== "cell") return null;
  if (e.observation) return e.observation;
  const text = (k: string) => (typeof e[k] === "string" ? (e[k] as string) : undefined);
  const shot = text("shot");
  const cell = text("cell");
  if (shot !== undefined) {
    const o: ShotAnswer = { shot, exit: text("exit") ?? "" };
    const color = text("color");
    if (color !== undefined) o.color = color;
    if (typeof e.bounces === "number") o.bounces = e.bounces;
    return o;
  }
  return cell !== undefined ? { cell, content: text("content") ?? "" } : null;
}

export interface Presence {
  online: number[];
  spectators: string[];
  anonymous: number;
}

export interface CreateBody {
  game: string;
  mode?: string;
  gems?: string;
  rules?: Partial<Rules>;
  hints?: boolean;
  seats: SeatRequest[];
  [more: string]: unknown;
}

/** The calls on one game (`as`: the token of a friend seated on this screen). */
export const gameCalls = {
  createGame: (body: CreateBody) => call<{ game: GameState; code: string }>("POST", "/games", body),
  join: (id: string, code: string, as?: string) =>
    call<{ game: GameState; seat: number }>("POST", `/games/${id}/join`, { code }, as),
  game: (id: string) => call<GameState>("GET", `/games/${id}`),
  chat: (id: string, text: string) => call<{ event: GameEvent }>("POST", `/games/${id}/chat`, { text }),
  presence: (id: string) => call<Presence>("GET", `/games/${id}/presence`),
  rematch: (id: string) => call<{ event: GameEvent }>("POST", `/games/${id}/rematch`, {}),
  byCode: (code: string) => call<{ games: { id: string }[] }>("GET", `/games?code=${encodeURIComponent(code)}`),
  events: (id: string, after = 0) => call<{ events: GameEvent[] }>("GET", `/games/${id}/events?after=${after}`),
  placeMine: (id: string, layout: LayoutJSON) => call<{ game: GameState }>("PUT", `/games/${id}/mine`, layout),
  act: (id: string, action: Record<string, unknown>, as?: string) =>
    call<{ event: GameEvent; game: GameState }>("POST", `/games/${id}/actions`, action, as),
};
