// The live socket's rules: no token in the address, the bearer subprotocol, which closes are
// retried, and the growing waits between attempts.
import { describe, expect, it } from "vitest";
import type { GameState } from "../src/api";
import { closeMessage, liveAddress, liveProtocols, newerState, reconnectDelay, shouldReconnect } from "../src/live";

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

/** A table's state after event `seq`, `to_move` to play. */
function at(seq: number, to_move: number, id = "7"): GameState {
  return { id, seq, to_move, status: "playing" } as unknown as GameState;
}

describe("the state the page keeps", () => {
  it("never goes back to an older state of the game when replies come back out of order", () => {
    // my wrong guess (seq 15: the computer to move), then the computer's question (seq 17: mine)
    const after = at(15, 2);
    const mine = at(17, 0);
    expect(newerState(after, mine)).toBe(mine);
    expect(newerState(mine, after)).toBe(mine); // the slow refetch landing last is dropped
    // whatever order the replies come in, the newest is kept
    const replies = [at(12, 0), at(15, 2), at(16, 2), at(17, 0), at(17, 0)];
    for (let shift = 0; shift < replies.length; shift++) {
      const order = [...replies.slice(shift), ...replies.slice(0, shift)].reverse();
      const kept = order.reduce<GameState | null>((held, next) => newerState(held, next), null);
      expect(kept?.seq).toBe(17);
    }
  });
  it("takes an equal state, another game's or one without a seq as it comes", () => {
    const held = at(17, 0);
    const same = at(17, 0);
    expect(newerState(held, same)).toBe(same);
    expect(newerState(null, held)).toBe(held);
    const other = at(3, 1, "8");
    expect(newerState(held, other)).toBe(other);
    const bare = { id: "7", to_move: 2 } as unknown as GameState;
    expect(newerState(held, bare)).toBe(bare);
  });
});
