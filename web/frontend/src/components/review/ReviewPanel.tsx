// One explorer's review after the game (issue 32): per question the layouts before and after,
// skill, luck, the advisor's question and its expected questions left; totals and a chart.
import { Trans, useTranslation } from "react-i18next";
import i18n, { formatNumber } from "../../i18n";
import { ReviewChart } from "./ReviewChart";
import { Review, countText } from "./reviewApi";
import { portText } from "../../orapa/board";

function luckText(bits: number): string {
  if (Math.abs(bits) < 0.05) return i18n.t("review:luck.expected");
  return bits > 0
    ? i18n.t("review:luck.lucky", { bits: `+${formatNumber(bits, 1)}` })
    : i18n.t("review:luck.unlucky", { bits: formatNumber(bits, 1) });
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
  const { t } = useTranslation("review");
  const qs = review.questions;
  return (
    <div className="review" data-testid="review">
      <p data-testid="review-totals">
        <Trans
          t={t}
          i18nKey="totals.skill"
          count={review.asked}
          values={{ skill: Math.round(review.skill), luck: luckText(review.luck) }}
          components={{ b: <b /> }}
        />{" "}
        {review.forced_after !== null ? t("totals.forced", { n: review.forced_after }) : t("totals.neverForced")}
        {review.advisor_questions !== null
          ? ` ${t("totals.advisor", { count: review.advisor_questions })}`
          : review.advisor_stopped
            ? ` ${t("totals.advisorStopped")}`
            : ""}
        {review.mattered_most.length > 0 &&
          ` ${t("totals.mattered", { count: review.mattered_most.length, list: review.mattered_most.join(", ") })}`}
      </p>
      {qs.length > 0 && <ReviewChart review={review} label={t("reviewOf", { name })} />}
      {qs.length > 0 && (
        <ol className="review-list" aria-label={t("questionsOf", { name })} style={{ listStyle: "none", padding: 0 }}>
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
                {q.number}. {portText(q.question)}
              </b>{" "}
              <span>
                <Trans
                  t={t}
                  i18nKey="line.skill"
                  values={{
                    skill: Math.round(q.skill),
                    luck: luckText(q.luck),
                    before: countText(q.before),
                    after: countText(q.after),
                  }}
                  components={{ b: <b /> }}
                />
                {q.forced ? ` ${t("line.forced")}` : ""}.
              </span>{" "}
              <span className="muted">
                {q.best.question === null
                  ? t("line.nothingLeft")
                  : q.best.question === q.question
                    ? t("line.sameAsAdvisor", { n: formatNumber(q.best.expected_questions, 1) })
                    : t("line.advisorAsks", {
                        best: portText(q.best.question),
                        n: formatNumber(q.best.expected_questions, 1),
                        mine: formatNumber(q.expected_questions, 1),
                        question: portText(q.question),
                      })}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="muted">{t("legend")}</p>
    </div>
  );
}
