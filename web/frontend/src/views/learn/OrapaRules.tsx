// How to play Orapa Mine, in our words: a live example board (the page's own tracer answers a
// click on any port), the names of ports and cells, the gems, the colour mixing and the options.
import { useMemo, useState } from "react";
import { Board, CellMark, PortMark } from "../../components/Board";
import { COLUMN_LETTERS, COLUMNS, PORT_LABELS, ROWS } from "../../orapa/board";
import { BLUE, COLOR_LETTERS, RED, SCREEN_COLORS, WHITE, YELLOW, colorName } from "../../orapa/colors";
import { Board as Traced, GEM_SETS, LayoutJSON, SHAPES } from "../../orapa/layout";
import { traceWave } from "../../orapa/tracer";

/** A legal base mine (the solution of the collection's puzzle base-easy-01), shown openly. */
export const EXAMPLE_MINE: LayoutJSON = {
  gems: [
    {
      shape: "parallelogram",
      color: "red",
      vertices: [
        [1, 2],
        [3, 2],
        [4, 3],
        [2, 3],
      ],
    },
    {
      shape: "triangle",
      color: "yellow",
      vertices: [
        [4, 1],
        [6, 1],
        [4, 3],
      ],
    },
    {
      shape: "large-triangle",
      color: "blue",
      vertices: [
        [6, 6],
        [10, 6],
        [8, 8],
      ],
    },
    {
      shape: "large-triangle",
      color: "white",
      vertices: [
        [3, 3],
        [3, 7],
        [1, 5],
      ],
    },
    {
      shape: "square",
      color: "white",
      vertices: [
        [4, 5],
        [5, 6],
        [4, 7],
        [3, 6],
      ],
    },
  ],
};

/** What a wave answer reads like to a person. */
export function answerWords(port: string, exit: string | null, color: string): string {
  if (exit === null) return `From port ${port} the wave is swallowed by a black gem: it never comes out.`;
  const where = exit === port ? `comes back out of port ${port} itself` : `comes out at port ${exit}`;
  return `From port ${port} the wave ${where}, coloured ${color}.`;
}

function LiveExample(): JSX.Element {
  const traced = useMemo(() => new Traced(EXAMPLE_MINE), []);
  const [port, setPort] = useState<string | null>(null);
  const wave = port === null ? null : traceWave(traced, PORT_LABELS.indexOf(port));
  const marks: Record<string, PortMark> = {};
  if (wave && port) {
    marks[port] = { tag: "in", title: `port ${port}, the wave goes in here` };
    if (wave.exit !== null)
      marks[PORT_LABELS[wave.exit]] = {
        tag: "out",
        color: colorName(wave.color),
        title: `port ${PORT_LABELS[wave.exit]}, the wave comes out here`,
      };
  }
  return (
    <div className="learn-live" data-testid="live-example">
      <Board
        label="example mine: press a port to send a wave"
        gems={EXAMPLE_MINE.gems}
        onPort={setPort}
        portMarks={marks}
        waves={wave && port ? [{ key: port, points: wave.points, color: colorName(wave.color), animate: true }] : []}
      />
      <p aria-live="polite" className="learn-answer" data-testid="live-answer">
        {wave && port
          ? answerWords(port, wave.exit === null ? null : PORT_LABELS[wave.exit], colorName(wave.color))
          : "Press any port around the board (or tab to it and press Enter) to send a wave into this open mine."}
      </p>
    </div>
  );
}

function NamesBoard(): JSX.Element {
  const cells: Record<string, CellMark> = {};
  for (let r = 0; r < ROWS; r++)
    for (let c = 0; c < COLUMNS; c++) cells[`${COLUMN_LETTERS[c]}${r + 1}`] = { text: `${COLUMN_LETTERS[c]}${r + 1}` };
  return <Board label="the names of the ports around the board and of every cell" cellMarks={cells} />;
}

function GemPicture({ gem }: { gem: { shape: keyof typeof SHAPES; color: string } }): JSX.Element {
  const pts = SHAPES[gem.shape];
  const w = Math.max(...pts.map((p) => p[0]));
  const h = Math.max(...pts.map((p) => p[1]));
  return (
    <svg className="gem-picture" viewBox={`-0.2 -0.2 ${w + 0.4} ${h + 0.4}`} aria-hidden="true" focusable="false">
      <polygon
        points={pts.map((p) => p.join(",")).join(" ")}
        fill={SCREEN_COLORS[gem.color]}
        stroke="#333"
        strokeWidth={0.06}
      />
      <text
        x={w / 2}
        y={h / 2 + 0.15}
        textAnchor="middle"
        fontSize="0.5"
        fill={gem.color === "black" || gem.color === "blue" ? "#fff" : "#111"}
      >
        {COLOR_LETTERS[gem.color]}
      </text>
    </svg>
  );
}

const SHAPE_WORDS: Record<string, string> = {
  parallelogram: "parallelogram",
  triangle: "triangle",
  "large-triangle": "large triangle",
  square: "square (a diamond standing on a corner)",
  "small-triangle": "small triangle",
  block: "block",
};

