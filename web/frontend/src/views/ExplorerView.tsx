// The explorer's view: the question board (click or type a port to shoot, a cell to ask), the
// answer log, whose turn it is, the sketch board traced in the browser, and the guess.
import { FormEvent, useCallback, useEffect, useMemo, useState } from "react";
import { GameState, Observation, Seat, api, eventObservation } from "../api";
import { Board, PortMark, WavePath } from "../components/Board";
import { SketchEditor } from "../components/SketchEditor";
import { gemSet } from "../orapa/layout";
import { checkSketch, describe, parseQuestion, remaining, settledAnswer } from "../orapa/sketch";
import { AnswerLog } from "./explorer/AnswerLog";
import { questionMarks, wavePaths } from "./explorer/marks";
import { notesKey, useDraft, useNotes } from "./draft";
import { fillSettled } from "../orapa/sketch";
import { LiveGame } from "../live";
import { targetSeat } from "../seats";
import { Overlay, TrainingPanel, withOverlay } from "./TrainingPanel";
import { ConfirmButton } from "./others/common";

/** Whose turn it is, in the tab's title too (a player in another tab sees it). */
export function useTurnTitle(myTurn: boolean, title = "Orapa Mine"): void {
  useEffect(() => {
    document.title = myTurn ? `Your turn · ${title}` : title;
    return () => {
      document.title = title;
    };
  }, [myTurn, title]);
}

