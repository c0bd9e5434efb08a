// Ripple, a ripple step by step: a new stone, then its colour's stones pushed one at a time,
// farthest first (R1, R2), each only onto an empty square of the board.
import i18n from "../../i18n";

export type Stone = { row: number; col: number; color: string };
export interface RippleStep {
  stones: Stone[];
  text: string;
  moved?: number;
}

const SIZE = 7;

/** A stone's colour in the reader's language. */
function colour(name: string): string {
  return i18n.t(`learn:ripple.colors.${name}`, { defaultValue: name });
}

/** Every step of placing `placed` on `start`: the placement, then one step per stone considered. */
export function rippleSteps(start: Stone[], placed: Stone): RippleStep[] {
  const t = i18n.t;
  let stones = [...start, placed];
  const steps: RippleStep[] = [
    {
      stones,
      text: t("learn:ripple.placed", { color: colour(placed.color), row: placed.row, col: placed.col }),
      moved: stones.length - 1,
    },
  ];
  const far = (s: Stone) => Math.max(Math.abs(s.row - placed.row), Math.abs(s.col - placed.col));
  const order = stones
    .map((_, i) => i)
    .filter((i) => i !== stones.length - 1 && stones[i].color === placed.color)
    .sort((a, b) => far(stones[b]) - far(stones[a]) || stones[a].row - stones[b].row || stones[a].col - stones[b].col);
  for (const i of order) {
    const s = stones[i];
    const row = s.row + Math.sign(s.row - placed.row);
    const col = s.col + Math.sign(s.col - placed.col);
    const inside = row >= 0 && row < SIZE && col >= 0 && col < SIZE;
    const taken = stones.some((o) => o.row === row && o.col === col);
    const from = { color: colour(s.color), row: s.row, col: s.col };
    if (inside && !taken) {
      stones = stones.map((o, j) => (j === i ? { ...o, row, col } : o));
      steps.push({
        stones,
        moved: i,
        text: t("learn:ripple.pushed", { ...from, toRow: row, toCol: col }),
      });
    } else {
      steps.push({
        stones,
        moved: i,
        text: t("learn:ripple.stays", from),
      });
    }
  }
  steps.push({
    stones,
    text: t("learn:ripple.others"),
  });
  return steps;
}

const FILL: Record<string, string> = { red: "#d7263d", blue: "#1f5fd1", green: "#2e9e4f", yellow: "#f5c518" };

export function RippleBoard({ step }: { step: RippleStep }): JSX.Element {
  return (
    <svg
      className="learn-ripple-board"
      viewBox="0 0 7 7"
      role="img"
      aria-label={i18n.t("learn:ripple.boardLabel", {
        stones: step.stones
          .map((s) => i18n.t("learn:ripple.stoneAt", { color: colour(s.color), row: s.row, col: s.col }))
          .join(", "),
      })}
    >
      <rect width="7" height="7" fill="#eef3f8" />
      {Array.from({ length: 8 }, (_, i) => (
        <g key={i}>
          <line x1={i} y1={0} x2={i} y2={7} stroke="#9ab" strokeWidth={0.02} />
          <line x1={0} y1={i} x2={7} y2={i} stroke="#9ab" strokeWidth={0.02} />
        </g>
      ))}
      {step.stones.map((s, i) => (
        <circle
          key={i}
          cx={s.col + 0.5}
          cy={s.row + 0.5}
          r={0.36}
          fill={FILL[s.color]}
          stroke={i === step.moved ? "#000" : "#333"}
          strokeWidth={i === step.moved ? 0.1 : 0.03}
        />
      ))}
    </svg>
  );
}
