// Who is here (the seats with the game open, the spectators), and an optional alert when it
// becomes your turn: a short sound and, if the browser allows it, a notification. Off by
// default; the choice is kept in this browser. (The tab title already says "Your turn".)
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GameState, Presence as Here, Seat, api } from "../api";
import i18n from "../i18n";
import "./together.css";

const POLL_MS = 5000;
const ALERT_KEY = "orapa.turnAlert";

/** "spectators: Carl, Dana and 2 more" (or "" when nobody else looks on). */
export function watchers(here: Here): string {
  const names = [...here.spectators];
  if (here.anonymous) names.push(i18n.t("together:presence.more", { count: here.anonymous }));
  if (!names.length) return "";
  const and = i18n.t("together:presence.and");
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} ${and} ${names[names.length - 1]}`;
  return i18n.t("together:presence.spectators", { list });
}

function beep(): void {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch {
    /* no sound here: the title still says it */
  }
}

export function Presence({ state, me }: { state: GameState; me: Seat | null }): JSX.Element {
  const { t } = useTranslation("together");
  const [here, setHere] = useState<Here | null>(null);
  const [alert, setAlert] = useState(() => localStorage.getItem(ALERT_KEY) === "on");
  const previous = useRef<number | null>(state.to_move);
  useEffect(() => {
    let stop = false;
    const look = () =>
      api
        .presence(String(state.id))
        .then((h) => !stop && setHere(h))
        .catch(() => undefined);
    look();
    const timer = window.setInterval(look, POLL_MS);
    return () => {
      stop = true;
      window.clearInterval(timer);
    };
  }, [state.id]);
  useEffect(() => {
    // the turn has just come to me
    const mine = me !== null && state.status === "playing" && state.to_move === me.seat;
    if (alert && mine && previous.current !== me?.seat) {
      beep();
      if ("Notification" in window && Notification.permission === "granted" && document.hidden) {
        new Notification("Orapa Mine", { body: t("presence.yourTurn") });
      }
    }
    previous.current = state.to_move;
  }, [state.to_move, state.status, me, alert, t]);
  const toggle = (on: boolean) => {
    setAlert(on);
    localStorage.setItem(ALERT_KEY, on ? "on" : "off");
    if (on && "Notification" in window && Notification.permission === "default")
      Notification.requestPermission().catch(() => undefined);
  };
  const humans = state.seats.filter((s) => s.kind === "human" && s.player !== null);
  return (
    <div className="presence" aria-label={t("presence.label")} data-testid="presence">
      {here && (
        <p>
          {humans.map((s) => {
            const on = here.online.includes(s.seat);
            return (
              <span key={s.seat} className={`here${on ? " on" : ""}`} data-testid={`here-${s.seat}`}>
                <span aria-hidden="true">{on ? "●" : "○"}</span> {s.name}{" "}
                <span className="sr-only">{on ? t("presence.online") : t("presence.away")}</span>
              </span>
            );
          })}
          {watchers(here) && (
            <span className="muted" data-testid="watchers">
              {" "}
              · {watchers(here)}
            </span>
          )}
        </p>
      )}
      {me && state.status !== "over" && (
        <label className="inline">
          <input type="checkbox" name="turnAlert" checked={alert} onChange={(e) => toggle(e.target.checked)} />{" "}
          {t("presence.alert")}
        </label>
      )}
    </div>
  );
}
