// The pages' own logic: the stats chart's points, the training overlay, the hot-seat control,
// Ripple's animation frames and Uncovered!'s replay of a shortest win.
import { beforeEach, describe, expect, it } from "vitest";
import type { GameRecord, GameState, Seat } from "../src/api";
import type { LayoutJSON } from "../src/orapa/layout";
import { wonGames } from "../src/views/Stats";
import { endingEvents, endingReason } from "../src/views/AfterGame";
import { deductionMarks, hintFigure, withOverlay } from "../src/views/TrainingPanel";
import { control } from "../src/views/others/common";
import { rippleFrames } from "../src/views/others/Ripple";
import { afterSwaps } from "../src/views/others/Uncovered";
import { installLocalStorage } from "./memoryStorage";

beforeEach(() => void installLocalStorage());

function record(id: number, over: Partial<GameRecord>): GameRecord {
  return {
    id: String(id),
    game: "orapa",
    mode: "solo",
    status: "over",
    seat: 0,
    role: "explorer",
    result: "win",
    questions: 10,
    started: `2026-01-0${id}T10:00:00+00:00`,
    ended: `2026-01-0${id}T11:00:00+00:00`,
    ...over,
  };
}

describe("stats chart", () => {
  it("charts only won Orapa games, oldest first, by their end", () => {
    const points = wonGames([
      record(3, { questions: 7 }),
      record(1, { questions: 12 }),
      record(2, { result: "loss" }),
      record(4, { game: "ripple", questions: null }),
      record(5, { status: "playing", result: null, ended: null }),
    ]);
    expect(points.map((p) => p.questions)).toEqual([12, 7]);
    expect(points[0].at).toBe("2026-01-01T11:00:00+00:00");
  });
});

describe("training overlay", () => {
  it("marks every deduced cell and keeps an answered cell's own mark", () => {
    const marks = deductionMarks({ count: 3, exact: true, cells: { A1: "empty", B1: "red", C1: "open" } });
    expect(marks.A1.deduced).toBe("empty");
    expect(marks.B1).toMatchObject({ deduced: "red", text: "R" });
    expect(marks.C1.text).toBe("?");
    const merged = withOverlay({ B1: { text: "answer" } }, marks, (mine) => mine);
    expect(merged.B1).toEqual({ text: "answer" });
    expect(merged.A1.deduced).toBe("empty");
  });
});

describe("hot-seat control", () => {
  const seats: Seat[] = [
    { seat: 0, role: "player", kind: "human", name: "Ann", player: "1" },
    { seat: 1, role: "player", kind: "human", name: "Bo", player: "2" },
  ];
  const state = (to_move: number | null, status: GameState["status"] = "playing") =>
    ({ id: "9", status, to_move, seats }) as unknown as GameState;

  it("acts for the friend on their turn with the friend's token", () => {
    expect(control(state(1), seats[0])).toMatchObject({ seats: [0], acting: null });
    localStorage.setItem("orapa.hotseat.9", JSON.stringify({ seat: 1, token: "T2", name: "Bo" }));
    expect(control(state(1), seats[0])).toMatchObject({ seats: [0, 1], acting: 1, token: "T2" });
    expect(control(state(0), seats[0]).token).toBeUndefined();
    expect(control(state(0), seats[0]).acting).toBe(0);
    expect(control(state(null, "over"), seats[0]).acting).toBeNull();
  });
});

describe("ripple frames", () => {
  it("places the stone, then moves one stone per step", () => {
    const before = Array.from({ length: 7 }, (_, r) => (r === 3 ? "..r...." : "......."));
    const frames = rippleFrames(before, "blue@3,3", 2, [
      [
        [3, 2],
        [3, 1],
      ],
    ]);
    expect(frames).toHaveLength(2);
    expect(frames[0][3]).toBe("..rB...");
    expect(frames[1][3]).toBe(".r.B...");
    expect(rippleFrames(before, "red+@0,0", 1, [])[0][0]).toBe("r......");
  });
});

describe("uncovered replay", () => {
  it("swaps one card with another player's and leaves the start untouched", () => {
    const initial = [
      [9, 1, 3, 4],
      [1, 2, 3, 8],
    ];
    const swaps: [number, number, number, number][] = [
      [0, 1, 1, 4],
      [1, 1, 0, 2],
    ];
    expect(afterSwaps(initial, swaps, 1)).toEqual([
      [8, 1, 3, 4],
      [1, 2, 3, 9],
    ]);
    expect(afterSwaps(initial, swaps, 2)).toEqual([
      [8, 1, 3, 4],
      [1, 2, 3, 9],
    ]);
    expect(
      afterSwaps(
        [
          [9, 5, 3, 4],
          [1, 2, 3, 8],
        ],
        swaps,
        2,
      ),
    ).toEqual([
      [8, 1, 3, 4],
      [5, 2, 3, 9],
    ]);
    expect(initial[0]).toEqual([9, 1, 3, 4]);
    expect(afterSwaps(initial, swaps, 0)).toEqual(initial);
  });
});

describe("the advisor's hint", () => {
  it("shows the figure the pick was chosen by", () => {
    expect(hintFigure({ expected_bits: 1.9, expected_questions: 3.456 }, true)).toBe("3.46 questions left");
    expect(hintFigure({ expected_bits: 1.9 }, true)).toBe("1.90 bits");
    expect(hintFigure({ expected_bits: 1.9, expected_questions: 3.456 })).toContain("questions still needed");
  });
});

describe("stats chart and training", () => {
  it("leaves training wins out of the chart", () => {
    expect(wonGames([record(1, { training: true }), record(2, {})]).map((g) => g.game)).toEqual(["2"]);
  });
});

describe("why an Orapa game ended", () => {
  const seats = [
    { seat: 0, role: "explorer", kind: "human", name: "Ann", player: "1" },
    { seat: 1, role: "director", kind: "computer", name: "computer (normal)", player: null },
  ] as Seat[];
  const state = (outcome: GameState["outcome"], mode: GameState["mode"] = "solo") =>
    ({ seats, outcome, mode, allowed_guesses: 2 }) as unknown as GameState;
  const guess = (seat: number, correct: boolean) => ({ seq: 1, at: "", seat, type: "guess", correct });
  it("says who found the mine, or that the guesses ran out", () => {
    expect(endingReason(state("win"), [guess(0, false), guess(0, true)])).toBe("Ann found the mine with a right guess");
    expect(endingReason(state("all lose"), [guess(0, false), guess(0, false)])).toBe(
      "Ann used all 2 guesses without finding the mine",
    );
    expect(endingReason(state("win"), [])).toBe("");
  });
  it("reads the live events until the fetched log has caught up", () => {
    const timeout = { seq: 2, at: "", seat: 0, type: "timeout", loses: "game" };
    const live = [guess(0, false), timeout];
    expect(endingReason(state("all lose"), endingEvents([], live))).toBe("Ann ran out of time");
    expect(endingEvents(live, [guess(0, false)])).toBe(live);
  });
});

describe("the sketch's waves", () => {
  it("take the colour the sketch gives, not the real answer's", async () => {
    const { wavePaths } = await import("../src/views/explorer/marks");
    const heard = [{ shot: "1", exit: "A", color: "red" }];
    expect(wavePaths({ gems: [] }, heard)[0].color).toBe("transparent");
    const red = {
      gems: [
        {
          shape: "square",
          color: "red",
          vertices: [
            [0, 2],
            [1, 1],
            [2, 2],
            [1, 3],
          ],
        },
      ],
    } as unknown as LayoutJSON;
    expect(wavePaths(red, heard)[0].color).not.toBe("transparent");
  });
});
