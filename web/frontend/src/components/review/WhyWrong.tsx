// "Why wrong?" after the game: for each wrong guess, the answers it does not reproduce, or the
// one question whose answer tells it from the mine.
import { useState } from "react";
import { GameEvent } from "../../api";
import { WhyWrong as Wrong, answerText, reviewApi } from "./reviewApi";

function wrongText(w: Wrong): string {
  if (w.correct) return "This guess is the mine after all.";
  if (w.unreproduced.length > 0)
    return `This guess does not give answer${w.unreproduced.length === 1 ? "" : "s"} ${w.unreproduced.join(", ")}: the board would have answered differently.`;
  if (w.question)
    return `This guess gives every answer heard, but asking ${w.question} tells it from the mine: the guess answers ${answerText(w.guess_answer)}, the mine ${answerText(w.mine_answer)}.`;
  return "Nothing tells this guess from the mine.";
}

export function WhyWrongGuesses({
  gameId,
  seat,
  events,
}: {
  gameId: string;
  seat: number;
  events: GameEvent[];
}): JSX.Element | null {
  const wrong = events.filter((e) => e.type === "guess" && e.seat === seat && e.correct === false && e.layout);
  const [told, setTold] = useState<Record<number, string>>({});
  if (wrong.length === 0) return null;
  const ask = async (e: GameEvent) => {
    try {
      setTold((t) => ({ ...t, [e.seq]: "…" }));
      const w = await reviewApi.wrong(gameId, e.layout, seat);
      setTold((t) => ({ ...t, [e.seq]: wrongText(w) }));
    } catch (err) {
      setTold((t) => ({ ...t, [e.seq]: (err as Error).message }));
    }
  };
  return (
    <div className="why-wrong" data-testid={`why-wrong-${seat}`}>
      {wrong.map((e, i) => (
        <p key={e.seq}>
          {wrong.length > 1 ? `Wrong guess ${i + 1}: ` : "Wrong guess: "}
          {told[e.seq] ? (
            <span role="status">{told[e.seq]}</span>
          ) : (
            <button type="button" onClick={() => ask(e)}>
              Why was it wrong?
            </button>
          )}
        </p>
      ))}
    </div>
  );
}
