// The daily puzzle: today's answers on the board, a sketch traced in the browser, one guess.
import { useEffect, useMemo, useState } from "react";
import { DailyResult, Puzzle, api } from "../api";
import { Board } from "../components/Board";
import { SketchEditor } from "../components/SketchEditor";
import { gemSet } from "../orapa/layout";
import { checkSketch, remaining } from "../orapa/sketch";
import { useDraft } from "./draft";
import { AnswerLog } from "./explorer/AnswerLog";
import { questionMarks } from "./explorer/marks";

/** What each grade asks of the player, in a few words (docs/review.md, "Puzzle grades"). */
const GRADE_WORDS: Record<string, string> = {
  easy: "a few answers combined settle it",
  medium: "several answers must be combined",
  hard: "long chains of answers, or gems no shot touches",
  extreme: "the longest chains, with many layouts open until the end",
};

export function DailyPage(): JSX.Element {
  const [puzzle, setPuzzle] = useState<Puzzle | null>(null);
  const [sketch, setSketch] = useDraft(`orapa.daily.${String(puzzle?.date ?? "")}`);
  const [result, setResult] = useState<boolean | null>(null);
  const [you, setYou] = useState<DailyResult | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api
      .daily()
      .then((p) => {
        setPuzzle(p);
        setYou(p.you ?? null);
      })
      .catch((e) => setError((e as Error).message));
  }, []);
  const marks = useMemo(() => (puzzle ? checkSketch({ gems: sketch }, puzzle.observations) : []), [puzzle, sketch]);
  if (error && !puzzle)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!puzzle) return <p>Loading today's puzzle…</p>;
  const { ports, cells } = questionMarks(puzzle.observations);
  const set = gemSet(puzzle.gems as string);
  const missing = remaining(set, sketch);
  const guess = async () => {
    setError("");
    try {
      const out = await api.dailyGuess({ gems: sketch });
      setResult(out.correct);
      setYou({ attempts: out.attempts, solved: out.solved });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const day = String(puzzle.date ?? "");
  return (
    <div className="daily">
      <h1>
        Daily puzzle of{" "}
        {day
          ? new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
              weekday: "long",
              day: "numeric",
              month: "long",
              year: "numeric",
              timeZone: "UTC",
            })
          : "today"}
      </h1>
      {typeof puzzle.grade === "string" && (
        <p data-testid="daily-grade">
          Grade: <b>{puzzle.grade}</b> ({GRADE_WORDS[puzzle.grade] ?? "graded by the reasoning it needs"}).
        </p>
      )}
      <p>
        Gems:{" "}
        {typeof puzzle.gems === "string" ? puzzle.gems : puzzle.gems.map((g) => `${g.color} ${g.shape}`).join(", ")}.
        Find the only layout that gives these answers. A new puzzle comes at midnight (UTC).
      </p>
      {you && (
        <p data-testid="daily-record" role="status">
          {you.solved
            ? `Solved today in ${you.attempts} attempt${you.attempts === 1 ? "" : "s"}.`
            : you.attempts
              ? `${you.attempts} attempt${you.attempts === 1 ? "" : "s"} so far, not solved yet.`
              : "No attempt yet today."}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="boards">
        <section aria-label="answers">
          <Board label="daily answers" portMarks={ports} cellMarks={cells} />
          <AnswerLog observations={puzzle.observations} marks={sketch.length ? marks : undefined} />
        </section>
        <section aria-label="sketch">
          <SketchEditor label="daily sketch" gemSet={set} gems={sketch} onChange={setSketch} portMarks={ports} />
          <p data-testid="daily-score">
            {marks.filter(Boolean).length} of {marks.length} answers reproduced
          </p>
          <button type="button" className="primary" disabled={missing.length > 0} onClick={guess}>
            {missing.length > 0
              ? `Place ${missing.length} more gem${missing.length === 1 ? "" : "s"} to submit`
              : "Submit my answer"}
          </button>
          {result !== null && (
            <p className="verdict" role="status">
              {result ? "Correct! Come back tomorrow." : "Not this one: keep looking."}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
