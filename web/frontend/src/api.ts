// The Web API of INTERFACE.md ("Web API"): the only way this app talks to the server.
import i18n, { currentLanguage } from "./i18n";
import type { LayoutJSON, Rules } from "./orapa/layout";
import { ROOT } from "./router";

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

export interface RankedQuestion {
  question: string;
  expected_bits: number;
  expected_questions?: number;
}
export interface NextHint {
  question: string;
  expected_bits: number;
  expected_questions?: number;
  candidates: number;
  exact: boolean;
  strategy?: string;
  ranking: RankedQuestion[];
}
export interface Deductions {
  count: number;
  exact: boolean;
  cells: Record<string, string>;
}
export interface CheckResult {
  reproduces: boolean[];
  consistent: boolean;
  forced: boolean;
}
export interface Analysis {
  [seat: string]: { forced_after: number | null; bits: number[]; advisor_questions: number };
}
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
export interface Puzzle {
  gems: string | { shape: string; color: string }[];
  rules?: Partial<Rules>;
  observations: Observation[];
  date?: string;
  you?: DailyResult;
  [more: string]: unknown;
}
export interface DailyResult {
  attempts: number;
  solved: boolean;
}

/** The codes whose server line names a specific (which gem, which field, which rule) that the
 * code alone cannot say: their line is kept (docs/interface.md lists every code). */
const DETAILED_CODES = new Set(["illegal_move", "malformed", "bad_input", "invalid", "time_limit"]);

/** The code of an answer known only by its status, as the server gives it (web/errors.py). */
const STATUS_CODES: Record<number, string> = {
  400: "malformed",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "too_large",
  422: "invalid",
  429: "too_many_requests",
  500: "internal",
  503: "unavailable",
};

/** Whether the `errors` namespace has a sentence for this code. */
function knownCode(code: string | null | undefined): code is string {
  return !!code && /^[a-z_]+$/.test(code) && i18n.exists(`errors:codes.${code}`, { lng: "en" });
}

/** What a person reads for an error answer: chosen by its `code`, in the reader's language.
 * A code with its own sentence (not_your_turn, busy, ...) reads that sentence. The server speaks
 * English only, so where its line carries a specific the code cannot say (DETAILED_CODES, a
 * code this app does not know, a body without a code) English keeps the server's line as it is,
 * and another language says the code's sentence (or the status's) followed by the server's line. */
export function errorText(
  code: string | null | undefined,
  serverLine: string,
  status = 0,
  language: string = currentLanguage(),
): string {
  const lng = language;
  if (knownCode(code) && !DETAILED_CODES.has(code)) return i18n.t(`errors:codes.${code}`, { lng });
  if (lng === "en") return serverLine;
  const fallback = code ? code : STATUS_CODES[status];
  const sentence = knownCode(fallback)
    ? i18n.t(`errors:codes.${fallback}`, { lng })
    : i18n.t("errors:unknown", { lng });
  return serverLine ? i18n.t("errors:withDetail", { lng, sentence, detail: serverLine }) : sentence;
}

/** An error answer of the API: its status, its `code`, the server's own line (English) and, as
 * `message`, the line a person reads (`errorText`, in the reader's language); `retryAfter` is
 * the `Retry-After` header's seconds, when the answer has one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly code: string | null = null,
    readonly retryAfter: number | null = null,
  ) {
    super(errorText(code, serverMessage, status));
  }
}

/** The seconds of a `Retry-After` header (a number of seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The ApiError of a failed answer: its body's `error` and `code` (when it is JSON and has them). */
export function apiErrorOf(res: Response, data: unknown): ApiError {
  const body = (data && typeof data === "object" ? data : {}) as { error?: unknown; code?: unknown };
  const line = typeof body.error === "string" ? body.error : `${res.status} ${res.statusText}`;
  const code = typeof body.code === "string" ? body.code : null;
  return new ApiError(res.status, line, code, retryAfterSeconds(res.headers.get("Retry-After")));
}

