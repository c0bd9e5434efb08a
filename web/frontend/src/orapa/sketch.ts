// The sketch board's logic: the explorer's own copy of the mine, edited gem by gem, and how
// its answers compare with the answers heard so far.
import { PORT_LABELS, labelScheme, parseCell, parsePort, portText } from "./board";
import { canonicalColor } from "./colors";
import {
  Board,
  GemJSON,
  GemKind,
  LayoutJSON,
  Point,
  SHAPES,
  canonicalVertices,
  mirror,
  rotate,
  translate,
} from "./layout";
import { shotAnswer } from "./tracer";
import type { Observation } from "../api";
import i18n, { currentLanguage } from "../i18n";
import { colorWord } from "./words";

export type { Observation } from "../api";

/** A new gem of `kind` in its first orientation with its bounding box's corner at `at`. */
export function newGem(kind: GemKind, at: Point = [0, 0]): GemJSON {
  return { ...kind, vertices: canonicalVertices(translate(SHAPES[kind.shape], at[0], at[1])) };
}

/** The gems of the set not yet on the sketch (a multiset difference, in set order). */
export function remaining(set: GemKind[], placed: GemJSON[]): GemKind[] {
  const used = placed.map((g) => `${g.color} ${g.shape}`);
  const out: GemKind[] = [];
  for (const kind of set) {
    const i = used.indexOf(`${kind.color} ${kind.shape}`);
    if (i >= 0) used.splice(i, 1);
    else out.push(kind);
  }
  return out;
}

function bbox(points: Point[]): [number, number, number, number] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Move a gem by whole grid steps, kept inside the board (0..10 x 0..8). */
export function moveGem(gem: GemJSON, dx: number, dy: number): GemJSON {
  const [x0, y0, x1, y1] = bbox(gem.vertices);
  const cx = Math.max(-x0, Math.min(10 - x1, dx));
  const cy = Math.max(-y0, Math.min(8 - y1, dy));
  return { ...gem, vertices: canonicalVertices(translate(gem.vertices, cx, cy)) };
}

/** Put a gem's bounding-box corner at grid point `at` (clamped to the board). */
export function placeGemAt(gem: GemJSON, at: Point): GemJSON {
  const [x0, y0] = bbox(gem.vertices);
  return moveGem(gem, at[0] - x0, at[1] - y0);
}

/** Turn a gem a quarter clockwise, then keep it on the board. */
export function rotateGem(gem: GemJSON): GemJSON {
  return moveGem({ ...gem, vertices: rotate(gem.vertices) }, 0, 0);
}

/** Mirror a gem left to right (only the parallelogram changes shape). */
export function mirrorGem(gem: GemJSON): GemJSON {
  return { ...gem, vertices: mirror(gem.vertices) };
}

/** Does the sketch give the answer heard? (shots: the exit, and the colour and the bounce count
 * when the answer says them, RULINGS O9; cells: the content) */
export function reproduces(board: Board, obs: Observation): boolean {
  if (obs.shot !== undefined) {
    const port = parsePort(obs.shot);
    if (port === null) return false;
    const mine = shotAnswer(board, port, "both");
    if (mine.exit !== String(obs.exit).toUpperCase() && !(mine.exit === "absorbed" && obs.exit === "absorbed"))
      return false;
    if (mine.exit === "absorbed") return true;
    const counted = typeof obs.bounces === "number";
    if (counted && mine.bounces !== obs.bounces) return false;
    if (obs.color === undefined && counted) return true; // a bounce-count answer says no colour
    return canonicalColor(mine.color ?? "") === canonicalColor(obs.color ?? "");
  }
  if (obs.cell !== undefined) {
    const cell = parseCell(obs.cell);
    return cell !== null && board.cellContent(cell) === canonicalColor(obs.content ?? "");
  }
  return false;
}

/** Per observation: does the sketch reproduce it? */
export function checkSketch(layout: LayoutJSON, observations: Observation[]): boolean[] {
  const board = new Board(layout);
  return observations.map((o) => reproduces(board, o));
}

