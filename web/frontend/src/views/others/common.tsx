// Shared pieces of the Ripple, Mandragora and Uncovered! pages: acting on the game, the
// restart button and the events of the last move, for the animations.
import { useEffect, useRef, useState } from "react";
import { GameEvent, GameState, Seat, api, rememberGame } from "../../api";
import { LiveGame } from "../../live";
import { navigate } from "../../router";

export interface OtherProps { live: LiveGame; seat: Seat | null }

/** Send one action; the error's one line is kept for the page. */
export function useAct(live: LiveGame): [(action: Record<string, unknown>) => Promise<void>, string] {
  const [error, setError] = useState("");
  const act = async (action: Record<string, unknown>) => {
    setError("");
    try {
      const out = await api.act((live.state as GameState).id, action);
      live.setState(out.game);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return [act, error];
}

/** Each event newer than the state the page opened with, once, as it arrives (to animate it). */
export function useNewEvents(live: LiveGame, onEvent: (e: GameEvent) => void): void {
  const seen = useRef<number>(Number((live.state as GameState).seq ?? 0));
  useEffect(() => {
    for (const e of live.events) {
      if (e.seq > seen.current) {
        seen.current = e.seq;
        onEvent(e);
      }
    }
  }, [live.events, onEvent]);
}

/** A new game with the same options and seats, and the page goes there. */
export function RestartButton({ state, options }: { state: GameState; options: Record<string, unknown> }): JSX.Element {
  const [error, setError] = useState("");
  const restart = async () => {
    try {
      const seats = state.seats.map((s) => (s.kind === "computer" ? { role: s.role, kind: s.kind, level: s.level ?? "normal" } : { role: s.role, kind: s.kind }));
      const out = await api.createGame({ game: state.game, ...options, seats });
      rememberGame(out.game.id);
      sessionStorage.setItem(`orapa.code.${out.game.id}`, out.code);
      navigate(`/games/${out.game.id}`);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return <>
    <button type="button" onClick={restart}>Restart (a new game)</button>
    {error && <span className="error" role="alert"> {error}</span>}
  </>;
}

/** "Your turn" or who is to move, and the end. */
export function TurnLine({ state, seat }: { state: GameState; seat: Seat | null }): JSX.Element {
  const text = state.status === "waiting" ? "Waiting for players…" :
    state.status === "over" ? `Game over: ${state.outcome === "win" ? `${state.winners.map((w) => state.seats[w]?.name).join(" and ")} won` : state.outcome}` :
      seat && state.to_move === seat.seat ? "Your turn." : `${state.seats[state.to_move ?? 0]?.name ?? "The other side"} is to move…`;
  return <p className={state.status === "over" ? "verdict" : "status"} aria-live="polite" data-testid="turn">{text}</p>;
}
