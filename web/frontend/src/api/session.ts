// Who plays on this browser: the signed-in player and its token, the other players who signed in
// here (to switch between), and the friends seated on this screen (hot-seat), all kept in
// localStorage. Nothing here talks to the server: signing up is in players.ts.

const TOKEN_KEY = "orapa.token";
const PLAYER_KEY = "orapa.player";
// The players who signed in on this browser, to switch between (each with its token).
const PLAYERS_KEY = "orapa.players";

export interface Me {
  id: string;
  name: string;
}

interface Known extends Me {
  token: string;
}

export interface HotSeat {
  seat: number;
  token: string;
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

/** Make `player` (with its token) this browser's player, and remember it among its players. */
export function signIn(player: Me, tok: string): void {
  localStorage.setItem(TOKEN_KEY, tok);
  localStorage.setItem(PLAYER_KEY, JSON.stringify(player));
  rememberPlayer(player, tok);
  announce();
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

/** The friend seated on this screen at game `id`, if there is one. */
export function hotSeat(id: string): HotSeat | null {
  const raw = localStorage.getItem(`orapa.hotseat.${id}`);
  return raw ? (JSON.parse(raw) as HotSeat) : null;
}

/** Keep the friend seated on this screen at game `id` (its token is kept per game). */
export function keepHotSeat(id: string, seat: HotSeat): void {
  localStorage.setItem(`orapa.hotseat.${id}`, JSON.stringify(seat));
}
