// A game kept up to date: the state first, then every event over the WebSocket, with the state
// refetched after each event. The socket signs in with the subprotocol `bearer.TOKEN` (the token
// never goes into an address, so no log can hold it). When the socket closes for a reason that
// can pass (the server restarting, its database unavailable: close code 1013, a network cut) the
// page reconnects with growing waits and asks for the events after the last one it has, so it
// catches up without gaps; while it cannot reconnect it polls the events endpoint. A refused
// token (4401) or a missing game (4404) is shown, not retried.
import { useCallback, useEffect, useRef, useState } from "react";
import { GameEvent, GameState, api, errorText, token } from "./api";
import { ROOT } from "./router";
import i18n from "./i18n";

export interface LiveGame {
  state: GameState | null;
  events: GameEvent[];
  error: string;
  setState: (s: GameState) => void;
  refresh: () => Promise<void>;
}

/** The subprotocol the server selects, offered beside the token. */
export const SUBPROTOCOL = "orapa";
export const CLOSE_UNAUTHORISED = 4401;
export const CLOSE_NOT_FOUND = 4404;
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 15000;
const POLL_MS = 1500;

/** The socket's address: the game and the last event seen, never the token. */
export function liveAddress(loc: { protocol: string; host: string }, id: string, after: number): string {
  const proto = loc.protocol === "https:" ? "wss" : "ws";
  return `${proto}://${loc.host}${ROOT}/api/games/${encodeURIComponent(id)}/live?after=${after}`;
}

/** The subprotocols a socket offers: `orapa`, and `bearer.TOKEN` when signed in. */
export function liveProtocols(tok: string | null): string[] {
  return tok ? [SUBPROTOCOL, `bearer.${tok}`] : [SUBPROTOCOL];
}

/** Whether a close code is worth reconnecting after (not a refusal the server meant). */
export function shouldReconnect(code: number): boolean {
  return code !== CLOSE_UNAUTHORISED && code !== CLOSE_NOT_FOUND && code !== 1000;
}

/** The wait before reconnection attempt `attempt` (0, 1, ...): doubling, capped, with up to a
 * fifth more at random (`jitter` in [0, 1)) so that many pages do not come back at once. */
export function reconnectDelay(attempt: number, jitter: number): number {
  const base = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (1 + 0.2 * jitter));
}

/** The line shown for a close the page will not retry. */
export function closeMessage(code: number, reason: string): string {
  if (code === CLOSE_UNAUTHORISED) return reason || i18n.t("game:live.refused");
  if (code === CLOSE_NOT_FOUND) return reason || i18n.t("game:live.noGame");
  return reason;
}

/** The state to keep when `next` arrives while `held` is shown: `next`, unless it is an older
 * state of the same game. Every event refetches the state and an action's reply carries one, so
 * several requests are often in flight at once and may come back out of order; an older reply
 * landing last would show a turn that has passed (a page stuck waiting for a move already made). */
export function newerState(held: GameState | null, next: GameState): GameState {
  if (!held || held.id !== next.id) return next;
  const a = held.seq;
  const b = next.seq;
  return typeof a === "number" && typeof b === "number" && b < a ? held : next;
}

export function useLiveGame(id: string): LiveGame {
  const [state, setLatest] = useState<GameState | null>(null);
  const setState = useCallback((next: GameState) => setLatest((held) => newerState(held, next)), []);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [error, setError] = useState("");
  const lastSeq = useRef(0);

  const refresh = useCallback(async () => {
    try {
      setState(await api.game(id));
    } catch (err) {
      setError((err as Error).message);
    }
  }, [id, setState]);

  useEffect(() => {
    let closed = false;
    let socket: WebSocket | null = null;
    let poll: number | undefined;
    let retry: number | undefined;
    let attempt = 0;
    const take = (event: GameEvent) => {
      if (event.seq <= lastSeq.current) return;
      lastSeq.current = event.seq;
      setEvents((old) => [...old, event]);
    };
    const stopPolling = () => {
      if (poll !== undefined) window.clearInterval(poll);
      poll = undefined;
    };
    const startPolling = () => {
      if (poll !== undefined || closed) return;
      poll = window.setInterval(async () => {
        try {
          const out = await api.events(id, lastSeq.current);
          if (out.events.length) {
            out.events.forEach(take);
            await refresh();
          }
        } catch {
          /* the next tick tries again */
        }
      }, POLL_MS);
    };
    const open = () => {
      if (closed) return;
      try {
        socket = new WebSocket(liveAddress(window.location, id, lastSeq.current), liveProtocols(token()));
      } catch {
        startPolling();
        return;
      }
      socket.onmessage = (msg) => {
        const data = JSON.parse(msg.data as string);
        attempt = 0;
        stopPolling();
        if (typeof data.seq === "number") {
          take(data as GameEvent);
          refresh();
        } else if (data && data.id) {
          setState(data as GameState);
        } else if (data && typeof data.error === "string") {
          setError(errorText(typeof data.code === "string" ? data.code : null, data.error));
        }
      };
      socket.onclose = (ev: CloseEvent) => {
        socket = null;
        if (closed) return;
        if (!shouldReconnect(ev.code)) {
          setError(closeMessage(ev.code, ev.reason));
          return;
        }
        startPolling();
        retry = window.setTimeout(open, reconnectDelay(attempt, Math.random()));
        attempt += 1;
      };
    };
    refresh();
    open();
    return () => {
      closed = true;
      socket?.close(1000);
      stopPolling();
      if (retry !== undefined) window.clearTimeout(retry);
    };
  }, [id, refresh, setState]);

  return { state, events, error, setState, refresh };
}
