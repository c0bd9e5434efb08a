// Issue 33's page part: bounce-count answers written in words, the player's port-label setting.
import { beforeEach, describe, expect, it } from "vitest";
import { BGA_PORT_LABELS, PORT_LABELS, labelScheme, parsePort, portText, setLabelScheme } from "../src/orapa/board";
import { Board } from "../src/orapa/layout";
import { describe as describeAnswer, parseQuestion, reproduces, settledAnswer } from "../src/orapa/sketch";
import { shotAnswer } from "../src/orapa/tracer";
import { answerText } from "../src/components/review/reviewApi";
import { installLocalStorage } from "./memoryStorage";

beforeEach(() => void installLocalStorage());

describe("answers in words", () => {
  it("writes a bounce-count answer as 'exits at C after 3 bounces'", () => {
    expect(describeAnswer({ shot: "15", exit: "C", bounces: 3 })).toBe("15 → exits at C after 3 bounces");
    expect(describeAnswer({ shot: "4", exit: "4", bounces: 1 })).toBe("4 → exits at 4 after 1 bounce");
    expect(describeAnswer({ shot: "15", exit: "C", color: "purple", bounces: 0 })).toBe(
      "15 → exits at C, purple, after 0 bounces",
    );
    expect(describeAnswer({ shot: "15", exit: "C", color: "purple" })).toBe("15 → C purple"); // unchanged
    expect(describeAnswer({ shot: "15", exit: "absorbed" })).toBe("15 → absorbed");
  });

  it("is written the same way in the review's answer lists", () => {
    expect(answerText({ shot: "15", exit: "C", bounces: 3 })).toBe("15 → exits at C after 3 bounces");
    expect(answerText({ shot: "15", exit: "C", color: "purple" })).toBe("15 → C purple");
  });

  it("keeps the count when an answer is read backwards", () => {
    expect(settledAnswer([{ shot: "15", exit: "C", bounces: 3 }], { shot: "C" })).toEqual({
      shot: "C",
      exit: "15",
      color: undefined,
      bounces: 3,
    });
  });

  it("checks a bounce answer's exit without asking for a colour", () => {
    const board = new Board({
      gems: [
        {
          shape: "triangle",
          color: "yellow",
          vertices: [
            [2, 2],
            [4, 2],
            [2, 4],
          ],
        },
      ],
    });
    const heard = shotAnswer(board, parsePort("C") as number);
    expect(reproduces(board, { shot: "C", exit: heard.exit, bounces: 1 })).toBe(true);
    expect(reproduces(board, { shot: "C", exit: "A", bounces: 1 })).toBe(false);
  });
});

describe("the port-label setting", () => {
  it("is the sheet's until the player picks Board Game Arena's, then writes and reads BGA labels", () => {
    expect(labelScheme()).toBe("sheet");
    expect(describeAnswer({ shot: "15", exit: "C", bounces: 3 })).toBe("15 → exits at C after 3 bounces");
    setLabelScheme("bga");
    expect(labelScheme()).toBe("bga");
    // the sheet's 15 (left end of row 5) is BGA's E; the sheet's C (bottom of column C) BGA's K
    expect(describeAnswer({ shot: "15", exit: "C", bounces: 3 })).toBe("E → exits at K after 3 bounces");
    expect(parseQuestion("E")).toEqual({ shot: "15" }); // typed in BGA labels, sent in the sheet's
    expect(parseQuestion("E4")).toEqual({ cell: "E4" });
  });

  it("maps every port one to one", () => {
    expect(new Set(BGA_PORT_LABELS).size).toBe(36);
    PORT_LABELS.forEach((label, i) => {
      expect(parsePort(portText(label, "bga"), "bga")).toBe(i);
      expect(portText(label, "sheet")).toBe(label);
    });
  });
});