export function ExplorerView({ live, seat }: { live: LiveGame; seat: Seat | null }): JSX.Element {
  const state = live.state as GameState;
  const mine = seat?.seat ?? state.seats.find((s) => s.role === "explorer")?.seat ?? 0;
  const observations = state.observations[String(mine)] ?? [];
  const [sketch, setSketch] = useDraft(`orapa.sketch.${state.id}.${mine}`);
  const [notes, setNotes] = useNotes(notesKey(state.id, mine));
  const [typed, setTyped] = useState("");
  const [error, setError] = useState("");
  const [known, setKnown] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [verdict, setVerdict] = useState("");
  const [showAll, setShowAll] = useState(false);
  const myTurn = seat !== null && state.status === "playing" && state.to_move === seat.seat;
  const left = state.guesses_left[String(mine)] ?? 0;
  const set = gemSet(state.gems as string);
  const missing = remaining(set, sketch);
  useTurnTitle(myTurn);
  const askedBy = (state.asked_by as Record<string, number[]> | undefined)?.[String(mine)];
  const marks = useMemo(() => checkSketch({ gems: sketch }, observations), [sketch, observations]);
  const { ports, cells } = questionMarks(observations);
  const [overlay, setOverlay] = useState<Overlay>({ cells: {}, ports: {} });
  const takeOverlay = useCallback((o: Overlay) => setOverlay(o), []);
  // training: the deduction map and the advisor's question drawn over the question board
  const boardCells = withOverlay(cells, overlay.cells, (mine) => mine);
  const boardPorts = withOverlay(ports, overlay.ports, (mine, theirs) => ({
    ...mine,
    title: `${mine.title}; ${theirs.title}`,
  }));

  const ask = async (q: { shot: string } | { cell: string } | { resign: true }) => {
    setError("");
    setVerdict("");
    const settled = "resign" in q ? null : settledAnswer(observations, q);
    if (settled) {
      // O5: answered from the record, free; nothing to send
      setKnown(`Already known: ${describe(settled)}. Asking again is free and keeps your turn.`);
      return;
    }
    setKnown("");
    try {
      const out = await api.act(state.id, q);
      live.setState(out.game); // the answer is in the reply: no second request
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const submitTyped = (e: FormEvent) => {
    e.preventDefault();
    const q = parseQuestion(typed);
    if (!q) return setError(`'${typed}' is neither a port (1..18, A..R) nor a cell (A1..J8)`);
    setTyped("");
    ask(q);
  };
  const guess = async () => {
    setConfirming(false);
    setError("");
    setKnown("");
    try {
      const out = await api.act(state.id, { guess: { gems: sketch } });
      const told = out.event.reveal as Observation | undefined; // O7 reveal: one telling answer
      setVerdict(
        out.event.correct
          ? "Correct: that is the mine!"
          : "Wrong: that is not the mine." +
              (told ? ` The mine answers ${describe(told)}, and your sketch does not.` : ""),
      );
      await live.refresh();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  // the cell board: the first tap on a cell selects it, the second (or the button) asks
  const [picked, setPicked] = useState<string | null>(null);
  const pickCell = (c: string) => {
    if (picked === c) {
      setPicked(null);
      ask({ cell: c });
    } else setPicked(c);
  };

  // The sketch's paths, each in the colour the sketch gives it: the latest shot animated, or
  // every shot heard.
  const shots = observations.filter((o) => o.shot);
  const waves: WavePath[] = wavePaths({ gems: sketch }, showAll ? shots : shots.slice(-1), !showAll).map((w) => ({
    ...w,
    key: `${w.key}-${showAll}`,
  }));
  const sketchPorts: Record<string, PortMark> = {};
  observations.forEach((o, i) => {
    if (o.shot) sketchPorts[o.shot] = { ...ports[o.shot], state: marks[i] ? "ok" : "bad" };
  });
  // Other explorers' answers, unless the server already lists them with mine (public answers).
  const others =
    state.mode === "table"
      ? state.seats.filter(
          (s) =>
            s.role === "explorer" &&
            s.seat !== mine &&
            JSON.stringify(state.observations[String(s.seat)] ?? []) !== JSON.stringify(observations),
        )
      : [];
  const target = targetSeat(state, mine);
  // In a duel my mine is the other player's target: their questions on it, live.
  const myMine = seat && state.mode === "duel" ? state.mines[String(seat.seat)] : undefined;
  const theirObs: Observation[] =
    target === null
      ? []
      : (state.observations[String(target)] ??
        live.events
          .filter((e) => e.seat === target)
          .map(eventObservation)
          .filter((o): o is Observation => o !== null));
  const guessLabel =
    missing.length > 0
      ? `Place ${missing.length} more gem${missing.length === 1 ? "" : "s"} to guess (${missing.map((g) => `${g.color} ${g.shape}`).join(", ")})`
      : "Guess with this sketch…";

  return (
    <div className="explorer">
      <p className="status" aria-live="polite" data-testid="turn">
        {state.status === "waiting"
          ? "Waiting for players…"
          : myTurn
            ? "Your turn: shoot a port, ask a cell, or guess."
            : seat
              ? `Waiting for ${state.seats[state.to_move ?? 0]?.name ?? "the others"}…`
              : "Watching."}
      </p>
      {verdict && (
        <p className="verdict" role="status">
          {verdict}
        </p>
      )}
      {known && (
        <p className="known" role="status" data-testid="already-known">
          {known}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="boards">
        <section aria-label="questions">
          <h2>The mine{target !== null ? ` of ${state.seats[target]?.name ?? "the director"}` : ""}</h2>
          <Board
            label="question board"
            portMarks={boardPorts}
            cellMarks={boardCells}
            onPort={myTurn ? (p) => ask({ shot: p }) : undefined}
            onCell={myTurn ? pickCell : undefined}
          />
          {myTurn && picked && (
            <p className="pick" data-testid="picked-cell">
              Cell {picked} selected:{" "}
              <button
                type="button"
                onClick={() => {
                  setPicked(null);
                  ask({ cell: picked });
                }}
              >
                Ask {picked}
              </button>{" "}
              <button type="button" className="link" onClick={() => setPicked(null)}>
                cancel
              </button>{" "}
              (or tap it again)
            </p>
          )}
          <form className="ask" onSubmit={submitTyped}>
            <label>
              Port or cell{" "}
              <input
                name="question"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                disabled={!myTurn}
                placeholder="15 or E4"
              />
            </label>
            <button type="submit" disabled={!myTurn}>
              Ask
            </button>
          </form>
          <h3>Answers</h3>
          <AnswerLog
            observations={observations}
            marks={sketch.length ? marks : undefined}
            state={state}
            seats={state.mode === "table" ? askedBy : undefined}
          />
          {myMine && (
            <div data-testid="opponent-questions">
              <h3>{state.seats[target as number]?.name ?? "Your opponent"}'s questions on my mine</h3>
              <Board
                label="my mine"
                gems={myMine.gems}
                portMarks={questionMarks(theirObs).ports}
                cellMarks={questionMarks(theirObs).cells}
                waves={wavePaths(myMine, theirObs, true)}
              />
              <AnswerLog observations={theirObs} />
            </div>
          )}
          {others.map((o) => (
            <div key={o.seat}>
              <h3>{o.name}'s answers</h3>
              <AnswerLog observations={state.observations[String(o.seat)] ?? []} />
            </div>
          ))}
        </section>
        {seat && (
          <section aria-label="sketch">
            <h2>My sketch</h2>
            <SketchEditor
              label="sketch board"
              gemSet={set}
              gems={sketch}
              onChange={setSketch}
              portMarks={sketchPorts}
              waves={waves}
              notes={notes}
              onNotes={setNotes}
            />
            <p>
              <span data-testid="sketch-score">
                {marks.filter(Boolean).length} of {observations.length} answers reproduced
              </span>{" "}
              <label className="inline">
                <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} /> show every
                path
              </label>
            </p>
            <button
              type="button"
              className="primary"
              data-testid="guess-button"
              disabled={!myTurn || missing.length > 0}
              onClick={() => setConfirming(true)}
            >
              {guessLabel}
            </button>
            {confirming && (
              <div className="confirm" role="dialog" aria-label="confirm the guess">
                <p>
                  Guess with this sketch of {sketch.length} gem{sketch.length === 1 ? "" : "s"}? You have {left} guess
                  {left === 1 ? "" : "es"} left
                  {marks.some((m) => !m)
                    ? `, and the sketch does not give ${marks.filter((m) => !m).length} of the answers heard`
                    : ""}
                  .
                </p>
                <button type="button" className="primary" onClick={guess} autoFocus>
                  Yes, guess
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  Cancel
                </button>
              </div>
            )}
            {state.status === "playing" && !(state.mode === "table" && left === 0) && (
              <div className="resign">
                <ConfirmButton
                  label="Resign…"
                  yes="Yes, resign"
                  onConfirm={() => ask({ resign: true })}
                  question={
                    state.mode === "duel"
                      ? "Resign? Your opponent wins the game."
                      : state.mode === "solo"
                        ? "Resign? The game ends and you lose it."
                        : "Resign? You leave the game; the other explorers play on."
                  }
                />
              </div>
            )}
            {state.hints && (
              <TrainingPanel
                state={state}
                sketch={sketch}
                onOverlay={takeOverlay}
                onFill={(settled) => setNotes(fillSettled(notes, settled))}
              />
            )}
          </section>
        )}
      </div>
    </div>
  );
}
