// "Why?" after the game: click a cell of the revealed board to see the fewest answers that
// already force it; the answers are highlighted in the list beside it.
import { useState } from "react";
import { Observation } from "../../api";
import { LayoutJSON } from "../../orapa/layout";
import { Board, CellMark } from "../Board";
import { questionMarks } from "../../views/explorer/marks";
import { WhyCell, answerText, reviewApi } from "./reviewApi";

export function whyText(w: WhyCell): string {
  if (!w.settled) return `${w.cell} is still open: the answers allow more than one thing there.`;
  const what = w.content === "empty" ? "empty" : `${w.content}`;
  if (w.answers.length === 0) return `${w.cell} is ${what} before any answer (the rules alone settle it).`;
  const list = w.answers.map((a) => a.number).join(", ");
  return `${w.cell} is surely ${what}: answer${w.answers.length === 1 ? "" : "s"} ${list} already force${w.answers.length === 1 ? "s" : ""} it (${w.answers.length === 1 ? "without that answer" : "without any one of them"}, it would not be certain).`;
}

/** The answers heard, numbered from 1, with `lit` ones highlighted. */
export function NumberedAnswers({
  answers,
  lit,
  label,
}: {
  answers: Observation[];
  lit: number[];
  label: string;
}): JSX.Element {
  return (
    <ol className="answer-log" aria-label={label}>
      {answers.map((o, i) => (
        <li
          key={i}
          data-answer={i + 1}
          data-lit={lit.includes(i + 1) ? "yes" : "no"}
          style={lit.includes(i + 1) ? { background: "#fff3c4", fontWeight: 600 } : undefined}
        >
          {answerText(o)}
          {lit.includes(i + 1) ? " ← forces it" : ""}
        </li>
      ))}
    </ol>
  );
}

export function WhyBoard({
  gameId,
  seat,
  name,
  heard,
  mine,
}: {
  gameId: string;
  seat: number;
  name: string;
  heard: Observation[];
  mine?: LayoutJSON;
}): JSX.Element {
  const [why, setWhy] = useState<WhyCell | null>(null);
  const [busy, setBusy] = useState("");
  const [error, setError] = useState("");
  const ask = async (cell: string) => {
    setBusy(cell);
    setError("");
    try {
      setWhy(await reviewApi.why(gameId, cell, seat));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy("");
    }
  };
  const { ports, cells } = questionMarks(heard);
  const marks: Record<string, CellMark> = { ...cells };
  if (why) marks[why.cell] = { ...(marks[why.cell] ?? {}), fill: "#ffe08a", title: `${why.cell}: explained below` };
  return (
    <section className="why" aria-label={`why ${name}`}>
      <h3>Why is a cell certain?</h3>
      <p className="muted">Click a cell: the fewest of {name}'s answers that already force what is there.</p>
      <div className="boards">
        <Board label={`why board ${name}`} gems={mine?.gems} portMarks={ports} cellMarks={marks} onCell={ask} />
        <div>
          {busy && <p className="muted">Looking at {busy}…</p>}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          {why && (
            <p data-testid={`why-${seat}`} role="status">
              {whyText(why)}
            </p>
          )}
          <NumberedAnswers
            answers={heard}
            lit={why?.answers.map((a) => a.number) ?? []}
            label={`${name}'s answers, the forcing ones marked`}
          />
        </div>
      </div>
    </section>
  );
}
