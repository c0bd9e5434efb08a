// The game's clocks as the server keeps them: STATE's `clock` gives each seat's seconds left at
// the server's moment `at` and whose clock runs; the page only counts the running one down from
// the moment those figures arrived (never deciding anything: the server writes the timeout).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { GameState } from "../api";
import i18n, { seatName } from "../i18n";
import "./together.css";

export interface ClockInfo {
  initial?: number;
  increment?: number;
  per_move?: number;
  left: Record<string, number>;
  running: number | null;
  at: string;
}

/** The clocks the lobby offers for duels and tables (the server takes any within its limits). */
export const CLOCK_CHOICES: Record<string, { clock?: { initial?: number; increment?: number; per_move?: number } }> = {
  none: {},
  "600+10": { clock: { initial: 600, increment: 10 } },
  "300+5": { clock: { initial: 300, increment: 5 } },
  per120: { clock: { per_move: 120 } },
  per60: { clock: { per_move: 60 } },
};

/** A lobby choice in words, in the reader's language: "no clock", "5 min + 5 s a move". */
export function clockChoiceLabel(key: string): string {
  const clock = CLOCK_CHOICES[key]?.clock;
  if (!clock) return i18n.t("together:clock.none");
  if (clock.per_move && clock.per_move % 60 === 0)
    return i18n.t("together:clock.perMoveMinutes", { minutes: clock.per_move / 60 }); // "2 min a turn"
  return describeClock({ ...clock, left: {}, running: null, at: "" });
}

/** Seconds as m:ss (or h:mm:ss), rounded up so that 0:00 means the time is gone. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600),
    m = Math.floor((s % 3600) / 60),
    r = s % 60;
  const mm = h ? String(m).padStart(2, "0") : String(m);
  return `${h ? `${h}:` : ""}${mm}:${String(r).padStart(2, "0")}`;
}

/** The option in words: "5 min + 10 s a move" or "60 s a turn". */
export function describeClock(c: ClockInfo): string {
  if (c.per_move) return i18n.t("together:clock.perMove", { seconds: c.per_move });
  const minutes = (c.initial ?? 0) / 60;
  const start = Number.isInteger(minutes)
    ? i18n.t("together:clock.minutes", { minutes })
    : i18n.t("together:clock.seconds", { seconds: c.initial });
  return c.increment ? i18n.t("together:clock.plus", { start, seconds: c.increment }) : start;
}

export function Clock({ state }: { state: GameState }): JSX.Element | null {
  const { t } = useTranslation("together");
  const clock = state.clock as ClockInfo | undefined;
  const [received, setReceived] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // new figures from the server: count from here
    const t = Date.now();
    setReceived(t);
    setNow(t);
  }, [clock]);
  const running = clock?.running ?? null;
  useEffect(() => {
    if (running === null || state.status !== "playing") return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [running, state.status]);
  if (!clock) return null;
  return (
    <section className="card clocks" aria-label={t("clock.label")}>
      <h2>
        {t("clock.title")} <span className="muted">({describeClock(clock)})</span>
      </h2>
      <ul>
        {Object.entries(clock.left).map(([seat, left]) => {
          const runs = state.status === "playing" && running === Number(seat);
          const shown = runs ? left - (now - received) / 1000 : left;
          const name = seatName(state.seats[Number(seat)]) || t("clock.seat", { seat });
          return (
            <li
              key={seat}
              className={`clock${runs ? " running" : ""}${shown <= 10 ? " low" : ""}`}
              data-testid={`clock-${seat}`}
              aria-current={runs ? "true" : undefined}
            >
              <span className="clock-name">{name}</span> <span className="clock-time">{formatClock(shown)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
