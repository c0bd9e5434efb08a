// Shared pieces of the Ripple, Mandragora and Uncovered! pages: acting on the game, the
// restart button and the events of the last move, for the animations.
import { ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import i18n, { seatName } from "../../i18n";
import { GameEvent, GameState, HotSeat, Seat, addHotSeat, api, hotSeat } from "../../api";
import { LiveGame } from "../../live";
import { navigate } from "../../router";

export interface OtherProps {
  live: LiveGame;
  seat: Seat | null;
}

/** The delay between animation steps: none for a browser that asks for reduced motion (the
 * steps still run, in order, at once). */
export function stepMs(normal: number): number {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? 0 : normal;
}

/** The seats this screen plays: its player's, plus a friend's on a hot-seat game. `acting` is
 * the one of them to move now (null when none is), `token` the friend's when it is theirs. */
export interface Control {
  seats: number[];
  acting: number | null;
  token?: string;
  friend: HotSeat | null;
}

export function control(state: GameState, seat: Seat | null): Control {
  const friend = hotSeat(String(state.id));
  const seats = [...(seat ? [seat.seat] : []), ...(friend && friend.seat !== seat?.seat ? [friend.seat] : [])];
  const acting =
    state.status === "playing" && state.to_move !== null && seats.includes(state.to_move) ? state.to_move : null;
  return { seats, acting, friend, token: friend && acting === friend.seat ? friend.token : undefined };
}

/** Send one action (as the friend when it is their turn on this screen); the error's one line
 * is kept for the page. */
export function useAct(
  live: LiveGame,
  seat: Seat | null = null,
): [(action: Record<string, unknown>) => Promise<void>, string] {
  const [error, setError] = useState("");
  const act = async (action: Record<string, unknown>) => {
    setError("");
    try {
      const state = live.state as GameState;
      const out = await api.act(state.id, action, control(state, seat).token);
      if (out.game.your_seat === seat?.seat) live.setState(out.game);
      else await live.refresh();
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

/** A value shown for `ms` after each `show`, then `empty` again (a swap's cards flashing, a
 * move's score change); a newer `show` gets its own `ms`, and the page going clears the wait. */
export function useFlash<T>(empty: T, ms: number): [T, (value: T) => void] {
  const [value, setValue] = useState(empty);
  const blank = useRef(empty);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      setValue(next);
      timer.current = setTimeout(() => setValue(blank.current), ms);
    },
    [ms],
  );
  return [value, show];
}

/** A new game with the same options and seats, and the page goes there. */
export function RestartButton({ state, options }: { state: GameState; options: Record<string, unknown> }): JSX.Element {
  const { t } = useTranslation("others");
  const [error, setError] = useState("");
  const restart = async () => {
    try {
      const seats = state.seats.map((s) =>
        s.kind === "computer"
          ? { role: s.role, kind: s.kind, level: s.level ?? "normal" }
          : { role: s.role, kind: s.kind },
      );
      const out = await api.createGame({ game: state.game, ...options, hints: state.hints, seats });
      sessionStorage.setItem(`orapa.code.${out.game.id}`, out.code);
      const friend = hotSeat(String(state.id));
      if (friend) await addHotSeat(String(out.game.id), out.code, friend.name);
      navigate(`/games/${out.game.id}`);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <>
      <button type="button" onClick={restart}>
        {t("restart")}
      </button>
      {error && (
        <span className="error" role="alert">
          {" "}
          {error}
        </span>
      )}
    </>
  );
}

/** "Your turn" or who is to move, and the end. */
export function TurnLine({ state, seat, why }: { state: GameState; seat: Seat | null; why?: string }): JSX.Element {
  const { t } = useTranslation("others");
  const { acting, friend } = control(state, seat);
  const name = seatName(state.seats[state.to_move ?? 0]) || t("turn.otherSide");
  const ending =
    state.outcome === "win"
      ? t("turn.won", { names: state.winners.map((w) => seatName(state.seats[w])).join(` ${t("turn.and")} `) })
      : state.outcome === "tie"
        ? t("turn.tie")
        : state.outcome === "all lose"
          ? t("turn.allLose")
          : String(state.outcome ?? "");
  const resigned =
    typeof state.resigned === "number"
      ? seatName(state.seats[state.resigned]) || t("turn.player", { n: state.resigned })
      : null;
  const because = resigned ? t("turn.resigned", { name: resigned }) : why;
  const text =
    state.status === "waiting"
      ? t("turn.waiting")
      : state.status === "over"
        ? because
          ? t("turn.overBecause", { ending, because })
          : t("turn.over", { ending })
        : acting !== null && friend
          ? t("turn.friend", { name })
          : acting !== null
            ? t("turn.yours")
            : t("turn.theirs", { name });
  const mine = state.status === "playing" && acting !== null;
  const prefix = `${t("turn.title")} · `;
  useEffect(() => {
    // the tab's title says when it is this screen's turn
    const base = document.title.startsWith(prefix) ? document.title.slice(prefix.length) : document.title;
    document.title = mine ? `${prefix}${base}` : base;
    return () => {
      if (document.title.startsWith(prefix)) document.title = document.title.slice(prefix.length);
    };
  }, [mine, prefix]);
  return (
    <p className={state.status === "over" ? "verdict" : "status"} aria-live="polite" data-testid="turn">
      {text}
    </p>
  );
}

/** "Ann 10, computer 7": final scores with the players' names, highest first. */
export function scoreLine(pairs: [string, number][]): string {
  return [...pairs]
    .sort((a, b) => b[1] - a[1])
    .map(([n, v]) => i18n.t("others:points", { name: n, count: v }))
    .join(i18n.t("others:to"));
}

/** A button for an action that cannot be undone: it asks first ("Yes, ..." or "Cancel"). */
export function ConfirmButton({
  label,
  question,
  yes,
  onConfirm,
  className,
}: {
  label: string;
  question: string;
  yes: string;
  onConfirm: () => void;
  className?: string;
}): JSX.Element {
  const { t } = useTranslation("others");
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className={className} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <div className="confirm" role="dialog" aria-label={question}>
      <p>{question}</p>
      <button
        type="button"
        className="primary"
        autoFocus
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {yes}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {t("common:actions.cancel")}
      </button>
    </div>
  );
}

/** What the Resign button needs: the game, the seat this screen plays and how it acts. */
interface ResignProps {
  state: GameState;
  seat: Seat | null;
  act: (a: Record<string, unknown>) => Promise<void>;
  /** a cooperative game (Uncovered!): resigning ends it for the whole table */
  cooperative?: boolean;
}

/** Resign (any time while the game runs), after a confirmation saying what follows. */
export function ResignButton({ state, seat, act, cooperative = false }: ResignProps): JSX.Element | null {
  const { t } = useTranslation("others");
  if (!seat || state.status !== "playing") return null;
  return (
    <div className="resign">
      <ConfirmButton
        label={t("resign.label")}
        yes={t("resign.yes")}
        onConfirm={() => {
          act({ resign: true });
        }}
        question={cooperative ? t("resign.cooperative") : t("resign.question")}
      />
    </div>
  );
}

/** The top of a game page: whose turn it is, or how the game ended and why (`why` is asked only
 * once the game is over, and a resignation takes its place), the Resign button and the last
 * action's error. */
export function GameHead({ error, why, ...resign }: ResignProps & { error: string; why?: () => string }): JSX.Element {
  const { state, seat } = resign;
  return (
    <>
      <TurnLine state={state} seat={seat} why={state.status === "over" ? why?.() : undefined} />
      <ResignButton {...resign} />
      <ErrorLine error={error} />
    </>
  );
}

/** The last action's error, read out at once; nothing when there is none. */
export function ErrorLine({ error }: { error: string }): JSX.Element | null {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {error}
    </p>
  );
}

/** The last move in words, read out politely each time it changes. */
export function Banner({ testId, children }: { testId: string; children: ReactNode }): JSX.Element {
  return (
    <p className="banner" aria-live="polite" data-testid={testId}>
      {children}
    </p>
  );
}
