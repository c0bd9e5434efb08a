// A board you put gems on: drag them from the palette, drag them about, turn and mirror them
// with buttons or keys (arrows move, R turns, M mirrors, Delete removes, [ and ] pick a gem).
import { KeyboardEvent, PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { GemJSON, GemKind } from "../orapa/layout";
import { mirrorGem, moveGem, newGem, placeGemAt, remaining, rotateGem } from "../orapa/sketch";
import { Board, CellMark, GemShape, GemPatterns, PortMark, WavePath, gridPoint } from "./Board";

interface Drag { index: number | null; kind: GemKind | null; grab: [number, number]; gem: GemJSON }

export interface SketchEditorProps {
  label: string;
  gemSet: GemKind[];
  gems: GemJSON[];
  onChange: (gems: GemJSON[]) => void;
  portMarks?: Record<string, PortMark>;
  cellMarks?: Record<string, CellMark>;
  waves?: WavePath[];
  onPort?: (label: string) => void;
  flagged?: number[];
}

export function SketchEditor(props: SketchEditorProps): JSX.Element {
  const { gems, onChange } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const palette = remaining(props.gemSet, gems);

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
      const inside = rect && e.clientX >= rect.left && e.clientX <= rect.right && e.clientY >= rect.top && e.clientY <= rect.bottom;
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

  const onKey = (e: KeyboardEvent) => {
    if (e.key === "]" || e.key === "[") {
      if (!gems.length) return;
      const step = e.key === "]" ? 1 : gems.length - 1;
      setSelected((s) => (s === null ? 0 : (s + step) % gems.length));
      e.preventDefault();
      return;
    }
    if (selected === null || !gems[selected]) return;
    const g = gems[selected];
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
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
    <div className="sketch" data-testid={`editor-${props.label}`}>
      <div className="palette" role="toolbar" aria-label="gem palette">
        <svg width="0" height="0" aria-hidden="true"><GemPatterns /></svg>
        {palette.length === 0 && <span className="muted">all gems placed</span>}
        {palette.map((kind, i) => (
          <button key={`${kind.color}-${kind.shape}-${i}`} type="button" className="palette-gem"
            data-kind={`${kind.color} ${kind.shape}`} aria-label={`add ${kind.color} ${kind.shape}`}
            onPointerDown={(e) => startPaletteDrag(kind, e)}
            onKeyDown={(e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); add(kind); } }}>
            <svg viewBox="-0.2 -0.2 4.4 2.4" width="56" height="32" aria-hidden="true"><GemShape gem={newGem(kind)} /></svg>
            <span>{kind.color} {kind.shape}</span>
          </button>
        ))}
      </div>
      <div className="sketch-board" tabIndex={0} onKeyDown={onKey} aria-label={`${props.label}: arrows move the chosen gem, R turns, M mirrors, Delete removes, [ ] choose`}>
        <Board label={props.label} svgRef={svgRef} gems={shown} selected={sel} flagged={props.flagged}
          ghost={drag && drag.index === null ? drag.gem : null}
          onGemPointerDown={startGemDrag} portMarks={props.portMarks} cellMarks={props.cellMarks}
          waves={props.waves} onPort={props.onPort} />
      </div>
      <div className="sketch-tools" role="toolbar" aria-label="chosen gem">
        <span className="muted">{sel !== null ? `${gems[sel].color} ${gems[sel].shape}` : "no gem chosen"}</span>
        <button type="button" disabled={sel === null} onClick={() => sel !== null && update(sel, rotateGem(gems[sel]))}>Turn (R)</button>
        <button type="button" disabled={sel === null} onClick={() => sel !== null && update(sel, mirrorGem(gems[sel]))}>Mirror (M)</button>
        <button type="button" disabled={sel === null} onClick={() => sel !== null && remove(sel)}>Remove (Del)</button>
        <button type="button" disabled={!gems.length} onClick={() => { onChange([]); setSelected(null); }}>Clear</button>
      </div>
    </div>
  );
}
