// A player's statistics, with a chart of questions per won game over time.
import { useEffect, useState } from "react";
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
  if (games.length === 0) return <p className="muted">No won games yet: the chart appears after the first win.</p>;
  // A fixed 600 x 200 drawing: one point per won game, oldest on the left.
  const max = Math.max(...games.map((g) => g.questions), 1);
  const x = (i: number) => (games.length === 1 ? 320 : 50 + (i * 530) / (games.length - 1));
  const y = (q: number) => 170 - (q / max) * 145;
  return (
    <svg className="chart" viewBox="0 0 600 200" role="img" aria-label="questions per won game over time">
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
            <title>{`${g.at.slice(0, 10)}: ${g.questions} questions`}</title>
          </circle>
          {(games.length <= 12 || i % Math.ceil(games.length / 12) === 0) && (
            <text x={x(i)} y={188} className="axis">
              {g.at ? g.at.slice(5, 10) : i + 1}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}

export function StatsPage({ id }: { id: string }): JSX.Element {
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
  if (!stats) return <p>Loading…</p>;
  return (
    <div className="stats card">
      <h1>Statistics{name ? ` of ${name}` : ""}</h1>
      <p className="muted">Solo, duel and table games; training games are counted apart, below.</p>
      <dl className="figures">
        <div>
          <dt>games</dt>
          <dd>{stats.games}</dd>
        </div>
        <div>
          <dt>wins</dt>
          <dd>{stats.wins}</dd>
        </div>
        <div>
          <dt>losses</dt>
          <dd>{stats.losses}</dd>
        </div>
        <div>
          <dt>ties</dt>
          <dd>{stats.ties}</dd>
        </div>
        {stats.directed > 0 && (
          <div>
            <dt>directed</dt>
            <dd>{stats.directed}</dd>
          </div>
        )}
        <div>
          <dt>questions per won game</dt>
          <dd title={`the average over ${stats.won_games ?? 0} won game${stats.won_games === 1 ? "" : "s"}`}>
            {stats.average_questions === null || stats.average_questions === undefined
              ? "–"
              : Number(stats.average_questions).toFixed(1)}
          </dd>
        </div>
        <div>
          <dt>daily puzzles in a row</dt>
          <dd data-testid="daily-streak">{stats.daily_streak ?? 0}</dd>
        </div>
      </dl>
      <p className="muted" data-testid="average-note">
        Questions per won game: the average, over the {stats.won_games ?? 0} game{stats.won_games === 1 ? "" : "s"} won
        by a right guess, of the questions asked before it (asking again what you already knew is free and not counted).
      </p>
      <p data-testid="training-figures">
        Training (hints on):{" "}
        {!stats.training || stats.training.games === 0
          ? "no games yet."
          : `${stats.training.games} game${stats.training.games === 1 ? "" : "s"}, ${stats.training.wins} won, ${stats.training.losses} lost${stats.training.ties ? `, ${stats.training.ties} tied` : ""}.`}
      </p>
      {stats.by_mode && Object.keys(stats.by_mode).length > 0 && (
        <table className="by-mode">
          <thead>
            <tr>
              <th>kind of game</th>
              <th>games</th>
              <th>wins</th>
              <th>losses</th>
              <th>ties</th>
              <th>directed</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(stats.by_mode).map(([mode, v]) => (
              <tr key={mode}>
                <td>{mode}</td>
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
      <h2>Questions per won game</h2>
      <QuestionsChart games={games} />
      <h2>Finished games</h2>
      {finished.length === 0 ? (
        <p className="muted">none yet</p>
      ) : (
        <table className="history-table" data-testid="game-history">
          <thead>
            <tr>
              <th>date</th>
              <th>game</th>
              <th>mode</th>
              <th>result</th>
              <th>questions</th>
            </tr>
          </thead>
          <tbody>
            {finished.map((g) => (
              <tr key={g.id}>
                <td>{(g.ended ?? "").slice(0, 10)}</td>
                <td>
                  <Link to={`/games/${g.id}`}>{GAME_TITLES[g.game] ?? g.game}</Link>
                </td>
                <td>
                  {g.mode ?? "–"}
                  {g.training ? " (training)" : ""}
                </td>
                <td>{g.result}</td>
                <td>{g.questions ?? "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
