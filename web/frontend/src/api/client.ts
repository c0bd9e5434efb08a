// One request to the Web API (docs/interface.md, "Web API") and the live socket's address: every
// call of the app goes through `call`, which signs it with the player's token and turns an error
// answer into an ApiError.
import { ROOT } from "../router";
import { apiErrorOf } from "./errors";
import { token } from "./session";

/** Send one request (as the player whose token is `as`, else this browser's player) and give the
 * JSON of its answer; an error answer throws its ApiError. */
export async function call<T>(method: string, path: string, body?: unknown, as?: string): Promise<T> {
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

/** The live URL of a game: STATE first, then every event after `after`. */
export function liveUrl(id: string, after: number): string {
  const proto = window.location.protocol === "https:" ? "wss" : "ws";
  const t = token() ?? "";
  return `${proto}://${window.location.host}${ROOT}/api/games/${id}/live?token=${encodeURIComponent(t)}&after=${after}`;
}
