// The explorer's ways to ask besides clicking a port: a cell picked by a first tap, asked by a
// second tap or the button, and the box where a port or a cell is typed (in the player's port
// labels, RULINGS O10).
import { useTranslation } from "react-i18next";
import { ExplorerActions } from "./useExplorerActions";

/** The picked cell's bar and the typed question's form; both idle unless `myTurn`. */
export function AskBox({ act, myTurn }: { act: ExplorerActions; myTurn: boolean }): JSX.Element {
  const { t } = useTranslation("game");
  return (
    <>
      {myTurn && act.picked && (
        <p className="pick" data-testid="picked-cell">
          {t("ask.picked", { cell: act.picked })}{" "}
          <button
            type="button"
            onClick={() => {
              act.setPicked(null);
              act.ask({ cell: act.picked as string });
            }}
          >
            {t("ask.askCell", { cell: act.picked })}
          </button>{" "}
          <button type="button" className="link" onClick={() => act.setPicked(null)}>
            {t("ask.cancel")}
          </button>{" "}
          {t("ask.tapAgain")}
        </p>
      )}
      <form className="ask" onSubmit={act.submitTyped}>
        <label>
          {t("ask.portOrCell")}{" "}
          <input
            name="question"
            value={act.typed}
            onChange={(e) => act.setTyped(e.target.value)}
            disabled={!myTurn}
            placeholder={t("ask.placeholder")}
          />
        </label>
        <button type="submit" disabled={!myTurn}>
          {t("ask.ask")}
        </button>
      </form>
    </>
  );
}
