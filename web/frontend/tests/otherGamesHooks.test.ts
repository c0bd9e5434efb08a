// The hooks of the other games' pages. The move queue of Ripple and Mandragora: moves shown one
// after the other, in the order they arrived, each frame at its time, the next move only once
// the last one is over. The flash of Uncovered!'s swapped cards and Ripple's score change: shown
// for a while after the latest change. The hooks run on a small stand-in for React's hooks
// (tests/hookHarness.ts: the tests have no DOM to render into).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GameEvent, GameState } from "../src/api";
import type { LiveGame } from "../src/live";
import { useFlash } from "../src/views/others/common";
import { MoveShow, moveQueue, useMoveQueue } from "../src/views/others/useMoveQueue";
import * as hooks from "./hookHarness";

vi.mock("react", async (original) => {
  const hooks = await import("./hookHarness");
  const { useState, useRef, useCallback, useEffect } = hooks;
  return { ...(await original<typeof import("react")>()), useState, useRef, useCallback, useEffect };
});

// A timer of no delay set while another timer runs waits for the next turn: the fake clock counts
// that as 1 ms, so a move started by the end of the previous one shows its first frame 1 ms on.
const T0 = Date.parse("2026-11-26T00:00:00Z");
let seen: string[] = [];
const note = (what: string) => seen.push(`${Date.now() - T0} ${what}`);

function move(seq: number, frames: number, type = "move"): GameEvent {
  return { seq, at: "", seat: 0, type, frames };
}

/** A move shown as its frames, `step` ms apart, noting each as it runs. */
const show =
  (step: number, pause = 0) =>
  (e: GameEvent): MoveShow => {
    note(`start ${e.seq}`);
    return {
      frames: Array.from({ length: Number(e.frames) }, (_, i) => () => note(`${e.seq}.${i}`)),
      step,
      pause,
      done: () => note(`done ${e.seq}`),
    };
  };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  seen = [];
  hooks.reset();
});
afterEach(() => void vi.useRealTimers());

describe("the move queue", () => {
  it("shows each move's frames a step apart and starts the next move only after it", () => {
    const q = moveQueue(show(100, 200), () => note("idle"));
    q.push(move(1, 3));
    q.push(move(2, 1)); // arrives while the first is shown: waits
    vi.advanceTimersByTime(300);
    q.push(move(3, 0)); // a move with nothing to animate still takes its pause
    vi.runAllTimers();
    expect(seen).toEqual([
      "0 start 1",
      "0 1.0",
      "100 1.1",
      "200 1.2",
      "500 done 1", // 3 frames x 100 + 200
      "500 start 2",
      "501 2.0",
      "800 done 2",
      "800 start 3",
      "1000 done 3",
      "1000 idle",
    ]);
  });

  it("keeps the order with no delay at all (reduced motion)", () => {
    const q = moveQueue(show(0), () => note("idle"));
    q.push(move(1, 2));
    q.push(move(2, 2));
    vi.runAllTimers();
    expect(seen).toEqual([
      "0 start 1",
      "0 1.0",
      "0 1.1",
      "0 done 1",
      "0 start 2",
      "1 2.0",
      "1 2.1",
      "1 done 2",
      "1 idle",
    ]);
  });

  it("starts again when a move arrives after the queue ran dry", () => {
    const q = moveQueue(show(50));
    q.push(move(1, 1));
    vi.advanceTimersByTime(1000);
    q.push(move(2, 2));
    vi.runAllTimers();
    expect(seen).toEqual(["0 start 1", "0 1.0", "50 done 1", "1000 start 2", "1000 2.0", "1050 2.1", "1100 done 2"]);
  });
});

describe("useMoveQueue", () => {
  it("shows the moves newer than the opening state, once each, with the page's latest start", () => {
    const live = { state: { seq: 2 } as unknown as GameState, events: [move(1, 1), move(2, 1)] } as LiveGame;
    let start = show(100);
    const page = () => useMoveQueue(live, start, () => note("idle"));
    hooks.render(page);
    expect(seen).toEqual([]); // what the state already shows is not played again
    live.events = [...live.events, move(3, 2), move(4, 1, "chat"), move(5, 1)];
    hooks.render(page);
    hooks.render(page); // the same events again: nothing new
    vi.advanceTimersByTime(150);
    start = show(10); // a later render's start is the one called for the next move
    live.events = [...live.events, move(6, 1)];
    hooks.render(page);
    vi.runAllTimers();
    expect(seen).toEqual([
      "0 start 3",
      "0 3.0",
      "100 3.1",
      "200 done 3",
      "200 start 5",
      "201 5.0",
      "210 done 5",
      "210 start 6",
      "211 6.0",
      "220 done 6",
      "220 idle",
    ]);
  });
});

describe("useFlash", () => {
  it("shows each value for its time after the latest one, then nothing again", () => {
    let shown = "";
    let show: (v: string) => void = () => undefined;
    const page = () => ([shown, show] = useFlash("", 1500));
    hooks.render(page);
    show("first");
    vi.advanceTimersByTime(1000);
    show("second"); // a newer swap: its own 1.5 s, not what was left of the first one's
    vi.advanceTimersByTime(1000);
    hooks.render(page);
    expect(shown).toBe("second");
    vi.advanceTimersByTime(500);
    hooks.render(page);
    expect(shown).toBe("");
  });

  it("leaves no timer behind when the page goes", () => {
    let show: (v: number) => void = () => undefined;
    hooks.render(() => ([, show] = useFlash(0, 3000)));
    show(4);
    hooks.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
