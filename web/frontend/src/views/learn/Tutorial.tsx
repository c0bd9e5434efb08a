// The first-game tutorial for Orapa Mine: a guided solo game played entirely in the page on a
// fixed two-gem mine, answered by the page's own tracer. Skippable; remembered as done.
import { useMemo, useState } from "react";
import { Link } from "../../components/Link";
import { Board, CellMark, PortMark, WavePath } from "../../components/Board";
import { PORT_LABELS } from "../../orapa/board";
import { colorName } from "../../orapa/colors";
import { Board as Traced, LayoutJSON } from "../../orapa/layout";
import { traceWave } from "../../orapa/tracer";
import { answerWords } from "./OrapaRules";

/** The tutorial's hidden mine: a yellow triangle (C3, D3, C4) and a red parallelogram (F6-H6). */
export const TUTORIAL_MINE: LayoutJSON = {
  gems: [
    {
      shape: "triangle",
      color: "yellow",
      vertices: [
        [2, 2],
        [4, 2],
        [2, 4],
      ],
    },
    {
      shape: "parallelogram",
      color: "red",
      vertices: [
        [5, 5],
        [7, 5],
        [8, 6],
        [6, 6],
      ],
    },
  ],
};

export const TUTORIAL_KEY = "orapa.tutorial";

/** Whether this browser has finished or skipped the tutorial. */
export function tutorialDone(): boolean {
  try {
    return !!localStorage.getItem(TUTORIAL_KEY);
  } catch {
    return false;
  }
}

function remember(how: "done" | "skipped"): void {
  try {
    localStorage.setItem(TUTORIAL_KEY, how);
  } catch {
    /* private mode: nothing kept */
  }
}

type Step =
  | { kind: "shoot"; port: string; ask: string; lesson: string }
  | { kind: "place"; gem: number; cell: string; ask: string }
  | { kind: "guess"; ask: string };

const STEPS: Step[] = [
  {
    kind: "shoot",
    port: "3",
    ask: "Send your first wave: press port 3 at the top of the board.",
    lesson: "It bounced straight back, yellow: a yellow gem has a flat side facing up somewhere in column C.",
  },
  {
    kind: "shoot",
    port: "C",
    ask: "Now look at column C from below: press port C at the bottom.",
    lesson:
      "The wave went up column C, met a slanted side and turned right, out at port N on row 4. So the yellow gem is a triangle whose long side crosses cell C4.",
  },
  {
    kind: "shoot",
    port: "16",
    ask: "Try row 6 from the left: press port 16.",
    lesson: "This one came out at the bottom of column F, red: a red gem with a slanted side in cell F6.",
  },
  {
    kind: "shoot",
    port: "G",
    ask: "Press port G, at the bottom of column G.",
    lesson:
      "Straight back and red: the red gem has a flat bottom in column G too. A slant in F6 and a flat side in G6 is the red parallelogram lying along row 6.",
  },
  {
    kind: "place",
    gem: 0,
    cell: "C3",
    ask: "Put your finding on the board: press cell C3 to place the yellow triangle with its square corner there.",
  },
  { kind: "place", gem: 1, cell: "G6", ask: "Now press cell G6 to place the red parallelogram along row 6." },
  { kind: "guess", ask: "Every gem is placed and fits every answer. Press “Guess this mine” to check." },
];

