// How to play Orapa Mine, in our words: a live example board (the page's own tracer answers a
// click on any port), the names of ports and cells, the gems, the colour mixing and the options.
import { useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import i18n from "../../i18n";
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
  const t = i18n.t;
  if (exit === null) return t("learn:orapa.absorbed", { port });
  const colour = t(`common:colors.${color}`, { defaultValue: color });
  return exit === port
    ? t("learn:orapa.comesBack", { port, color: colour })
    : t("learn:orapa.comesOut", { port, exit, color: colour });
}

function LiveExample(): JSX.Element {
  const { t } = useTranslation("learn");
  const traced = useMemo(() => new Traced(EXAMPLE_MINE), []);
  const [port, setPort] = useState<string | null>(null);
  const wave = port === null ? null : traceWave(traced, PORT_LABELS.indexOf(port));
  const marks: Record<string, PortMark> = {};
  if (wave && port) {
    marks[port] = { tag: t("orapa.tagIn"), title: t("orapa.goesIn", { port }) };
    if (wave.exit !== null)
      marks[PORT_LABELS[wave.exit]] = {
        tag: t("orapa.tagOut"),
        color: colorName(wave.color),
        title: t("orapa.goesOut", { port: PORT_LABELS[wave.exit] }),
      };
  }
  return (
    <div className="learn-live" data-testid="live-example">
      <Board
        label={t("orapa.exampleLabel")}
        gems={EXAMPLE_MINE.gems}
        onPort={setPort}
        portMarks={marks}
        waves={wave && port ? [{ key: port, points: wave.points, color: colorName(wave.color), animate: true }] : []}
      />
      <p aria-live="polite" className="learn-answer" data-testid="live-answer">
        {wave && port
          ? answerWords(port, wave.exit === null ? null : PORT_LABELS[wave.exit], colorName(wave.color))
          : t("orapa.pressPort")}
      </p>
    </div>
  );
}

function NamesBoard(): JSX.Element {
  const { t } = useTranslation("learn");
  const cells: Record<string, CellMark> = {};
  for (let r = 0; r < ROWS; r++)
    for (let c = 0; c < COLUMNS; c++) cells[`${COLUMN_LETTERS[c]}${r + 1}`] = { text: `${COLUMN_LETTERS[c]}${r + 1}` };
  return <Board label={t("orapa.namesLabel")} cellMarks={cells} />;
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

/** A gem in words, its shape then its colour: "large triangle, blue" / "grand triangle bleu". */
function gemWords(g: { shape: string; color: string }): string {
  const words = i18n.t("learn:orapa.gem", {
    shape: i18n.t(`common:shapes.${g.shape}`, { defaultValue: g.shape }),
    color: i18n.t(`common:colors.${g.color}`, { defaultValue: g.color }),
  });
  return g.shape === "square" ? `${words} ${i18n.t("learn:orapa.squareNote")}` : words;
}

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
  const t = i18n.t;
  const parts = [
    [RED, "red"],
    [YELLOW, "yellow"],
    [BLUE, "blue"],
    [WHITE, "white"],
  ]
    .filter(([b]) => bits & (b as number))
    .map(([, n]) => t(`common:colors.${n}`));
  return parts.length ? parts.join(" + ") : t("learn:orapa.noGem");
}

export function OrapaRules(): JSX.Element {
  const { t } = useTranslation("learn");
  const b = { b: <b /> };
  const extra = [...GEM_SETS.full.slice(5)];
  return (
    <article className="card learn-page" aria-labelledby="learn-title">
      <h1 id="learn-title">{t("howToPlayGame", { game: "Orapa Mine" })}</h1>
      <p>{t("orapa.intro")}</p>
      <h2>{t("orapa.tryIt")}</h2>
      <p>{t("orapa.tryItText")}</p>
      <LiveExample />
      <h2>{t("orapa.names")}</h2>
      <p>{t("orapa.namesText")}</p>
      <NamesBoard />
      <h2>{t("orapa.gems")}</h2>
      <p>{t("orapa.gemsText")}</p>
      <ul className="gem-list">
        {GEM_SETS.base.map((g, i) => (
          <li key={i}>
            <GemPicture gem={g} /> {gemWords(g)}
          </li>
        ))}
        {extra.map((g, i) => (
          <li key={`x${i}`}>
            <GemPicture gem={g} />{" "}
            <span>
              {gemWords(g)}{" "}
              <span className="muted">
                {g.color === "transparent" ? t("orapa.expansionClear") : t("orapa.expansionBlack")}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <h2>{t("orapa.mixing")}</h2>
      <p>{t("orapa.mixingText")}</p>
      <table className="mix-table">
        <thead>
          <tr>
            <th scope="col">{t("orapa.colour")}</th>
            <th scope="col">{t("orapa.met")}</th>
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
                {t(`common:colors.${colorName(bits)}`)}
              </td>
              <td>{mixWords(bits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t("orapa.cell")}</h2>
      <p>{t("orapa.cellText")}</p>
      <h2>{t("orapa.ways")}</h2>
      <ul>
        {["solo", "duel", "table", "training"].map((k) => (
          <li key={k}>
            <Trans t={t} i18nKey={`orapa.way.${k}`} components={b} />
          </li>
        ))}
      </ul>
      <h2>{t("orapa.options")}</h2>
      <ul>
        {["answers", "guess", "reveal", "labels", "lightBlue", "placement"].map((k) => (
          <li key={k}>
            <Trans t={t} i18nKey={`orapa.option.${k}`} components={b} />
          </li>
        ))}
      </ul>
    </article>
  );
}
