// What the boards draw from a list of answers: the tagged ports and answered cells of the
// question board, and the paths a mine gives its shots. Shared by the explorer's, the
// director's and the after-game views and by the review panels.
import { Observation } from "../../api";
import i18n from "../../i18n";
import { CellMark, PortMark, WavePath } from "../../components/Board";
import { parsePort, portText } from "../../orapa/board";
import { COLOR_LETTERS, SCREEN_COLORS, canonicalColor } from "../../orapa/colors";
import { Board as Traced, LayoutJSON } from "../../orapa/layout";
import { answerTags } from "../../orapa/sketch";
import { colorWord } from "../../orapa/words";
import { shotAnswer, traceWave } from "../../orapa/tracer";

/** Marks of the answers heard on the question board: tagged ports and answered cells. */
export function questionMarks(observations: Observation[]): {
  ports: Record<string, PortMark>;
  cells: Record<string, CellMark>;
} {
  const ports: Record<string, PortMark> = {};
  for (const [port, t] of Object.entries(answerTags(observations)))
    ports[port] = {
      tag: t.tag,
      color: t.color,
      // a bounce-count answer (O9) has no colour to say
      title: t.color
        ? i18n.t("game:marks.port", { port: portText(port), tag: t.tag, color: colorWord(t.color) })
        : i18n.t("game:marks.portNoColour", { port: portText(port), tag: t.tag }),
    };
  const cells: Record<string, CellMark> = {};
  for (const o of observations) {
    if (o.cell) {
      const content = canonicalColor(o.content ?? "");
      cells[o.cell] = {
        fill: SCREEN_COLORS[content] ?? "#fff",
        text: content === "empty" ? "·" : content === "absorbed" ? "✕" : (COLOR_LETTERS[content] ?? "?"),
        title: i18n.t("game:answer.cell", { cell: o.cell, content: colorWord(content) }),
      };
    }
  }
  return { ports, cells };
}

/** The paths of a mine's shots, each in the colour the mine gives it (the last one animated). */
export function wavePaths(mine: LayoutJSON, observations: Observation[], animateLast = false): WavePath[] {
  const traced = new Traced(mine);
  return observations
    .filter((o) => o.shot)
    .map((o, i, all) => {
      const port = parsePort(o.shot as string) as number;
      const w = traceWave(traced, port);
      const own = shotAnswer(traced, port);
      return {
        key: `${o.shot}-${i}`,
        points: w.points,
        color: own.exit === "absorbed" ? "absorbed" : canonicalColor(own.color ?? ""),
        animate: animateLast && i === all.length - 1,
      };
    });
}
