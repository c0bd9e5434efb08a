// Training mode (hints on): the deduction map, the advisor's next question and "is my sketch
// forced?", all through the hints endpoints.
import { useEffect, useState } from "react";
import { CheckResult, Deductions, GameState, NextHint, api, whenFree } from "../api";
import { CellMark, PortMark } from "../components/Board";
import { portText } from "../orapa/board";
import { COLOR_LETTERS, SCREEN_COLORS } from "../orapa/colors";
import { GemJSON } from "../orapa/layout";
import { readableCount } from "../orapa/sketch";
import { TrainingExtras } from "../components/review/TrainingExtras";

export function deductionMarks(d: Deductions): Record<string, CellMark> {
  const out: Record<string, CellMark> = {};
  for (const [cell, what] of Object.entries(d.cells)) {
    if (what === "open") out[cell] = { fill: "#e9e4d4", text: "?", title: `${cell}: still open`, deduced: what };
    else if (what === "empty")
      out[cell] = { fill: "#ffffff", text: "·", title: `${cell}: surely empty`, deduced: what };
    else
      out[cell] = {
        fill: SCREEN_COLORS[what] ?? "#ccc",
        text: COLOR_LETTERS[what] ?? what[0].toUpperCase(),
        title: `${cell}: surely ${what}`,
        deduced: what,
      };
  }
  return out;
}

/** What training draws over the question board: settled cells and the advisor's question. */
export interface Overlay {
  cells: Record<string, CellMark>;
  ports: Record<string, PortMark>;
}

/** The overlay laid over the question board's own marks: an answered cell keeps its answer. */
export function withOverlay<T>(
  own: Record<string, T>,
  over: Record<string, T>,
  keep: (mine: T, theirs: T) => T,
): Record<string, T> {
  const out = { ...over };
  for (const [k, v] of Object.entries(own)) out[k] = k in over ? keep(v, over[k]) : v;
  return out;
}

/** The figure the advisor chose its question by, for one ranked question, in words. */
export function hintFigure(r: { expected_bits: number; expected_questions?: number }, short = false): string {
  if (typeof r.expected_questions === "number") {
    return short
      ? `${r.expected_questions.toFixed(2)} questions left`
      : `about ${r.expected_questions.toFixed(2)} questions still needed after it, on average`;
  }
  return short ? `${r.expected_bits.toFixed(2)} bits` : `${r.expected_bits.toFixed(2)} bits of information expected`;
}

/** The advisor's pick and the runners-up, in the advisor's own order and by its own figure. */
export function AdvisorHint({ next }: { next: NextHint }): JSX.Element {
  const best = next.ranking[0] ?? next;
  const byQuestions = typeof best.expected_questions === "number";
  return (
    <p data-testid="hint-next">
      Ask <b>{portText(next.question)}</b>: {hintFigure(best)} (
      {byQuestions ? "the advisor picks the fewest questions left" : "the advisor picks the most information"});{" "}
      {next.exact ? "" : "about "}
      {readableCount(next.candidates)} layout{next.candidates === 1 ? "" : "s"} still fit
      {next.exact ? "" : " (estimated from a sample)"}.
      {next.ranking.length > 1 && (
        <span className="muted">
          {" "}
          Next best:{" "}
          {next.ranking
            .slice(1, 4)
            .map((r) => `${portText(r.question)} (${hintFigure(r, true)})`) // ports in the player's labels (O10)
            .join(", ")}
          .
        </span>
      )}
    </p>
  );
}

