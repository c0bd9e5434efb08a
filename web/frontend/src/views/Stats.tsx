// A player's statistics, with a chart of questions per won game over time.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatNumber } from "../i18n";
import { GameRecord, Stats, api } from "../api";
import { Link } from "../components/Link";
import { GAME_TITLES } from "../seats";

export interface WonGame {
  at: string;
  questions: number;
  game?: string;
}

/** The won Orapa games of a player's list, oldest first: the chart's points. */
export function wonGames(records: GameRecord[]): WonGame[] {
  return records
    .filter((g) => g.status === "over" && g.result === "win" && typeof g.questions === "number" && !g.training)
    .map((g) => ({ at: g.ended ?? g.started ?? "", questions: g.questions as number, game: String(g.id) }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

export function QuestionsChart({ games }: { games: WonGame[] }): JSX.Element {
  const { t } = useTranslation("stats");
  if (games.length === 0) return <p className="muted">{t("noWins")}</p>;
  // A fixed 600 x 200 drawing: one point per won game, oldest on the left.
  const max = Math.max(...games.map((g) => g.questions), 1);
  const x = (i: number) => (games.length === 1 ? 320 : 50 + (i * 530) / (games.length - 1));
  const y = (q: number) => 170 - (q / max) * 145;
  return (
    <svg className="chart" viewBox="0 0 600 200" role="img" aria-label={t("chartLabel")}>
      <line x1={40} y1={170} x2={590} y2={170} stroke="#555" />
      <line x1={40} y1={15} x2={40} y2={170} stroke="#555" />
      {[0, Math.round(max / 2), max].map((q) => (
        <text key={q} x={34} y={y(q) + 4} className="axis" style={{ textAnchor: "end" }}>
          {q}
        </text>
      ))}
      <polyline
        fill="none"
        stroke="#1f5fd1"
        strokeWidth={2}
        points={games.map((g, i) => `${x(i)},${y(g.questions)}`).join(" ")}
      />
      {games.map((g, i) => (
        <g key={i}>
          <circle cx={x(i)} cy={y(g.questions)} r={4} fill="#d7263d">
            <title>{t("point", { date: formatDate(g.at), count: g.questions })}</title>
          </circle>
          {(games.length <= 12 || i % Math.ceil(games.length / 12) === 0) && (
            <text x={x(i)} y={188} className="axis">
              {g.at ? formatDate(g.at, { day: "numeric", month: "numeric" }) : i + 1}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}

export function StatsPage({ id }: { id: string }): JSX.Element {
  const { t } = useTranslation("stats");
  const [stats, setStats] = useState<Stats | null>(null);
  const [records, setRecords] = useState<GameRecord[]>([]);
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  useEffect(() => {
    Promise.all([api.stats(id), api.playerGames(id), api.player(id)])
      .then(([s, g, p]) => {
        setStats(s);
        setRecords(g.games);
        setName(p.player.name);
      })
      .catch((e) => setError((e as Error).message));
  }, [id]);
  const games = wonGames(records);
  const finished = records.filter((g) => g.status === "over").reverse();
  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!stats) return <p>{t("common:actions.loading")}</p>;
  return (
    <div className="stats card">
      <h1>{name ? t("titleOf", { name }) : t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <dl className="figures">
        <div>
          <dt>{t("games")}</dt>
          <dd>{stats.games}</dd>
        </div>
        <div>
          <dt>{t("wins")}</dt>
          <dd>{stats.wins}</dd>
        </div>
        <div>
          <dt>{t("losses")}</dt>
          <dd>{stats.losses}</dd>
        </div>
        <div>
          <dt>{t("ties")}</dt>
          <dd>{stats.ties}</dd>
        </div>
        {stats.directed > 0 && (
          <div>
            <dt>{t("directed")}</dt>
            <dd>{stats.directed}</dd>
          </div>
        )}
        <div>
          <dt>{t("perWin")}</dt>
          <dd title={t("averageOver", { count: stats.won_games ?? 0 })}>
            {stats.average_questions === null || stats.average_questions === undefined
              ? "–"
              : formatNumber(Number(stats.average_questions), 1)}
          </dd>
        </div>
        <div>
          <dt>{t("streak")}</dt>
          <dd data-testid="daily-streak">{stats.daily_streak ?? 0}</dd>
        </div>
      </dl>
      <p className="muted" data-testid="average-note">
        {t("averageNote", { count: stats.won_games ?? 0 })}
      </p>
      <p data-testid="training-figures">
        {t("training")}{" "}
        {!stats.training || stats.training.games === 0
          ? t("trainingNone")
          : `${t("trainingGames", { count: stats.training.games })}, ${t("trainingWon", { count: stats.training.wins })}, ${t("trainingLost", { count: stats.training.losses })}${stats.training.ties ? `, ${t("trainingTied", { count: stats.training.ties })}` : ""}.`}
      </p>
      {stats.by_mode && Object.keys(stats.by_mode).length > 0 && (
        <table className="by-mode">
          <thead>
            <tr>
              <th>{t("kind")}</th>
              <th>{t("games")}</th>
              <th>{t("wins")}</th>
              <th>{t("losses")}</th>
              <th>{t("ties")}</th>
              <th>{t("directed")}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(stats.by_mode).map(([mode, v]) => (
              <tr key={mode}>
                <td>{t(`modes.${mode}`, { defaultValue: mode })}</td>
                <td>{v.games}</td>
                <td>{v.wins}</td>
                <td>{v.losses}</td>
                <td>{v.ties}</td>
                <td>{v.directed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t("chartTitle")}</h2>
      <QuestionsChart games={games} />
      <h2>{t("finished")}</h2>
      {finished.length === 0 ? (
        <p className="muted">{t("noneYet")}</p>
      ) : (
        <table className="history-table" data-testid="game-history">
          <thead>
            <tr>
              <th>{t("date")}</th>
              <th>{t("game")}</th>
              <th>{t("mode")}</th>
              <th>{t("result")}</th>
              <th>{t("questions")}</th>
            </tr>
          </thead>
          <tbody>
            {finished.map((g) => (
              <tr key={g.id}>
                <td>{formatDate(g.ended ?? "")}</td>
                <td>
                  <Link to={`/games/${g.id}`}>{GAME_TITLES[g.game] ?? g.game}</Link>
                </td>
                <td>
                  {g.mode ? t(`modes.${g.mode}`, { defaultValue: g.mode }) : "–"}
                  {g.training ? ` ${t("trainingMark")}` : ""}
                </td>
                <td>{g.result ? t(`lobby:mine.results.${g.result}`, { defaultValue: g.result }) : "–"}</td>
                <td>{g.questions ?? "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
