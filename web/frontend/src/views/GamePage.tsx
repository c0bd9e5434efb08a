// One game: picks the view for the caller's seat (explorer, director, duel player, spectator)
// and the game's status (waiting, playing, over).
import { FormEvent, useEffect, useState } from "react";
import { ApiError, GameState, api, me } from "../api";
import { Link, NoSuchPage } from "../components/Link";
import { GAME_TITLES, mySeat } from "../seats";
import { NameForm } from "./NameForm";
import { useLiveGame } from "../live";
import { AfterGame } from "./AfterGame";
import { Chat } from "../components/Chat";
import { Clock } from "../components/Clock";
import { Presence } from "../components/Presence";
import { DirectorView } from "./DirectorView";
import { ExplorerView } from "./ExplorerView";
import { SeatList } from "./SeatList";
import { MandragoraPage } from "./others/Mandragora";
import { RipplePage } from "./others/Ripple";
import { UncoveredPage } from "./others/Uncovered";

function JoinBox({ state, onJoined }: { state: GameState; onJoined: (s: GameState) => void }): JSX.Element | null {
  const fromLink = new URLSearchParams(window.location.search).get("code") ?? "";
  const [code, setCode] = useState(fromLink);
  const [error, setError] = useState("");
  const open = state.seats.some((s) => s.kind === "human" && s.player === null);
  const [, setVersion] = useState(0);
  if (!open) return null;
  if (!me()) {
    // an invite link opened signed out: a name first, then the seat
    return (
      <NameForm
        title="Pick a name to take the open seat"
        onDone={async () => {
          setVersion((v) => v + 1);
          if (fromLink) {
            try {
              onJoined((await api.join(state.id, fromLink.trim().toUpperCase())).game);
            } catch (err) {
              setError((err as Error).message);
            }
          }
        }}
      />
    );
  }
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
      <label>
        Join with the code <input name="code" value={code} onChange={(e) => setCode(e.target.value)} required />
      </label>
      <button type="submit">Join</button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function GamePage({ id }: { id: string }): JSX.Element {
  const live = useLiveGame(id);
  const { state, error } = live;
  const [status, setStatus] = useState<number | null>(null);
  useEffect(() => {
    // why the game could not be shown: ask once more for the status
    if (error && !state) api.game(id).catch((e) => setStatus(e instanceof ApiError ? e.status : 0));
  }, [error, state, id]);
  if (!state) {
    if (!error) return <p>Loading the game…</p>;
    if (status === 404 || status === 422) return <NoSuchPage what={`There is no game ${id}.`} />;
    if (status === 401 || status === 403) {
      return (
        <div className="card">
          <p role="alert">Only players signed in on this server can see this game.</p>
          <p>
            <Link to={`/?next=${encodeURIComponent(`/games/${id}${window.location.search}`)}`}>
              Pick a name in the lobby
            </Link>
            , and you come back here.
          </p>
        </div>
      );
    }
    return (
      <p>
        <span className="error" role="alert">
          The game could not be loaded ({error}).
        </span>{" "}
        <Link to="/">Back to the lobby</Link>
      </p>
    );
  }
  const seat = mySeat(state);
  const code = sessionStorage.getItem(`orapa.code.${id}`);
  const needsMine =
    state.game === "orapa" &&
    seat &&
    (seat.role === "director" || (state.mode === "duel" && seat.role === "player")) &&
    !state.mines?.[String(seat.seat)];
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
        <h1>
          {GAME_TITLES[state.game] ?? state.game}
          {state.mode ? ` · ${state.mode}` : ""}
          {state.hints ? " · training" : ""}
        </h1>
        <SeatList state={state} me={seat} />
        <Presence state={state} me={seat} />
        {code && state.status === "waiting" && state.seats.some((s) => s.kind === "human" && s.player === null) && (
          <p className="invite">
            Invite: code <b data-testid="game-code">{code}</b>, link{" "}
            <code>{`${window.location.origin}/games/${id}?code=${code}`}</code>
          </p>
        )}
        {!seat && state.status === "waiting" && <JoinBox state={state} onJoined={(s) => live.setState(s)} />}
        {!seat && (state.status !== "waiting" || !state.seats.some((s) => s.kind === "human" && s.player === null)) && (
          <p className="muted">You are watching this game.</p>
        )}
      </div>
      <Clock state={state} />
      {view}
      <Chat state={state} events={live.events} seated={seat !== null} />
    </div>
  );
}
