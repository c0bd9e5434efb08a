// Mandragora Mania: the ten areas laid out as in the rules, stacks bottom to top with piece
// letters and names, legal areas highlighted, sowing animated piece by piece, extra turns.
import { KeyboardEvent, useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { GameEvent, GameState, SolverHint, api } from "../../api";
import i18n, { seatName } from "../../i18n";
import { Banner, control, ErrorLine, GameHead, OtherProps, RestartButton, scoreLine, stepMs, useAct } from "./common";
import { MoveShow, useMoveQueue } from "./useMoveQueue";

interface MandragoraView {
  position: { areas: Record<string, string>; scores: Record<string, number>; to_move: string; over: boolean };
  legal: number[];
  moves: number[];
  rules: { pattern: string; first: string };
  sides: Record<string, string>;
  pieces: Record<string, string>;
}

// Where each area sits (column, row), as the rules draw the board: the opponent's row on top.
export const AREA_AT: Record<number, [number, number]> = {
  9: [0, 0],
  8: [1, 0],
  7: [2, 0],
  6: [3, 0],
  2: [1.5, 1],
  4: [2.5, 1],
  1: [0.5, 2],
  3: [1.5, 2],
  5: [2.5, 2],
  0: [3.5, 2],
};
const PIECE_COLOURS: Record<string, string> = { M: "#7a9e3c", K: "#8a5a2b", P: "#3c7a9e", C: "#c9a227", A: "#b0417a" };
const STEP_NORMAL = 350;

/** Training mode: what the solver would sow now and what the position is worth to the side to
 * move (asked again after each move). */
function SolverAdvice({
  state,
  token,
  onBest,
}: {
  state: GameState;
  token?: string;
  onBest: (area: number | null) => void;
}): JSX.Element {
  const { t } = useTranslation("others");
  const [hint, setHint] = useState<SolverHint | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => {
    setHint(null);
    onBest(null);
  }, [state.seq, onBest]);
  const ask = async () => {
    setBusy(true);
    setError("");
    try {
      const h = await api.solverHint(String(state.id), token);
      setHint(h);
      onBest(h.best);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const worth = hint ? `${hint.value > 0 ? "+" : ""}${hint.value}` : "";
  return (
    <section className="card training" aria-label={t("review:training.label")}>
      <button type="button" onClick={ask} disabled={busy}>
        {t("mandragora.ask")}
      </button>
      {busy && <span className="muted"> {t("review:training.thinking")}</span>}
      <ErrorLine error={error} />
      {hint && hint.best !== null && (
        <p data-testid="solver-hint">
          <Trans
            t={t}
            i18nKey="mandragora.advice"
            values={{
              area: hint.best,
              side: t(`mandragora.sides.${hint.side}`, { defaultValue: hint.side }),
              worth,
              how: hint.exact ? t("mandragora.exact") : t("mandragora.depth", { count: hint.depth }),
            }}
            components={{ b: <b /> }}
          />
        </p>
      )}
    </section>
  );
}

export function MandragoraPage({ live, seat }: OtherProps): JSX.Element {
  const { t } = useTranslation("others");
  const sideName = (side: string) => t(`mandragora.sides.${side}`, { defaultValue: side });
  const state = live.state as GameState & MandragoraView;
  const [act, error] = useAct(live, seat);
  const { acting, token } = control(state, seat);
  const [landing, setLanding] = useState<{ area: number; piece: string } | null>(null);
  const [banner, setBanner] = useState("");
  const [focus, setFocus] = useState(0);
  const [advised, setAdvised] = useState<number | null>(null);
  const mySide = seat ? state.sides?.[String(seat.seat)] : null;
  /** the seat that plays a side ("player" or "opponent"), if one does */
  const seatOf = (side: string): number | undefined => {
    const s = Object.entries(state.sides ?? {}).find(([, v]) => v === side)?.[0];
    return s !== undefined ? Number(s) : undefined;
  };
  const myTurn = acting !== null;
  const legal = myTurn ? (state.legal ?? []) : [];

  // Each sowing is announced, then its pieces land one by one.
  useMoveQueue(live, (e: GameEvent): MoveShow => {
    const sown = (e.sown ?? []) as [string, number][];
    const who = e.seat !== null ? seatName(state.seats[e.seat]) : e.side;
    setBanner(i18n.t(e.extra_turn ? "others:mandragora.sowsExtra" : "others:mandragora.sows", { who, area: e.area }));
    return {
      frames: sown.map(
        ([piece, area]) =>
          () =>
            setLanding({ area, piece }),
      ),
      step: stepMs(STEP_NORMAL),
      pause: stepMs(200), // under reduced motion, none: the next move at once
      done: () => setLanding(null),
    };
  });
  useEffect(() => {
    if (legal.length && !legal.includes(focus)) setFocus(legal[0]);
  }, [legal, focus]);

  const key = (e: KeyboardEvent) => {
    if (!legal.length) return;
    const i = legal.indexOf(focus);
    if (e.key === "ArrowRight" || e.key === "ArrowDown") setFocus(legal[(i + 1) % legal.length]);
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") setFocus(legal[(i + legal.length - 1) % legal.length]);
    else if (e.key === "Enter" || e.key === " ") act({ move: focus });
    else if (/^[0-9]$/.test(e.key) && legal.includes(Number(e.key))) act({ move: Number(e.key) });
    else return;
    e.preventDefault();
  };
  /** the final scores by name and side, yours marked */
  const finalScore = () =>
    scoreLine(
      ["player", "opponent"].map((side) => {
        const s = seatOf(side);
        const name = s !== undefined ? seatName(state.seats[s]) || sideName(side) : sideName(side);
        return [
          t(side === mySide ? "mandragora.nameSideYours" : "mandragora.nameSide", { name, side: sideName(side) }),
          state.position.scores[side],
        ];
      }),
    );
  const W = 150;
  const H = 120;
  return (
    <div className="mandragora">
      <GameHead state={state} seat={seat} act={act} error={error} why={finalScore} />
      <Banner testId="banner">{banner}</Banner>
      <div className="scores big" data-testid="scores">
        {["player", "opponent"].map((side) => {
          const s = seatOf(side);
          return (
            <span
              key={side}
              className={`score${state.position.to_move === side && state.status === "playing" ? " turn" : ""}`}
            >
              {t(side === mySide ? "mandragora.scoreYou" : "mandragora.score", {
                name: s !== undefined ? seatName(state.seats[s]) : sideName(side),
                side: sideName(side),
              })}{" "}
              <b>{state.position.scores[side]}</b>
            </span>
          );
        })}
      </div>
      <svg
        className="mandragora-board"
        viewBox={`0 0 ${4.5 * W} ${3 * H + 10}`}
        tabIndex={0}
        onKeyDown={key}
        aria-label={t("mandragora.boardKeys")}
      >
        {Object.entries(AREA_AT).map(([a, [x, y]]) => {
          const area = Number(a);
          const stack = state.position.areas[a] ?? "";
          const base = area === 0 || area === 9;
          const isLegal = legal.includes(area);
          return (
            <g
              key={a}
              data-area={a}
              className={`area${isLegal ? " legal" : ""}${landing?.area === area ? " landing" : ""}`}
              onClick={isLegal ? () => act({ move: area }) : undefined}
            >
              <title>
                {t("mandragora.areaTitle", {
                  area: base ? t(area === 0 ? "mandragora.playerBase" : "mandragora.opponentBase", { area }) : area,
                  stack:
                    stack
                      .split("")
                      .map((p) => state.pieces?.[p] ?? p)
                      .join(", ") || t("mandragora.empty"),
                })}
              </title>
              <rect
                className="area-box"
                x={x * W + 6}
                y={y * H + 6}
                width={W - 12}
                height={H - 12}
                rx={base ? 40 : 10}
                fill={base ? "#e9dcc0" : isLegal ? "#fff3c4" : "#f7f2e4"}
                stroke={isLegal ? "#ff6a00" : focus === area && legal.length ? "#1f5fd1" : "#8a8067"}
                strokeWidth={isLegal ? 4 : 2}
              />
              <text x={x * W + 16} y={y * H + 28} className="area-label">
                {area}
                {base
                  ? ` ${(area === 0 ? "player" : "opponent") === mySide ? t("mandragora.yourBase") : t("mandragora.base")}`
                  : ""}
              </text>
              {stack.split("").map((p, i) => (
                <g key={i}>
                  <rect
                    x={x * W + 18 + (i % 5) * 23}
                    y={y * H + H - 34 - Math.floor(i / 5) * 24}
                    width={20}
                    height={20}
                    rx={4}
                    fill={PIECE_COLOURS[p] ?? "#999"}
                  />
                  <text
                    x={x * W + 28 + (i % 5) * 23}
                    y={y * H + H - 19 - Math.floor(i / 5) * 24}
                    className="piece-letter"
                  >
                    {p}
                  </text>
                </g>
              ))}
              {advised === area && (
                <text x={x * W + W - 34} y={y * H + 58} className="advised">
                  ★
                </text>
              )}
              {landing?.area === area && (
                <text x={x * W + W - 16} y={y * H + 32} textAnchor="end" className="landing-piece">
                  +{landing.piece}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <p className="muted">
        {t("mandragora.pieces")}{" "}
        {Object.entries(state.pieces ?? {})
          .map(([l, n]) => `${l} ${n}`)
          .join(", ")}
        .
      </p>
      <div className="buttons" aria-label={t("mandragora.legal")}>
        {legal.map((a) => (
          <button key={a} type="button" onClick={() => act({ move: a })} data-move={a}>
            {t("mandragora.sow", { area: a })}
          </button>
        ))}
      </div>
      {state.hints && state.status === "playing" && <SolverAdvice state={state} token={token} onBest={setAdvised} />}
      <h2>{t("moves")}</h2>
      {(() => {
        const moves = live.events.filter((e) => e.type === "move");
        if (moves.length !== (state.moves ?? []).length)
          return (
            <p data-testid="moves">
              {(state.moves ?? []).map((a) => t("mandragora.area", { area: a })).join(", ") || t("noneYet")}
            </p>
          );
        return moves.length === 0 ? (
          <p data-testid="moves">{t("noneYet")}</p>
        ) : (
          <ol className="history" data-testid="moves">
            {moves.map((e) => (
              <li key={e.seq}>
                {t(e.extra_turn ? "mandragora.sowedExtra" : "mandragora.sowed", {
                  who:
                    e.seat !== null
                      ? seatName(state.seats[e.seat]) || t("together:clock.seat", { seat: e.seat })
                      : sideName(String(e.side ?? "")),
                  area: String(e.area),
                })}
              </li>
            ))}
          </ol>
        );
      })()}
      <RestartButton
        state={state}
        options={{ pattern: state.rules?.pattern ?? "A", first: state.rules?.first ?? "player" }}
      />
    </div>
  );
}
