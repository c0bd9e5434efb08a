// One explorer's review after the game (issue 32): per question the layouts before and after,
// skill, luck, the advisor's question and its expected questions left; totals and a chart.
import { ReviewChart } from "./ReviewChart";
import { Review, countText } from "./reviewApi";

function luckText(bits: number): string {
  if (Math.abs(bits) < 0.05) return "as expected";
  return bits > 0 ? `lucky (+${bits.toFixed(1)} bits)` : `unlucky (${bits.toFixed(1)} bits)`;
}

export function ReviewPanel({
  review,
  name,
  highlight,
}: {
  review: Review;
  name: string;
  highlight?: number[];
}): JSX.Element {
  const qs = review.questions;
  return (
    <div className="review" data-testid="review">
      <p data-testid="review-totals">
        <b>Skill {Math.round(review.skill)}</b> out of 100 over {review.asked} question{review.asked === 1 ? "" : "s"};
        luck over the game: {luckText(review.luck)}.{" "}
        {review.forced_after !== null
          ? `The answers left a single layout after question ${review.forced_after}.`
          : "The answers never narrowed the mine down to a single layout."}
        {review.advisor_questions !== null
          ? ` The advisor, playing the same mine, needed ${review.advisor_questions} question${review.advisor_questions === 1 ? "" : "s"}.`
          : ""}
        {review.mattered_most.length > 0 &&
          ` The answers that told most: question${review.mattered_most.length === 1 ? "" : "s"} ${review.mattered_most.join(", ")}.`}
      </p>
      {qs.length > 0 && <ReviewChart review={review} label={`${name}'s review`} />}
      {qs.length > 0 && (
        <ol
          className="review-list"
          aria-label={`${name}'s questions reviewed`}
          style={{ listStyle: "none", padding: 0 }}
        >
          {qs.map((q) => (
            <li
              key={q.number}
              data-testid={`review-q-${q.number}`}
              data-question={q.question}
              style={{
                borderTop: "1px solid #ddd",
                padding: "4px 2px",
                background: highlight?.includes(q.number) ? "#fff3c4" : undefined,
              }}
            >
              <b>
                {q.number}. {q.question}
              </b>{" "}
              <span>
                skill <b>{Math.round(q.skill)}</b>, {luckText(q.luck)}; layouts {countText(q.before)} →{" "}
                {countText(q.after)}
                {q.forced ? " (the mine forced)" : ""}.
              </span>{" "}
              <span className="muted">
                {q.best.question === null
                  ? "Nothing was left to ask."
                  : q.best.question === q.question
                    ? `The advisor's question too (${q.best.expected_questions.toFixed(1)} questions left expected).`
                    : `The advisor asks ${q.best.question}: ${q.best.expected_questions.toFixed(1)} questions left expected, against ${q.expected_questions.toFixed(1)} for ${q.question}.`}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="muted">
        Skill: how close each question came to the advisor's best by the questions it was expected to leave (100: as
        good as the best; 0: it could not tell anything new). Luck: how much more (or less) the answer told than the
        question promised on average. Counts marked "about" are estimates.
      </p>
    </div>
  );
}
