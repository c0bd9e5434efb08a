// The game's chat: every `chat` event of the log (so it is live over the socket and the same
// in the replay), shown as plain text (React escapes it), and a line to type in for the
// players seated at the game; spectators read along.
import { FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GameEvent, GameState, api } from "../api";
import { intlLocale } from "../i18n";
import "./together.css";

export const MAX_CHAT = 500;

/** The chat lines of a log, oldest first. */
export function chatLines(events: GameEvent[]): GameEvent[] {
  return events.filter((e) => e.type === "chat");
}

function time(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString(intlLocale(), { hour: "2-digit", minute: "2-digit" });
}

export function Chat({
  state,
  events,
  seated,
}: {
  state: GameState;
  events: GameEvent[];
  seated: boolean;
}): JSX.Element {
  const { t } = useTranslation("together");
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const lines = chatLines(events);
  useEffect(() => {
    // keep the newest line in view
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lines.length]);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    try {
      await api.chat(String(state.id), text);
      setText("");
      setError("");
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSending(false);
    }
  };
  const name = (e: GameEvent) =>
    (typeof e.name === "string" && e.name) || (e.seat !== null ? state.seats[e.seat]?.name : "") || t("chat.someone");
  return (
    <section className="card chat" aria-label={t("chat.label")}>
      <h2>{t("chat.title")}</h2>
      {lines.length === 0 ? (
        <p className="muted">{t("chat.empty")}</p>
      ) : (
        <ol ref={list} className="chat-lines" aria-live="polite" data-testid="chat-lines">
          {lines.map((e) => (
            <li key={e.seq}>
              <span className="chat-time">{time(e.at)}</span> <b>{name(e)}</b>
              {t("chat.colon")} <span className="chat-text">{String(e.text ?? "")}</span>
            </li>
          ))}
        </ol>
      )}
      {seated ? (
        <form onSubmit={send} className="chat-form">
          <label className="sr-only" htmlFor="chat-input">
            {t("chat.message")}
          </label>
          <input
            id="chat-input"
            name="chat"
            value={text}
            maxLength={MAX_CHAT}
            autoComplete="off"
            placeholder={t("chat.placeholder")}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" disabled={sending || !text.trim()}>
            {t("chat.send")}
          </button>
        </form>
      ) : (
        <p className="muted">{t("chat.onlyPlayers")}</p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