/** Every colour a wave can take: the basic colours it picked up, mixed, with a swatch and a name. */
const MIXES: number[] = [
  RED,
  YELLOW,
  BLUE,
  WHITE,
  RED | YELLOW,
  RED | BLUE,
  YELLOW | BLUE,
  RED | YELLOW | BLUE,
  RED | WHITE,
  YELLOW | WHITE,
  BLUE | WHITE,
  RED | YELLOW | WHITE,
  RED | BLUE | WHITE,
  YELLOW | BLUE | WHITE,
  RED | YELLOW | BLUE | WHITE,
  0,
];

function mixWords(bits: number): string {
  const parts = [
    [RED, "red"],
    [YELLOW, "yellow"],
    [BLUE, "blue"],
    [WHITE, "white"],
  ]
    .filter(([b]) => bits & (b as number))
    .map(([, n]) => n);
  return parts.length ? parts.join(" + ") : "no coloured gem met";
}

export function OrapaRules(): JSX.Element {
  const extra = [...GEM_SETS.full.slice(5)];
  return (
    <article className="card learn-page" aria-labelledby="learn-title">
      <h1 id="learn-title">How to play Orapa Mine</h1>
      <p>
        A mine of 10 by 8 cells hides a few coloured gems. You cannot see them: you send waves in from the edge and hear
        where each wave leaves the mine and what colour it has become. From those answers you work out where every gem
        lies, and then you guess the whole mine. Fewer questions is better.
      </p>
      <h2>Try it: send a wave</h2>
      <p>
        This mine is shown openly so you can watch what a wave does. A wave travels straight until it meets a gem. A
        slanted side turns it by a right angle; a straight side sends it back the way it came. Each gem it touches adds
        that gem's colour, and a black gem swallows it.
      </p>
      <LiveExample />
      <h2>Names of ports and cells</h2>
      <p>
        The 36 ports around the board are numbered 1 to 10 along the top (left to right) and 11 to 18 down the left
        side; letters A to J name the ports along the bottom and K to R those down the right. A cell is named by its
        column letter and row number: A1 is the top-left cell, J8 the bottom-right one.
      </p>
      <NamesBoard />
      <h2>The gems</h2>
      <p>
        The base game hides five gems. Gems never overlap, may touch only at a corner, and each must be reachable by
        some wave. Mirror images are allowed unless the game turns that off.
      </p>
      <ul className="gem-list">
        {GEM_SETS.base.map((g, i) => (
          <li key={i}>
            <GemPicture gem={g} /> {g.color} {SHAPE_WORDS[g.shape]}
          </li>
        ))}
        {extra.map((g, i) => (
          <li key={`x${i}`}>
            <GemPicture gem={g} /> {g.color} {SHAPE_WORDS[g.shape]}{" "}
            <span className="muted">
              (expansion
              {g.color === "transparent"
                ? ": adds no colour, only turns the wave"
                : ": swallows every wave that reaches it"}
              )
            </span>
          </li>
        ))}
      </ul>
      <h2>Colour mixing</h2>
      <p>
        A wave's colour is the set of gem colours it met, in any order and however often. Meeting nothing leaves it
        transparent.
      </p>
      <table className="mix-table">
        <thead>
          <tr>
            <th scope="col">colour</th>
            <th scope="col">the wave met</th>
          </tr>
        </thead>
        <tbody>
          {MIXES.map((bits) => (
            <tr key={bits} data-mix={colorName(bits)}>
              <td>
                <span
                  className="swatch"
                  data-color={colorName(bits)}
                  style={{ background: SCREEN_COLORS[colorName(bits)] }}
                  aria-hidden="true"
                />{" "}
                {colorName(bits)}
              </td>
              <td>{mixWords(bits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Asking about a cell</h2>
      <p>
        Instead of a wave you may ask what one cell holds: the answer is empty, the colour of a gem in it, or "absorbed"
        for a black gem. It counts as one question like a wave.
      </p>
      <h2>Ways to play</h2>
      <ul>
        <li>
          <b>Solo</b>: the computer hides a mine and answers you.
        </li>
        <li>
          <b>Duel</b>: each player hides a mine and asks about the other's, in turns. A right guess wins (if the first
          player guesses right, the second gets one last turn to draw level); a wrong guess loses at once.
        </li>
        <li>
          <b>Table</b>: one director hides a mine for two to four explorers who take turns to ask.
        </li>
        <li>
          <b>Training mode</b>: the game can tell you which cells are already settled and which question tells you most.
        </li>
      </ul>
      <h2>Options and editions</h2>
      <ul>
        <li>
          <b>Answers</b>: colour (the usual answer), bounces (how many gem sides the wave met, as in the 2024 edition),
          or both, for study.
        </li>
        <li>
          <b>Guess</b>: must be the hidden mine itself, or may be any mine that fits every answer heard so far.
        </li>
        <li>
          <b>Reveal</b>: after a wrong guess, the game tells you one question whose answer tells your guess apart from
          the mine.
        </li>
        <li>
          <b>Port labels</b>: the rule sheet's names (used above) or Board Game Arena's, which name the left side A–H,
          the bottom I–R and the right side 11–18.
        </li>
        <li>
          <b>Light blue gem</b>: one edition has a gem that adds blue and white at once.
        </li>
        <li>
          <b>Placement</b>: whether mirror images are allowed, whether gems may touch along a side, and whether every
          gem must be reachable.
        </li>
      </ul>
    </article>
  );
}
