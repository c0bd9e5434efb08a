// Training (issue 32), beside the training panel: the layouts still possible after every answer
// as the game goes (the deduction endpoint's count, asked after each new answer), and "why is
// this cell settled?": click a settled cell for the fewest answers that already force it.
import { useEffect, useState } from "react";
import { Deductions, GameState, api, me, whenFree } from "../../api";
import { COLOR_LETTERS, SCREEN_COLORS } from "../../orapa/colors";
import { Board, CellMark } from "../Board";
import { questionMarks } from "../../views/explorer/marks";
import { NumberedAnswers, whyText } from "./WhyBoard";
import { Count, WhyCell, countText, reviewApi } from "./reviewApi";

type Counts = Record<number, Count>;

function ownSeat(state: GameState): number {
  const mine = me();
  const seat = state.seats.find((s) => mine && String(s.player) === String(mine.id) && s.role !== "director");
  return seat?.seat ?? state.seats.find((s) => s.role !== "director")?.seat ?? 0;
}

function load(key: string): Counts {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? "{}") as Counts;
  } catch {
    return {};
  }
}

function settledMarks(d: Deductions | null): Record<string, CellMark> {
  const out: Record<string, CellMark> = {};
  for (const [cell, what] of Object.entries(d?.cells ?? {})) {
    if (what === "open") continue;
    out[cell] =
      what === "empty"
        ? { fill: "#ffffff", text: "·", title: `${cell}: surely empty; click for why`, deduced: what }
        : {
            fill: SCREEN_COLORS[what] ?? "#ccc",
            text: COLOR_LETTERS[what] ?? what[0].toUpperCase(),
            title: `${cell}: surely ${what}; click for why`,
            deduced: what,
          };
  }
  return out;
}

export function TrainingExtras({ state }: { state: GameState }): JSX.Element {
  const seat = ownSeat(state);
  const heard = state.observations[String(seat)] ?? [];
  const key = `orapa.layouts.${state.id}.${seat}`;
  const [counts, setCounts] = useState<Counts>(() => load(key));
  const [map, setMap] = useState<Deductions | null>(null);
  const [open, setOpen] = useState(false);
  const [why, setWhy] = useState<WhyCell | null>(null);
  const [error, setError] = useState("");
  const n = heard.length;
  useEffect(() => {
    let live = true;
    setWhy(null);
    if (state.status !== "playing") return;
    whenFree(() => api.hintDeductions(state.id))
      .then((d) => {
        // a count arriving after the next answer still belongs to its own answer
        setCounts((c) => {
          const next = { ...c, [n]: { count: d.count, exact: d.exact } };
          sessionStorage.setItem(key, JSON.stringify(next));
          return next;
        });
        if (live) setMap(d);
      })
      .catch((e) => live && setError((e as Error).message));
    return () => {
      live = false;
    };
  }, [state.id, state.status, n, key]);
  const ask = async (cell: string) => {
    setError("");
    try {
      setWhy(await reviewApi.why(state.id, cell));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const steps = Array.from({ length: n + 1 }, (_, k) => k).filter((k) => counts[k]);
  const { ports, cells } = questionMarks(heard);
  const marks = { ...cells, ...settledMarks(map) };
  if (why) marks[why.cell] = { ...(marks[why.cell] ?? {}), title: `${why.cell}: explained beside the board` };
  return (
    <div className="training-extras" data-testid="training-extras">
      <p data-testid="layouts-as-we-go">
        Layouts still possible:{" "}
        {steps.length === 0
          ? "counting…"
          : steps.map((k) => `${k === 0 ? "at the start" : `after answer ${k}`}: ${countText(counts[k])}`).join("; ")}
        {counts[n] ? "" : steps.length ? "; counting the latest…" : ""}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? "Hide why" : "Why is a cell settled?"}
      </button>
      {open && (
        <div className="boards">
          <Board label="why settled" portMarks={ports} cellMarks={marks} onCell={ask} />
          <div>
            <p className="muted">
              Coloured cells are settled by your answers; click one to see the fewest answers that force it.
            </p>
            {why && (
              <p data-testid="why-training" role="status">
                {whyText(why)}
              </p>
            )}
            <NumberedAnswers
              answers={heard}
              lit={why?.answers.map((a) => a.number) ?? []}
              label="your answers, the forcing ones marked"
            />
          </div>
        </div>
      )}
    </div>
  );
}
