// The learning half of issue 34: the notes sheet's rules, the Ripple steps and the tutorial mine.
import { describe, expect, it } from "vitest";
import { violations } from "../src/orapa/layout";
import { simulate } from "../src/orapa/tracer";
import {
  NOTE_COLORS,
  NO_NOTES,
  Notes,
  cycleCellNote,
  cyclePortNote,
  fillSettled,
  parseNotes,
  toggleCellNote,
} from "../src/orapa/sketch";
import { rippleSteps } from "../src/views/learn/RippleSteps";
import { EXAMPLE_MINE } from "../src/views/learn/OrapaRules";
import { TUTORIAL_MINE } from "../src/views/learn/Tutorial";

describe("notes sheet", () => {
  it("marks a cell empty or as several possible colours, never both", () => {
    let n: Notes = toggleCellNote(NO_NOTES, "C3", "red");
    n = toggleCellNote(n, "C3", "yellow");
    expect(n.cells.C3).toEqual(["red", "yellow"]);
    n = toggleCellNote(n, "C3", "empty");
    expect(n.cells.C3).toEqual(["empty"]);
    n = toggleCellNote(n, "C3", "blue");
    expect(n.cells.C3).toEqual(["blue"]);
    n = toggleCellNote(n, "C3", "blue");
    expect(n.cells.C3).toBeUndefined();
  });

  it("cycles a cell through nothing, empty and each colour, and a port through its marks", () => {
    const seen: string[] = [];
    let n: Notes = NO_NOTES;
    for (let i = 0; i < 6; i++) {
      n = cycleCellNote(n, "J8", ["red", "yellow", "blue", "white"]);
      seen.push((n.cells.J8 ?? []).join("+") || "none");
    }
    expect(seen).toEqual(["empty", "red", "yellow", "blue", "white", "none"]);
    let p: Notes = NO_NOTES;
    const marks: string[] = [];
    for (let i = 0; i < 4; i++) {
      p = cyclePortNote(p, "15");
      marks.push(p.ports["15"] ?? "");
    }
    expect(marks).toEqual(["?", "✓", "!", ""]);
  });

  it("fills settled cells from the deduction map and keeps the player's marks on open ones", () => {
    const mine = toggleCellNote(toggleCellNote(NO_NOTES, "A1", "red"), "B2", "white");
    const out = fillSettled(mine, { A1: "open", B2: "empty", C3: "yellow", D4: "absorbed" });
    expect(out.cells).toEqual({ A1: ["red"], B2: ["empty"], C3: ["yellow"], D4: ["black"] });
  });

  it("reads back only well-formed notes from storage", () => {
    const raw = {
      cells: { c3: ["red", "pink", "yellow"], Z9: ["red"], A1: "empty", B1: ["empty", "red"] },
      ports: { "15": "?", "99": "?", K: "x" },
    };
    expect(parseNotes(raw)).toEqual({ cells: { C3: ["red", "yellow"], B1: ["empty"] }, ports: { "15": "?" } });
    expect(parseNotes("nonsense")).toEqual({ cells: {}, ports: {} });
    // a round trip through JSON keeps every note
    let n: Notes = NO_NOTES;
    NOTE_COLORS.forEach((c, i) => {
      n = toggleCellNote(n, `${"ABCDEF"[i]}${i + 1}`, c);
    });
    n = cyclePortNote(n, "R");
    expect(parseNotes(JSON.parse(JSON.stringify(n)))).toEqual(n);
  });
});

describe("learning pages", () => {
  it("the example and tutorial mines are legal, and the tutorial's answers are the ones its lessons read", () => {
    expect(violations(EXAMPLE_MINE)).toEqual([]);
    expect(violations(TUTORIAL_MINE)).toEqual([]);
    const answers = Object.fromEntries(simulate(TUTORIAL_MINE).map((a) => [a.shot, a]));
    expect(answers["3"]).toEqual({ shot: "3", exit: "3", color: "yellow" });
    expect(answers.C).toEqual({ shot: "C", exit: "N", color: "yellow" });
    expect(answers["16"]).toEqual({ shot: "16", exit: "F", color: "red" });
    expect(answers.G).toEqual({ shot: "G", exit: "G", color: "red" });
  });

  it("a ripple pushes its colour farthest first, never off the board or onto a stone", () => {
    const steps = rippleSteps(
      [
        { row: 0, col: 3, color: "red" },
        { row: 3, col: 5, color: "red" },
        { row: 3, col: 6, color: "blue" },
      ],
      { row: 3, col: 3, color: "red" },
    );
    const last = steps[steps.length - 1].stones;
    expect(last).toContainEqual({ row: 0, col: 3, color: "red" }); // would leave the board
    expect(last).toContainEqual({ row: 3, col: 5, color: "red" }); // blocked by the blue stone
    expect(last).toContainEqual({ row: 3, col: 6, color: "blue" });
    const moved = rippleSteps(
      [
        { row: 1, col: 1, color: "red" },
        { row: 2, col: 2, color: "red" },
      ],
      { row: 3, col: 3, color: "red" },
    );
    // (1,1) is farther, goes first to (0,0); then (2,2) moves into the square it left
    expect(moved[moved.length - 1].stones.slice(0, 2)).toEqual([
      { row: 0, col: 0, color: "red" },
      { row: 1, col: 1, color: "red" },
    ]);
  });
});
