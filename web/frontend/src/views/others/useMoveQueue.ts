// The moves of a Ripple or Mandragora game are animated one after the other, in the order they
// were played, each starting from where the previous one left the board: a move that arrives
// while another is still being shown waits its turn.
import { useCallback, useEffect, useRef } from "react";
import { GameEvent } from "../../api";
import { LiveGame } from "../../live";
import { useNewEvents } from "./common";

/** How one move is shown, as its page's `start` returns it when the move's turn comes: frame `i`
 * runs `i * step` ms after the start, then `done` runs and the next move starts
 * `frames.length * step + pause` ms after this one did. */
export interface MoveShow {
  frames: (() => void)[];
  /** ms between two frames (`stepMs` of the page's pace: 0 under reduced motion) */
  step: number;
  /** ms more to wait after the last frame's step before the next move */
  pause?: number;
  /** run once the move is over, before the next one starts */
  done?: () => void;
}

/** A queue of moves to show; `push` one as it arrives. */
export interface MoveQueue {
  push: (e: GameEvent) => void;
}

/** The queue without React: `start` is called for each move when its turn comes (so it reads the
 * page as it is then), `idle` whenever the last waiting move has been shown. */
export function moveQueue(start: (e: GameEvent) => MoveShow, idle?: () => void): MoveQueue {
  const waiting: GameEvent[] = [];
  let running = false;
  const next = (): void => {
    if (running) return;
    const e = waiting.shift();
    if (!e) {
      idle?.();
      return;
    }
    running = true;
    const show = start(e);
    // Timers of the same delay run in the order they were set, so with no delay at all
    // (reduced motion) the frames still come in order and the end after them.
    show.frames.forEach((frame, i) => setTimeout(frame, i * show.step));
    setTimeout(
      () => {
        show.done?.();
        running = false;
        next();
      },
      show.frames.length * show.step + (show.pause ?? 0),
    );
  };
  return {
    push: (e) => {
      waiting.push(e);
      next();
    },
  };
}

/** Show each move event newer than the state the page opened with, once, one after the other
 * (see `moveQueue`); the latest `start` and `idle` the page rendered with are the ones called. */
export function useMoveQueue(live: LiveGame, start: (e: GameEvent) => MoveShow, idle?: () => void): void {
  const latest = useRef({ start, idle });
  useEffect(() => {
    latest.current = { start, idle };
  });
  const queue = useRef<MoveQueue | null>(null);
  if (queue.current === null)
    queue.current = moveQueue(
      (e) => latest.current.start(e),
      () => latest.current.idle?.(),
    );
  const onEvent = useCallback((e: GameEvent) => {
    if (e.type === "move") queue.current?.push(e);
  }, []);
  useNewEvents(live, onEvent);
}
