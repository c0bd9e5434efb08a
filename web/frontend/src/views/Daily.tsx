// The daily puzzle: today's answers on the board, a sketch traced in the browser, one guess.
import { useEffect, useMemo, useState } from "react";
import { Puzzle, api } from "../api";
import { Board } from "../components/Board";
import { SketchEditor } from "../components/SketchEditor";
import { GemJSON, gemSet } from "../orapa/layout";
import { checkSketch } from "../orapa/sketch";
import { AnswerLog, questionMarks } from "./ExplorerView";

export function DailyPage(): JSX.Element {
  const [puzzle, setPuzzle] = useState<Puzzle | null>(null);
  const [sketch, setSketch] = useState<GemJSON[]>([]);
  const [result, setResult] = useState<boolean | null>(null);
  const [error, setError] = useState("");
  useEffect(() => { api.daily().then(setPuzzle).catch((e) => setError((e as Error).message)); }, []);
  const marks = useMemo(() => (puzzle ? checkSketch({ gems: sketch }, puzzle.observations) : []), [puzzle, sketch]);
  if (error) return <p className="error" role="alert">{error}</p>;
  if (!puzzle) return <p>Loading today's puzzle…</p>;
  const { ports, cells } = questionMarks(puzzle.observations);
  const guess = async () => {
    try {
      setResult((await api.dailyGuess({ gems: sketch })).correct);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div className="daily">
      <h1>Daily puzzle</h1>
      <p>Gems: {typeof puzzle.gems === "string" ? puzzle.gems : puzzle.gems.map((g) => `${g.color} ${g.shape}`).join(", ")}. Find the only layout that gives these answers.</p>
      <div className="boards">
        <section aria-label="answers"><Board label="daily answers" portMarks={ports} cellMarks={cells} /><AnswerLog observations={puzzle.observations} marks={sketch.length ? marks : undefined} /></section>
        <section aria-label="sketch">
          <SketchEditor label="daily sketch" gemSet={gemSet(puzzle.gems as string)} gems={sketch} onChange={setSketch} portMarks={ports} />
          <p data-testid="daily-score">{marks.filter(Boolean).length} of {marks.length} answers reproduced</p>
          <button type="button" className="primary" disabled={!sketch.length} onClick={guess}>Submit my answer</button>
          {result !== null && <p className="verdict" role="status">{result ? "Correct! Come back tomorrow." : "Not this one: keep looking."}</p>}
        </section>
      </div>
    </div>
  );
}
