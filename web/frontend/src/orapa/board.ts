// The board and its names (RULINGS O1): 10 columns x 8 rows, 36 ports around the edge.
// Cells are numbered row * 10 + column; quarter k (N, E, S, W) of cell c is 4 * c + k.

export const COLUMNS = 10;
export const ROWS = 8;
export const CELLS = COLUMNS * ROWS;
export const QUARTERS = 4 * CELLS;
export const PORT_COUNT = 36;

// Directions of travel, numbered like the cell sides they leave through.
export const NORTH = 0;
export const EAST = 1;
export const SOUTH = 2;
export const WEST = 3;
export const STEP: ReadonlyArray<readonly [number, number]> = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
];

export const COLUMN_LETTERS = "ABCDEFGHIJ";
const RIGHT_LETTERS = "KLMNOPQR";

/** Port labels in index order: 1..10 top, 11..18 left, A..J bottom, K..R right. */
export const PORT_LABELS: readonly string[] = [
  ...Array.from({ length: 10 }, (_, i) => String(i + 1)),
  ...Array.from({ length: 8 }, (_, i) => String(i + 11)),
  ...COLUMN_LETTERS.split(""),
  ...RIGHT_LETTERS.split(""),
];

export function cellIndex(column: number, row: number): number {
  return row * COLUMNS + column;
}

export function cellXY(cell: number): [number, number] {
  return [cell % COLUMNS, Math.floor(cell / COLUMNS)];
}

export function cellLabel(cell: number): string {
  const [x, y] = cellXY(cell);
  return `${COLUMN_LETTERS[x]}${y + 1}`;
}

/** Cell index from a name such as "e4"; null when it names no cell. */
export function parseCell(text: string): number | null {
  const m = /^([A-J])([1-8])$/.exec(text.trim().toUpperCase());
  if (!m) return null;
  return cellIndex(COLUMN_LETTERS.indexOf(m[1]), Number(m[2]) - 1);
}

/** Port index from its label (case and blanks ignored); null when it names no port. */
/** The same ports as Board Game Arena's screen labels them (RULINGS O10): 1..10 top, A..H
 * left, I..R bottom, 11..18 right. */
export const BGA_PORT_LABELS: readonly string[] = [
  ...Array.from({ length: 10 }, (_, i) => String(i + 1)),
  ..."ABCDEFGHIJKLMNOPQR".split(""),
  ...Array.from({ length: 8 }, (_, i) => String(i + 11)),
];
export type LabelScheme = "sheet" | "bga";
const LABELS_KEY = "orapa.labels";

/** The player's port-label setting, kept in this browser (the sheet's by default). */
export function labelScheme(): LabelScheme {
  try {
    return localStorage.getItem(LABELS_KEY) === "bga" ? "bga" : "sheet";
  } catch {
    return "sheet";
  }
}

export function setLabelScheme(scheme: LabelScheme): void {
  try {
    localStorage.setItem(LABELS_KEY, scheme);
  } catch {
    /* storage refused (private mode): the setting lasts for this page only */
  }
}

/** A port named by the sheet's label (as the server and every machine format name it),
 * written for the player in their label scheme. */
export function portText(sheetLabel: string, scheme: LabelScheme = labelScheme()): string {
  const i = PORT_LABELS.indexOf(sheetLabel);
  return i < 0 || scheme === "sheet" ? sheetLabel : BGA_PORT_LABELS[i];
}

export function parsePort(text: string, scheme: LabelScheme = "sheet"): number | null {
  const i = (scheme === "bga" ? BGA_PORT_LABELS : PORT_LABELS).indexOf(text.trim().toUpperCase());
  return i < 0 ? null : i;
}

/** First cell and direction of travel of a wave shot from `port`. */
export function entryOf(port: number): [number, number] {
  if (port < 10) return [cellIndex(port, 0), SOUTH];
  if (port < 18) return [cellIndex(0, port - 10), EAST];
  if (port < 28) return [cellIndex(port - 18, ROWS - 1), NORTH];
  return [cellIndex(COLUMNS - 1, port - 28), WEST];
}

/** The cell reached leaving `cell` in `direction`, or -1 off the board. */
export function neighbour(cell: number, direction: number): number {
  const [x, y] = cellXY(cell);
  const nx = x + STEP[direction][0];
  const ny = y + STEP[direction][1];
  return nx >= 0 && nx < COLUMNS && ny >= 0 && ny < ROWS ? cellIndex(nx, ny) : -1;
}

/** The port a wave leaves by when it moves `direction` off the board from `cell`. */
export function exitPort(cell: number, direction: number): number {
  const [x, y] = cellXY(cell);
  if (direction === NORTH) return x;
  if (direction === WEST) return 10 + y;
  if (direction === SOUTH) return 18 + x;
  return 28 + y;
}

/** The cells a straight look from `port` passes, nearest first (visibility, O3). */
export function portLine(port: number): number[] {
  let [cell, direction] = entryOf(port);
  const line: number[] = [];
  while (cell >= 0) {
    line.push(cell);
    cell = neighbour(cell, direction);
  }
  return line;
}

/** Where a port's label sits, in grid units (the board spans 0..10 x 0..8). */
export function portPosition(port: number): [number, number] {
  if (port < 10) return [port + 0.5, -0.5];
  if (port < 18) return [-0.5, port - 10 + 0.5];
  if (port < 28) return [port - 18 + 0.5, ROWS + 0.5];
  return [COLUMNS + 0.5, port - 28 + 0.5];
}
