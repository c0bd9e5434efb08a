// The live socket's rules: no token in the address, the bearer subprotocol, which closes are
// retried, and the growing waits between attempts.
import { describe, expect, it } from "vitest";
import { closeMessage, liveAddress, liveProtocols, reconnectDelay, shouldReconnect } from "../src/live";

describe("the live socket", () => {
  it("keeps the token out of the address", () => {
    const url = liveAddress({ protocol: "https:", host: "orapa.example" }, "12", 7);
    expect(url).toBe("wss://orapa.example/api/games/12/live?after=7");
    expect(liveProtocols("t0k3n")).toEqual(["orapa", "bearer.t0k3n"]);
    expect(liveProtocols(null)).toEqual(["orapa"]);
  });
  it("retries a passing failure, not a refusal", () => {
    expect(shouldReconnect(1013)).toBe(true); // the database is unavailable for a moment
    expect(shouldReconnect(1006)).toBe(true); // the connection dropped
    expect(shouldReconnect(4401)).toBe(false);
    expect(shouldReconnect(4404)).toBe(false);
    expect(closeMessage(4401, "token: unknown token")).toBe("token: unknown token");
  });
  it("waits longer after each failed attempt, up to a cap", () => {
    const waits = [0, 1, 2, 3, 10, 50].map((n) => reconnectDelay(n, 0));
    expect(waits).toEqual([500, 1000, 2000, 4000, 15000, 15000]);
    expect(reconnectDelay(0, 0.999)).toBeLessThanOrEqual(600);
  });
});
