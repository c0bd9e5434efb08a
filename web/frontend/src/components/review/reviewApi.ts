// The review endpoints of issue 32 (GET /review, /review/why/CELL, POST /review/wrong): types
// and calls, kept beside the components that use them.
import { Observation, call } from "../../api";
import { portText } from "../../orapa/board";
import { describe, readableCount } from "../../orapa/sketch";
import { colorWord } from "../../orapa/words";
import i18n from "../../i18n";

export interface Count {
  count: number;
  exact: boolean;
}
export interface SplitPart {
  answer: Observation | null;
  share: number;
  count: number;
}
export interface QuestionReview {
  number: number;
  question: string;
  answer: Observation;
  before: Count;
  after: Count;
  expected_bits: number;
  bits: number;
  expected_questions: number;
  skill: number;
  luck: number;
  forced: boolean;
  best: { question: string | null; expected_bits: number; expected_questions: number; split?: SplitPart[] };
}
export interface Review {
  questions: QuestionReview[];
  skill: number;
  luck: number;
  forced_after: number | null;
  advisor_questions: number | null;
  advisor_stopped?: boolean;
  asked: number;
  mattered_most: number[];
  costliest: number[];
}
export interface WhyCell {
  cell: string;
  settled: boolean;
  content: string | null;
  answers: (Observation & { number: number })[];
}
export interface WhyWrong {
  correct: boolean;
  unreproduced: number[];
  question: string | null;
  guess_answer: Observation | null;
  mine_answer: Observation | null;
}

export const reviewApi = {
  review: (id: string) => call<{ reviews: Record<string, Review> }>("GET", `/games/${id}/review`),
  why: (id: string, cell: string, seat?: number) =>
    call<WhyCell>(
      "GET",
      `/games/${id}/review/why/${encodeURIComponent(cell)}${seat !== undefined ? `?seat=${seat}` : ""}`,
    ),
  wrong: (id: string, layout: unknown, seat?: number) =>
    call<WhyWrong>("POST", `/games/${id}/review/wrong${seat !== undefined ? `?seat=${seat}` : ""}`, layout),
};

/** A count in words: exact, or "about" an estimate. */
export function countText(c: Count): string {
  const n = readableCount(c.count);
  return c.exact ? n : i18n.t("review:about", { n });
}

/** One answer in words. */
export function answerText(o: Observation | null): string {
  const t = i18n.t;
  if (!o) return t("review:anyOther");
  if (o.cell) return `${o.cell}: ${colorWord(String(o.content))}`; // a colour, "empty" or "absorbed", with no missing key said
  if (o.exit === "absorbed" || !o.exit) return `${portText(o.shot ?? "")} → ${t("review:contents.absorbed")}`;
  if (typeof o.bounces === "number") return describe(o); // "15 → exits at C after 3 bounces" (O9)
  return `${portText(o.shot ?? "")} → ${portText(o.exit)}${o.color ? ` ${t(`common:colors.${o.color}`, { defaultValue: o.color })}` : ""}`; // ports in the player's labels (O10)
}
