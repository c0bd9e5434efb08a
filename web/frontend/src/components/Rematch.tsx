// After the end: one rematch per game (same options and seats, a new deal). Its link arrives in
// the game's log as a `rematch` event, so every player's page shows it at once.
import { useState } from "react";
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
  const [made, setMade] = useState<GameEvent | null>(null);
  const [error, setError] = useState("");
  const found = made ?? [...events].reverse().find((e) => e.type === "rematch") ?? null;
  if (state.status !== "over" || state.daily) return null;
  if (found) {
    const to = `/games/${String(found.game)}${found.code ? `?code=${String(found.code)}` : ""}`;
    return (
      <p className="card rematch" data-testid="rematch">
        {String(found.name ?? "A player")} asked for a rematch:{" "}
        <Link to={to}>{seat ? "join the rematch" : "watch the rematch"}</Link>
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
        Rematch
      </button>{" "}
      <span className="muted">the same game again, with a new deal</span>
      {error && (
        <span className="error" role="alert">
          {" "}
          {error}
        </span>
      )}
    </p>
  );
}
