// After the game: every mine revealed with the path of every shot, the analysis (when the mine
// was forced, bits per question, the advisor's count) and a replay stepping through the events.
import { KeyboardEvent, useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import i18n, { formatNumber, seatName } from "../i18n";
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
  const { t } = useTranslation("game");
  const max = Math.max(1, ...bits);
  const left = 40;
  const w = (600 - left - 10) / Math.max(bits.length, 1);
  const y = (b: number) => 170 - (b / max) * 140;
  return (
    <svg className="chart" viewBox="0 0 600 200" role="img" aria-label={t("after.chartLabel")}>
      <text x={4} y={16} className="axis" style={{ textAnchor: "start" }}>
        {t("after.chartTitle")}
        {forcedAfter !== null ? t("after.chartForced") : ""}
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
            <title>{t("after.bar", { n: i + 1, bits: formatNumber(b, 2) })}</title>
          </rect>
          {w >= 18 && (
            <text x={left + i * w + w / 2} y={y(b) - 4} className="axis">
              {formatNumber(b, 1)}
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
  const { t } = useTranslation("game");
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
    <section className="card replay" aria-label={t("replay.label")} tabIndex={0} onKeyDown={key}>
      <h2>{t("replay.title")}</h2>
      <div className="buttons">
        <button type="button" onClick={() => setStep(0)} aria-label={t("replay.first")}>
          |◀
        </button>
        <button type="button" onClick={() => setStep((s) => Math.max(0, s - 1))} aria-label={t("replay.previous")}>
          ◀
        </button>
        <input
          type="range"
          min={0}
          max={events.length}
          value={step}
          onChange={(e) => setStep(Number(e.target.value))}
          aria-label={t("replay.event")}
        />
        <button
          type="button"
          onClick={() => setStep((s) => Math.min(events.length, s + 1))}
          aria-label={t("replay.next")}
        >
          ▶
        </button>
        <button type="button" onClick={() => setStep(events.length)} aria-label={t("replay.last")}>
          ▶|
        </button>
      </div>
      <p data-testid="replay-step">
        {t("replay.step", { step, count: events.length })}
        {t("after.colon")}
        {current ? describeEvent(state, current) : t("replay.start")}
      </p>
      <div className="boards">
        {explorers.map((s) => {
          const obs = bySeat[String(s.seat)] ?? [];
          const target = targetSeat(state, s.seat);
          const mine = target !== null ? state.mines[String(target)] : undefined;
          const { ports, cells } = questionMarks(obs);
          return (
            <div key={s.seat}>
              <h3>{seatName(s) || t("common:roles.explorer")}</h3>
              <Board
                label={t("replay.board", { name: seatName(s) })}
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

/** One event of the replay in words ("Ann shot 15 → C blue"). */
export function describeEvent(state: GameState, e: GameEvent): string {
  const t = i18n.t;
  const who =
    e.seat !== null ? seatName(state.seats[e.seat]) || t("game:log.seat", { seat: e.seat }) : t("game:events.theGame");
  const o = eventObservation(e);
  const answer = o ? describe(o) : "?"; // bounce answers too (O9), ports in the player's labels (O10)
  switch (e.type) {
    case "shot":
      return t("game:events.shot", { who, answer });
    case "cell":
      return t("game:events.cell", { who, answer });
    case "confirm":
      return t("game:events.confirm", { who, question: portText(String(e.shot ?? e.cell)) });
    case "guess":
      return t(e.correct ? "game:events.guessRight" : "game:events.guessWrong", { who });
    case "resign":
    case "mine_placed":
    case "joined":
    case "turn":
    case "rematch":
      return t(`game:events.${e.type}`, { who });
    case "over":
      return t("game:events.over");
    case "chat":
      return t("game:events.chat", { who, text: String(e.text ?? "") });
    case "timeout":
      return t(e.loses === "game" ? "game:events.timeoutGame" : "game:events.timeoutTurn", { who });
    default:
      return `${who}: ${e.type}`;
  }
}

/** The rule that judged the deciding guess (RULINGS O7), from the server's words. */
export function ruleWords(decidedBy: string): string {
  const known: Record<string, string> = {
    "guess: mine (a guess wins only when it is the hidden mine)": "mineRight",
    "guess: mine (the guess was not the hidden mine)": "mineWrong",
    "guess: consistent (a guess wins when it fits every answer given)": "consistentRight",
    "guess: consistent (the guess did not fit every answer given)": "consistentWrong",
  };
  return known[decidedBy] ? i18n.t(`game:after.rules.${known[decidedBy]}`) : decidedBy;
}

/** Why an Orapa game ended, from its last guesses: who found the mine, who guessed wrong. */
export function endingReason(state: GameState, events: GameEvent[]): string {
  const t = i18n.t;
  const name = (seat: number | null) =>
    seat !== null ? seatName(state.seats[seat]) || t("game:log.seat", { seat }) : t("game:ending.someone");
  const guesses = events.filter(
    (e) => e.type === "guess" || e.type === "resign" || (e.type === "timeout" && e.loses === "game"),
  );
  const last = guesses[guesses.length - 1];
  if (!last) return "";
  if (last.type === "resign") return t("game:ending.resigned", { who: name(last.seat) });
  if (last.type === "timeout") return t("game:ending.timeout", { who: name(last.seat) });
  if (state.outcome === "tie") return t("game:ending.tie");
  if (state.outcome === "all lose") {
    const explorers = state.seats.filter((s) => s.role === "explorer");
    const count = Number(state.allowed_guesses ?? 2);
    return explorers.length === 1
      ? t("game:ending.usedAll", { who: name(explorers[0].seat), count })
      : t("game:ending.everyoneUsed", { count });
  }
  if (last.correct) return t("game:ending.found", { who: name(last.seat) });
  if (state.mode === "duel") {
    const right = guesses.find((e) => e.correct);
    return right
      ? t("game:ending.foundFirst", { who: name(right.seat), other: name(last.seat) })
      : t("game:ending.wrong", { who: name(last.seat) });
  }
  return t("game:ending.wrong", { who: name(last.seat) });
}

/** The log to read the ending from: the page's live events until the fetched log has caught up,
 * so the reason shows with the outcome instead of after a second request. */
export function endingEvents(fetched: GameEvent[], live: GameEvent[]): GameEvent[] {
  return fetched.length >= live.length ? fetched : live;
}

export function AfterGame({ live, seat }: { live: LiveGame; seat: Seat | null }): JSX.Element {
  const { t } = useTranslation("game");
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
  const reason = endingReason(state, endingEvents(events, live.events));
  return (
    <div className="after">
      <p className="verdict" role="status" data-testid="outcome">
        {t("after.over")}{" "}
        {state.outcome === "win"
          ? t("after.won", {
              names: state.winners.map((w) => seatName(state.seats[w])).join(t("after.and")),
              count: state.winners.length,
            })
          : state.outcome === "all lose"
            ? t("after.allLose")
            : state.outcome === "tie"
              ? t("after.tie")
              : state.outcome}
        {reason ? `${t("after.colon")}${reason}` : ""}.
        {typeof state.decided_by === "string" && (
          <span data-testid="decided-by"> {t("after.judged", { rule: ruleWords(state.decided_by) })}</span>
        )}
        {seat ? (won ? ` ${t("after.wellPlayed")}` : "") : ""}
      </p>
      <Rematch state={state} events={live.events} seat={seat} />
      {error === "signed out" ? (
        <p className="card" data-testid="sign-in-for-more">
          {t("after.signInForMore")}{" "}
          <Trans
            t={t}
            i18nKey="page.pickName"
            components={{ lobby: <Link to={`/?next=${encodeURIComponent(`/games/${state.id}`)}`} /> }}
          />
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
            <section key={s.seat} aria-label={t("after.result", { name: seatName(s) })}>
              <h2>
                {state.mode === "duel"
                  ? t("after.mineExplored", { name: seatName(s) || t("after.thisPlayer") })
                  : t("explorer.theMine")}
              </h2>
              {mine ? (
                <Board
                  label={t("after.revealed", { name: seatName(s) })}
                  gems={mine.gems}
                  waves={wavePaths(mine, obs)}
                  portMarks={questionMarks(obs).ports}
                  cellMarks={questionMarks(obs).cells}
                />
              ) : (
                <p className="muted">{t("after.notShown")}</p>
              )}
              <h3>{t("after.questionsOf", { name: seatName(s) })}</h3>
              <p className="muted" data-testid={`asked-${s.seat}`}>
                {t("after.asked", { count: obs.length })}
                {left !== undefined ? t("after.guessesUsed", { used: allowed - left, count: allowed }) : ""}
              </p>
              <AnswerLog observations={obs} />
              {!a && !error && (
                <p className="muted" data-testid="pending-analysis">
                  {t("after.analysing")}
                </p>
              )}
              {a && (
                <div className="analysis" data-testid={`analysis-${s.seat}`}>
                  <p>
                    {a.forced_after !== null ? t("after.forcedAfter", { n: a.forced_after }) : t("after.neverForced")}
                    {heard.length !== obs.length ? t("after.countingAll", { count: heard.length }) : ""};{" "}
                    {t("after.asked", { count: obs.length })};{" "}
                    {a.advisor_questions !== null
                      ? t("after.advisor", { count: a.advisor_questions })
                      : t("after.advisorStopped")}
                  </p>
                  <BitsChart bits={a.bits} forcedAfter={a.forced_after} />
                </div>
              )}
              <ExplorerReview
                state={state}
                seat={s.seat}
                name={seatName(s) || t("after.thisPlayer")}
                mine={mine}
                events={events}
              />
            </section>
          );
        })}
      </div>
      {events.length > 0 && <Replay state={state} events={events} />}
    </div>
  );
}
