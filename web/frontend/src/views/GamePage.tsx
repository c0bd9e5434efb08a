// One game: picks the view for the caller's seat (explorer, director, duel player, spectator)
// and the game's status (waiting, playing, over).
import { FormEvent, useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
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
  const { t } = useTranslation("game");
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
        title={t("page.nameForSeat")}
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
    <form className="card" onSubmit={submit} aria-label={t("page.joinThis")}>
      <label>
        {t("page.joinWithCode")} <input name="code" value={code} onChange={(e) => setCode(e.target.value)} required />
      </label>
      <button type="submit">{t("page.join")}</button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function GamePage({ id }: { id: string }): JSX.Element {
  const { t } = useTranslation("game");
  const live = useLiveGame(id);
  const { state, error } = live;
  const [status, setStatus] = useState<number | null>(null);
  useEffect(() => {
    // why the game could not be shown: ask once more for the status
    if (error && !state) api.game(id).catch((e) => setStatus(e instanceof ApiError ? e.status : 0));
  }, [error, state, id]);
  if (!state) {
    if (!error) return <p>{t("page.loading")}</p>;
    if (status === 404 || status === 422) return <NoSuchPage what={t("page.noGame", { id })} />;
    if (status === 401 || status === 403) {
      return (
        <div className="card">
          <p role="alert">{t("page.signedInOnly")}</p>
          <p>
            <Trans
              t={t}
              i18nKey="page.pickName"
              components={{
                lobby: <Link to={`/?next=${encodeURIComponent(`/games/${id}${window.location.search}`)}`} />,
              }}
            />
          </p>
        </div>
      );
    }
    return (
      <p>
        <span className="error" role="alert">
          {t("page.notLoaded", { error })}
        </span>{" "}
        <Link to="/">{t("common:errors.backToLobby")}</Link>
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
          {state.mode ? ` · ${t(`modes.${state.mode}`, { defaultValue: state.mode })}` : ""}
          {state.hints ? ` · ${t("page.training")}` : ""}
        </h1>
        <SeatList state={state} me={seat} />
        <Presence state={state} me={seat} />
        {code && state.status === "waiting" && state.seats.some((s) => s.kind === "human" && s.player === null) && (
          <p className="invite">
            {t("page.inviteCode")} <b data-testid="game-code">{code}</b>
            {t("page.inviteLink")} <code>{`${window.location.origin}/games/${id}?code=${code}`}</code>
          </p>
        )}
        {!seat && state.status === "waiting" && <JoinBox state={state} onJoined={(s) => live.setState(s)} />}
        {!seat && (state.status !== "waiting" || !state.seats.some((s) => s.kind === "human" && s.player === null)) && (
          <p className="muted">{t("page.watching")}</p>
        )}
      </div>
      <Clock state={state} />
      {view}
      <Chat state={state} events={live.events} seated={seat !== null} />
    </div>
  );
}
