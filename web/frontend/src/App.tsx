import { useEffect, useState } from "react";
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
          Orapa Mine
        </Link>
        <nav>
          <Link to="/">Lobby</Link>
          <Link to="/daily">Daily puzzle</Link>
          <Link to="/learn" className="help-link">
            <span aria-hidden="true">? </span>How to play
          </Link>
          {player && <Link to={`/players/${player.id}`}>My stats</Link>}
        </nav>
        {player && (
          <span className="me">
            Playing as <b>{player.name}</b>
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
          {route.page === "missing" && <NoSuchPage what={`There is no page at ${route.path}.`} />}
        </ErrorBoundary>
      </main>
    </div>
  );
}
