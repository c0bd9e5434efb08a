// Playing together: the clock's figures in words, the spectators' line, the chat lines.
import { describe, expect, it } from "vitest";
import { CLOCK_CHOICES, clockChoiceLabel, describeClock, formatClock } from "../src/components/Clock";
import { chatLines } from "../src/components/Chat";
import { watchers } from "../src/components/Presence";
import { GameEvent } from "../src/api";

describe("clocks", () => {
  it("shows seconds as m:ss, rounded up, never below 0:00", () => {
    expect(formatClock(300)).toBe("5:00");
    expect(formatClock(59.2)).toBe("1:00");
    expect(formatClock(0.01)).toBe("0:01");
    expect(formatClock(-3)).toBe("0:00");
    expect(formatClock(3725)).toBe("1:02:05");
  });
  it("says the option in words", () => {
    expect(describeClock({ initial: 300, increment: 5, left: {}, running: null, at: "" })).toBe("5 min + 5 s a move");
    expect(describeClock({ per_move: 60, left: {}, running: null, at: "" })).toBe("60 s a turn");
  });
  it("names the lobby's choices as they were named before the texts moved to i18n", () => {
    expect(Object.keys(CLOCK_CHOICES).map(clockChoiceLabel)).toEqual([
      "no clock",
      "10 min + 10 s a move",
      "5 min + 5 s a move",
      "2 min a turn",
      "1 min a turn",
    ]);
  });
  it("offers clocks the server accepts at a table (an increment of at least 5 s)", () => {
    for (const { clock } of Object.values(CLOCK_CHOICES)) {
      if (clock?.initial !== undefined) expect(clock.increment ?? 0).toBeGreaterThanOrEqual(5);
    }
  });
});

describe("presence and chat", () => {
  it("names the spectators, then counts the others", () => {
    expect(watchers({ online: [0], spectators: [], anonymous: 0 })).toBe("");
    expect(watchers({ online: [], spectators: ["Carl"], anonymous: 0 })).toBe("spectators: Carl");
    expect(watchers({ online: [], spectators: ["Carl", "Dana"], anonymous: 2 })).toBe(
      "spectators: Carl, Dana and 2 more",
    );
  });
  it("keeps only the chat events of the log, in order", () => {
    const e = (seq: number, type: string): GameEvent => ({ seq, at: "", seat: 0, type, text: `m${seq}` });
    expect(chatLines([e(1, "joined"), e(2, "chat"), e(3, "turn"), e(4, "chat")]).map((x) => x.seq)).toEqual([2, 4]);
  });
});
