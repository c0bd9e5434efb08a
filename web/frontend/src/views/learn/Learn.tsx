// How to play: the list of games (/learn) and one page per game (/learn/{game}), in our words.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NoSuchPage } from "../../components/Link";
import { OrapaRules } from "./OrapaRules";
import { RippleBoard, rippleSteps } from "./RippleSteps";
import { GAMES, GamePicture, isGame } from "./games";

function Mandragora(): JSX.Element {
  const { t } = useTranslation("learn");
  const player = [1, 2, 3, 4, 5, 0, 6, 4, 7, 2, 8];
  const opponent = [6, 4, 7, 2, 8, 9, 1, 2, 3, 4, 5];
  return (
    <article className="card learn-page" aria-labelledby="learn-title">
      <h1 id="learn-title">{t("howToPlayGame", { game: "Mandragora Mania" })}</h1>
      <p>{t("mandragora.intro")}</p>
      <h2>{t("mandragora.board")}</h2>
      <pre className="mandragora-board" role="img" tabIndex={0} aria-label={t("mandragora.boardLabel")}>
        {`[9]  [8]  [7]  [6]      ${t("mandragora.rowTheirs")}
       [2]  [4]         ${t("mandragora.rowShared")}
   [1]  [3]  [5]  [0]   ${t("mandragora.rowYours")}`}
      </pre>
      <p>{t("mandragora.whereFrom")}</p>
      <h2>{t("mandragora.loop")}</h2>
      <p>{t("mandragora.loopIntro")}</p>
      <ol className="loop" aria-label={t("mandragora.yourLoop")}>
        {player.map((a, i) => (
          <li key={i} className={a === 0 ? "base" : ""}>
            {a === 0 ? t("mandragora.yourBase") : a}
          </li>
        ))}
        <li>{t("mandragora.backTo", { area: 1 })}</li>
      </ol>
      <ol className="loop" aria-label={t("mandragora.theirLoop")}>
        {opponent.map((a, i) => (
          <li key={i} className={a === 9 ? "base" : ""}>
            {a === 9 ? t("mandragora.theirBase") : a}
          </li>
        ))}
        <li>{t("mandragora.backTo", { area: 6 })}</li>
      </ol>
      <p>{t("mandragora.shared")}</p>
      <h2>{t("mandragora.values")}</h2>
      <table className="values">
        <thead>
          <tr>
            <th scope="col">{t("mandragora.piece")}</th>
            <th scope="col">{t("mandragora.forFirst")}</th>
            <th scope="col">{t("mandragora.forSecond")}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{t("mandragora.pieceM")}</td>
            <td>1</td>
            <td>1</td>
          </tr>
          <tr>
            <td>{t("mandragora.pieceKP")}</td>
            <td>2</td>
            <td>3</td>
          </tr>
          <tr>
            <td>{t("mandragora.pieceCA")}</td>
            <td>3</td>
            <td>4</td>
          </tr>
        </tbody>
      </table>
      <p>{t("mandragora.end")}</p>
    </article>
  );
}

const RIPPLE_START = [
  { row: 3, col: 5, color: "red" },
  { row: 1, col: 2, color: "red" },
  { row: 5, col: 3, color: "red" },
  { row: 6, col: 3, color: "blue" },
  { row: 2, col: 3, color: "blue" },
];

function Ripple(): JSX.Element {
  const { t } = useTranslation("learn");
  const steps = rippleSteps(RIPPLE_START, { row: 3, col: 3, color: "red" });
  const [at, setAt] = useState(0);
  return (
    <article className="card learn-page" aria-labelledby="learn-title">
      <h1 id="learn-title">{t("howToPlayGame", { game: "Ripple" })}</h1>
      <p>{t("ripple.intro")}</p>
      <h2>{t("ripple.stepByStep")}</h2>
      <p>{t("ripple.push")}</p>
      <div className="ripple-steps" data-testid="ripple-steps">
        <RippleBoard step={steps[at]} />
        <p aria-live="polite" data-testid="ripple-text">
          {t("ripple.step", { at: at + 1, of: steps.length, text: steps[at].text })}
        </p>
        <p>
          <button type="button" onClick={() => setAt((a) => Math.max(0, a - 1))} disabled={at === 0}>
            {t("ripple.previous")}
          </button>{" "}
          <button
            type="button"
            onClick={() => setAt((a) => Math.min(steps.length - 1, a + 1))}
            disabled={at === steps.length - 1}
          >
            {t("ripple.next")}
          </button>
        </p>
      </div>
      <h2>{t("ripple.groups")}</h2>
      <p>{t("ripple.groupsText")}</p>
      <p>{t("ripple.winning")}</p>
    </article>
  );
}

function Uncovered(): JSX.Element {
  const { t } = useTranslation("learn");
  return (
    <article className="card learn-page" aria-labelledby="learn-title">
      <h1 id="learn-title">{t("howToPlayGame", { game: "Uncovered!" })}</h1>
      <p>{t("uncovered.intro")}</p>
      <p>{t("uncovered.score")}</p>
      <h2>{t("uncovered.variants")}</h2>
      <table className="values">
        <thead>
          <tr>
            <th scope="col">{t("uncovered.variant")}</th>
            <th scope="col">{t("uncovered.ownHand")}</th>
            <th scope="col">{t("uncovered.otherHands")}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{t("uncovered.beginner")}</td>
            <td>{t("uncovered.seen")}</td>
            <td>{t("uncovered.seen")}</td>
          </tr>
          <tr>
            <td>{t("uncovered.intermediate")}</td>
            <td>{t("uncovered.hiddenSettled")}</td>
            <td>{t("uncovered.seen")}</td>
          </tr>
          <tr>
            <td>{t("uncovered.advanced")}</td>
            <td>{t("uncovered.seen")}</td>
            <td>{t("uncovered.hidden")}</td>
          </tr>
        </tbody>
      </table>
      <p>{t("uncovered.faceUp")}</p>
    </article>
  );
}

/** /learn: every game with its picture; /learn/{game}: that game's rules. */
export function LearnPage({ game }: { game: string | null }): JSX.Element {
  const { t } = useTranslation("learn");
  if (game === null) {
    return (
      <section className="card learn-index" aria-labelledby="learn-title">
        <h1 id="learn-title">{t("title")}</h1>
        <ul className="game-intros">
          {GAMES.map((g) => (
            <li key={g.id}>
              <GamePicture game={g.id} />
              <div>
                <h2>
                  <Link to={`/learn/${g.id}`}>{g.title}</Link>
                </h2>
                <p>{t(`games.${g.id}.line`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/learn/orapa/tutorial">{t("tutorialLink")}</Link>
        </p>
      </section>
    );
  }
  if (!isGame(game)) return <NoSuchPage what={t("noRules", { game })} />;
  return (
    <div className="learn">
      <nav className="learn-nav" aria-label={t("navLabel")}>
        {GAMES.map((g) => (
          <Link key={g.id} to={`/learn/${g.id}`} className={g.id === game ? "current" : undefined}>
            {g.title}
          </Link>
        ))}
        <Link to="/learn/orapa/tutorial">{t("tutorialNav")}</Link>
      </nav>
      {game === "orapa" && <OrapaRules />}
      {game === "mandragora" && <Mandragora />}
      {game === "ripple" && <Ripple />}
      {game === "uncovered" && <Uncovered />}
    </div>
  );
}
