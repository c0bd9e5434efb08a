// The in-browser tracer against the project's Python tracer: the fixture holds random layouts
// with the answers `orapa simulate --answer both --json` (exit, colour and bounce count) and
// `orapa ask --json` gave for them.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CELLS } from "../src/orapa/board";
import { Board, LayoutJSON, Rules, violations } from "../src/orapa/layout";
import { ShotAnswer, simulate, traceWave } from "../src/orapa/tracer";
import { checkSketch } from "../src/orapa/sketch";

/** The fixture's answer with only the fields answer kind `keep` says. */
function only(a: ShotAnswer, keep: "colour" | "bounces"): ShotAnswer {
  const { bounces, color, ...rest } = a;
  if (keep === "colour") return color === undefined ? rest : { ...rest, color };
  return bounces === undefined ? rest : { ...rest, bounces };
}

interface Case {
  gems: string;
  rules: Rules;
  layout: LayoutJSON;
  shots: ShotAnswer[]; // under answer kind "both": colour and bounce count (none when absorbed)
  cells: string[]; // orapa ask's answers for A1, B1, ..., J8
}
const fixture: { cases: Case[] } = JSON.parse(readFileSync(new URL("./fixtures/tracer.json", import.meta.url), "utf8"));

describe("tracer against orapa simulate", () => {
  it("has about 200 layouts covering every gem set", () => {
    expect(fixture.cases.length).toBeGreaterThanOrEqual(200);
    expect(new Set(fixture.cases.map((c) => c.gems)).size).toBe(6);
  });

  it("gives the same exit and colour for all 36 shots of every layout", () => {
    for (const [i, c] of fixture.cases.entries()) {
      expect(simulate(c.layout), `layout ${i}`).toEqual(c.shots.map((a) => only(a, "colour")));
    }
  });

  it("counts the same bounces (RULINGS O9) under answer kinds bounces and both", () => {
    expect(fixture.cases.some((c) => c.shots.some((a) => (a.bounces ?? 0) >= 5))).toBe(true);
    for (const [i, c] of fixture.cases.entries()) {
      expect(simulate(c.layout, "both"), `layout ${i}`).toEqual(c.shots);
      expect(simulate(c.layout, "bounces"), `layout ${i}`).toEqual(c.shots.map((a) => only(a, "bounces")));
    }
  });

  it("counts a path's bounces the same read backwards", () => {
    for (const c of fixture.cases) {
      const board = new Board(c.layout);
      for (let port = 0; port < 36; port++) {
        const wave = traceWave(board, port);
        if (wave.exit !== null) expect(traceWave(board, wave.exit).bounces).toBe(wave.bounces);
      }
    }
  });

  it("checks a sketch against bounce answers by their count", () => {
    for (const c of fixture.cases.slice(0, 40)) {
      const heard = c.shots.filter((a) => a.exit !== "absorbed").map((a) => only(a, "bounces"));
      expect(checkSketch(c.layout, heard).every(Boolean)).toBe(true);
      const wrong = heard.map((a) => ({ ...a, bounces: (a.bounces as number) + 1 }));
      expect(checkSketch(c.layout, wrong).some(Boolean)).toBe(false);
    }
  });

  it("answers every cell question as orapa ask does", () => {
    for (const [i, c] of fixture.cases.entries()) {
      const board = new Board(c.layout);
      const answers = Array.from({ length: CELLS }, (_, cell) => board.cellContent(cell));
      expect(answers, `layout ${i}`).toEqual(c.cells);
    }
  });

  it("finds every fixture layout legal under its own rules", () => {
    for (const c of fixture.cases) expect(violations(c.layout, c.rules)).toEqual([]);
  });

  it("draws paths that start at the entry port's edge and end at the exit's", () => {
    for (const c of fixture.cases.slice(0, 40)) {
      const board = new Board(c.layout);
      for (let port = 0; port < 36; port++) {
        const wave = traceWave(board, port);
        const [sx, sy] = wave.points[0];
        expect(sx === 0 || sx === 10 || sy === 0 || sy === 8).toBe(true);
        if (wave.exit !== null) {
          const [ex, ey] = wave.points[wave.points.length - 1];
          expect(ex === 0 || ex === 10 || ey === 0 || ey === 8).toBe(true);
          // Paths are reversible: the exit's path is the entry's backwards.
          const back = traceWave(board, wave.exit);
          expect(back.points).toEqual([...wave.points].reverse());
        }
      }
    }
  });
});
