// Whose turn it is, in the tab's title too: a player waiting in another tab sees it.
import { useEffect } from "react";

/** Put "Your turn" before the tab's title while `myTurn`; the plain title again after. */
export function useTurnTitle(myTurn: boolean, title = "Orapa Mine"): void {
  useEffect(() => {
    document.title = myTurn ? `Your turn · ${title}` : title;
    return () => {
      document.title = title;
    };
  }, [myTurn, title]);
}
