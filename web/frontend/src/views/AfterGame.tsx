// After the game: every mine revealed with the path of every shot, the analysis (when the mine
// was forced, bits per question, the advisor's count) and a replay stepping through the events.
import { KeyboardEvent, useEffect, useState } from "react";
import { Analysis, ApiError, GameEvent, GameState, Observation, Seat, api, eventObservation } from "../api";
import { Board } from "../components/Board";
import { portText } from "../orapa/board";
import { describe } from "../orapa/sketch";
import { LiveGame } from "../live";
import { AnswerLog } from "./explorer/AnswerLog";
import { questionMarks, wavePaths } from "./explorer/marks";
import { targetSeat } from "../seats";
import { notesKey, readNotes } from "./draft";
import { Link } from "../components/Link";
import { Rematch } from "../components/Rematch";
import { ExplorerReview } from "../components/review/ExplorerReview";

/** The answers to `seat`'s own questions (at a table every explorer hears every answer; the
 * STATE's `asked_by` says whose question each one was). */
export function ownAnswers(state: GameState, seat: number): Observation[] {
  const all = state.observations[String(seat)] ?? [];
  const askers = (state.asked_by as Record<string, number[]> | undefined)?.[String(seat)];
  return askers && askers.length === all.length ? all.filter((_, i) => askers[i] === seat) : all;
}

function BitsChart({ bits, forcedAfter }: { bits: number[]; forcedAfter: number | null }): JSX.Element {
  // A fixed 600 x 200 drawing: bars share the width, the tallest reaches the top margin.
  const max = Math.max(1, ...bits);
  const left = 40;
  const w = (600 - left - 10) / Math.max(bits.length, 1);
  const y = (b: number) => 170 - (b / max) * 140;
  return (
    <svg className="chart" viewBox="0 0 600 200" role="img" aria-label="bits per question">
      <text x={4} y={16} className="axis" style={{ textAnchor: "start" }}>
        bits gained per question{forcedAfter !== null ? " (green: the mine forced)" : ""}
      </text>
      {bits.map((b, i) => (
        <g key={i}>
          <rect
            x={left + i * w + w * 0.15}
            y={y(b)}
            width={w * 0.7}
            height={170 - y(b)}
            fill={forcedAfter !== null && i + 1 === forcedAfter ? "#2e9e4f" : "#1f5fd1"}
          >
            <title>{`question ${i + 1}: ${b.toFixed(2)} bits`}</title>
          </rect>
          {w >= 18 && (
            <text x={left + i * w + w / 2} y={y(b) - 4} className="axis">
              {b.toFixed(1)}
            </text>
          )}
          {(w >= 14 || i % 5 === 4) && (
            <text x={left + i * w + w / 2} y={186} className="axis">
              {i + 1}
            </text>
          )}
        </g>
      ))}
      <line x1={left - 2} y1={170} x2={590} y2={170} stroke="#555" strokeWidth={1} />
    </svg>
  );
}

