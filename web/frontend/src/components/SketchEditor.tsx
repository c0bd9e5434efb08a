// A board you put gems on: drag them from the palette, drag them about, turn and mirror them
// with buttons or keys (arrows move, R turns, M mirrors, Delete removes, [ and ] pick a gem).
// With a notes sheet, a second mode marks cells (empty, or the colours they may hold) and ports.
import { KeyboardEvent, PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GemJSON, GemKind } from "../orapa/layout";
import { COLUMN_LETTERS } from "../orapa/board";
import { COLOR_LETTERS } from "../orapa/colors";
import { portText } from "../orapa/board";
import { colorWord, gemWords } from "../orapa/words";
import {
  NOTE_COLORS,
  Notes,
  cellNoteWords,
  cycleCellNote,
  cyclePortNote,
  mirrorGem,
  moveGem,
  newGem,
  placeGemAt,
  remaining,
  portNoteWords,
  rotateGem,
  toggleCellNote,
} from "../orapa/sketch";
import { Board, CellMark, GemShape, GemPatterns, PortMark, WavePath, gridPoint } from "./Board";

interface Drag {
  index: number | null;
  kind: GemKind | null;
  grab: [number, number];
  gem: GemJSON;
}

export interface SketchEditorProps {
  /** The board's accessible name, in the reader's language. */
  label: string;
  /** The editor's name for tests (`data-testid="editor-NAME"`), the same in every language;
   * the label when not given. */
  name?: string;
  gemSet: GemKind[];
  gems: GemJSON[];
  onChange: (gems: GemJSON[]) => void;
  portMarks?: Record<string, PortMark>;
  cellMarks?: Record<string, CellMark>;
  waves?: WavePath[];
  onPort?: (label: string) => void;
  flagged?: number[];
  /** the notes sheet; with onNotes the editor offers its notes mode */
  notes?: Notes;
  onNotes?: (notes: Notes) => void;
}

/** What a click on a cell does in notes mode: cycle, set empty, toggle a colour, or clear. */
type NoteTool = "cycle" | "empty" | "clear" | (typeof NOTE_COLORS)[number];

/** Move a cell name by a step, kept on the board. */
function stepCell(cell: string, dx: number, dy: number): string {
  const col = Math.max(0, Math.min(9, COLUMN_LETTERS.indexOf(cell[0]) + dx));
  const row = Math.max(1, Math.min(8, Number(cell.slice(1)) + dy));
  return `${COLUMN_LETTERS[col]}${row}`;
}

