// Beside the explorer's own answers: in a duel, the opponent's questions on my mine (live, with
// their paths); at a table, the other explorers' answers when the server keeps them apart.
import { useTranslation } from "react-i18next";
import { seatName } from "../../i18n";
import { GameState, Observation } from "../../api";
import { Board } from "../../components/Board";
import { LayoutJSON } from "../../orapa/layout";
import { AnswerLog } from "./AnswerLog";
import { questionMarks, wavePaths } from "./marks";

/** A duel: my mine `mine` as my opponent `name` explores it, their answers `asked` so far. */
export function DuelPanel({
  name,
  mine,
  asked,
}: {
  name: string;
  mine: LayoutJSON;
  asked: Observation[];
}): JSX.Element {
  const { t } = useTranslation("game");
  const { ports, cells } = questionMarks(asked);
  return (
    <div data-testid="opponent-questions">
      <h3>{t("panels.theirQuestions", { name })}</h3>
      <Board
        label={t("panels.myMine")}
        gems={mine.gems}
        portMarks={ports}
        cellMarks={cells}
        waves={wavePaths(mine, asked, true)}
      />
      <AnswerLog observations={asked} />
    </div>
  );
}

/** A table: each other explorer's answers, unless the server already lists them with `mine`
 * (public answers, where everyone hears every answer). */
export function TablePanel({
  state,
  seat,
  mine,
}: {
  state: GameState;
  seat: number;
  mine: Observation[];
}): JSX.Element {
  const { t } = useTranslation("game");
  const others = state.seats.filter(
    (s) =>
      s.role === "explorer" &&
      s.seat !== seat &&
      JSON.stringify(state.observations[String(s.seat)] ?? []) !== JSON.stringify(mine),
  );
  return (
    <>
      {others.map((o) => (
        <div key={o.seat}>
          <h3>{t("panels.theirAnswers", { name: seatName(o) })}</h3>
          <AnswerLog observations={state.observations[String(o.seat)] ?? []} />
        </div>
      ))}
    </>
  );
}
