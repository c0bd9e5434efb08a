// "Why?" after the game: click a cell of the revealed board to see the fewest answers that
// already force it; the answers are highlighted in the list beside it.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import i18n from "../../i18n";
import { Observation } from "../../api";
import { LayoutJSON } from "../../orapa/layout";
import { colorWord } from "../../orapa/words";
import { Board, CellMark } from "../Board";
import { questionMarks } from "../../views/explorer/marks";
import { WhyCell, answerText, reviewApi } from "./reviewApi";

export function whyText(w: WhyCell): string {
  const t = i18n.t;
  if (!w.settled) return t("review:why.open", { cell: w.cell });
  const content = String(w.content);
  const what = colorWord(content); // a colour or "empty", with no missing key said
  if (w.answers.length === 0) return t("review:why.byRules", { cell: w.cell, what });
  const list = w.answers.map((a) => a.number).join(", ");
  return t("review:why.forced", { cell: w.cell, what, list, count: w.answers.length });
}

/** The answers heard, numbered from 1, with `lit` ones highlighted. */
export function NumberedAnswers({
  answers,
  lit,
  label,
}: {
  answers: Observation[];
  lit: number[];
  label: string;
}): JSX.Element {
  const { t } = useTranslation("review");
  return (
    <ol className="answer-log" aria-label={label}>
      {answers.map((o, i) => (
        <li
          key={i}
          data-answer={i + 1}
          data-lit={lit.includes(i + 1) ? "yes" : "no"}
          style={lit.includes(i + 1) ? { background: "#fff3c4", fontWeight: 600 } : undefined}
        >
          {answerText(o)}
          {lit.includes(i + 1) ? ` ${t("why.forcesIt")}` : ""}
        </li>
      ))}
    </ol>
  );
}

export function WhyBoard({
  gameId,
  seat,
  name,
  heard,
  mine,
}: {
  gameId: string;
  seat: number;
  name: string;
  heard: Observation[];
  mine?: LayoutJSON;
}): JSX.Element {
  const { t } = useTranslation("review");
  const [why, setWhy] = useState<WhyCell | null>(null);
  const [busy, setBusy] = useState("");
  const [error, setError] = useState("");
  const ask = async (cell: string) => {
    setBusy(cell);
    setError("");
    try {
      setWhy(await reviewApi.why(gameId, cell, seat));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy("");
    }
  };
  const { ports, cells } = questionMarks(heard);
  const marks: Record<string, CellMark> = { ...cells };
  if (why)
    marks[why.cell] = {
      ...(marks[why.cell] ?? {}),
      fill: "#ffe08a",
      title: t("why.explainedBelow", { cell: why.cell }),
    };
  return (
    <section className="why" aria-label={t("why.label", { name })}>
      <h3>{t("why.title")}</h3>
      <p className="muted">{t("why.click", { name })}</p>
      <div className="boards">
        <Board
          label={t("why.boardLabel", { name })}
          gems={mine?.gems}
          portMarks={ports}
          cellMarks={marks}
          onCell={ask}
        />
        <div>
          {busy && <p className="muted">{t("why.looking", { cell: busy })}</p>}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          {why && (
            <p data-testid={`why-${seat}`} role="status">
              {whyText(why)}
            </p>
          )}
          <NumberedAnswers
            answers={heard}
            lit={why?.answers.map((a) => a.number) ?? []}
            label={t("why.answersOf", { name })}
          />
        </div>
      </div>
    </section>
  );
}
