// Gems and layouts: shapes on grid points, the quarter cells they cover, O3 legality, O5 cells.
import { CELLS, COLUMNS, PORT_COUNT, QUARTERS, ROWS, cellLabel, neighbour, portLine } from "./board";
import { GEM_COLOR_BITS, GemColor } from "./colors";
import i18n from "../i18n";
import { gemWords } from "./words";

export type Point = [number, number];
export type Shape = "large-triangle" | "triangle" | "small-triangle" | "square" | "parallelogram" | "block";

export interface GemJSON {
  shape: Shape;
  color: GemColor;
  vertices: Point[];
}
export interface LayoutJSON {
  gems: GemJSON[];
}
export interface GemKind {
  shape: Shape;
  color: GemColor;
}
export interface Rules {
  mirror: boolean;
  touching: "corner" | "any";
  visibility: boolean;
  // game options (RULINGS O7, O9), absent in a puzzle's placement rules
  answer?: "colour" | "bounces" | "both";
  guess?: "mine" | "consistent";
  reveal?: boolean;
}
export const DEFAULT_RULES: Rules = { mirror: true, touching: "corner", visibility: true };

/** One orientation of each shape (RULINGS O2). */
export const SHAPES: Record<Shape, Point[]> = {
  parallelogram: [
    [0, 0],
    [2, 0],
    [3, 1],
    [1, 1],
  ],
  triangle: [
    [0, 0],
    [2, 0],
    [0, 2],
  ],
  "large-triangle": [
    [0, 0],
    [4, 0],
    [2, 2],
  ],
  square: [
    [1, 0],
    [2, 1],
    [1, 2],
    [0, 1],
  ],
  "small-triangle": [
    [0, 0],
    [2, 0],
    [1, 1],
  ],
  block: [
    [0, 0],
    [2, 0],
    [2, 1],
    [0, 1],
  ],
};

const BASE: GemKind[] = [
  { shape: "parallelogram", color: "red" },
  { shape: "triangle", color: "yellow" },
  { shape: "large-triangle", color: "blue" },
  { shape: "large-triangle", color: "white" },
  { shape: "square", color: "white" },
];
const DIAMOND: GemKind = { shape: "small-triangle", color: "transparent" };
const BLACK: GemKind = { shape: "block", color: "black" };

/** The named gem sets of O2. */
export const GEM_SETS: Record<string, GemKind[]> = {
  base: BASE,
  "base+diamond": [...BASE, DIAMOND],
  "base+black": [...BASE, BLACK],
  full: [...BASE, DIAMOND, BLACK],
  double: [...BASE, DIAMOND, BLACK, ...BASE, DIAMOND, BLACK],
  "first-edition": [
    { shape: "parallelogram", color: "red" },
    { shape: "triangle", color: "yellow" },
    { shape: "square", color: "blue" },
    { shape: "large-triangle", color: "white" },
    { shape: "large-triangle", color: "white" },
    { shape: "small-triangle", color: "black" },
  ],
};

export function gemSet(value: string | GemKind[]): GemKind[] {
  return typeof value === "string" ? (GEM_SETS[value] ?? []) : value;
}

/** Vertices clockwise on screen (y down), from the top-most then left-most one. */
export function canonicalVertices(points: Point[]): Point[] {
  let pts = points.map(([x, y]) => [x, y] as Point);
  let area = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x0, y0] = pts[i];
    const [x1, y1] = pts[(i + 1) % pts.length];
    area += x0 * y1 - x1 * y0;
  }
  if (area < 0) pts = pts.reverse();
  let start = 0;
  pts.forEach(([x, y], i) => {
    const [sx, sy] = pts[start];
    if (y < sy || (y === sy && x < sx)) start = i;
  });
  return [...pts.slice(start), ...pts.slice(0, start)];
}

// Quarter centroids scaled by 6 (N, E, S, W), never on a gem edge.
const CENTROIDS: Point[] = [
  [3, 1],
  [5, 3],
  [3, 5],
  [1, 3],
];

