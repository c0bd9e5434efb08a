// The daily puzzle: today's answers on the board, a sketch traced in the browser, one guess.
import { useEffect, useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { DailyResult, Puzzle, api } from "../api";
import { formatDate } from "../i18n";
import { Board } from "../components/Board";
import { SketchEditor } from "../components/SketchEditor";
import { gemSet } from "../orapa/layout";
import { checkSketch, remaining } from "../orapa/sketch";
import { useDraft } from "./draft";
import { AnswerLog } from "./explorer/AnswerLog";
import { questionMarks } from "./explorer/marks";

/** What each grade asks of the player is daily:grades.{grade} (docs/review.md, "Puzzle grades"). */
export function DailyPage(): JSX.Element {
  const { t } = useTranslation("daily");
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
  if (!puzzle) return <p>{t("loading")}</p>;
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
        {t("title", {
          day: day
            ? formatDate(`${day}T12:00:00Z`, {
                weekday: "long",
                day: "numeric",
                month: "long",
                year: "numeric",
                timeZone: "UTC",
              })
            : t("today"),
        })}
      </h1>
      {typeof puzzle.grade === "string" && (
        <p data-testid="daily-grade">
          <Trans
            t={t}
            i18nKey="grade"
            values={{
              grade: t(`gradeNames.${puzzle.grade}`, { defaultValue: puzzle.grade }),
              words: t(`grades.${puzzle.grade}`, { defaultValue: t("grades.other") }),
            }}
            components={{ b: <b /> }}
          />
        </p>
      )}
      <p>
        {t("gems", {
          gems:
            typeof puzzle.gems === "string"
              ? t(`lobby:create.gemSets.${puzzle.gems}`, { defaultValue: puzzle.gems })
              : puzzle.gems
                  .map((g) =>
                    t("learn:orapa.gem", {
                      color: t(`common:colors.${g.color}`),
                      shape: t(`common:shapes.${g.shape}`),
                    }),
                  )
                  .join(", "),
        })}
      </p>
      {you && (
        <p data-testid="daily-record" role="status">
          {you.solved
            ? t("solved", { count: you.attempts })
            : you.attempts
              ? t("notYet", { count: you.attempts })
              : t("noAttempt")}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="boards">
        <section aria-label={t("answersLabel")}>
          <Board label={t("boardLabel")} portMarks={ports} cellMarks={cells} />
          <AnswerLog observations={puzzle.observations} marks={sketch.length ? marks : undefined} />
        </section>
        <section aria-label={t("sketchLabel")}>
          <SketchEditor label="daily sketch" gemSet={set} gems={sketch} onChange={setSketch} portMarks={ports} />
          <p data-testid="daily-score">{t("score", { count: marks.length, done: marks.filter(Boolean).length })}</p>
          <button type="button" className="primary" disabled={missing.length > 0} onClick={guess}>
            {missing.length > 0 ? t("placeMore", { count: missing.length }) : t("submit")}
          </button>
          {result !== null && (
            <p className="verdict" role="status">
              {result ? t("correct") : t("wrong")}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
