// Ripple: the 7x7 board, a colour picker, each stone's placer, the ripple animated stone by
// stone in the engine's order, groups highlighted, score changes shown large, the history.
import { KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { seatName } from "../../i18n";
import { GameEvent, GameState } from "../../api";
import { SCREEN_COLORS } from "../../orapa/colors";
import { control, GameHead, OtherProps, RestartButton, scoreLine, stepMs, useAct, useFlash } from "./common";
import { MoveShow, useMoveQueue } from "./useMoveQueue";

const LETTER: Record<string, string> = { r: "red", g: "green", b: "blue", y: "yellow" };
const STEP_NORMAL = 380;

interface RippleView {
  position: {
    board: string[];
    scores: Record<string, number>;
    to_move: number;
    over: boolean;
    history: { move: string; player: number; scores: Record<string, number>; change: Record<string, number> }[];
  };
  colours: Record<string, string[]>;
  power_left: Record<string, number>;
  groups: { colour: string; cells: [number, number][]; owner: number | null; points: number }[];
  rules: { power?: boolean };
}

/** The board with one stone placed and then each ripple step applied, as the engine did. */
export function rippleFrames(
  before: string[],
  move: string,
  side: number,
  steps: [[number, number], [number, number]][],
): string[][] {
  const m = /^(\w+?)\+?@(\d),(\d)$/.exec(move);
  const grid = before.map((row) => row.split(""));
  if (m) {
    const ch = m[1][0].toLowerCase();
    grid[Number(m[2])][Number(m[3])] = side === 1 ? ch : ch.toUpperCase();
  }
  const frames = [grid.map((r) => r.join(""))];
  for (const [[r, c], [r2, c2]] of steps) {
    grid[r2][c2] = grid[r][c];
    grid[r][c] = ".";
    frames.push(grid.map((row) => row.join("")));
  }
  return frames;
}

export function RipplePage({ live, seat }: OtherProps): JSX.Element {
  const { t } = useTranslation("others");
  const playerName = (p: number) => seatName(state.seats[p - 1]) || t("turn.player", { n: p });
  const state = live.state as GameState & RippleView;
  const [act, error] = useAct(live, seat);
  const { acting } = control(state, seat);
  const side = acting !== null ? acting + 1 : seat ? seat.seat + 1 : 0;
  const mine = state.colours?.[String(side)] ?? ["red", "blue", "green", "yellow"];
  const [picked, setColour] = useState(mine[0]);
  const colour = mine.includes(picked) ? picked : mine[0]; // each side picks from its own colours
  const [power, setPower] = useState(false);
  const [frame, setFrame] = useState<string[] | null>(null); // the board mid-animation
  const [moving, setMoving] = useState<[number, number] | null>(null);
  // the last move's score change, shown large for 3 s
  const [change, setChange] = useFlash<{ side: number; change: Record<string, number> } | null>(null, 3000);
  const [cursor, setCursor] = useState<[number, number]>([3, 3]);
  // Moves are animated one after the other, each from the board the previous one left.
  const base = useRef<string[]>(state.position.board);
  useMoveQueue(
    live,
    (e: GameEvent): MoveShow => {
      const steps = (e.ripple ?? []) as [[number, number], [number, number]][];
      const frames = rippleFrames(base.current, String(e.move), Number(e.side), steps);
      base.current = frames[frames.length - 1];
      setChange({ side: Number(e.side), change: (e.change ?? {}) as Record<string, number> });
      return {
        frames: frames.map((f, i) => () => {
          setFrame(f);
          setMoving(i > 0 ? steps[i - 1][1] : null);
        }),
        step: stepMs(STEP_NORMAL),
      };
    },
    () => {
      // the last move shown: the board is the state's again
      setFrame(null);
      setMoving(null);
    },
  );

  const frames = frame ? [frame] : [];
  const board = frames.length ? frames[0] : state.position.board;
  const myTurn = acting !== null && frames.length === 0;
  const play = (r: number, c: number) => {
    if (!myTurn || board[r][c] !== ".") return;
    act({ move: `${colour}${power ? "+" : ""}@${r},${c}` });
    setPower(false);
  };
  const grouped = new Map<string, string>();
  if (!frames.length)
    for (const g of state.groups ?? []) for (const [r, c] of g.cells) grouped.set(`${r},${c}`, g.colour);
  const key = (e: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    if (moves[e.key])
      setCursor(([r, c]) => [
        Math.min(6, Math.max(0, r + moves[e.key][0])),
        Math.min(6, Math.max(0, c + moves[e.key][1])),
      ]);
    else if (e.key === "Enter" || e.key === " ") play(...cursor);
    else if (/^[1-4]$/.test(e.key) && mine[Number(e.key) - 1]) setColour(mine[Number(e.key) - 1]);
    else return;
    e.preventDefault();
  };
  /** the final scores by name */
  const finalScore = () =>
    t("ripple.final", {
      score: scoreLine([1, 2].map((p) => [playerName(p), state.position.scores[String(p)]])),
    });
  return (
    <div className="ripple">
      <GameHead state={state} seat={seat} act={act} error={error} why={finalScore} />
      <div className="boards">
        <section aria-label={t("ripple.board")}>
          <div className="scores big" data-testid="scores">
            {[1, 2].map((p) => (
              <span
                key={p}
                className={`score${state.position.to_move === p && state.status === "playing" ? " turn" : ""}`}
              >
                {t(p === 1 ? "ripple.lightStones" : "ripple.darkStones", { name: playerName(p) })}{" "}
                <b>{state.position.scores[String(p)]}</b>
                {change && change.change[String(p)] ? (
                  <span className={`delta ${change.change[String(p)] > 0 ? "gain" : "loss"}`}>
                    {change.change[String(p)] > 0 ? "+" : ""}
                    {change.change[String(p)]}
                  </span>
                ) : null}
              </span>
            ))}
          </div>
          <svg
            className="ripple-board"
            viewBox="-0.6 -0.6 8.2 8.2"
            tabIndex={0}
            onKeyDown={key}
            role="group"
            aria-label={t("ripple.boardKeys")}
          >
            {Array.from({ length: 7 }, (_, r) =>
              Array.from({ length: 7 }, (_, c) => {
                const ch = board[r][c];
                const colourName = LETTER[ch.toLowerCase()];
                const g = grouped.get(`${r},${c}`);
                return (
                  <g
                    key={`${r}-${c}`}
                    data-cell={`${r},${c}`}
                    className={`rcell${myTurn && ch === "." ? " clickable" : ""}`}
                    onClick={() => play(r, c)}
                  >
                    <rect
                      x={c + 0.05}
                      y={r + 0.05}
                      width={0.9}
                      height={0.9}
                      rx={0.08}
                      fill={g ? "#fff3c4" : "#efe8d6"}
                      stroke={cursor[0] === r && cursor[1] === c ? "#ff6a00" : g ? SCREEN_COLORS[g] : "#c9c2ad"}
                      strokeWidth={g || (cursor[0] === r && cursor[1] === c) ? 0.08 : 0.02}
                    />
                    {colourName && (
                      <g className={moving && moving[0] === r && moving[1] === c ? "moving" : ""}>
                        <circle
                          cx={c + 0.5}
                          cy={r + 0.5}
                          r={0.36}
                          fill={SCREEN_COLORS[colourName]}
                          stroke={ch === ch.toLowerCase() ? "#fff" : "#111"}
                          strokeWidth={0.09}
                        />
                        <text
                          x={c + 0.5}
                          y={r + 0.62}
                          className="stone-text"
                          fill={colourName === "yellow" ? "#111" : "#fff"}
                        >
                          {colourName[0].toUpperCase()}
                          {ch === ch.toLowerCase() ? "1" : "2"}
                        </text>
                      </g>
                    )}
                  </g>
                );
              }),
            )}
            {[0, 1, 2, 3, 4, 5, 6].map((i) => (
              <text key={`r${i}`} x={-0.3} y={i + 0.6} className="axis-label">
                {i}
              </text>
            ))}
            {[0, 1, 2, 3, 4, 5, 6].map((i) => (
              <text key={`c${i}`} x={i + 0.5} y={7.45} className="axis-label">
                {i}
              </text>
            ))}
          </svg>
          <div className="buttons" role="radiogroup" aria-label={t("ripple.colour")}>
            {mine.map((c, i) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={colour === c}
                className={`colour-pick${colour === c ? " chosen" : ""}`}
                style={{ background: SCREEN_COLORS[c], color: c === "yellow" || c === "green" ? "#111" : "#fff" }}
                onClick={() => setColour(c)}
                data-colour={c}
              >
                {i + 1} {t(`learn:ripple.colors.${c}`, { defaultValue: c })}
              </button>
            ))}
            {(state.power_left?.[String(side)] ?? 0) > 0 && (
              <label className="inline">
                <input type="checkbox" checked={power} onChange={(e) => setPower(e.target.checked)} />{" "}
                {t("ripple.power", { count: state.power_left[String(side)] })}
              </label>
            )}
          </div>
          <p className="muted">{t("ripple.legend")}</p>
        </section>
        <section aria-label={t("history")}>
          <h2>{t("moves")}</h2>
          <ol className="history" data-testid="history">
            {state.position.history.map((h, i) => (
              <li key={i}>
                {playerName(h.player)}
                {t("together:chat.colon")} {h.move} → {h.scores["1"]} : {h.scores["2"]}
                {Object.values(h.change).some((v) => v) && (
                  <span className="muted">
                    {" "}
                    (
                    {Object.entries(h.change)
                      .filter(([, v]) => v)
                      .map(([p, v]) => `${p}: ${v > 0 ? "+" : ""}${v}`)
                      .join(", ")}
                    )
                  </span>
                )}
              </li>
            ))}
          </ol>
          <RestartButton state={state} options={{ power: !!state.rules?.power }} />
        </section>
      </div>
    </div>
  );
}
