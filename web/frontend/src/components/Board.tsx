// The board drawn in SVG from the layout and the port names (RULINGS O1): grid, 36 ports, gems
// in colour with a pattern and a letter each, wave paths, and marks on cells and ports.
import { PointerEvent as ReactPointerEvent, ReactNode, useRef } from "react";
import { COLUMNS, COLUMN_LETTERS, PORT_LABELS, ROWS, portPosition, portText } from "../orapa/board";
import { COLOR_LETTERS, SCREEN_COLORS } from "../orapa/colors";
import { GemJSON, Point } from "../orapa/layout";
import i18n from "../i18n";
import { Notes, cellNoteWords, portNoteWords } from "../orapa/sketch";

/** A wave's path drawn on the board. */
export interface WavePath {
  /** React's key: unique among the board's waves (a new key restarts the animation). */
  key: string;
  /** The polyline in grid units (the board spans 0..10 x 0..8), from the entry edge to the end. */
  points: [number, number][];
  /** The wave's colour name ("purple", "absorbed"...), looked up in SCREEN_COLORS. */
  color: string;
  /** Draw the path growing from its port (the latest shot). */
  animate?: boolean;
}

/** What a port shows besides its label. */
export interface PortMark {
  /** A short tag drawn on the port: the number of the answer heard there, "★" for advice. */
  tag?: string;
  /** The tag's colour name (the answer's colour). */
  color?: string;
  /** On the sketch board: does the sketch give the answer heard at this port? */
  state?: "ok" | "bad";
  /** The port's tooltip and, for a screen reader, what is known there. */
  title?: string;
}

/** What a cell shows besides the gems. */
export interface CellMark {
  /** The cell's fill colour (an answered cell's content). */
  fill?: string;
  /** A letter or sign drawn in the cell ("·" empty, "✕" absorbed, a colour's letter). */
  text?: string;
  /** The cell's tooltip and spoken name. */
  title?: string;
  /** A training-mode overlay (what the answers settle), drawn dashed over the cell. */
  deduced?: string;
}

/** The board's props. Ports and cells are named as the server names them (the sheet's labels,
 * "15", "C"; cells "E4"); the board draws ports in the player's label scheme (RULINGS O10). */
export interface BoardProps {
  /** The board's accessible name ("question board", "sketch board"...), unique on the page. */
  label: string;
  /** The gems drawn, in layout JSON; their indices are what `selected`, `flagged` and
   * `onGemPointerDown` name. */
  gems?: GemJSON[];
  /** A gem being dragged or placed: drawn faint over the others. */
  ghost?: GemJSON | null;
  /** The index of the gem being edited (drawn outlined), or null. */
  selected?: number | null;
  /** Gems named by a refusal (overlap, shared edge...): drawn outlined in red. */
  flagged?: number[];
  /** Wave paths drawn over the gems. */
  waves?: WavePath[];
  /** Marks by port (sheet label). */
  portMarks?: Record<string, PortMark>;
  /** Marks by cell name. */
  cellMarks?: Record<string, CellMark>;
  /** Pressing a port (given its sheet label); without it ports are not buttons. */
  onPort?: (label: string) => void;
  /** Pressing a cell (given its name); without it cells are not buttons. */
  onCell?: (label: string) => void;
  /** A pointer pressed on gem `index` (the sketch editor's drag starts here). */
  onGemPointerDown?: (index: number, e: ReactPointerEvent<SVGElement>) => void;
  /** The SVG element, for a caller that turns pointer positions into grid points. */
  svgRef?: React.RefObject<SVGSVGElement>;
  /** The player's notes sheet: small swatches in cells, a sign on ports. */
  notes?: Notes;
  /** What pressing a port does, for its spoken name: "shoot from" (the default) or "note on". */
  portAction?: "shoot from" | "note on";
  /** The cell the keyboard's note cursor is on. */
  cursor?: string | null;
  /** More SVG drawn on top (the editor's handles). */
  children?: ReactNode;
}

/** A port's name for a screen reader: the action, the port, what is known there (the answer
 * heard, the player's note); the tag drawn on it is hidden, its meaning is in these words. */
function portName(action: string, label: string, title: string | undefined, note: string | undefined): string {
  const t = i18n.t;
  const plain = t("game:board.port", { port: label });
  const known = title && title !== plain ? title.replace(new RegExp(`^${plain}\\s?[:,]? ?`), "") : "";
  return [t(`game:board.actions.${action}`, { port: label }), known, portNoteWords(note)]
    .filter(Boolean)
    .join(t("game:board.and"));
}

