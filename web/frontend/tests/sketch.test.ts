import { describe, expect, it } from "vitest";
import { GEM_SETS, Board, LayoutJSON, coveredQuarters, inWords, violations } from "../src/orapa/layout";
import {
  answerTags,
  checkSketch,
  readableCount,
  settledAnswer,
  mirrorGem,
  moveGem,
  newGem,
  parseQuestion,
  placeGemAt,
  remaining,
  rotateGem,
} from "../src/orapa/sketch";
import { simulate, traceWave } from "../src/orapa/tracer";

const square = newGem({ shape: "square", color: "white" });
const para = newGem({ shape: "parallelogram", color: "red" });

describe("sketch editing", () => {
  it("keeps the area of every gem through rotations and mirrors", () => {
    for (const kind of GEM_SETS.full) {
      let gem = placeGemAt(newGem(kind), [3, 3]);
      const area = coveredQuarters(gem.vertices).length;
      for (let i = 0; i < 8; i++) {
        gem = i === 4 ? mirrorGem(gem) : rotateGem(gem);
        expect(coveredQuarters(gem.vertices).length).toBe(area);
      }
    }
  });

  it("comes back to the start after four quarter turns", () => {
    const gem = placeGemAt(para, [4, 2]);
    let turned = gem;
    for (let i = 0; i < 4; i++) turned = rotateGem(turned);
    expect(turned.vertices).toEqual(gem.vertices);
    expect(rotateGem(gem).vertices).not.toEqual(gem.vertices);
    expect(mirrorGem(gem).vertices).not.toEqual(gem.vertices);
  });

  it("never moves a gem off the board", () => {
    const gem = moveGem(square, -5, 100);
    for (const [x, y] of gem.vertices) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(8);
    }
    expect(Math.max(...gem.vertices.map((p) => p[1]))).toBe(8);
  });

  it("offers only the gems not yet placed", () => {
    expect(remaining(GEM_SETS.base, [square]).map((k) => `${k.color} ${k.shape}`)).toEqual([
      "red parallelogram",
      "yellow triangle",
      "blue large-triangle",
      "white large-triangle",
    ]);
    expect(remaining(GEM_SETS.double, [square]).length).toBe(13);
  });
});

describe("sketch against the answers heard", () => {
  const mine = { gems: [placeGemAt(para, [0, 0]), placeGemAt(square, [6, 3])] };
  const heard = simulate(mine);

  it("reproduces every answer of the mine it copies", () => {
    expect(checkSketch(mine, heard).every(Boolean)).toBe(true);
    expect(violations(mine)).toEqual([]);
  });

  it("marks the answers a different sketch does not reproduce", () => {
    const other = { gems: [placeGemAt(para, [0, 0])] };
    const marks = checkSketch(other, heard);
    expect(marks.some((m) => !m)).toBe(true);
    expect(marks.some((m) => m)).toBe(true);
  });

  it("checks cell answers and accepts colour aliases", () => {
    const board = new Board(mine);
    expect(board.cellContent(0)).toBe("red");
    expect(
      checkSketch(mine, [
        { cell: "A1", content: "red" },
        { cell: "J8", content: "empty" },
        { cell: "A1", content: "white" },
      ]),
    ).toEqual([true, true, false]);
  });
});

describe("tracing a sketch being edited", () => {
  it("ends a wave that circles among overlapping gems instead of running forever", () => {
    const overlapping = {
      gems: [
        {
          shape: "parallelogram",
          color: "red",
          vertices: [
            [3, 3],
            [5, 3],
            [6, 4],
            [4, 4],
          ],
        },
        {
          shape: "triangle",
          color: "yellow",
          vertices: [
            [2, 3],
            [4, 3],
            [2, 5],
          ],
        },
      ],
    } as LayoutJSON;
    expect(violations(overlapping).some((v) => v.includes("overlap"))).toBe(true);
    const wave = traceWave(new Board(overlapping), 21);
    expect(wave.loops).toBe(true);
    expect(wave.exit).toBeNull();
    expect(simulate(overlapping)[21]).toEqual({ shot: "D", exit: "absorbed" });
  });
});

describe("questions and answer tags", () => {
  it("reads typed ports and cells", () => {
    expect(parseQuestion(" k ")).toEqual({ shot: "K" });
    expect(parseQuestion("15")).toEqual({ shot: "15" });
    expect(parseQuestion("e4")).toEqual({ cell: "E4" });
    expect(parseQuestion("Z9")).toBeNull();
    expect(parseQuestion("19")).toBeNull();
  });

  it("numbers entry and exit of each shot with the answer's number in the list", () => {
    const tags = answerTags([
      { shot: "15", exit: "B", color: "violet" },
      { cell: "A1", content: "empty" },
      { shot: "3", exit: "absorbed" },
    ]);
    expect(tags["15"]).toEqual({ tag: "1", color: "purple" });
    expect(tags.B).toEqual({ tag: "1", color: "purple" });
    expect(tags["3"]).toEqual({ tag: "3", color: "absorbed" }); // answer 3: the cell is answer 2
    // shooting back from an exit is the same path: it keeps its first number
    expect(
      answerTags([
        { shot: "15", exit: "B", color: "red" },
        { shot: "B", exit: "15", color: "red" },
        { shot: "1", exit: "A", color: "red" },
      ]),
    ).toEqual({
      15: { tag: "1", color: "red" },
      B: { tag: "1", color: "red" },
      1: { tag: "3", color: "red" },
      A: { tag: "3", color: "red" },
    });
  });

  it("knows which questions the answers already settle (O5)", () => {
    const heard = [
      { shot: "5", exit: "K", color: "white" },
      { cell: "E4", content: "empty" },
      { shot: "7", exit: "absorbed" },
    ];
    expect(settledAnswer(heard, { shot: "5" })).toEqual(heard[0]);
    expect(settledAnswer(heard, { shot: "K" })).toEqual({ shot: "K", exit: "5", color: "white" });
    expect(settledAnswer(heard, { cell: "e4" })).toEqual(heard[1]);
    expect(settledAnswer(heard, { shot: "7" })).toEqual(heard[2]);
    expect(settledAnswer(heard, { shot: "6" })).toBeNull();
    expect(settledAnswer(heard, { cell: "E5" })).toBeNull();
  });

  it("writes big counts in words", () => {
    expect(readableCount(17603064595)).toBe("17.6 billion");
    expect(readableCount(2500000)).toBe("2.5 million");
    expect(readableCount(3000000)).toBe("3 million");
    expect(readableCount(12345)).toBe("12,345");
    expect(readableCount(7)).toBe("7");
  });
});

describe("rule messages in a player's words", () => {
  it("names gems by colour and shape and lists them for highlighting", () => {
    const out = inWords("mine: illegal: gems[0] (blue large-triangle) and gems[2] (white square) overlap");
    expect(out).toEqual({ text: "The blue large triangle and the white square overlap", gems: [0, 2] });
    expect(
      inWords("gems[1] (red parallelogram) and gems[3] (yellow triangle) share an edge (rule touching)").text,
    ).toBe("The red parallelogram and the yellow triangle share an edge (gems may touch only at their corners)");
  });
});