function Replay({ state, events }: { state: GameState; events: GameEvent[] }): JSX.Element {
  const [step, setStep] = useState(events.length);
  useEffect(() => setStep(events.length), [events.length]);
  const shown = events.slice(0, step);
  const current = shown[shown.length - 1];
  // The board as it was: every answer heard by each explorer up to this event.
  const bySeat: Record<string, Observation[]> = {};
  for (const e of shown) {
    const o = eventObservation(e);
    if (o && e.seat !== null) (bySeat[String(e.seat)] ??= []).push(o);
  }
  const explorers = state.seats.filter((s) => s.role !== "director");
  const key = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight") setStep((s) => Math.min(events.length, s + 1));
    else if (e.key === "ArrowLeft") setStep((s) => Math.max(0, s - 1));
    else if (e.key === "Home") setStep(0);
    else if (e.key === "End") setStep(events.length);
    else return;
    e.preventDefault();
  };
  return (
    <section className="card replay" aria-label="replay" tabIndex={0} onKeyDown={key}>
      <h2>Replay</h2>
      <div className="buttons">
        <button type="button" onClick={() => setStep(0)} aria-label="first event">
          |◀
        </button>
        <button type="button" onClick={() => setStep((s) => Math.max(0, s - 1))} aria-label="previous event">
          ◀
        </button>
        <input
          type="range"
          min={0}
          max={events.length}
          value={step}
          onChange={(e) => setStep(Number(e.target.value))}
          aria-label="event"
        />
        <button type="button" onClick={() => setStep((s) => Math.min(events.length, s + 1))} aria-label="next event">
          ▶
        </button>
        <button type="button" onClick={() => setStep(events.length)} aria-label="last event">
          ▶|
        </button>
      </div>
      <p data-testid="replay-step">
        Event {step} of {events.length}
        {current ? `: ${describeEvent(state, current)}` : ": the start"}
      </p>
      <div className="boards">
        {explorers.map((s) => {
          const obs = bySeat[String(s.seat)] ?? [];
          const target = targetSeat(state, s.seat);
          const mine = target !== null ? state.mines[String(target)] : undefined;
          const { ports, cells } = questionMarks(obs);
          return (
            <div key={s.seat}>
              <h3>{s.name || "explorer"}</h3>
              <Board
                label={`replay ${s.name}`}
                gems={mine?.gems}
                portMarks={ports}
                cellMarks={cells}
                notes={readNotes(notesKey(state.id, s.seat))}
                waves={mine ? wavePaths(mine, obs, true).slice(-1) : []}
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}

export function describeEvent(state: GameState, e: GameEvent): string {
  const who = e.seat !== null ? state.seats[e.seat]?.name || `seat ${e.seat}` : "the game";
  const o = eventObservation(e);
  switch (e.type) {
    case "shot":
      return `${who} shot ${o ? describe(o) : "?"}`; // bounce answers too (O9), ports in the player's labels (O10)
    case "cell":
      return `${who} asked ${o ? describe(o) : "?"}`;
    case "confirm":
      return `${who} asked ${portText(String(e.shot ?? e.cell))} again (already known, free)`;
    case "guess":
      return `${who} guessed: ${e.correct ? "right" : "wrong"}`;
    case "resign":
      return `${who} resigned`;
    case "mine_placed":
      return `${who} placed a mine`;
    case "joined":
      return `${who} joined`;
    case "turn":
      return `${who} is to play`;
    case "over":
      return "the game is over";
    case "chat":
      return `${who} said: ${String(e.text ?? "")}`;
    case "rematch":
      return `${who} asked for a rematch`;
    case "timeout":
      return `${who} ran out of time${e.loses === "game" ? " and lost the game" : " and lost the turn"}`;
    default:
      return `${who}: ${e.type}`;
  }
}

/** Why an Orapa game ended, from its last guesses: who found the mine, who guessed wrong. */
export function endingReason(state: GameState, events: GameEvent[]): string {
  const name = (seat: number | null) => (seat !== null ? state.seats[seat]?.name || `seat ${seat}` : "someone");
  const guesses = events.filter(
    (e) => e.type === "guess" || e.type === "resign" || (e.type === "timeout" && e.loses === "game"),
  );
  const last = guesses[guesses.length - 1];
  if (!last) return "";
  if (last.type === "resign") return `${name(last.seat)} resigned`;
  if (last.type === "timeout") return `${name(last.seat)} ran out of time`;
  if (state.outcome === "tie") return "both players found the mine they explored";
  if (state.outcome === "all lose") {
    const explorers = state.seats.filter((s) => s.role === "explorer");
    const guesses = `${Number(state.allowed_guesses ?? 2)} guess${Number(state.allowed_guesses ?? 2) === 1 ? "" : "es"}`;
    return explorers.length === 1
      ? `${name(explorers[0].seat)} used all ${guesses} without finding the mine`
      : `every explorer used up their ${guesses} without finding the mine`;
  }
  if (last.correct) return `${name(last.seat)} found the mine with a right guess`;
  if (state.mode === "duel") {
    const right = guesses.find((e) => e.correct);
    return right
      ? `${name(right.seat)} found the mine first and ${name(last.seat)} missed the last chance to tie`
      : `${name(last.seat)} guessed wrong`;
  }
  return `${name(last.seat)} guessed wrong`;
}

export function AfterGame({ live, seat }: { live: LiveGame; seat: Seat | null }): JSX.Element {
  const state = live.state as GameState;
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [error, setError] = useState("");
  useEffect(() => {
    // signed out: the analysis and the replay are for players; say so in words, once
    const why = (e: unknown) =>
      e instanceof ApiError && e.status === 401
        ? "signed out"
        : e instanceof ApiError && e.status === 404
          ? ""
          : (e as Error).message;
    api
      .analysis(state.id)
      .then(setAnalysis)
      .catch((e) => setError(why(e)));
    api
      .events(state.id, 0)
      .then((o) => setEvents(o.events))
      .catch((e) => setError(why(e)));
  }, [state.id]);
  const explorers = state.seats.filter((s) => s.role !== "director");
  const won = seat && state.winners.includes(seat.seat);
  return (
    <div className="after">
      <p className="verdict" role="status" data-testid="outcome">
        Game over:{" "}
        {state.outcome === "win"
          ? `${state.winners.map((w) => state.seats[w]?.name).join(" and ")} won`
          : state.outcome === "all lose"
            ? "everybody lost"
            : state.outcome === "tie"
              ? "a tie"
              : state.outcome}
        {endingReason(state, events) ? `: ${endingReason(state, events)}` : ""}.
        {typeof state.decided_by === "string" && <span data-testid="decided-by"> Judged by {state.decided_by}.</span>}
        {seat ? (won ? " Well played!" : "") : ""}
      </p>
      <Rematch state={state} events={live.events} seat={seat} />
      {error === "signed out" ? (
        <p className="card" data-testid="sign-in-for-more">
          The analysis and the replay are shown to players signed in on this server.{" "}
          <Link to={`/?next=${encodeURIComponent(`/games/${state.id}`)}`}>Pick a name in the lobby</Link>, and you come
          back here.
        </p>
      ) : (
        error && (
          <p className="error" role="alert">
            {error}
          </p>
        )
      )}
      <div className="boards">
        {explorers.map((s) => {
          const target = targetSeat(state, s.seat);
          const mine = target !== null ? state.mines[String(target)] : undefined;
          const heard = state.observations[String(s.seat)] ?? [];
          const obs = ownAnswers(state, s.seat);
          const a = analysis?.[String(s.seat)];
          const left = state.guesses_left?.[String(s.seat)];
          const allowed = state.mode === "duel" ? 1 : Number(state.allowed_guesses ?? 2);
          return (
            <section key={s.seat} aria-label={`${s.name} result`}>
              <h2>{state.mode === "duel" ? `The mine ${s.name || "this player"} explored` : "The mine"}</h2>
              {mine ? (
                <Board
                  label={`revealed mine ${s.name}`}
                  gems={mine.gems}
                  waves={wavePaths(mine, obs)}
                  portMarks={questionMarks(obs).ports}
                  cellMarks={questionMarks(obs).cells}
                />
              ) : (
                <p className="muted">mine not shown</p>
              )}
              <h3>{s.name}'s questions</h3>
              <p className="muted" data-testid={`asked-${s.seat}`}>
                {obs.length} question{obs.length === 1 ? "" : "s"} asked
                {left !== undefined ? `; ${allowed - left} of ${allowed} guess${allowed === 1 ? "" : "es"} used` : ""}
              </p>
              <AnswerLog observations={obs} />
              {!a && !error && (
                <p className="muted" data-testid="pending-analysis">
                  Analysing the game…
                </p>
              )}
              {a && (
                <div className="analysis" data-testid={`analysis-${s.seat}`}>
                  <p>
                    {a.forced_after !== null
                      ? `The mine was forced after answer ${a.forced_after}`
                      : "The answers never forced the mine"}
                    {heard.length !== obs.length ? ` (counting all ${heard.length} answers heard at the table)` : ""};{" "}
                    {obs.length} question{obs.length === 1 ? "" : "s"} asked; the advisor would have needed{" "}
                    {a.advisor_questions}.
                  </p>
                  <BitsChart bits={a.bits} forcedAfter={a.forced_after} />
                </div>
              )}
              <ExplorerReview state={state} seat={s.seat} name={s.name || "this player"} mine={mine} events={events} />
            </section>
          );
        })}
      </div>
      {events.length > 0 && <Replay state={state} events={events} />}
    </div>
  );
}
