// "Learn from your mistakes" (issue 32): the states where a player lost most skill, replayed as
// exercises: "which question would you ask here?", then the advisor's question and why (how it
// was expected to split the layouts still possible).
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import i18n, { formatNumber } from "../i18n";
import { Observation } from "../api";
import { Board, CellMark, PortMark } from "../components/Board";
import { QuestionReview, Review, answerText, countText } from "../components/review/reviewApi";
import { questionMarks } from "./explorer/marks";
import { portText } from "../orapa/board";

function Split({ q }: { q: QuestionReview }): JSX.Element | null {
  const { t } = useTranslation("review");
  const parts = q.best.split ?? [];
  if (parts.length === 0) return null;
  return (
    <div data-testid="learn-split">
      <p>{t("learn.split", { question: portText(q.best.question ?? ""), n: countText(q.before) })}</p>
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
              {answerText(p.answer)}
              {t(q.before.exact && q.before.count <= 3000 ? "learn.leaves" : "learn.leavesAbout", {
                share: formatNumber(Math.round(p.share * 100)),
                n: formatNumber(p.count),
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function verdict(q: QuestionReview, pick: string): string {
  const t = i18n.t;
  const best = q.best.question ?? "";
  const eq = (n: number) =>
    t("review:learn.expected", { n: formatNumber(n, 1), count: n.toFixed(1) === "1.0" ? 1 : 2 });
  const v = {
    // ports in the player's labels (O10); the comparisons below use the sheet's
    best: portText(best),
    pick: portText(pick),
    question: portText(q.question),
    bestEq: eq(q.best.expected_questions),
    gameEq: eq(q.expected_questions),
    skill: Math.round(q.skill),
  };
  if (pick === best) return t("review:learn.wellFound", v);
  if (pick === q.question) return t("review:learn.asInGame", v);
  return t("review:learn.notJudged", v);
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
  const { t } = useTranslation("review");
  const exercises = review.costliest
    .map((n) => review.questions.find((q) => q.number === n))
    .filter((q): q is QuestionReview => !!q && q.best.question !== null);
  const [at, setAt] = useState(0);
  const [pick, setPick] = useState<string | null>(null);
  if (exercises.length === 0) {
    return (
      <section className="card learn" aria-label={t("learn.label")}>
        <p data-testid="learn-none">{t("learn.none", { name })}</p>
        <button type="button" onClick={onClose}>
          {t("common:actions.close")}
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
      cellMarks[star] = { ...(cellMarks[star] ?? {}), text: "★", title: t("advisorsQuestion") };
    else portMarks[star] = { ...(portMarks[star] ?? {}), tag: "★", color: "orange", title: t("advisorsQuestion") };
  }
  const choose = (label: string) => {
    if (pick === null) setPick(label);
  };
  const next = () => {
    setAt((a) => a + 1);
    setPick(null);
  };
  return (
    <section className="card learn" aria-label={t("learn.label")}>
      <h2>{t("learn.title")}</h2>
      <p data-testid="learn-step">
        {t("learn.step", {
          at: at + 1,
          of: exercises.length,
          number: q.number,
          count: before.length,
          n: countText(q.before),
        })}
      </p>
      <p>
        <Trans t={t} i18nKey="learn.which" components={{ b: <b /> }} />
      </p>
      <div className="boards">
        <Board
          label={t("learn.boardLabel")}
          portMarks={portMarks}
          cellMarks={cellMarks}
          onPort={choose}
          onCell={choose}
        />
        <div>
          {pick === null ? (
            <p className="muted">{t("learn.marked")}</p>
          ) : (
            <div data-testid="learn-answer" role="status">
              <p>
                <Trans t={t} i18nKey="learn.chose" values={{ pick }} components={{ b: <b /> }} /> {verdict(q, pick)}
              </p>
              <Split q={q} />
              <p className="muted">{t("learn.fewer")}</p>
              {at + 1 < exercises.length ? (
                <button type="button" className="primary" onClick={next}>
                  {t("learn.next")}
                </button>
              ) : (
                <p data-testid="learn-done">
                  {t("learn.last")}{" "}
                  <button type="button" onClick={onClose}>
                    {t("common:actions.close")}
                  </button>
                </p>
              )}
            </div>
          )}
          <ol className="answer-log" aria-label={t("learn.before")}>
            {before.map((o, i) => (
              <li key={i}>{answerText(o)}</li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
