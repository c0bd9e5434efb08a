// A player's statistics, with a chart of questions per won game over time.
import { useEffect, useState } from "react";
import { GameState, Stats, api, me, myGameIds } from "../api";

export interface WonGame { at: string; questions: number; game?: string }

/** Won games with their question counts: the server's list when it sends one, else the games
 * this browser remembers (only for the player signed in here). */
async function wonGames(stats: Stats, player: string): Promise<WonGame[]> {
  const listed = (stats.history ?? stats.won_games) as WonGame[] | undefined;
  if (Array.isArray(listed)) return listed.filter((g) => typeof g.questions === "number");
  const self = me();
  if (!self || String(self.id) !== String(player)) return [];
  const games = await Promise.all(myGameIds().map((id) => api.game(id).catch(() => null)));
  const out: WonGame[] = [];
  for (const g of games.filter((x): x is GameState => x !== null && x.status === "over")) {
    const seat = g.seats.find((s) => String(s.player) === String(player));
    if (seat && seat.role !== "director" && g.winners.includes(seat.seat)) {
      // when it was won: the time of the game's last event
      const events = (await api.events(g.id, 0).catch(() => ({ events: [] }))).events;
      const asked = events.filter((e) => e.seat === seat.seat && (e.type === "shot" || e.type === "cell")).length;
      out.push({ at: events.length ? events[events.length - 1].at : "", questions: asked, game: g.id });
    }
  }
  return out.sort((a, b) => a.at.localeCompare(b.at));
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
      {[0, Math.round(max / 2), max].map((q) => <text key={q} x={34} y={y(q) + 4} className="axis" style={{ textAnchor: "end" }}>{q}</text>)}
      <polyline fill="none" stroke="#1f5fd1" strokeWidth={2} points={games.map((g, i) => `${x(i)},${y(g.questions)}`).join(" ")} />
      {games.map((g, i) => (
        <g key={i}>
          <circle cx={x(i)} cy={y(g.questions)} r={4} fill="#d7263d"><title>{`${g.at.slice(0, 10)}: ${g.questions} questions`}</title></circle>
          {(games.length <= 12 || i % Math.ceil(games.length / 12) === 0) && <text x={x(i)} y={188} className="axis">{g.at ? g.at.slice(5, 10) : i + 1}</text>}
        </g>
      ))}
    </svg>
  );
}

export function StatsPage({ id }: { id: string }): JSX.Element {
  const [stats, setStats] = useState<Stats | null>(null);
  const [games, setGames] = useState<WonGame[]>([]);
  const [error, setError] = useState("");
  useEffect(() => {
    api.stats(id).then(async (s) => {
      setStats(s);
      setGames(await wonGames(s, id));
    }).catch((e) => setError((e as Error).message));
  }, [id]);
  if (error) return <p className="error" role="alert">{error}</p>;
  if (!stats) return <p>Loading…</p>;
  const name = (stats.name ?? (stats.player as { name?: string } | undefined)?.name) as string | undefined;
  return (
    <div className="stats card">
      <h1>Statistics{name ? ` of ${name}` : ""}</h1>
      <dl className="figures">
        <div><dt>games</dt><dd>{stats.games}</dd></div>
        <div><dt>wins</dt><dd>{stats.wins}</dd></div>
        <div><dt>losses</dt><dd>{stats.losses}</dd></div>
        <div><dt>ties</dt><dd>{stats.ties}</dd></div>
        <div><dt>questions per game</dt><dd>{stats.average_questions === null || stats.average_questions === undefined ? "–" : Number(stats.average_questions).toFixed(1)}</dd></div>
      </dl>
      {stats.by_mode && Object.keys(stats.by_mode).length > 0 && (
        <table className="by-mode"><thead><tr><th>mode</th><th>figures</th></tr></thead><tbody>
          {Object.entries(stats.by_mode).map(([mode, v]) => <tr key={mode}><td>{mode}</td><td>{typeof v === "object" ? Object.entries(v as object).map(([k, n]) => `${k} ${n}`).join(", ") : String(v)}</td></tr>)}
        </tbody></table>
      )}
      <h2>Questions per won game</h2>
      <QuestionsChart games={games} />
    </div>
  );
}
