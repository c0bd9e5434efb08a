// The lobby's first card: the four games and "Play now".
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "../../components/Link";
import { api } from "../../api";
import { navigate } from "../../router";
import { GAMES, GamePicture } from "../learn/games";
import { tutorialDone } from "../learn/Tutorial";
import { PLAY_NOW } from "./bodies";

/** First contact: what this site is, the four games with a picture and a line, "Play now". */
export function Welcome({ signedIn }: { signedIn: boolean }): JSX.Element {
  const { t } = useTranslation("lobby");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const playNow = async () => {
    setBusy(true);
    setError("");
    try {
      const out = await api.createGame(PLAY_NOW);
      sessionStorage.setItem(`orapa.code.${out.game.id}`, out.code);
      navigate(`/games/${out.game.id}`);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <section className="card welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title">{t("welcome.title")}</h1>
      <p>{t("welcome.intro")}</p>
      <ul className="game-intros">
        {GAMES.map((g) => (
          <li key={g.id} data-game={g.id}>
            <GamePicture game={g.id} />
            <div>
              <h2>{g.title}</h2>
              <p>{t(`learn:games.${g.id}.line`)}</p>
              <Link to={`/learn/${g.id}`}>{t("learn:howToPlayGame", { game: g.title })}</Link>
            </div>
          </li>
        ))}
      </ul>
      <p className="welcome-actions">
        {signedIn ? (
          <button type="button" className="play-now" onClick={playNow} disabled={busy}>
            {t("welcome.playNow")}
          </button>
        ) : (
          <span>
            <Trans t={t} i18nKey="welcome.pickFirst" components={{ b: <b /> }} />
          </span>
        )}{" "}
        <Link to="/learn/orapa/tutorial">{tutorialDone() ? t("welcome.tutorialDone") : t("welcome.tutorial")}</Link>
      </p>
      {signedIn && <p className="muted">{t("welcome.playNowNote")}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
