// The game page's own logic: answers as a discriminated union, the events a director and a
// duel player read answers from, and ports written in the player's label scheme.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe as group, expect, it } from "vitest";
import { GameEvent, GameState, Observation, answerKind, eventObservation } from "../src/api";
import { answerText } from "../src/components/review/reviewApi";
import { ReviewPanel } from "../src/components/review/ReviewPanel";
import { setLabelScheme } from "../src/orapa/board";
import { describeEvent, endingReason } from "../src/views/AfterGame";
import i18n from "../src/i18n";
import { inWords } from "../src/orapa/layout";
import { describe, readableCount } from "../src/orapa/sketch";
import { gemWords } from "../src/orapa/words";
import { questionMarks } from "../src/views/explorer/marks";
import { AdvisorHint } from "../src/views/TrainingPanel";
import { installLocalStorage } from "./memoryStorage";

function event(fields: Record<string, unknown>): GameEvent {
  return { seq: 1, at: "", seat: 0, type: "shot", ...fields } as GameEvent;
}

group("answers", () => {
  it("tells a shot's answer from a cell's", () => {
    const shot: Observation = { shot: "15", exit: "C", bounces: 3 };
    const cell: Observation = { cell: "E4", content: "white" };
    expect(answerKind(shot)).toBe("shot");
    expect(answerKind(cell)).toBe("cell");
  });

  it("keeps a flat shot event's bounce count (the director's log under bounce answers)", () => {
    expect(eventObservation(event({ shot: "15", exit: "C", bounces: 3 }))).toEqual({
      shot: "15",
      exit: "C",
      bounces: 3,
    });
    expect(eventObservation(event({ shot: "1", exit: "K", color: "red", bounces: 1 }))).toEqual({
      shot: "1",
      exit: "K",
      color: "red",
      bounces: 1,
    });
  });

  it("reads cell events, nested observations, and nothing from other events", () => {
    expect(eventObservation(event({ type: "cell", cell: "E4", content: "empty" }))).toEqual({
      cell: "E4",
      content: "empty",
    });
    const nested = { shot: "2", exit: "absorbed" };
    expect(eventObservation(event({ observation: nested }))).toBe(nested);
    expect(eventObservation(event({ type: "guess", correct: false }))).toBeNull();
  });
});

group("ports in the player's label scheme (RULINGS O10)", () => {
  beforeEach(() => void installLocalStorage());
  const state = { seats: [{ seat: 0, name: "Ann" }] } as unknown as GameState;
  const heard: Observation[] = [{ shot: "15", exit: "C", color: "blue" }];

  it("writes the replay's shots with bounce counts, in the sheet's labels by default", () => {
    expect(describeEvent(state, event({ shot: "15", exit: "C", bounces: 3 }))).toBe(
      "Ann shot 15 → exits at C after 3 bounces",
    );
    expect(answerText(heard[0])).toBe("15 → C blue");
  });

  it("titles a bounce-count answer's ports without a colour it does not have", () => {
    const marks = questionMarks([{ shot: "15", exit: "C", bounces: 2 }]);
    expect(marks.ports["15"].title).toBe("port 15: answer 1; already known, asking again is free");
    expect(marks.ports["C"].title).toBe("port C: answer 1; already known, asking again is free");
  });

  it("writes the why-board's answers, port titles, the advisor's hint and the replay in BGA labels", () => {
    setLabelScheme("bga");
    expect(answerText(heard[0])).toBe("E → K blue"); // the sheet's 15 -> C
    expect(answerText({ shot: "1", exit: "absorbed" })).toBe("1 → absorbed");
    expect(questionMarks(heard).ports["15"].title).toMatch(/^port E: answer 1/);
    expect(describeEvent(state, event({ shot: "15", exit: "C", color: "blue" }))).toBe("Ann shot E → K blue");
    expect(describeEvent(state, event({ type: "confirm", shot: "C" }))).toMatch(/^Ann asked K again/);
    const q = {
      number: 1,
      question: "15",
      answer: { shot: "15", exit: "C", color: "blue" },
      before: { count: 10, exact: true },
      after: { count: 2, exact: true },
      expected_bits: 1,
      bits: 1,
      expected_questions: 3,
      skill: 50,
      luck: 0,
      forced: false,
      best: { question: "C", expected_bits: 2, expected_questions: 2 },
    };
    const review = { questions: [q], skill: 50, luck: 0, forced_after: null, advisor_questions: 5, asked: 1 };
    const panel = renderToStaticMarkup(
      createElement(ReviewPanel, { review: { ...review, mattered_most: [], costliest: [] }, name: "Ann" }),
    );
    expect(panel).toContain("1. E"); // the question asked, the sheet's 15
    expect(panel).toContain("K"); // the advisor's, the sheet's C
    expect(panel).not.toContain("1. 15");
    const hint = { question: "15", expected_bits: 1, candidates: 3, exact: true, ranking: [] };
    expect(renderToStaticMarkup(createElement(AdvisorHint, { next: hint }))).toContain("<b>E</b>");
  });
});

group("the game page in French", () => {
  afterEach(async () => {
    await i18n.changeLanguage("en");
  });

  it("has a French text for every English one of the game namespace", () => {
    const en = JSON.stringify(Object.keys(i18n.getResourceBundle("en", "game")).sort());
    expect(JSON.stringify(Object.keys(i18n.getResourceBundle("fr", "game")).sort())).toBe(en);
  });

  it("writes answers, gems, rule breaks and the end of a game in French", async () => {
    await i18n.changeLanguage("fr");
    setLabelScheme("sheet");
    expect(describe({ shot: "15", exit: "C", color: "light-blue" })).toBe("15 → C bleu clair");
    expect(describe({ shot: "15", exit: "C", bounces: 3 })).toBe("15 → sort en C après 3 rebonds");
    expect(describe({ shot: "15", exit: "C", bounces: 1, color: "red" })).toBe("15 → sort en C, rouge, après 1 rebond");
    expect(describe({ shot: "2", exit: "absorbed" })).toBe("2 → absorbé");
    expect(describe({ cell: "E4", content: "empty" })).toBe("E4 : vide");
    expect(gemWords({ color: "blue", shape: "large-triangle" })).toBe("grand triangle bleu");
    expect(inWords("mine: illegal: gems[0] (blue large-triangle) and gems[2] (white square) overlap")).toEqual({
      text: "Le grand triangle bleu et le carré blanc se chevauchent",
      gems: [0, 2],
    });
    expect(readableCount(17_600_000)).toBe("17,6 millions");
    const state = {
      seats: [{ seat: 0, name: "Léa", role: "explorer" }],
      outcome: "win",
      mode: "solo",
    } as unknown as GameState;
    expect(endingReason(state, [event({ type: "guess", correct: true })])).toBe(
      "Léa a trouvé la mine avec une proposition juste",
    );
    expect(describeEvent(state, event({ shot: "15", exit: "C", bounces: 2 }))).toBe(
      "Léa envoie un rayon : 15 → sort en C après 2 rebonds",
    );
    const table = { seats: [{ seat: 0, name: "computer 2 (easy)", kind: "computer" }] } as unknown as GameState;
    expect(describeEvent(table, event({ type: "cell", cell: "E4", content: "red" }))).toBe(
      "ordinateur 2 (facile) interroge E4 : rouge",
    );
  });
});