function inside(vertices: Point[], x6: number, y6: number): boolean {
  for (let i = 0; i < vertices.length; i++) {
    const [x0, y0] = vertices[i];
    const [x1, y1] = vertices[(i + 1) % vertices.length];
    if ((6 * x1 - 6 * x0) * (y6 - 6 * y0) - (6 * y1 - 6 * y0) * (x6 - 6 * x0) <= 0) return false;
  }
  return true;
}

/** The quarters (indices 4 * cell + k) a polygon covers; quarters off the board are dropped. */
export function coveredQuarters(points: Point[]): number[] {
  const v = canonicalVertices(points);
  const xs = v.map((p) => p[0]);
  const ys = v.map((p) => p[1]);
  const out: number[] = [];
  for (let row = Math.max(Math.min(...ys), 0); row < Math.min(Math.max(...ys), ROWS); row++) {
    for (let col = Math.max(Math.min(...xs), 0); col < Math.min(Math.max(...xs), COLUMNS); col++) {
      CENTROIDS.forEach(([dx, dy], k) => {
        if (inside(v, 6 * col + dx, 6 * row + dy)) out.push(4 * (row * COLUMNS + col) + k);
      });
    }
  }
  return out;
}

/** Is every vertex on the board? */
export function onBoard(points: Point[]): boolean {
  return points.every(([x, y]) => x >= 0 && x <= COLUMNS && y >= 0 && y <= ROWS);
}

/** Turn a gem's vertices by 90 degrees clockwise about its own bounding box's corner. */
export function rotate(points: Point[]): Point[] {
  const minX = Math.min(...points.map((p) => p[0]));
  const minY = Math.min(...points.map((p) => p[1]));
  const turned = points.map(([x, y]) => [-(y - minY), x - minX] as Point);
  const tx = Math.min(...turned.map((p) => p[0]));
  return canonicalVertices(turned.map(([x, y]) => [x - tx + minX, y + minY] as Point));
}

/** Mirror a gem's vertices left to right within its bounding box. */
export function mirror(points: Point[]): Point[] {
  const minX = Math.min(...points.map((p) => p[0]));
  const maxX = Math.max(...points.map((p) => p[0]));
  return canonicalVertices(points.map(([x, y]) => [minX + maxX - x, y] as Point));
}

export function translate(points: Point[], dx: number, dy: number): Point[] {
  return points.map(([x, y]) => [x + dx, y + dy] as Point);
}

// Per-quarter codes used by the tracer: colour bits, then flags.
export const OCCUPIED = 16;
export const ABSORBS = 32;

/** A layout prepared for tracing and questions: quarter codes and which gems sit in each cell. */
export class Board {
  readonly codes: Int32Array = new Int32Array(QUARTERS);
  readonly occupancy: Int32Array = new Int32Array(CELLS);
  readonly cellGems: number[][] = Array.from({ length: CELLS }, () => []);
  readonly quarters: number[][];

  constructor(readonly layout: LayoutJSON) {
    this.quarters = layout.gems.map((g) => coveredQuarters(g.vertices));
    layout.gems.forEach((gem, i) => {
      let code = OCCUPIED | GEM_COLOR_BITS[gem.color];
      if (gem.color === "black") code |= ABSORBS;
      for (const q of this.quarters[i]) {
        this.codes[q] = code;
        this.occupancy[q >> 2] |= 1 << (q & 3);
        const cell = q >> 2;
        if (!this.cellGems[cell].includes(i)) this.cellGems[cell].push(i);
      }
    });
  }

  /** The answer to a cell question (O5): "empty", "absorbed" or the gem's colour. */
  cellContent(cell: number): string {
    const colors = [...new Set(this.cellGems[cell].map((i) => this.layout.gems[i].color))].sort();
    if (colors.length === 0) return "empty";
    if (colors.includes("black")) return "absorbed";
    return colors[0];
  }
}

function gemName(layout: LayoutJSON, i: number): string {
  return `gems[${i}] (${layout.gems[i].color} ${layout.gems[i].shape})`;
}

