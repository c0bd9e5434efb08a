import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { me } from "./api";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { LanguageSwitch } from "./components/LanguageSwitch";
import { Link, NoSuchPage } from "./components/Link";
import { useRoute } from "./router";
import { DailyPage } from "./views/Daily";
import { GamePage } from "./views/GamePage";
import { LearnPage } from "./views/learn/Learn";
import { Tutorial } from "./views/learn/Tutorial";
import { Lobby } from "./views/Lobby";
import { StatsPage } from "./views/Stats";

export function App(): JSX.Element {
  const { t } = useTranslation();
  const route = useRoute();
  const [player, setPlayer] = useState(me);
  useEffect(() => {
    const update = () => setPlayer(me());
    window.addEventListener("orapa:me", update);
    return () => window.removeEventListener("orapa:me", update);
  }, []);
  return (
    <div className="app">
      <header className="top">
        <Link to="/" className="brand">
          {t("nav.brand")}
        </Link>
        <nav>
          <Link to="/">{t("nav.lobby")}</Link>
          <Link to="/daily">{t("nav.daily")}</Link>
          <Link to="/learn" className="help-link">
            <span aria-hidden="true">? </span>
            {t("nav.learn")}
          </Link>
          {player && <Link to={`/players/${player.id}`}>{t("nav.stats")}</Link>}
        </nav>
        {player && (
          <span className="me">
            <Trans t={t} i18nKey="nav.playingAs" values={{ name: player.name }} components={{ b: <b /> }} />
          </span>
        )}
        <LanguageSwitch />
      </header>
      <main>
        <ErrorBoundary key={window.location.pathname}>
          {route.page === "lobby" && <Lobby />}
          {route.page === "game" && <GamePage key={route.id} id={route.id} />}
          {route.page === "player" && <StatsPage key={route.id} id={route.id} />}
          {route.page === "daily" && <DailyPage />}
          {route.page === "learn" && <LearnPage key={route.game ?? ""} game={route.game} />}
          {route.page === "tutorial" && <Tutorial />}
          {route.page === "missing" && <NoSuchPage what={t("errors.noSuchPage", { path: route.path })} />}
        </ErrorBoundary>
      </main>
    </div>
  );
}
