// A game kept up to date: the state first, then every event over the WebSocket (polling the
// events endpoint if the socket cannot open), with the state refetched after each event.
import { useCallback, useEffect, useRef, useState } from "react";
import { GameEvent, GameState, api, liveUrl } from "./api";

export interface LiveGame {
  state: GameState | null;
  events: GameEvent[];
  error: string;
  setState: (s: GameState) => void;
  refresh: () => Promise<void>;
}

export function useLiveGame(id: string): LiveGame {
  const [state, setState] = useState<GameState | null>(null);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [error, setError] = useState("");
  const lastSeq = useRef(0);

  const refresh = useCallback(async () => {
    try {
      setState(await api.game(id));
    } catch (err) {
      setError((err as Error).message);
    }
  }, [id]);

  useEffect(() => {
    let closed = false;
    let socket: WebSocket | null = null;
    let poll: number | undefined;
    const take = (event: GameEvent) => {
      if (event.seq <= lastSeq.current) return;
      lastSeq.current = event.seq;
      setEvents((old) => [...old, event]);
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
      }, 1500);
    };
    refresh();
    try {
      socket = new WebSocket(liveUrl(id, lastSeq.current));
      socket.onmessage = (msg) => {
        const data = JSON.parse(msg.data as string);
        if (typeof data.seq === "number") {
          take(data as GameEvent);
          refresh();
        } else if (data && data.id) {
          setState(data as GameState);
        }
      };
      socket.onerror = () => startPolling();
      socket.onclose = () => { if (!closed) startPolling(); };
    } catch {
      startPolling();
    }
    return () => {
      closed = true;
      socket?.close();
      if (poll !== undefined) window.clearInterval(poll);
    };
  }, [id, refresh]);

  return { state, events, error, setState, refresh };
}
