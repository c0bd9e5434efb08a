// Training mode (hints on): the deduction map, the advisor's next question and "is my sketch
// forced?", all through the hints endpoints.
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import i18n, { formatNumber } from "../i18n";
import { CheckResult, Deductions, GameState, NextHint, api, whenFree } from "../api";
import { CellMark, PortMark } from "../components/Board";
import { portText } from "../orapa/board";
import { COLOR_LETTERS, SCREEN_COLORS } from "../orapa/colors";
import { GemJSON } from "../orapa/layout";
import { readableCount } from "../orapa/sketch";
import { TrainingExtras } from "../components/review/TrainingExtras";

export function deductionMarks(d: Deductions): Record<string, CellMark> {
  const t = i18n.t;
  const out: Record<string, CellMark> = {};
  for (const [cell, what] of Object.entries(d.cells)) {
    if (what === "open")
      out[cell] = { fill: "#e9e4d4", text: "?", title: t("review:training.open", { cell }), deduced: what };
    else if (what === "empty")
      out[cell] = {
        fill: "#ffffff",
        text: "·",
        title: t("review:training.surely", { cell, what: t("review:contents.empty") }),
        deduced: what,
      };
    else
      out[cell] = {
        fill: SCREEN_COLORS[what] ?? "#ccc",
        text: COLOR_LETTERS[what] ?? what[0].toUpperCase(),
        title: t("review:training.surely", { cell, what: t(`common:colors.${what}`, { defaultValue: what }) }),
        deduced: what,
      };
  }
  return out;
}

/** What training draws over the question board: settled cells and the advisor's question. */
export interface Overlay {
  cells: Record<string, CellMark>;
  ports: Record<string, PortMark>;
}

/** The overlay laid over the question board's own marks: an answered cell keeps its answer. */
export function withOverlay<T>(
  own: Record<string, T>,
  over: Record<string, T>,
  keep: (mine: T, theirs: T) => T,
): Record<string, T> {
  const out = { ...over };
  for (const [k, v] of Object.entries(own)) out[k] = k in over ? keep(v, over[k]) : v;
  return out;
}

/** The figure the advisor chose its question by, for one ranked question, in words. */
export function hintFigure(r: { expected_bits: number; expected_questions?: number }, short = false): string {
  const t = i18n.t;
  if (typeof r.expected_questions === "number") {
    const n = formatNumber(r.expected_questions, 2);
    return short ? t("review:hint.questionsShort", { n }) : t("review:hint.questionsLong", { n });
  }
  const n = formatNumber(r.expected_bits, 2);
  return short ? t("review:hint.bitsShort", { n }) : t("review:hint.bitsLong", { n });
}

/** The advisor's pick and the runners-up, in the advisor's own order and by its own figure. */
export function AdvisorHint({ next }: { next: NextHint }): JSX.Element {
  const { t } = useTranslation("review");
  const best = next.ranking[0] ?? next;
  const byQuestions = typeof best.expected_questions === "number";
  return (
    <p data-testid="hint-next">
      <Trans
        t={t}
        i18nKey="hint.ask"
        values={{
          question: portText(next.question),
          figure: hintFigure(best),
          how: byQuestions ? t("hint.byQuestions") : t("hint.byBits"),
        }}
        components={{ b: <b /> }}
      />{" "}
      {t(next.exact ? "hint.fit" : "hint.fitAbout", { n: readableCount(next.candidates), count: next.candidates })}
      {next.ranking.length > 1 && (
        <span className="muted">
          {" "}
          {t("hint.nextBest")}{" "}
          {next.ranking
            .slice(1, 4)
            .map((r) => `${portText(r.question)} (${hintFigure(r, true)})`) // ports in the player's labels (O10)
            .join(", ")}
          .
        </span>
      )}
    </p>
  );
}

