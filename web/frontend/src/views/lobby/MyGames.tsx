// The signed-in player's games, running and finished.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../../components/Link";
import { GameRecord, api } from "../../api";
import { formatDate } from "../../i18n";
import { GAME_TITLES } from "../../seats";

export function MyGames({ player }: { player: string }): JSX.Element {
  const { t } = useTranslation("lobby");
  const [games, setGames] = useState<GameRecord[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api
      .playerGames(player)
      .then((out) => setGames([...out.games].reverse()))
      .catch((err) => setError((err as Error).message));
  }, [player]);
  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (games === null) return <p>{t("mine.loading")}</p>;
  const running = games.filter((g) => g.status !== "over");
  const finished = games.filter((g) => g.status === "over");
  const row = (g: GameRecord) => (
    <li key={g.id}>
      <Link to={`/games/${g.id}`}>
        {GAME_TITLES[g.game] ?? g.game}
        {g.mode ? ` ${t(`mine.modes.${g.mode}`, { defaultValue: g.mode })}` : ""}
      </Link>{" "}
      <span className="muted">
        {t(`mine.statuses.${g.status}`, { defaultValue: g.status })}
        {g.result ? ` · ${t(`mine.results.${g.result}`, { defaultValue: g.result })}` : ""}
        {g.questions !== null && g.status === "over" ? ` · ${t("mine.questions", { count: g.questions })}` : ""}
        {(g.ended ?? g.started) ? ` · ${formatDate(g.ended ?? g.started ?? "")}` : ""}
      </span>
    </li>
  );
  return (
    <section className="card" aria-label={t("mine.label")}>
      <h2>{t("mine.title")}</h2>
      <h3>{t("mine.running")}</h3>
      {running.length ? <ul>{running.map(row)}</ul> : <p className="muted">{t("mine.none")}</p>}
      <h3>{t("mine.finished")}</h3>
      {finished.length ? <ul>{finished.map(row)}</ul> : <p className="muted">{t("mine.none")}</p>}
    </section>
  );
}