export function Tutorial(): JSX.Element {
  const traced = useMemo(() => new Traced(TUTORIAL_MINE), []);
  const [at, setAt] = useState(0);
  const [shots, setShots] = useState<string[]>([]);
  const [placed, setPlaced] = useState<number[]>([]);
  const [said, setSaid] = useState("");
  const [finished, setFinished] = useState(false);
  const [skipped, setSkipped] = useState(false);
  const step = STEPS[at];

  const waves: WavePath[] = shots.map((p, i) => {
    const w = traceWave(traced, PORT_LABELS.indexOf(p));
    return { key: p, points: w.points, color: colorName(w.color), animate: i === shots.length - 1 };
  });
  const ports: Record<string, PortMark> = {};
  for (const p of shots) {
    const w = traceWave(traced, PORT_LABELS.indexOf(p));
    const c = colorName(w.color);
    ports[p] = {
      tag: "in",
      color: c,
      title: `port ${p}: ${answerWords(p, w.exit === null ? null : PORT_LABELS[w.exit], c)}`,
    };
    if (w.exit !== null && PORT_LABELS[w.exit] !== p)
      ports[PORT_LABELS[w.exit]] = {
        tag: "out",
        color: c,
        title: `port ${PORT_LABELS[w.exit]}: the wave from port ${p} came out here`,
      };
  }
  const cells: Record<string, CellMark> = {};
  if (!finished && step.kind === "shoot")
    ports[step.port] = { ...ports[step.port], tag: "here", state: "ok", title: `port ${step.port}: press here` };
  if (!finished && step.kind === "place")
    cells[step.cell] = { fill: "#ffe7a3", text: "here", title: `cell ${step.cell}: press here` };

  const onPort = (label: string) => {
    if (finished || step.kind !== "shoot")
      return setSaid("No wave needed now: follow the instruction above the board.");
    if (label !== step.port)
      return setSaid(
        `In this tutorial, press port ${step.port} for this step (port ${label} comes later, in real games).`,
      );
    const w = traceWave(traced, PORT_LABELS.indexOf(label));
    setShots((s) => [...s, label]);
    setSaid(`${answerWords(label, w.exit === null ? null : PORT_LABELS[w.exit], colorName(w.color))} ${step.lesson}`);
    setAt((a) => a + 1);
  };
  const onCell = (name: string) => {
    if (finished || step.kind !== "place") return;
    if (name !== step.cell) return setSaid(`Press cell ${step.cell} for this step.`);
    setPlaced((g) => [...g, step.gem]);
    setSaid(`The ${TUTORIAL_MINE.gems[step.gem].color} ${TUTORIAL_MINE.gems[step.gem].shape} is on your sketch.`);
    setAt((a) => a + 1);
  };
  const guess = () => {
    remember("done");
    setFinished(true);
    setSaid("");
  };
  const skip = () => {
    remember("skipped");
    setSkipped(true);
  };

  if (skipped) {
    return (
      <section className="card learn-page" aria-labelledby="tutorial-title" data-testid="tutorial">
        <h1 id="tutorial-title">Tutorial skipped</h1>
        <p>It will not be offered again on this browser; you can always come back to it from How to play.</p>
        <p>
          <Link to="/">Back to the lobby</Link> · <Link to="/learn/orapa">Rules of Orapa Mine</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="card learn-page tutorial" aria-labelledby="tutorial-title" data-testid="tutorial">
      <h1 id="tutorial-title">Your first Orapa Mine game</h1>
      <p>
        A small mine hides two gems: a yellow triangle and a red parallelogram. Send waves, read the answers, place the
        gems and guess. It takes a couple of minutes.
      </p>
      {!finished && (
        <p className="tutorial-step" data-testid="tutorial-step" data-step={at}>
          <b>
            Step {at + 1} of {STEPS.length}.
          </b>{" "}
          {step.ask}
        </p>
      )}
      {finished && (
        <p className="tutorial-step done" data-testid="tutorial-done" role="status">
          <b>You found the mine in {shots.length} questions!</b> In a real game the computer hides five gems; the same
          reading of waves finds them. <Link to="/">Play a real game from the lobby</Link>.
        </p>
      )}
      <Board
        label="tutorial mine: your questions and your sketch"
        gems={placed.map((i) => TUTORIAL_MINE.gems[i])}
        waves={waves}
        portMarks={ports}
        cellMarks={cells}
        onPort={finished ? undefined : onPort}
        onCell={finished ? undefined : onCell}
      />
      <p aria-live="polite" className="learn-answer" data-testid="tutorial-said">
        {said}
      </p>
      <p>
        {!finished && step.kind === "guess" && (
          <button type="button" onClick={guess}>
            Guess this mine
          </button>
        )}{" "}
        {!finished && (
          <button type="button" className="link" onClick={skip}>
            Skip the tutorial
          </button>
        )}
      </p>
    </section>
  );
}
