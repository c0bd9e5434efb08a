// The puzzle of the day, the same for everyone, and a guess at it (docs/interface.md, "Web API":
// /daily).
import type { LayoutJSON, Rules } from "../orapa/layout";
import { call } from "./client";
import type { Observation } from "./games";

export interface Puzzle {
  gems: string | { shape: string; color: string }[];
  rules?: Partial<Rules>;
  observations: Observation[];
  date?: string;
  you?: DailyResult;
  [more: string]: unknown;
}
export interface DailyResult {
  attempts: number;
  solved: boolean;
}

export const dailyCalls = {
  daily: () => call<Puzzle>("GET", "/daily"),
  dailyGuess: (layout: LayoutJSON) => call<{ correct: boolean } & DailyResult>("POST", "/daily/guess", layout),
};
