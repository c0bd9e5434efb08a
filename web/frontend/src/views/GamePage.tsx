// One game: picks the view for the caller's seat (explorer, director, duel player, spectator)
// and the game's status (waiting, playing, over).
import { FormEvent, useState } from "react";
import { GameState, Seat, api, me } from "../api";
import { useLiveGame } from "../live";
import { AfterGame } from "./AfterGame";
import { DirectorView } from "./DirectorView";
import { ExplorerView } from "./ExplorerView";
import { SeatList } from "./SeatList";
import { MandragoraPage } from "./others/Mandragora";
import { RipplePage } from "./others/Ripple";
import { UncoveredPage } from "./others/Uncovered";

export const GAME_TITLES: Record<string, string> = {
  orapa: "Orapa Mine", ripple: "Ripple", mandragora: "Mandragora Mania", uncovered: "Uncovered!",
};

export function mySeat(state: GameState): Seat | null {
  if (typeof state.your_seat === "number") return state.seats.find((s) => s.seat === state.your_seat) ?? null;
  const player = me();
  return (player && state.seats.find((s) => s.player !== null && String(s.player) === String(player.id))) || null;
}

/** The seat whose mine `seat` explores: the director's, or in a duel the other player's. */
export function targetSeat(state: GameState, seat: number): number | null {
  if (state.mode === "duel") return state.seats.find((s) => s.role === "player" && s.seat !== seat)?.seat ?? null;
  return state.seats.find((s) => s.role === "director")?.seat ?? null;
}

function JoinBox({ state, onJoined }: { state: GameState; onJoined: (s: GameState) => void }): JSX.Element | null {
  const fromLink = new URLSearchParams(window.location.search).get("code") ?? "";
  const [code, setCode] = useState(fromLink);
  const [error, setError] = useState("");
  const open = state.seats.some((s) => s.kind === "human" && s.player === null);
  if (!open || !me()) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const out = await api.join(state.id, code.trim().toUpperCase());
      onJoined(out.game);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-label="join this game">
      <label>Join with the code <input name="code" value={code} onChange={(e) => setCode(e.target.value)} required /></label>
      <button type="submit">Join</button>
      {error && <p className="error" role="alert">{error}</p>}
    </form>
  );
}

export function GamePage({ id }: { id: string }): JSX.Element {
  const live = useLiveGame(id);
  const { state, error } = live;
  if (!state) return <p>{error ? <span className="error" role="alert">{error}</span> : "Loading the game…"}</p>;
  const seat = mySeat(state);
  const code = sessionStorage.getItem(`orapa.code.${id}`);
  const needsMine = state.game === "orapa" && seat && (seat.role === "director" || (state.mode === "duel" && seat.role === "player"))
    && !state.mines?.[String(seat.seat)];
  let view: JSX.Element;
  if (state.game === "ripple") view = <RipplePage live={live} seat={seat} />;
  else if (state.game === "mandragora") view = <MandragoraPage live={live} seat={seat} />;
  else if (state.game === "uncovered") view = <UncoveredPage live={live} seat={seat} />;
  else if (state.status === "over") view = <AfterGame live={live} seat={seat} />;
  else if (seat && needsMine) view = <DirectorView live={live} seat={seat} />;
  else if (seat && seat.role === "director") view = <DirectorView live={live} seat={seat} />;
  else if (seat) view = <ExplorerView live={live} seat={seat} />;
  else view = <ExplorerView live={live} seat={null} />;
  return (
    <div className="game">
      <div className="game-head">
        <h1>{GAME_TITLES[state.game] ?? state.game}{state.mode ? ` · ${state.mode}` : ""}{state.hints ? " · training" : ""}</h1>
        <SeatList state={state} me={seat} />
        {code && state.status === "waiting" && (
          <p className="invite">Invite: code <b data-testid="game-code">{code}</b>, link <code>{`${window.location.origin}/games/${id}?code=${code}`}</code></p>
        )}
        {!seat && state.status === "waiting" && <JoinBox state={state} onJoined={(s) => live.setState(s)} />}
        {!seat && <p className="muted">You are watching this game.</p>}
      </div>
      {view}
    </div>
  );
}