/** Port marks for a list of answers: a shot's entry and exit carry the answer's own number in
 * the list (cell answers count too), coloured by the answer; a shot from an earlier exit (the
 * same path backwards) keeps the earlier number. */
export function answerTags(observations: Observation[]): Record<string, { tag: string; color?: string }> {
  const out: Record<string, { tag: string; color?: string }> = {};
  observations.forEach((o, i) => {
    if (o.shot === undefined || out[o.shot]) return;
    const color = o.exit === "absorbed" ? "absorbed" : canonicalColor(o.color ?? "");
    out[o.shot] = { tag: String(i + 1), color };
    if (o.exit && o.exit !== "absorbed" && !out[o.exit]) out[o.exit] = { tag: String(i + 1), color };
  });
  return out;
}

/** The answer the answers heard already give to a question (RULINGS O5: the same port or cell
 * again, or an earlier shot's exit port, the same path backwards); null for a new question. */
export function settledAnswer(observations: Observation[], q: { shot: string } | { cell: string }): Observation | null {
  for (const o of observations) {
    if ("cell" in q) {
      if (o.cell !== undefined && o.cell.toUpperCase() === q.cell.toUpperCase()) return o;
    } else if (o.shot !== undefined) {
      if (o.shot === q.shot) return o;
      if (o.exit === q.shot) return { shot: o.exit, exit: o.shot, color: o.color, bounces: o.bounces };
    }
  }
  return null;
}

/** A count in words a person reads at a glance, in the reader's language: 950, 12,345,
 * 17.6 million, 17.6 billion (French: 12 345, 17,6 millions, 17,6 milliards). */
export function readableCount(n: number): string {
  const units: [number, string][] = [
    [1e12, "trillion"],
    [1e9, "billion"],
    [1e6, "million"],
  ];
  const lang = currentLanguage();
  for (const [size, word] of units) {
    if (Math.abs(n) >= size) {
      const x = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(Number((n / size).toFixed(1)));
      return i18n.t(`game:count.${word}`, { x, count: Number((n / size).toFixed(1)) });
    }
  }
  return Math.round(n).toLocaleString(lang === "en" ? "en-US" : lang);
}

/** A question typed by the player: a port label or a cell name, normalised; null if neither. */
export function parseQuestion(text: string): { shot: string } | { cell: string } | null {
  const port = parsePort(text, labelScheme()); // typed in the player's label scheme (O10)
  if (port !== null) return { shot: PORT_LABELS[port] };
  const cell = parseCell(text);
  if (cell !== null) return { cell: text.trim().toUpperCase() };
  return null;
}

/** One line for an answer, in words, ports in the player's label scheme: "15 → B blue",
 * "15 → exits at C after 3 bounces" (a bounce-count answer, O9), "E4: white". */
export function describe(o: Observation): string {
  const t = i18n.t;
  if (o.shot !== undefined) {
    const shot = portText(o.shot);
    if (o.exit === "absorbed") return t("game:answer.absorbed", { shot });
    const exit = portText(o.exit ?? "");
    if (typeof o.bounces !== "number") return t("game:answer.colour", { shot, exit, color: colorWord(o.color ?? "") });
    if (!o.color) return t("game:answer.bounces", { shot, exit, count: o.bounces });
    return t("game:answer.both", { shot, exit, color: colorWord(o.color), count: o.bounces });
  }
  return t("game:answer.cell", { cell: o.cell, content: colorWord(o.content ?? "") });
}

/** The notes sheet kept beside the sketch: per cell "empty" or the colours it may hold, per port
 * a mark the player cycles through (to ask, understood, puzzling). */
export interface Notes {
  cells: Record<string, string[]>;
  ports: Record<string, string>;
}
export const NO_NOTES: Notes = { cells: {}, ports: {} };
/** The colours a cell note can name, in the order keys and tools show them. */
export const NOTE_COLORS = ["red", "yellow", "blue", "white", "transparent", "black"] as const;
/** Port marks in the order a click cycles through them ("" = none). */
export const PORT_NOTES = ["", "?", "✓", "!"] as const;
export const PORT_NOTE_WORDS: Record<string, string> = { "?": "to ask", "✓": "understood", "!": "puzzling" };

