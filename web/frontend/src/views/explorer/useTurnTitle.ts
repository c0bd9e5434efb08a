// Whose turn it is, in the tab's title too: a player waiting in another tab sees it.
import { useEffect } from "react";
import i18n from "../../i18n";

/** Put "Your turn" before the tab's title while `myTurn`; the plain title again after. */
export function useTurnTitle(myTurn: boolean, title = "Orapa Mine"): void {
  useEffect(() => {
    document.title = myTurn ? i18n.t("game:explorer.tabTitle", { title }) : title;
    return () => {
      document.title = title;
    };
  }, [myTurn, title]);
}
