// Wave tracing (RULINGS O4), written from the rules: where a wave leaves, its colour, its path.
//
// A wave moves from cell to cell along centre lines. Entering a cell it meets at most one face:
// the quarter it enters through covered = a face along the grid line, straight back; one side
// quarter covered = a 45-degree face, it turns 90 degrees away from that quarter; else straight.
import { PORT_COUNT, PORT_LABELS, STEP, cellXY, entryOf, exitPort, neighbour } from "./board";
import { colorName } from "./colors";
import { ABSORBS, Board, LayoutJSON } from "./layout";

/** (direction out, quarter hit or -1) for a wave moving `direction` into a cell. */
export function route(occupancy: number, direction: number): [number, number] {
  const entry = (direction + 2) & 3;
  if ((occupancy >> entry) & 1) return [entry, entry];
  const left = (direction + 3) & 3;
  const right = (direction + 1) & 3;
  if ((occupancy >> right) & 1) return [left, right];
  if ((occupancy >> left) & 1) return [right, left];
  return [direction, -1];
}

export interface Wave {
  port: number;
  exit: number | null; // null when absorbed
  color: number; // colour bits
  bounces: number; // gem faces met (RULINGS O9): every turn and every straight-back reflection
  points: [number, number][]; // the path in grid units, from the board edge to its end
  loops?: boolean; // only on an illegal sketch (overlapping gems): the wave runs in a circle
}

/** An answer as the puzzle JSON writes it: the colour, the bounce count or both, as the answer
 * kind says (RULINGS O9); an absorbed shot has neither. */
export interface ShotAnswer {
  shot: string;
  exit: string;
  color?: string;
  bounces?: number;
}

/** What a shot is answered with (RULINGS O9). */
export type AnswerKind = "colour" | "bounces" | "both";

/** Trace the wave shot from `port` on a prepared board. */
export function traceWave(board: Board, port: number): Wave {
  let [cell, direction] = entryOf(port);
  const [x0, y0] = cellXY(cell);
  const points: [number, number][] = [[x0 + 0.5 - STEP[direction][0] / 2, y0 + 0.5 - STEP[direction][1] / 2]];
  let color = 0;
  let bounces = 0;
  // On a legal layout every cell's routing is its own inverse and no wave can circle; gems
  // overlapping on a sketch being edited can make it circle, so a repeated state ends the trace.
  const seen = new Set<number>();
  for (;;) {
    if (seen.has(4 * cell + direction))
      return { port, exit: null, color, bounces, points: simplify(points), loops: true };
    seen.add(4 * cell + direction);
    const [x, y] = cellXY(cell);
    const cx = x + 0.5;
    const cy = y + 0.5;
    const occ = board.occupancy[cell];
    if (occ) {
      const [out, hit] = route(occ, direction);
      const code = board.codes[4 * cell + hit];
      const back = out === ((direction + 2) & 3);
      // The face is met at the cell's entry side (straight back) or at its centre (diagonal).
      const face: [number, number] = back ? [cx - STEP[direction][0] / 2, cy - STEP[direction][1] / 2] : [cx, cy];
      points.push(face);
      if (code & ABSORBS) return { port, exit: null, color, bounces, points: simplify(points) };
      color |= code & 15;
      bounces += 1;
      direction = out;
    }
    const next = neighbour(cell, direction);
    if (next < 0) {
      points.push([cx + STEP[direction][0] / 2, cy + STEP[direction][1] / 2]);
      return { port, exit: exitPort(cell, direction), color, bounces, points: simplify(points) };
    }
    cell = next;
  }
}

/** Drop repeated points and points in the middle of a straight run. */
function simplify(points: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && last[0] === p[0] && last[1] === p[1]) continue;
    if (out.length >= 2) {
      const [ax, ay] = out[out.length - 2];
      const [bx, by] = last;
      const collinear = (bx - ax) * (p[1] - by) === (by - ay) * (p[0] - bx);
      const forward = (bx - ax) * (p[0] - bx) + (by - ay) * (p[1] - by) > 0;
      if (collinear && forward) {
        out[out.length - 1] = p;
        continue;
      }
    }
    out.push(p);
  }
  return out;
}

/** The answer to a shot, in the puzzle JSON's words, under answer kind `answer`. */
export function shotAnswer(board: Board, port: number, answer: AnswerKind = "colour"): ShotAnswer {
  const wave = traceWave(board, port);
  if (wave.exit === null) return { shot: PORT_LABELS[port], exit: "absorbed" };
  const out: ShotAnswer = { shot: PORT_LABELS[port], exit: PORT_LABELS[wave.exit] };
  if (answer !== "bounces") out.color = colorName(wave.color);
  if (answer !== "colour") out.bounces = wave.bounces;
  return out;
}

/** Answers for all 36 ports of a layout, in port order (as `orapa simulate --answer`). */
export function simulate(layout: LayoutJSON, answer: AnswerKind = "colour"): ShotAnswer[] {
  const board = new Board(layout);
  return Array.from({ length: PORT_COUNT }, (_, p) => shotAnswer(board, p, answer));
}