/** `onFill`, when given, receives the deduction map's cells for "fill in what is settled". */
export function TrainingPanel({
  state,
  sketch,
  onOverlay,
  onFill,
}: {
  state: GameState;
  sketch: GemJSON[];
  onOverlay: (o: Overlay) => void;
  onFill?: (cells: Record<string, string>) => void;
}): JSX.Element {
  const { t } = useTranslation("review");
  const [deductions, setDeductions] = useState<Deductions | null>(null);
  const [next, setNext] = useState<NextHint | null>(null);
  const [check, setCheck] = useState<CheckResult | null>(null);
  const [filled, setFilled] = useState<number | null>(null);
  const [busy, setBusy] = useState("");
  const [error, setError] = useState("");
  const run = async (what: string, f: () => Promise<void>) => {
    setBusy(what);
    setError("");
    try {
      await f();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy("");
    }
  };
  // the answers change what is settled: an old map is dropped when a new answer arrives
  const heard = Object.values(state.observations).reduce((n, o) => n + o.length, 0);
  useEffect(() => {
    setDeductions(null);
    setNext(null);
    setFilled(null);
  }, [heard]);
  const portMarks: Record<string, PortMark> = {};
  if (next && /^[0-9]+$|^[A-R]$/.test(next.question))
    portMarks[next.question] = { color: "orange", tag: "★", title: t("advisorsQuestion") };
  const cellMarks = deductions ? deductionMarks(deductions) : {};
  if (next && /^[A-J][1-8]$/.test(next.question))
    cellMarks[next.question] = {
      ...(cellMarks[next.question] ?? {}),
      text: "★",
      title: t("advisorsQuestion"),
      deduced: cellMarks[next.question]?.deduced ?? "advised",
    };
  const overlay = JSON.stringify({ cells: cellMarks, ports: portMarks });
  useEffect(() => onOverlay(JSON.parse(overlay) as Overlay), [overlay, onOverlay]);
  return (
    <section className="card training" aria-label={t("training.label")}>
      <h2>{t("training.title")}</h2>
      <div className="buttons">
        <button
          type="button"
          disabled={!!busy}
          onClick={() => run("map", async () => setDeductions(await whenFree(() => api.hintDeductions(state.id))))}
        >
          {t("training.map")}
        </button>
        <button
          type="button"
          disabled={!!busy}
          onClick={() => run("next", async () => setNext(await whenFree(() => api.hintNext(state.id))))}
        >
          {t("training.next")}
        </button>
        {onFill && (
          <button
            type="button"
            disabled={!!busy}
            onClick={() =>
              run("fill", async () => {
                const d = await whenFree(() => api.hintDeductions(state.id));
                setDeductions(d);
                onFill(d.cells);
                setFilled(Object.values(d.cells).filter((c) => c !== "open").length);
              })
            }
          >
            {t("training.fill")}
          </button>
        )}
        <button
          type="button"
          disabled={!!busy || sketch.length === 0}
          onClick={() =>
            run("check", async () => setCheck(await whenFree(() => api.hintCheck(state.id, { gems: sketch }))))
          }
        >
          {t("training.check")}
        </button>
      </div>
      {busy && <p className="muted">{t("training.thinking")}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {next && <AdvisorHint next={next} />}
      {filled !== null && (
        <p data-testid="hint-filled" role="status">
          {t("training.filled", { count: filled })}
        </p>
      )}
      {deductions && (
        <p data-testid="hint-map">
          {t(deductions.exact ? "training.mapText" : "training.mapTextAtLeast", {
            n: readableCount(deductions.count),
            count: deductions.count,
          })}{" "}
          <button type="button" className="link" onClick={() => setDeductions(null)}>
            {t("training.hideMap")}
          </button>
        </p>
      )}
      {check && (
        <p data-testid="hint-check">
          {check.forced
            ? t("training.forced")
            : check.consistent
              ? t("training.notOnly")
              : t("training.doesNotFit", { count: check.reproduces.filter((r) => !r).length })}
        </p>
      )}
      <TrainingExtras state={state} />
    </section>
  );
}
