// Everything of issue 32 for one explorer after the game: the review, "learn from your
// mistakes", why a cell is certain, why a guess was wrong.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GameEvent, GameState, Observation } from "../../api";
import { LayoutJSON } from "../../orapa/layout";
import { LearnMistakes } from "../../views/LearnMistakes";
import { ReviewPanel } from "./ReviewPanel";
import { useReviews } from "./useReview";
import { WhyBoard } from "./WhyBoard";
import { WhyWrongGuesses } from "./WhyWrong";

export function ExplorerReview({
  state,
  seat,
  name,
  mine,
  events,
}: {
  state: GameState;
  seat: number;
  name: string;
  mine?: LayoutJSON;
  events: GameEvent[];
}): JSX.Element {
  const { t } = useTranslation("review");
  const { reviews, error } = useReviews(state.id);
  const [learning, setLearning] = useState(false);
  const review = reviews?.[String(seat)];
  const heard: Observation[] = state.observations[String(seat)] ?? [];
  return (
    <div className="explorer-review" data-testid={`review-${seat}`}>
      <h3>{t("howAsked", { name })}</h3>
      {error ? (
        <p className="muted">{error}</p>
      ) : !reviews ? (
        <p className="muted" data-testid="pending-review">
          {t("pending")}
        </p>
      ) : !review ? (
        <p className="muted">{t("noReview")}</p>
      ) : (
        <>
          <ReviewPanel review={review} name={name} highlight={learning ? review.costliest : undefined} />
          {learning ? (
            <LearnMistakes review={review} heard={heard} name={name} onClose={() => setLearning(false)} />
          ) : (
            <button type="button" onClick={() => setLearning(true)}>
              {t("learnFrom", { name })}
            </button>
          )}
        </>
      )}
      <WhyWrongGuesses gameId={state.id} seat={seat} events={events} />
      {heard.length > 0 && <WhyBoard gameId={state.id} seat={seat} name={name} heard={heard} mine={mine} />}
    </div>
  );
}
