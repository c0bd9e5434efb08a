// One request to the Web API (docs/interface.md, "Web API"): every call of the app goes through
// `call`, which signs it with the player's token and turns an error answer into an ApiError. (The
// live socket is live.ts's: it signs in by subprotocol, never with the token in its address.)
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
