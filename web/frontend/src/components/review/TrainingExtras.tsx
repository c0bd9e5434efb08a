// Training (issue 32), beside the training panel: the layouts still possible after every answer
// as the game goes (the deduction endpoint's count, asked after each new answer), and "why is
// this cell settled?": click a settled cell for the fewest answers that already force it.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import i18n from "../../i18n";
import { Deductions, GameState, api, me, whenFree } from "../../api";
import { COLOR_LETTERS, SCREEN_COLORS } from "../../orapa/colors";
import { Board, CellMark } from "../Board";
import { questionMarks } from "../../views/explorer/marks";
import { NumberedAnswers, whyText } from "./WhyBoard";
import { Count, WhyCell, countText, reviewApi } from "./reviewApi";

type Counts = Record<number, Count>;

function ownSeat(state: GameState): number {
  const mine = me();
  const seat = state.seats.find((s) => mine && String(s.player) === String(mine.id) && s.role !== "director");
  return seat?.seat ?? state.seats.find((s) => s.role !== "director")?.seat ?? 0;
}

function load(key: string): Counts {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? "{}") as Counts;
  } catch {
    return {};
  }
}

function settledMarks(d: Deductions | null): Record<string, CellMark> {
  const t = i18n.t;
  const out: Record<string, CellMark> = {};
  for (const [cell, what] of Object.entries(d?.cells ?? {})) {
    if (what === "open") continue;
    out[cell] =
      what === "empty"
        ? {
            fill: "#ffffff",
            text: "·",
            title: t("review:training.surelyWhy", { cell, what: t("review:contents.empty") }),
            deduced: what,
          }
        : {
            fill: SCREEN_COLORS[what] ?? "#ccc",
            text: COLOR_LETTERS[what] ?? what[0].toUpperCase(),
            title: t("review:training.surelyWhy", { cell, what: t(`common:colors.${what}`, { defaultValue: what }) }),
            deduced: what,
          };
  }
  return out;
}

export function TrainingExtras({ state }: { state: GameState }): JSX.Element {
  const { t } = useTranslation("review");
  const seat = ownSeat(state);
  const heard = state.observations[String(seat)] ?? [];
  const key = `orapa.layouts.${state.id}.${seat}`;
  const [counts, setCounts] = useState<Counts>(() => load(key));
  const [map, setMap] = useState<Deductions | null>(null);
  const [open, setOpen] = useState(false);
  const [why, setWhy] = useState<WhyCell | null>(null);
  const [error, setError] = useState("");
  const n = heard.length;
  useEffect(() => {
    let live = true;
    setWhy(null);
    if (state.status !== "playing") return;
    whenFree(() => api.hintDeductions(state.id))
      .then((d) => {
        // a count arriving after the next answer still belongs to its own answer
        setCounts((c) => {
          const next = { ...c, [n]: { count: d.count, exact: d.exact } };
          sessionStorage.setItem(key, JSON.stringify(next));
          return next;
        });
        if (live) setMap(d);
      })
      .catch((e) => live && setError((e as Error).message));
    return () => {
      live = false;
    };
  }, [state.id, state.status, n, key]);
  const ask = async (cell: string) => {
    setError("");
    try {
      setWhy(await reviewApi.why(state.id, cell));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const steps = Array.from({ length: n + 1 }, (_, k) => k).filter((k) => counts[k]);
  const { ports, cells } = questionMarks(heard);
  const marks = { ...cells, ...settledMarks(map) };
  if (why) marks[why.cell] = { ...(marks[why.cell] ?? {}), title: t("training.explainedBeside", { cell: why.cell }) };
  return (
    <div className="training-extras" data-testid="training-extras">
      <p data-testid="layouts-as-we-go">
        {t("training.layouts")}{" "}
        {steps.length === 0
          ? t("training.counting")
          : steps
              .map((k) => `${k === 0 ? t("atStart") : t("afterAnswer", { n: k })}: ${countText(counts[k])}`)
              .join("; ")}
        {counts[n] ? "" : steps.length ? `; ${t("training.countingLatest")}` : ""}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? t("training.hideWhy") : t("training.whySettled")}
      </button>
      {open && (
        <div className="boards">
          <Board label={t("training.boardLabel")} portMarks={ports} cellMarks={marks} onCell={ask} />
          <div>
            <p className="muted">{t("training.click")}</p>
            {why && (
              <p data-testid="why-training" role="status">
                {whyText(why)}
              </p>
            )}
            <NumberedAnswers
              answers={heard}
              lit={why?.answers.map((a) => a.number) ?? []}
              label={t("training.answers")}
            />
          </div>
        </div>
      )}
    </div>
  );
}