export function SketchEditor(props: SketchEditorProps): JSX.Element {
  const { t } = useTranslation("game");
  const { gems, onChange } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const palette = remaining(props.gemSet, gems);
  const [mode, setMode] = useState<"gems" | "notes">("gems");
  const [tool, setTool] = useState<NoteTool>("cycle");
  const [cursor, setCursor] = useState("A1");
  const [said, setSaid] = useState("");
  const notes = props.notes;
  const noting = mode === "notes" && notes !== undefined && props.onNotes !== undefined;
  const setColors = [...new Set(props.gemSet.map((k) => k.color))];
  const noteColors = NOTE_COLORS.filter((c) => setColors.includes(c));
  const noteCell = (cell: string, what: NoteTool = tool) => {
    if (!notes || !props.onNotes) return;
    const next =
      what === "cycle"
        ? cycleCellNote(notes, cell, noteColors)
        : what === "clear"
          ? { ...notes, cells: Object.fromEntries(Object.entries(notes.cells).filter(([c]) => c !== cell)) }
          : toggleCellNote(notes, cell, what);
    props.onNotes(next);
    setCursor(cell);
    setSaid(`${cell}: ${cellNoteWords(next.cells[cell]) || t("sketch.noNote")}`);
  };
  const notePort = (port: string) => {
    if (!notes || !props.onNotes) return;
    const next = cyclePortNote(notes, port);
    props.onNotes(next);
    setSaid(`${t("board.port", { port: portText(port) })}: ${portNoteWords(next.ports[port]) || t("sketch.noNote")}`);
  };

  const update = (i: number, gem: GemJSON) => onChange(gems.map((g, j) => (j === i ? gem : g)));
  const remove = (i: number) => {
    onChange(gems.filter((_, j) => j !== i));
    setSelected(null);
  };
  const add = (kind: GemKind, at: [number, number] = [4, 3]) => {
    onChange([...gems, placeGemAt(newGem(kind), at)]);
    setSelected(gems.length);
  };

  // While dragging, follow the pointer anywhere on the page; drop on release.
  useEffect(() => {
    if (!drag) return;
    const at = (e: PointerEvent): [number, number] | null => {
      const svg = svgRef.current;
      if (!svg) return null;
      const [x, y] = gridPoint(svg, e.clientX, e.clientY);
      return [Math.round(x - drag.grab[0]), Math.round(y - drag.grab[1])];
    };
    const move = (e: PointerEvent) => {
      const p = at(e);
      if (p) setDrag((d) => (d ? { ...d, gem: placeGemAt(d.gem, p) } : d));
    };
    const up = (e: PointerEvent) => {
      const svg = svgRef.current;
      const rect = svg?.getBoundingClientRect();
      const inside =
        rect && e.clientX >= rect.left && e.clientX <= rect.right && e.clientY >= rect.top && e.clientY <= rect.bottom;
      const p = at(e);
      if (drag.index !== null && p) update(drag.index, placeGemAt(drag.gem, p));
      else if (drag.kind) {
        // Dropped on the board: there; released elsewhere (a click): in the middle.
        onChange([...gems, inside && p ? placeGemAt(drag.gem, p) : placeGemAt(drag.gem, [4, 3])]);
        setSelected(gems.length);
      }
      setDrag(null);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    return () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
    };
  });

  const startGemDrag = (i: number, e: ReactPointerEvent<SVGElement>) => {
    e.preventDefault();
    setSelected(i);
    const svg = svgRef.current;
    if (!svg) return;
    const [x, y] = gridPoint(svg, e.clientX, e.clientY);
    const xs = gems[i].vertices.map((p) => p[0]);
    const ys = gems[i].vertices.map((p) => p[1]);
    setDrag({ index: i, kind: null, grab: [x - Math.min(...xs), y - Math.min(...ys)], gem: gems[i] });
  };
  const startPaletteDrag = (kind: GemKind, e: ReactPointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    setDrag({ index: null, kind, grab: [1, 1], gem: newGem(kind) });
  };

  const onNoteKey = (e: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const letter = Object.entries(COLOR_LETTERS).find(
      ([c, l]) => l === e.key.toUpperCase() && noteColors.includes(c as (typeof NOTE_COLORS)[number]),
    );
    if (moves[e.key]) {
      const next = stepCell(cursor, ...moves[e.key]);
      setCursor(next);
      setSaid(`${next}: ${cellNoteWords(notes?.cells[next]) || t("sketch.noNote")}`);
    } else if (e.key === "e" || e.key === "E" || e.key === ".") noteCell(cursor, "empty");
    else if (letter) noteCell(cursor, letter[0] as NoteTool);
    else if (e.key === " " || e.key === "Enter") noteCell(cursor, "cycle");
    else if (e.key === "Delete" || e.key === "Backspace") noteCell(cursor, "clear");
    else return;
    e.preventDefault();
  };

  const onKey = (e: KeyboardEvent) => {
    if (noting) return onNoteKey(e);
    if (e.key === "]" || e.key === "[") {
      if (!gems.length) return;
      const step = e.key === "]" ? 1 : gems.length - 1;
      setSelected((s) => (s === null ? 0 : (s + step) % gems.length));
      e.preventDefault();
      return;
    }
    if (selected === null || !gems[selected]) return;
    const g = gems[selected];
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    if (moves[e.key]) update(selected, moveGem(g, ...moves[e.key]));
    else if (e.key === "r" || e.key === "R") update(selected, rotateGem(g));
    else if (e.key === "m" || e.key === "M") update(selected, mirrorGem(g));
    else if (e.key === "Delete" || e.key === "Backspace") remove(selected);
    else if (e.key === "Escape") setSelected(null);
    else return;
    e.preventDefault();
  };

  const shown = drag?.index !== null && drag ? gems.map((g, i) => (i === drag.index ? drag.gem : g)) : gems;
  const sel = selected !== null && gems[selected] ? selected : null;
  return (
    <div className={`sketch${noting ? " noting" : ""}`} data-testid={`editor-${props.name ?? props.label}`}>
      {notes && props.onNotes && (
        <div className="sketch-mode" role="group" aria-label={t("sketch.modeGroup")}>
          <button type="button" aria-pressed={mode === "gems"} onClick={() => setMode("gems")}>
            {t("sketch.placeGems")}
          </button>
          <button type="button" aria-pressed={mode === "notes"} onClick={() => setMode("notes")}>
            {t("sketch.takeNotes")}
          </button>
        </div>
      )}
      {noting && (
        <div className="note-tools" role="toolbar" aria-label={t("sketch.noteTools")}>
          {(["cycle", "empty", ...noteColors, "clear"] as NoteTool[]).map((tool2) => (
            <button
              key={tool2}
              type="button"
              aria-pressed={tool === tool2}
              data-tool={tool2}
              onClick={() => setTool(tool2)}
              className={
                NOTE_COLORS.includes(tool2 as (typeof NOTE_COLORS)[number]) ? `note-tool color-${tool2}` : "note-tool"
              }
            >
              {tool2 === "cycle" || tool2 === "empty" || tool2 === "clear"
                ? t(`sketch.tools.${tool2}`)
                : t("sketch.tools.maybe", { color: colorWord(tool2) })}
            </button>
          ))}
          <p className="muted note-help">
            {t("sketch.noteHelp", { letters: noteColors.map((c) => COLOR_LETTERS[c]).join(" ") })}
          </p>
        </div>
      )}
      {!noting && (
        <div className="palette" role="toolbar" aria-label={t("sketch.palette")}>
          <svg width="0" height="0" aria-hidden="true">
            <GemPatterns />
          </svg>
          {palette.length === 0 && <span className="muted">{t("sketch.allPlaced")}</span>}
          {palette.map((kind, i) => (
            <button
              key={`${kind.color}-${kind.shape}-${i}`}
              type="button"
              className="palette-gem"
              data-kind={`${kind.color} ${kind.shape}`}
              onPointerDown={(e) => startPaletteDrag(kind, e)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  add(kind);
                }
              }}
            >
              <svg viewBox="-0.2 -0.2 4.4 2.4" width="56" height="32" aria-hidden="true">
                <GemShape gem={newGem(kind)} />
              </svg>
              <span className="sr-only">{t("sketch.add", { gem: gemWords(kind) })}</span>
              <span aria-hidden="true">{gemWords(kind)}</span>
            </button>
          ))}
        </div>
      )}
      <div
        className="sketch-board"
        tabIndex={0}
        onKeyDown={onKey}
        aria-label={
          noting ? t("sketch.keysNotes", { label: props.label }) : t("sketch.keysGems", { label: props.label })
        }
      >
        <Board
          label={props.label}
          svgRef={svgRef}
          gems={shown}
          selected={sel}
          flagged={props.flagged}
          ghost={drag && drag.index === null ? drag.gem : null}
          onGemPointerDown={noting ? undefined : startGemDrag}
          portMarks={props.portMarks}
          cellMarks={props.cellMarks}
          waves={props.waves}
          onPort={noting ? notePort : props.onPort}
          onCell={noting ? (c) => noteCell(c) : undefined}
          notes={notes}
          cursor={noting ? cursor : null}
          portAction={noting ? "note on" : undefined}
        />
      </div>
      {noting && (
        <p className="note-said" aria-live="polite" data-testid="note-said">
          {said}
        </p>
      )}
      <div className="sketch-tools" role="toolbar" aria-label={t("sketch.chosen")}>
        <span className="muted">{sel !== null ? gemWords(gems[sel]) : t("sketch.noneChosen")}</span>
        <button type="button" disabled={sel === null} onClick={() => sel !== null && update(sel, rotateGem(gems[sel]))}>
          {t("sketch.turn")}
        </button>
        <button type="button" disabled={sel === null} onClick={() => sel !== null && update(sel, mirrorGem(gems[sel]))}>
          {t("sketch.mirror")}
        </button>
        <button type="button" disabled={sel === null} onClick={() => sel !== null && remove(sel)}>
          {t("sketch.remove")}
        </button>
        <button
          type="button"
          disabled={!gems.length}
          onClick={() => {
            onChange([]);
            setSelected(null);
          }}
        >
          {t("sketch.clear")}
        </button>
      </div>
    </div>
  );
}
