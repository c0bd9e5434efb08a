// Training mode (hints on): the deduction map, the advisor's next question and "is my sketch
// forced?", all through the hints endpoints.
import { useState } from "react";
import { CheckResult, Deductions, GameState, NextHint, api } from "../api";
import { Board, CellMark, PortMark } from "../components/Board";
import { SCREEN_COLORS } from "../orapa/colors";
import { GemJSON } from "../orapa/layout";

export function deductionMarks(d: Deductions): Record<string, CellMark> {
  const out: Record<string, CellMark> = {};
  for (const [cell, what] of Object.entries(d.cells)) {
    if (what === "open") out[cell] = { fill: "#e9e4d4", text: "?", title: `${cell}: still open` };
    else if (what === "empty") out[cell] = { fill: "#ffffff", text: "·", title: `${cell}: surely empty` };
    else out[cell] = { fill: SCREEN_COLORS[what] ?? "#ccc", text: what[0].toUpperCase(), title: `${cell}: surely ${what}` };
  }
  return out;
}

export function TrainingPanel({ state, sketch }: { state: GameState; sketch: GemJSON[] }): JSX.Element {
  const [deductions, setDeductions] = useState<Deductions | null>(null);
  const [next, setNext] = useState<NextHint | null>(null);
  const [check, setCheck] = useState<CheckResult | null>(null);
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
  const portMarks: Record<string, PortMark> = {};
  if (next && /^[0-9]+$|^[A-R]$/.test(next.question)) portMarks[next.question] = { color: "orange", tag: "★", title: "the advisor's question" };
  const cellMarks = deductions ? deductionMarks(deductions) : {};
  if (next && /^[A-J][1-8]$/.test(next.question)) cellMarks[next.question] = { ...(cellMarks[next.question] ?? {}), text: "★", title: "the advisor's question" };
  return (
    <section className="card training" aria-label="training">
      <h2>Training</h2>
      <div className="buttons">
        <button type="button" disabled={!!busy} onClick={() => run("map", async () => setDeductions(await api.hintDeductions(state.id)))}>Deduction map</button>
        <button type="button" disabled={!!busy} onClick={() => run("next", async () => setNext(await api.hintNext(state.id)))}>Advisor's next question</button>
        <button type="button" disabled={!!busy || sketch.length === 0} onClick={() => run("check", async () => setCheck(await api.hintCheck(state.id, { gems: sketch })))}>Is my sketch forced?</button>
      </div>
      {busy && <p className="muted">Thinking…</p>}
      {error && <p className="error" role="alert">{error}</p>}
      {next && (
        <p data-testid="hint-next">Ask <b>{next.question}</b>: {next.expected_bits.toFixed(2)} bits expected; {next.exact ? "" : "about "}{next.candidates} layout{next.candidates === 1 ? "" : "s"} still fit.
          {next.ranking.length > 1 && <span className="muted"> Then: {next.ranking.slice(1, 4).map((r) => `${r.question} (${r.expected_bits.toFixed(2)})`).join(", ")}</span>}</p>
      )}
      {deductions && <p data-testid="hint-map">{deductions.exact ? "" : "at least "}{deductions.count} layout{deductions.count === 1 ? "" : "s"} fit the answers; settled cells are coloured, open ones marked ?.</p>}
      {check && (
        <p data-testid="hint-check">{check.forced ? "Forced: your sketch is the only layout that fits." :
          check.consistent ? "Your sketch fits every answer, but it is not the only layout that does." :
            `Your sketch does not fit ${check.reproduces.filter((r) => !r).length} of the answers.`}</p>
      )}
      {(deductions || next) && <Board label="deduction map" cellMarks={cellMarks} portMarks={portMarks} />}
    </section>
  );
}
