// The list of answers heard, each with its colour swatch, who asked it at a table, and whether
// the player's sketch gives the same answer.
import { useTranslation } from "react-i18next";
import { seatName } from "../../i18n";
import { GameState, Observation } from "../../api";
import { SCREEN_COLORS, canonicalColor } from "../../orapa/colors";
import { describe } from "../../orapa/sketch";

/** The answers in the order heard; `marks[i]` says whether the sketch reproduces answer i, and
 * `seats[i]` (at a table) whose question it was. */
export function AnswerLog({
  observations,
  marks,
  state,
  seats,
}: {
  observations: Observation[];
  marks?: boolean[];
  state?: GameState;
  seats?: (number | null | undefined)[];
}): JSX.Element {
  const { t } = useTranslation("game");
  return observations.length === 0 ? (
    <p className="muted">{t("log.none")}</p>
  ) : (
    <ol className="answer-log" aria-label={t("log.label")}>
      {observations.map((o, i) => {
        const color = o.shot
          ? o.exit === "absorbed"
            ? "absorbed"
            : canonicalColor(o.color ?? "")
          : canonicalColor(o.content ?? "");
        const who =
          seats?.[i] != null && state
            ? seatName(state.seats[seats[i] as number]) || t("log.seat", { seat: seats[i] })
            : null;
        return (
          <li key={i} data-answer={i} className={marks ? (marks[i] ? "ok" : "bad") : ""}>
            <span
              className="swatch"
              data-color={color}
              style={{ background: SCREEN_COLORS[color] ?? "#fff" }}
              aria-hidden="true"
            />
            {who && <span className="muted">{who}: </span>}
            <span className="answer-text">{describe(o)}</span>
            {marks && (
              <span className="mark" title={marks[i] ? t("log.agreesTitle") : t("log.differsTitle")}>
                {marks[i] ? ` ✓ ${t("log.agrees")}` : ` ✗ ${t("log.differs")}`}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
