// What the server's solvers and advisor say about a game in play or over (docs/interface.md,
// "Web API": /games/{id}/hints and /games/{id}/analysis).
import type { LayoutJSON } from "../orapa/layout";
import { call } from "./client";

export interface RankedQuestion {
  question: string;
  expected_bits: number;
  expected_questions?: number;
}
export interface NextHint {
  question: string;
  expected_bits: number;
  expected_questions?: number;
  candidates: number;
  exact: boolean;
  strategy?: string;
  ranking: RankedQuestion[];
}
export interface Deductions {
  count: number;
  exact: boolean;
  cells: Record<string, string>;
}
export interface CheckResult {
  reproduces: boolean[];
  consistent: boolean;
  forced: boolean;
}
export interface Analysis {
  [seat: string]: {
    forced_after: number | null;
    bits: number[];
    advisor_questions: number | null;
    advisor_stopped?: boolean;
  };
}
/** The other games' solver hint: the best move found for `side` and its value. */
export interface SolverHint {
  side: string;
  best: number | null;
  value: number;
  exact: boolean;
  depth: number;
}

export const hintCalls = {
  solverHint: (id: string, as?: string) => call<SolverHint>("GET", `/games/${id}/hints/solver`, undefined, as),
  hintNext: (id: string) => call<NextHint>("GET", `/games/${id}/hints/next`),
  hintDeductions: (id: string) => call<Deductions>("GET", `/games/${id}/hints/deductions`),
  hintCheck: (id: string, layout: LayoutJSON) => call<CheckResult>("POST", `/games/${id}/hints/check`, layout),
  analysis: (id: string) => call<Analysis>("GET", `/games/${id}/analysis`),
};