/** A cell's note drawn small: a dash for empty, one swatch with its letter per possible colour. */
function CellNote({ col, row, note }: { col: number; row: number; note: string[] }): JSX.Element {
  if (note[0] === "empty")
    return <line className="note-empty" x1={col + 0.3} y1={row + 0.5} x2={col + 0.7} y2={row + 0.5} />;
  return (
    <g className="note-colors" aria-hidden="true">
      {note.map((c, i) => {
        // up to four colours in a 2 x 2 grid of large swatches (readable on a phone), more in 3 x 2
        const per = note.length <= 4 ? 2 : 3;
        const size = per === 2 ? 0.42 : 0.29;
        const x = col + 0.06 + (i % per) * (size + 0.04);
        const y = row + 0.06 + Math.floor(i / per) * (size + 0.04);
        return (
          <g key={c}>
            <rect
              x={x}
              y={y}
              width={size}
              height={size}
              rx={0.05}
              fill={SCREEN_COLORS[c]}
              stroke="#333"
              strokeWidth={0.02}
            />
            <text
              x={x + size / 2}
              y={y + size * 0.74}
              className="note-letter"
              style={{ fontSize: `${size * 0.75}px` }}
              fill={c === "black" || c === "blue" ? "#fff" : "#111"}
            >
              {COLOR_LETTERS[c]}
            </text>
          </g>
        );
      })}
    </g>
  );
}

const PATTERNS: Record<string, ReactNode> = {
  red: <path d="M0,4 L4,0" stroke="#7a0010" strokeWidth="0.8" />,
  yellow: <circle cx="2" cy="2" r="0.7" fill="#7a5c00" />,
  blue: <path d="M0,2 H4" stroke="#0a2a66" strokeWidth="0.8" />,
  white: <path d="M0,0 L4,4 M4,0 L0,4" stroke="#b8b8b0" strokeWidth="0.4" />,
  transparent: <path d="M2,0 V4" stroke="#5aa6ad" strokeWidth="0.5" />,
  black: <path d="M0,0 H4 V4" stroke="#555" strokeWidth="0.5" fill="none" />,
};

export function GemPatterns(): JSX.Element {
  return (
    <defs>
      {Object.entries(PATTERNS).map(([color, mark]) => (
        <pattern
          key={color}
          id={`gem-${color}`}
          width="4"
          height="4"
          patternUnits="userSpaceOnUse"
          patternTransform="scale(0.05)"
        >
          <rect width="4" height="4" fill={SCREEN_COLORS[color]} />
          {mark}
        </pattern>
      ))}
    </defs>
  );
}

function centroid(points: Point[]): Point {
  const n = points.length;
  return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
}

export function GemShape({
  gem,
  selected,
  ghost,
  onPointerDown,
  index,
  flagged,
}: {
  gem: GemJSON;
  selected?: boolean;
  ghost?: boolean;
  index?: number;
  flagged?: boolean;
  onPointerDown?: (e: ReactPointerEvent<SVGElement>) => void;
}): JSX.Element {
  const [cx, cy] = centroid(gem.vertices);
  const label = `${gem.color} ${gem.shape}`;
  return (
    <g
      className={`gem${selected ? " selected" : ""}${ghost ? " ghost" : ""}${flagged ? " flagged" : ""}`}
      data-gem={index}
      data-shape={gem.shape}
      data-color={gem.color}
      data-vertices={JSON.stringify(gem.vertices)}
      onPointerDown={onPointerDown}
    >
      <title>{label}</title>
      <polygon
        points={gem.vertices.map((p) => p.join(",")).join(" ")}
        fill={`url(#gem-${gem.color})`}
        stroke={flagged ? "#d40000" : selected ? "#ff6a00" : "#333"}
        strokeWidth={flagged ? 0.12 : selected ? 0.09 : 0.04}
        strokeDasharray={flagged ? "0.2 0.08" : undefined}
        strokeLinejoin="round"
      />
      <text
        x={cx}
        y={cy + 0.14}
        className="gem-letter"
        fill={gem.color === "black" || gem.color === "blue" ? "#fff" : "#111"}
      >
        {COLOR_LETTERS[gem.color]}
      </text>
    </g>
  );
}

