// "Why wrong?" after the game: for each wrong guess, the answers it does not reproduce, or the
// one question whose answer tells it from the mine.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import i18n from "../../i18n";
import { GameEvent } from "../../api";
import { WhyWrong as Wrong, answerText, reviewApi } from "./reviewApi";
import { portText } from "../../orapa/board";

function wrongText(w: Wrong): string {
  const t = i18n.t;
  if (w.correct) return t("review:wrong.isMine");
  if (w.unreproduced.length > 0)
    return t("review:wrong.unreproduced", { count: w.unreproduced.length, list: w.unreproduced.join(", ") });
  if (w.question)
    return t("review:wrong.question", {
      question: portText(w.question), // in the player's labels (O10)
      guess: answerText(w.guess_answer),
      mine: answerText(w.mine_answer),
    });
  return t("review:wrong.nothing");
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
  const { t } = useTranslation("review");
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
          {wrong.length > 1 ? t("wrong.nth", { n: i + 1 }) : t("wrong.one")}{" "}
          {told[e.seq] ? (
            <span role="status">{told[e.seq]}</span>
          ) : (
            <button type="button" onClick={() => ask(e)}>
              {t("wrong.why")}
            </button>
          )}
        </p>
      ))}
    </div>
  );
}