/** `onFill`, when given, receives the deduction map's cells for "fill in what is settled". */
export function TrainingPanel({
  state,
  sketch,
  onOverlay,
  onFill,
}: {
  state: GameState;
  sketch: GemJSON[];
  onOverlay: (o: Overlay) => void;
  onFill?: (cells: Record<string, string>) => void;
}): JSX.Element {
  const [deductions, setDeductions] = useState<Deductions | null>(null);
  const [next, setNext] = useState<NextHint | null>(null);
  const [check, setCheck] = useState<CheckResult | null>(null);
  const [filled, setFilled] = useState<number | null>(null);
  const [busy, setBusy] = useState("");
  const [error, setError] = useState("");
  const run = async (what: string, f: () => Promise<void>) => {
    setBusy(what);
    setError("");
    try {
      await f();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy("");
    }
  };
  // the answers change what is settled: an old map is dropped when a new answer arrives
  const heard = Object.values(state.observations).reduce((n, o) => n + o.length, 0);
  useEffect(() => {
    setDeductions(null);
    setNext(null);
    setFilled(null);
  }, [heard]);
  const portMarks: Record<string, PortMark> = {};
  if (next && /^[0-9]+$|^[A-R]$/.test(next.question))
    portMarks[next.question] = { color: "orange", tag: "★", title: "the advisor's question" };
  const cellMarks = deductions ? deductionMarks(deductions) : {};
  if (next && /^[A-J][1-8]$/.test(next.question))
    cellMarks[next.question] = {
      ...(cellMarks[next.question] ?? {}),
      text: "★",
      title: "the advisor's question",
      deduced: cellMarks[next.question]?.deduced ?? "advised",
    };
  const overlay = JSON.stringify({ cells: cellMarks, ports: portMarks });
  useEffect(() => onOverlay(JSON.parse(overlay) as Overlay), [overlay, onOverlay]);
  return (
    <section className="card training" aria-label="training">
      <h2>Training</h2>
      <div className="buttons">
        <button
          type="button"
          disabled={!!busy}
          onClick={() => run("map", async () => setDeductions(await whenFree(() => api.hintDeductions(state.id))))}
        >
          Deduction map
        </button>
        <button
          type="button"
          disabled={!!busy}
          onClick={() => run("next", async () => setNext(await whenFree(() => api.hintNext(state.id))))}
        >
          Advisor's next question
        </button>
        {onFill && (
          <button
            type="button"
            disabled={!!busy}
            onClick={() =>
              run("fill", async () => {
                const d = await whenFree(() => api.hintDeductions(state.id));
                setDeductions(d);
                onFill(d.cells);
                setFilled(Object.values(d.cells).filter((c) => c !== "open").length);
              })
            }
          >
            Fill in what is settled
          </button>
        )}
        <button
          type="button"
          disabled={!!busy || sketch.length === 0}
          onClick={() =>
            run("check", async () => setCheck(await whenFree(() => api.hintCheck(state.id, { gems: sketch }))))
          }
        >
          Is my sketch forced?
        </button>
      </div>
      {busy && <p className="muted">Thinking…</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {next && <AdvisorHint next={next} />}
      {filled !== null && (
        <p data-testid="hint-filled" role="status">
          {filled} settled cell{filled === 1 ? "" : "s"} written into your notes (open cells keep your own marks).
        </p>
      )}
      {deductions && (
        <p data-testid="hint-map">
          {deductions.exact ? "" : "at least "}
          {readableCount(deductions.count)} layout{deductions.count === 1 ? "" : "s"} fit the answers
          {deductions.exact
            ? ""
            : " (the listing stops there; every cell is still proved settled or open against all of them)"}
          ; on the question board, settled cells are coloured in a dashed frame, open ones marked ?.{" "}
          <button type="button" className="link" onClick={() => setDeductions(null)}>
            Hide the map
          </button>
        </p>
      )}
      {check && (
        <p data-testid="hint-check">
          {check.forced
            ? "Forced: your sketch is the only layout that fits."
            : check.consistent
              ? "Your sketch fits every answer, but it is not the only layout that does."
              : `Your sketch does not fit ${check.reproduces.filter((r) => !r).length} of the answers.`}
        </p>
      )}
      <TrainingExtras state={state} />
    </section>
  );
}
