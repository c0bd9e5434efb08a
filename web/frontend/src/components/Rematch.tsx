// After the end: one rematch per game (same options and seats, a new deal). Its link arrives in
// the game's log as a `rematch` event, so every player's page shows it at once.
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { GameEvent, GameState, Seat, api } from "../api";
import { Link } from "./Link";

export function Rematch({
  state,
  events,
  seat,
}: {
  state: GameState;
  events: GameEvent[];
  seat: Seat | null;
}): JSX.Element | null {
  const { t } = useTranslation("together");
  const [made, setMade] = useState<GameEvent | null>(null);
  const [error, setError] = useState("");
  const found = made ?? [...events].reverse().find((e) => e.type === "rematch") ?? null;
  if (state.status !== "over" || state.daily) return null;
  if (found) {
    const to = `/games/${String(found.game)}${found.code ? `?code=${String(found.code)}` : ""}`;
    return (
      <p className="card rematch" data-testid="rematch">
        <Trans
          t={t}
          i18nKey={seat ? "rematch.askedJoin" : "rematch.askedWatch"}
          values={{ name: String(found.name ?? t("rematch.aPlayer")) }}
          components={{ go: <Link to={to} /> }}
        />
      </p>
    );
  }
  if (!seat) return null;
  const ask = async () => {
    try {
      setMade((await api.rematch(String(state.id))).event);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <p className="rematch">
      <button type="button" onClick={ask} data-testid="rematch-button">
        {t("rematch.button")}
      </button>{" "}
      <span className="muted">{t("rematch.note")}</span>
      {error && (
        <span className="error" role="alert">
          {" "}
          {error}
        </span>
      )}
    </p>
  );
}