export function Board(props: BoardProps): JSX.Element {
  const localRef = useRef<SVGSVGElement>(null);
  const ref = props.svgRef ?? localRef;
  const cells: JSX.Element[] = [];
  for (let row = 0; row < ROWS; row++) {
    for (let col = 0; col < COLUMNS; col++) {
      const name = `${COLUMN_LETTERS[col]}${row + 1}`;
      const mark = props.cellMarks?.[name];
      const note = props.notes?.cells[name];
      const title = [mark?.title ?? name, cellNoteWords(note)].filter(Boolean).join(i18n.t("game:board.and"));
      cells.push(
        <g
          key={name}
          className={`cell${props.onCell ? " clickable" : ""}${mark?.deduced ? " deduced" : ""}`}
          data-cell={name}
          data-note={note?.join(" ")}
          data-deduced={mark?.deduced}
          onClick={props.onCell ? () => props.onCell?.(name) : undefined}
          role={props.onCell ? "button" : mark || note ? "img" : undefined}
          aria-label={props.onCell || mark || note ? title : undefined}
        >
          <title>{title}</title>
          <rect
            x={col}
            y={row}
            width={1}
            height={1}
            fill={mark?.fill ?? "#fbf8ef"}
            stroke="#c9c2ad"
            strokeWidth={0.02}
          />
          {note && <CellNote col={col} row={row} note={note} />}
          {props.cursor === name && (
            <rect x={col + 0.03} y={row + 0.03} width={0.94} height={0.94} className="note-cursor" />
          )}
          {mark?.deduced && <rect x={col + 0.08} y={row + 0.08} width={0.84} height={0.84} className="deduced-frame" />}
          {mark?.text && (
            <text x={col + 0.5} y={row + 0.62} className="cell-text" aria-hidden="true">
              {mark.text}
            </text>
          )}
        </g>,
      );
    }
  }
  return (
    <svg ref={ref} className="board" viewBox="-1.1 -1.1 12.2 10.2" role="group" aria-label={props.label}>
      <GemPatterns />
      {cells}
      <rect x={0} y={0} width={COLUMNS} height={ROWS} fill="none" stroke="#5a513a" strokeWidth={0.06} />
      {(props.gems ?? []).map((gem, i) => (
        <GemShape
          key={i}
          index={i}
          gem={gem}
          selected={props.selected === i}
          flagged={props.flagged?.includes(i)}
          onPointerDown={props.onGemPointerDown ? (e) => props.onGemPointerDown?.(i, e) : undefined}
        />
      ))}
      {props.ghost && <GemShape gem={props.ghost} ghost />}
      {(props.waves ?? []).map((w) => (
        <polyline
          key={w.key}
          className={`wave${w.animate ? " animate" : ""}`}
          pathLength={1}
          points={w.points.map((p) => p.join(",")).join(" ")}
          stroke={SCREEN_COLORS[w.color] ?? "#444"}
          data-wave={w.key}
        />
      ))}
      {PORT_LABELS.map((label, p) => {
        const [x, y] = portPosition(p);
        const mark = props.portMarks?.[label];
        const click = props.onPort ? () => props.onPort?.(label) : undefined;
        return (
          // the button holds the port's name only; the tag and the note drawn beside it are
          // outside it, so what a screen reader says and what the eye reads agree
          // (focus given to the whole port, by a script, goes on to its button)
          <g
            key={label}
            className={`port${click ? " clickable" : ""}${mark?.state ? ` ${mark.state}` : ""}`}
            data-port={label}
            tabIndex={click ? -1 : undefined}
            onFocus={
              click
                ? (e) => {
                    if (e.target === e.currentTarget)
                      (e.currentTarget.querySelector(".port-button") as SVGGElement | null)?.focus();
                  }
                : undefined
            }
          >
            <g
              className="port-button"
              role={click ? "button" : undefined}
              tabIndex={click ? 0 : undefined}
              aria-label={
                click
                  ? portName(props.portAction ?? "shoot from", portText(label), mark?.title, props.notes?.ports[label])
                  : undefined
              }
              onClick={click}
              onKeyDown={
                click
                  ? (e) => {
                      if (e.key === "Enter" || e.key === " ") {
                        e.preventDefault();
                        click();
                      }
                    }
                  : undefined
              }
            >
              <title>
                {[
                  mark?.title ?? i18n.t("game:board.port", { port: portText(label) }),
                  portNoteWords(props.notes?.ports[label]),
                ]
                  .filter(Boolean)
                  .join(i18n.t("game:board.and"))}
              </title>
              <rect
                x={x - 0.45}
                y={y - 0.45}
                width={0.9}
                height={0.9}
                rx={0.15}
                fill={
                  mark?.color === "transparent"
                    ? "url(#gem-transparent)"
                    : mark?.color
                      ? (SCREEN_COLORS[mark.color] ?? "#eee")
                      : "#eee9da"
                }
                stroke="#8a8067"
                strokeWidth={0.03}
              />
              <text x={x} y={y + 0.05} className="port-label">
                {portText(label)}
              </text>
            </g>
            {mark?.tag && (
              <text x={x} y={y + 0.38} className="port-tag" aria-hidden="true">
                {mark.tag}
              </text>
            )}
            {props.notes?.ports[label] && (
              <g className="port-note" data-note={props.notes.ports[label]} aria-hidden="true">
                <circle cx={x + 0.33} cy={y - 0.33} r={0.17} />
                <text x={x + 0.33} y={y - 0.32}>
                  {props.notes.ports[label]}
                </text>
              </g>
            )}
          </g>
        );
      })}
      {props.children}
    </svg>
  );
}

/** Grid point (x, y) under a pointer, rounded, in board units. */
export function gridPoint(svg: SVGSVGElement, clientX: number, clientY: number): [number, number] {
  const pt = svg.createSVGPoint();
  pt.x = clientX;
  pt.y = clientY;
  const m = svg.getScreenCTM();
  if (!m) return [0, 0];
  const p = pt.matrixTransform(m.inverse());
  return [p.x, p.y];
}