/** A cell's note in words, for titles and screen readers. */
export function cellNoteWords(note: string[] | undefined): string {
  if (!note || note.length === 0) return "";
  if (note[0] === "empty") return i18n.t("game:notes.empty");
  return i18n.t("game:notes.maybe", { colors: note.map(colorWord).join(i18n.t("game:notes.or")) });
}

/** A port's note in words ("noted to ask"), for titles and screen readers; "" for none. */
export function portNoteWords(note: string | undefined): string {
  const word = note ? PORT_NOTE_WORDS[note] : undefined;
  return word ? i18n.t("game:notes.port", { what: i18n.t(`game:notes.ports.${word}`) }) : "";
}

function withCell(notes: Notes, cell: string, note: string[]): Notes {
  const cells = { ...notes.cells };
  if (note.length) cells[cell] = note;
  else delete cells[cell];
  return { ...notes, cells };
}

/** Toggle one mark on a cell: "empty" replaces the colours; a colour joins or leaves the set
 * (and clears "empty"). */
export function toggleCellNote(notes: Notes, cell: string, what: string): Notes {
  const now = notes.cells[cell] ?? [];
  if (what === "empty") return withCell(notes, cell, now[0] === "empty" ? [] : ["empty"]);
  const colors = now.filter((c) => c !== "empty");
  const next = colors.includes(what) ? colors.filter((c) => c !== what) : [...colors, what];
  return withCell(
    notes,
    cell,
    NOTE_COLORS.filter((c) => next.includes(c)),
  );
}

/** One click on a cell with the cycling tool: nothing, empty, then each colour alone, nothing. */
export function cycleCellNote(notes: Notes, cell: string, colors: readonly string[] = NOTE_COLORS): Notes {
  const order: string[][] = [[], ["empty"], ...colors.map((c) => [c])];
  const now = JSON.stringify(notes.cells[cell] ?? []);
  const at = order.findIndex((o) => JSON.stringify(o) === now);
  return withCell(notes, cell, order[(at + 1) % order.length]); // a mixed note starts over
}

/** The next mark of a port's cycle. */
export function cyclePortNote(notes: Notes, port: string): Notes {
  const at = PORT_NOTES.indexOf((notes.ports[port] ?? "") as (typeof PORT_NOTES)[number]);
  const next = PORT_NOTES[(at + 1) % PORT_NOTES.length];
  const ports = { ...notes.ports };
  if (next) ports[port] = next;
  else delete ports[port];
  return { ...notes, ports };
}

/** The deduction map written into the notes: every settled cell gets its answer ("empty", a
 * colour; "absorbed" as black); open cells keep whatever the player noted. */
export function fillSettled(notes: Notes, settled: Record<string, string>): Notes {
  let out = notes;
  for (const [cell, what] of Object.entries(settled)) {
    if (what === "open") continue;
    const note = what === "empty" ? ["empty"] : [what === "absorbed" ? "black" : what];
    out = withCell(out, cell, note);
  }
  return out;
}

/** Notes read back from storage: anything malformed is dropped, never trusted. */
export function parseNotes(value: unknown): Notes {
  const out: Notes = { cells: {}, ports: {} };
  if (!value || typeof value !== "object") return out;
  const v = value as { cells?: unknown; ports?: unknown };
  if (v.cells && typeof v.cells === "object") {
    for (const [cell, note] of Object.entries(v.cells as Record<string, unknown>)) {
      if (parseCell(cell) === null || !Array.isArray(note)) continue;
      const clean = note.filter(
        (n): n is string => n === "empty" || (NOTE_COLORS as readonly string[]).includes(n as string),
      );
      if (clean.length)
        out.cells[cell.toUpperCase()] = clean[0] === "empty" ? ["empty"] : clean.filter((c) => c !== "empty");
    }
  }
  if (v.ports && typeof v.ports === "object") {
    for (const [port, mark] of Object.entries(v.ports as Record<string, unknown>)) {
      if (
        parsePort(port) !== null &&
        typeof mark === "string" &&
        mark &&
        (PORT_NOTES as readonly string[]).includes(mark)
      )
        out.ports[port] = mark;
    }
  }
  return out;
}