/** Every way a layout breaks O3, one sentence each (the server's check decides; this guides). */
export function violations(layout: LayoutJSON, rules: Rules = DEFAULT_RULES): string[] {
  const found: string[] = [];
  const board = new Board(layout);
  const sets = board.quarters.map((qs) => new Set(qs));
  layout.gems.forEach((g, i) => {
    if (!onBoard(g.vertices)) found.push(`${gemName(layout, i)} leaves the board`);
  });
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      const overlap = [...sets[i]].some((q) => sets[j].has(q));
      if (overlap) {
        found.push(`${gemName(layout, i)} and ${gemName(layout, j)} overlap`);
      } else if (rules.touching === "corner" && shareEdge(sets[i], sets[j])) {
        found.push(`${gemName(layout, i)} and ${gemName(layout, j)} share an edge (rule touching)`);
      }
    }
  }
  if (rules.visibility) {
    const seen = new Set<number>();
    for (let p = 0; p < PORT_COUNT; p++) {
      for (const cell of portLine(p)) {
        if (board.cellGems[cell].length) {
          board.cellGems[cell].forEach((g) => seen.add(g));
          break;
        }
      }
    }
    layout.gems.forEach((_, i) => {
      if (!seen.has(i)) found.push(`${gemName(layout, i)} is hidden: no port sees it first (rule visibility)`);
    });
  }
  return found;
}

/** Quarters touching along a segment: the two side quarters in a cell, or across a cell side. */
function shareEdge(a: Set<number>, b: Set<number>): boolean {
  for (const q of a) {
    const cell = q >> 2;
    const side = q & 3;
    if (b.has(4 * cell + ((side + 1) & 3)) || b.has(4 * cell + ((side + 3) & 3))) return true;
    const other = neighbour(cell, side);
    if (other >= 0 && b.has(4 * other + ((side + 2) & 3))) return true;
  }
  return false;
}

export function cellsCovered(points: Point[]): string[] {
  return [...new Set(coveredQuarters(points).map((q) => q >> 2))].sort((a, b) => a - b).map(cellLabel);
}

/** A rule message in a player's words: "gems[0] (blue large-triangle)" becomes "the blue large
 * triangle", and the gems it names (by their place in the layout) are listed for highlighting. */
export function inWords(message: string): { text: string; gems: number[] } {
  const gems: number[] = [];
  const names: string[] = [];
  const t = i18n.t;
  // each gem named becomes a placeholder #k, so that the sentence around it can be recognised
  const shape = message
    .replace(/^(mine|layout|guess): (illegal: )?/, "")
    .replace(/gems\[(\d+)\] \(([a-z-]+) ([a-z-]+)\)/g, (_, i: string, color: string, kind: string) => {
      gems.push(Number(i));
      names.push(t("game:rules.theGem", { gem: gemWords({ color, shape: kind }) }));
      return `#${names.length - 1}`;
    });
  const name = (k: string) => names[Number(k)];
  const known: [RegExp, (m: RegExpMatchArray) => string][] = [
    [/^#(\d+) leaves the board$/, (m) => t("game:rules.leaves", { gem: name(m[1]) })],
    [/^#(\d+) and #(\d+) overlap$/, (m) => t("game:rules.overlap", { a: name(m[1]), b: name(m[2]) })],
    [
      /^#(\d+) and #(\d+) share an edge \(rule touching\)$/,
      (m) => t("game:rules.shareEdge", { a: name(m[1]), b: name(m[2]) }),
    ],
    [
      /^#(\d+) is hidden: no port sees it first \(rule visibility\)$/,
      (m) => t("game:rules.hidden", { gem: name(m[1]) }),
    ],
  ];
  let plain: string | null = null;
  for (const [pattern, say] of known) {
    const m = shape.match(pattern);
    if (m) plain = say(m);
  }
  // a sentence this page does not know (a newer server's): its gems named, in English
  plain ??= shape
    .replace(/#(\d+)/g, (_, k: string) => name(k))
    .replace(" (rule touching)", " (gems may touch only at their corners)")
    .replace(" (rule visibility)", "");
  return { text: plain.charAt(0).toUpperCase() + plain.slice(1), gems };
}
