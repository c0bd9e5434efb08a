// The Web API of docs/interface.md ("Web API"): the only way this app talks to the server. One
// module per concern, all importable from here: errors.ts (error answers in a person's words),
// session.ts (who plays on this browser), client.ts (one request), and one module per resource:
// games.ts, hints.ts, players.ts, daily.ts.
import { call } from "./client";
import { dailyCalls } from "./daily";
import { gameCalls } from "./games";
import { hintCalls } from "./hints";
import { playerCalls } from "./players";

export * from "./client";
export * from "./daily";
export * from "./errors";
export * from "./games";
export * from "./hints";
export * from "./players";
export * from "./session";

/** Every call of the Web API, by name. */
export const api = {
  health: () => call<{ status: string; database: string }>("GET", "/health"),
  ...gameCalls,
  ...hintCalls,
  ...playerCalls,
  ...dailyCalls,
};
