// "Learn from your mistakes" (issue 32): the states where a player lost most skill, replayed as
// exercises: "which question would you ask here?", then the advisor's question and why (how it
// was expected to split the layouts still possible).
import { useState } from "react";
import { Observation } from "../api";
import { Board, CellMark, PortMark } from "../components/Board";
import { QuestionReview, Review, answerText, countText } from "../components/review/reviewApi";
import { questionMarks } from "./explorer/marks";

function Split({ q }: { q: QuestionReview }): JSX.Element | null {
  const parts = q.best.split ?? [];
  if (parts.length === 0) return null;
  return (
    <div data-testid="learn-split">
      <p>
        How {q.best.question} was expected to divide the {countText(q.before)} layouts (the share of them giving each
        answer):
      </p>
      <ul className="split" style={{ listStyle: "none", padding: 0 }}>
        {parts.map((p, i) => (
          <li key={i} style={{ display: "flex", alignItems: "center", gap: "0.5em", margin: "2px 0" }}>
            <span
              style={{
                display: "inline-block",
                width: `${Math.max(2, p.share * 160)}px`,
                height: "0.8em",
                background: "#1f5fd1",
              }}
              aria-hidden="true"
            />
            <span>
              {answerText(p.answer)}: {Math.round(p.share * 100)}% (leaves{" "}
              {q.before.exact && q.before.count <= 3000 ? "" : "about "}
              {p.count.toLocaleString("en-GB")})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function verdict(q: QuestionReview, pick: string): string {
  const best = q.best.question ?? "";
  const eq = (n: number) => `${n.toFixed(1)} more question${n.toFixed(1) === "1.0" ? "" : "s"} expected`;
  if (pick === best)
    return `Well found: ${best} is the advisor's question here (${eq(q.best.expected_questions)}). In the game, ${q.question} was asked (${eq(q.expected_questions)}, skill ${Math.round(q.skill)}).`;
  if (pick === q.question)
    return `That is what was asked in the game: ${q.question}, ${eq(q.expected_questions)} (skill ${Math.round(q.skill)}). The advisor asks ${best}: ${eq(q.best.expected_questions)}.`;
  return `The review did not judge ${pick}. The advisor asks ${best}: ${eq(q.best.expected_questions)}; the game's ${q.question} left ${eq(q.expected_questions)} (skill ${Math.round(q.skill)}).`;
}

export function LearnMistakes({
  review,
  heard,
  name,
  onClose,
}: {
  review: Review;
  heard: Observation[];
  name: string;
  onClose: () => void;
}): JSX.Element {
  const exercises = review.costliest
    .map((n) => review.questions.find((q) => q.number === n))
    .filter((q): q is QuestionReview => !!q && q.best.question !== null);
  const [at, setAt] = useState(0);
  const [pick, setPick] = useState<string | null>(null);
  if (exercises.length === 0) {
    return (
      <section className="card learn" aria-label="learn from your mistakes">
        <p data-testid="learn-none">
          No costly question to practise: every question of {name} was as good as the advisor's.
        </p>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </section>
    );
  }
  const q = exercises[at];
  const before = heard.slice(0, q.number - 1);
  const { ports, cells } = questionMarks(before);
  const portMarks: Record<string, PortMark> = { ...ports };
  const cellMarks: Record<string, CellMark> = { ...cells };
  if (pick !== null && q.best.question) {
    const star = q.best.question;
    if (/^[A-J][1-8]$/.test(star))
      cellMarks[star] = { ...(cellMarks[star] ?? {}), text: "★", title: "the advisor's question" };
    else portMarks[star] = { ...(portMarks[star] ?? {}), tag: "★", color: "orange", title: "the advisor's question" };
  }
  const choose = (label: string) => {
    if (pick === null) setPick(label);
  };
  const next = () => {
    setAt((a) => a + 1);
    setPick(null);
  };
  return (
    <section className="card learn" aria-label="learn from your mistakes">
      <h2>Learn from your mistakes</h2>
      <p data-testid="learn-step">
        Exercise {at + 1} of {exercises.length}: before question {q.number}, after {before.length} answer
        {before.length === 1 ? "" : "s"}, {countText(q.before)} layouts were still possible.
      </p>
      <p>
        <b>Which question would you ask here?</b> Click a port (a shot) or a cell.
      </p>
      <div className="boards">
        <Board label="learn board" portMarks={portMarks} cellMarks={cellMarks} onPort={choose} onCell={choose} />
        <div>
          {pick === null ? (
            <p className="muted">The answers heard so far are marked on the board.</p>
          ) : (
            <div data-testid="learn-answer" role="status">
              <p>
                You chose <b>{pick}</b>. {verdict(q, pick)}
              </p>
              <Split q={q} />
              <p className="muted">
                Fewer questions expected left is better: a question whose answers split the layouts into many even parts
                usually leaves the fewest.
              </p>
              {at + 1 < exercises.length ? (
                <button type="button" className="primary" onClick={next}>
                  Next exercise
                </button>
              ) : (
                <p data-testid="learn-done">
                  That was the last one.{" "}
                  <button type="button" onClick={onClose}>
                    Close
                  </button>
                </p>
              )}
            </div>
          )}
          <ol className="answer-log" aria-label="answers before this question">
            {before.map((o, i) => (
              <li key={i}>{answerText(o)}</li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
