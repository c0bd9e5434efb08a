// The first-game tutorial for Orapa Mine: a guided solo game played entirely in the page on a
// fixed two-gem mine, answered by the page's own tracer. Skippable; remembered as done.
import { useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
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

/** The guided steps; what each asks (and a shot's lesson) is learn:tutorial.steps.{index}. */
type Step = { kind: "shoot"; port: string } | { kind: "place"; gem: number; cell: string } | { kind: "guess" };

const STEPS: Step[] = [
  { kind: "shoot", port: "3" },
  { kind: "shoot", port: "C" },
  { kind: "shoot", port: "16" },
  { kind: "shoot", port: "G" },
  { kind: "place", gem: 0, cell: "C3" },
  { kind: "place", gem: 1, cell: "G6" },
  { kind: "guess" },
];

export function Tutorial(): JSX.Element {
  const { t } = useTranslation("learn");
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
      tag: t("orapa.tagIn"),
      color: c,
      title: t("tutorial.portTitle", {
        port: p,
        answer: answerWords(p, w.exit === null ? null : PORT_LABELS[w.exit], c),
      }),
    };
    if (w.exit !== null && PORT_LABELS[w.exit] !== p)
      ports[PORT_LABELS[w.exit]] = {
        tag: t("orapa.tagOut"),
        color: c,
        title: t("tutorial.exitTitle", { port: PORT_LABELS[w.exit], from: p }),
      };
  }
  const cells: Record<string, CellMark> = {};
  if (!finished && step.kind === "shoot")
    ports[step.port] = {
      ...ports[step.port],
      tag: t("tutorial.here"),
      state: "ok",
      title: t("tutorial.pressPort", { port: step.port }),
    };
  if (!finished && step.kind === "place")
    cells[step.cell] = {
      fill: "#ffe7a3",
      text: t("tutorial.here"),
      title: t("tutorial.pressCell", { cell: step.cell }),
    };

  const onPort = (label: string) => {
    if (finished || step.kind !== "shoot") return setSaid(t("tutorial.noWave"));
    if (label !== step.port) return setSaid(t("tutorial.wrongPort", { port: step.port, label }));
    const w = traceWave(traced, PORT_LABELS.indexOf(label));
    setShots((s) => [...s, label]);
    const lesson = t(`tutorial.steps.${at}.lesson`);
    setSaid(`${answerWords(label, w.exit === null ? null : PORT_LABELS[w.exit], colorName(w.color))} ${lesson}`);
    setAt((a) => a + 1);
  };
  const onCell = (name: string) => {
    if (finished || step.kind !== "place") return;
    if (name !== step.cell) return setSaid(t("tutorial.wrongCell", { cell: step.cell }));
    setPlaced((g) => [...g, step.gem]);
    setSaid(t(`tutorial.placed${step.gem}`));
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
        <h1 id="tutorial-title">{t("tutorial.skippedTitle")}</h1>
        <p>{t("tutorial.skippedText")}</p>
        <p>
          <Link to="/">{t("tutorial.backToLobby")}</Link> · <Link to="/learn/orapa">{t("tutorial.rules")}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="card learn-page tutorial" aria-labelledby="tutorial-title" data-testid="tutorial">
      <h1 id="tutorial-title">{t("tutorial.title")}</h1>
      <p>{t("tutorial.intro")}</p>
      {!finished && (
        <p className="tutorial-step" data-testid="tutorial-step" data-step={at}>
          <b>{t("tutorial.stepOf", { at: at + 1, of: STEPS.length })}</b> {t(`tutorial.steps.${at}.ask`)}
        </p>
      )}
      {finished && (
        <p className="tutorial-step done" data-testid="tutorial-done" role="status">
          <Trans t={t} i18nKey="tutorial.done" count={shots.length} components={{ b: <b />, go: <Link to="/" /> }} />
        </p>
      )}
      <Board
        label={t("tutorial.boardLabel")}
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
            {t("tutorial.guess")}
          </button>
        )}{" "}
        {!finished && (
          <button type="button" className="link" onClick={skip}>
            {t("tutorial.skip")}
          </button>
        )}
      </p>
    </section>
  );
}