const TOKEN_KEY = "orapa.token";
const PLAYER_KEY = "orapa.player";

export interface Me {
  id: string;
  name: string;
}

export function token(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function me(): Me | null {
  const raw = localStorage.getItem(PLAYER_KEY);
  return raw ? (JSON.parse(raw) as Me) : null;
}

/** Tell the page that who is signed in changed. */
function announce(): void {
  window.dispatchEvent(new Event("orapa:me"));
}

export function signOut(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PLAYER_KEY);
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith("orapa.hotseat.") || key === "orapa.games") localStorage.removeItem(key);
  }
  announce();
}

/** A link ending in #token=T signs this browser in; the token leaves the address bar. */
export function takeTokenFromAddress(): void {
  const m = /token=([^&]+)/.exec(window.location.hash);
  if (!m) return;
  localStorage.setItem(TOKEN_KEY, decodeURIComponent(m[1]));
  history.replaceState(null, "", window.location.pathname + window.location.search);
}

async function call<T>(method: string, path: string, body?: unknown, as?: string): Promise<T> {
  const headers: Record<string, string> = {};
  const t = as ?? token();
  if (t) headers.Authorization = `Bearer ${t}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${ROOT}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) throw apiErrorOf(res, data);
  return data as T;
}

export async function register(name: string): Promise<Me> {
  const out = await call<{ player: Me; token: string }>("POST", "/players", { name });
  localStorage.setItem(TOKEN_KEY, out.token);
  localStorage.setItem(PLAYER_KEY, JSON.stringify(out.player));
  rememberPlayer(out.player, out.token);
  announce();
  return out.player;
}

// The players who signed in on this browser, to switch between (each with its token).
const PLAYERS_KEY = "orapa.players";
interface Known extends Me {
  token: string;
}

function known(): Known[] {
  try {
    const list = JSON.parse(localStorage.getItem(PLAYERS_KEY) ?? "[]");
    return Array.isArray(list) ? (list as Known[]) : [];
  } catch {
    return [];
  }
}

function rememberPlayer(player: Me, tok: string): void {
  const others = known().filter((p) => String(p.id) !== String(player.id));
  localStorage.setItem(PLAYERS_KEY, JSON.stringify([...others, { ...player, token: tok }]));
}

/** This browser's players (names and ids; their tokens stay here). */
export function browserPlayers(): Me[] {
  const current = me();
  const tok = token();
  if (current && tok && !known().some((p) => String(p.id) === String(current.id))) rememberPlayer(current, tok);
  return known().map(({ id, name }) => ({ id, name }));
}

/** Play as another of this browser's players. */
export function switchPlayer(id: string): void {
  const found = known().find((p) => String(p.id) === String(id));
  if (!found) return;
  localStorage.setItem(TOKEN_KEY, found.token);
  localStorage.setItem(PLAYER_KEY, JSON.stringify({ id: found.id, name: found.name }));
  announce();
}

/** Leave the current player (kept in the list to come back to) to sign in as a new one. */
export function newPlayer(): void {
  browserPlayers();
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PLAYER_KEY);
  announce();
}

/** Drop a player from this browser's list (its games stay on the server). */
export function forgetPlayer(id: string): void {
  localStorage.setItem(PLAYERS_KEY, JSON.stringify(known().filter((p) => String(p.id) !== String(id))));
  if (String(me()?.id) === String(id)) signOut();
  else announce();
}

/** A second player for a game on one screen (hot-seat): signed up without becoming this
 * browser's player; its token is kept per game. */
export async function registerGuest(name: string): Promise<{ player: Me; token: string }> {
  return call<{ player: Me; token: string }>("POST", "/players", { name });
}

export interface HotSeat {
  seat: number;
  token: string;
  name: string;
}

export function hotSeat(id: string): HotSeat | null {
  const raw = localStorage.getItem(`orapa.hotseat.${id}`);
  return raw ? (JSON.parse(raw) as HotSeat) : null;
}

/** Sit a friend on this screen at the game's free seat. */
export async function addHotSeat(id: string, code: string, name: string): Promise<HotSeat> {
  const guest = await registerGuest(name);
  const out = await call<{ game: GameState; seat: number }>("POST", `/games/${id}/join`, { code }, guest.token);
  const seat = { seat: out.seat, token: guest.token, name };
  localStorage.setItem(`orapa.hotseat.${id}`, JSON.stringify(seat));
  return seat;
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
export interface Presence {
  online: number[];
  spectators: string[];
  anonymous: number;
}
export interface SolverHint {
  side: string;
  best: number | null;
  value: number;
  exact: boolean;
  depth: number;
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

export const api = {
  health: () => call<{ status: string; database: string }>("GET", "/health"),
  createGame: (body: CreateBody) => call<{ game: GameState; code: string }>("POST", "/games", body),
  join: (id: string, code: string) => call<{ game: GameState; seat: number }>("POST", `/games/${id}/join`, { code }),
  game: (id: string) => call<GameState>("GET", `/games/${id}`),
  chat: (id: string, text: string) => call<{ event: GameEvent }>("POST", `/games/${id}/chat`, { text }),
  presence: (id: string) => call<Presence>("GET", `/games/${id}/presence`),
  rematch: (id: string) => call<{ event: GameEvent }>("POST", `/games/${id}/rematch`, {}),
  byCode: (code: string) => call<{ games: { id: string }[] }>("GET", `/games?code=${encodeURIComponent(code)}`),
  events: (id: string, after = 0) => call<{ events: GameEvent[] }>("GET", `/games/${id}/events?after=${after}`),
  placeMine: (id: string, layout: LayoutJSON) => call<{ game: GameState }>("PUT", `/games/${id}/mine`, layout),
  act: (id: string, action: Record<string, unknown>, as?: string) =>
    call<{ event: GameEvent; game: GameState }>("POST", `/games/${id}/actions`, action, as),
  playerGames: (player: string) => call<{ games: GameRecord[] }>("GET", `/players/${player}/games`),
  solverHint: (id: string, as?: string) => call<SolverHint>("GET", `/games/${id}/hints/solver`, undefined, as),
  hintNext: (id: string) => call<NextHint>("GET", `/games/${id}/hints/next`),
  hintDeductions: (id: string) => call<Deductions>("GET", `/games/${id}/hints/deductions`),
  hintCheck: (id: string, layout: LayoutJSON) => call<CheckResult>("POST", `/games/${id}/hints/check`, layout),
  analysis: (id: string) => call<Analysis>("GET", `/games/${id}/analysis`),
  player: (player: string) => call<{ player: Me }>("GET", `/players/${player}`),
  stats: (player: string) => call<Stats>("GET", `/players/${player}/stats`),
  daily: () => call<Puzzle>("GET", "/daily"),
  dailyGuess: (layout: LayoutJSON) => call<{ correct: boolean } & DailyResult>("POST", "/daily/guess", layout),
};

/** The live URL of a game: STATE first, then every event after `after`. */
export function liveUrl(id: string, after: number): string {
  const proto = window.location.protocol === "https:" ? "wss" : "ws";
  const t = token() ?? "";
  return `${proto}://${window.location.host}${ROOT}/api/games/${id}/live?token=${encodeURIComponent(t)}&after=${after}`;
}

/** A hint request that waits its turn: the server works on one hint per player at a time (the
 * training counts ask for one after every answer), so "busy" is retried for up to a minute. */
export async function whenFree<T>(ask: () => Promise<T>, tries = 60): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await ask();
    } catch (err) {
      if (
        !(err instanceof ApiError && err.status === 429 && /still being worked out/.test(err.serverMessage)) ||
        i >= tries
      )
        throw err;
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}
