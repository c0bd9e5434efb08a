// The lobby: a name (the token stays in this browser), a new game, joining one, my games.
import { CLOCK_CHOICES } from "../components/Clock";
import { FormEvent, useEffect, useState } from "react";
import { Link } from "../components/Link";
import {
  ApiError,
  CreateBody,
  GameRecord,
  Level,
  SeatRequest,
  addHotSeat,
  api,
  browserPlayers,
  forgetPlayer,
  me,
  newPlayer,
  switchPlayer,
} from "../api";
import { DEFAULT_RULES, GEM_SETS } from "../orapa/layout";
import { LabelScheme, labelScheme, setLabelScheme } from "../orapa/board";
import { navigate } from "../router";
import { GAME_TITLES } from "../seats";
import { GAMES, GamePicture } from "./learn/games";
import { tutorialDone } from "./learn/Tutorial";
import { NameForm } from "./NameForm";

type Mode = "solo" | "duel" | "table";

/** The seats of a new game, the caller's own seat first among the humans. */
export function seatsFor(
  mode: Mode,
  opts: {
    level: Level;
    opponent: "human" | "computer";
    tableRole: "explorer" | "director";
    explorers: number;
    computerExplorers: number;
  },
): SeatRequest[] {
  if (mode === "solo")
    return [
      { role: "explorer", kind: "human" },
      { role: "director", kind: "computer", level: opts.level },
    ];
  if (mode === "duel") {
    return [
      { role: "player", kind: "human" },
      opts.opponent === "computer"
        ? { role: "player", kind: "computer", level: opts.level }
        : { role: "player", kind: "human" },
    ];
  }
  const seats: SeatRequest[] = [];
  if (opts.tableRole === "director") seats.push({ role: "director", kind: "human" });
  else seats.push({ role: "explorer", kind: "human" }, { role: "director", kind: "computer", level: opts.level });
  const others = opts.explorers - (opts.tableRole === "explorer" ? 1 : 0);
  for (let i = 0; i < others; i++) {
    seats.push(
      i < opts.computerExplorers
        ? { role: "explorer", kind: "computer", level: opts.level }
        : { role: "explorer", kind: "human" },
    );
  }
  return seats;
}

type Game = "orapa" | "ripple" | "mandragora" | "uncovered";
/** Who plays the other side: the computer, a friend online (by the code) or a friend on this
 * screen (hot-seat: the friend's seat is taken here and the page hands over each turn). */
type Opponent = "human" | "computer" | "hotseat";

/** The create body of the other games: their options and seats (every seat a player). */
export function otherGameBody(
  game: Exclude<Game, "orapa">,
  o: {
    level: Level;
    opponent: Opponent;
    power: boolean;
    pattern: string;
    first: string;
    variant: string;
    players: number;
    computers: number;
    hints?: boolean;
  },
): CreateBody {
  const computer: SeatRequest = { role: "player", kind: "computer", level: o.level };
  const human: SeatRequest = { role: "player", kind: "human" };
  if (game === "uncovered") {
    const seats = [human, ...Array.from({ length: o.players - 1 }, (_, i) => (i < o.computers ? computer : human))];
    return { game, variant: o.players === 2 && o.variant === "advanced" ? "intermediate" : o.variant, seats };
  }
  const seats = [human, o.opponent === "computer" ? computer : human];
  if (game === "ripple") return { game, power: o.power, seats };
  return { game, pattern: o.pattern, first: o.first, hints: !!o.hints, seats };
}

function CreateForm(): JSX.Element {
  const [game, setGame] = useState<Game>("orapa");
  const [power, setPower] = useState(false);
  const [pattern, setPattern] = useState("A");
  const [first, setFirst] = useState("player");
  const [variant, setVariant] = useState("beginner");
  const [players, setPlayers] = useState(2);
  const [computers, setComputers] = useState(0);
  const [mode, setMode] = useState<Mode>("solo");
  const [gems, setGems] = useState("base");
  const [mirror, setMirror] = useState(true);
  const [touching, setTouching] = useState<"corner" | "any">("corner");
  const [visibility, setVisibility] = useState(true);
  const [answerKind, setAnswerKind] = useState<"colour" | "bounces" | "both">("colour"); // O9
  const [guessRule, setGuessRule] = useState<"mine" | "consistent">("mine"); // O7
  const [reveal, setReveal] = useState(false);
  const [labels, setLabels] = useState<LabelScheme>(labelScheme()); // O10
  const [hints, setHints] = useState(false);
  const [level, setLevel] = useState<Level>("normal");
  const [opponent, setOpponent] = useState<Opponent>("computer");
  const [friend, setFriend] = useState("Friend");
  const [tableRole, setTableRole] = useState<"explorer" | "director">("explorer");
  const [explorers, setExplorers] = useState(2);
  const [computerExplorers, setComputerExplorers] = useState(1);
  const [clock, setClock] = useState("none"); // CLOCK_CHOICES (components/Clock.tsx)
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      const out =
        game === "orapa"
          ? await api.createGame({
              game: "orapa",
              mode,
              gems,
              rules: { mirror, touching, visibility, answer: answerKind, guess: guessRule, reveal },
              hints,
              ...(mode !== "solo" && CLOCK_CHOICES[clock]?.clock ? { clock: CLOCK_CHOICES[clock].clock } : {}),
              seats: seatsFor(mode, {
                level,
                opponent: opponent === "hotseat" ? "human" : opponent,
                tableRole,
                explorers,
                computerExplorers,
              }),
            })
          : await api.createGame(
              otherGameBody(game, { level, opponent, power, pattern, first, variant, players, computers, hints }),
            );
      sessionStorage.setItem(`orapa.code.${out.game.id}`, out.code);
      if (game !== "orapa" && game !== "uncovered" && opponent === "hotseat")
        await addHotSeat(String(out.game.id), out.code, friend.trim() || "Friend");
      navigate(`/games/${out.game.id}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-label="create a game">
      <h2>New game</h2>
      <label>
        Game{" "}
        <select name="game" value={game} onChange={(e) => setGame(e.target.value as Game)}>
          <option value="orapa">Orapa Mine</option>
          <option value="ripple">Ripple</option>
          <option value="mandragora">Mandragora Mania</option>
          <option value="uncovered">Uncovered!</option>
        </select>
      </label>
      {game !== "orapa" && (
        <>
          {game !== "uncovered" && (
            <label>
              Opponent{" "}
              <select name="otherOpponent" value={opponent} onChange={(e) => setOpponent(e.target.value as Opponent)}>
                <option value="computer">the computer</option>
                <option value="human">a friend online (share the code)</option>
                <option value="hotseat">a friend on this screen</option>
              </select>
            </label>
          )}
          {game !== "uncovered" && opponent === "hotseat" && (
            <label>
              Friend's name{" "}
              <input name="friend" value={friend} onChange={(e) => setFriend(e.target.value)} maxLength={40} />
            </label>
          )}
          {game === "mandragora" && (
            <label className="inline">
              <input type="checkbox" name="hints" checked={hints} onChange={(e) => setHints(e.target.checked)} />{" "}
              training mode (the solver's advice)
            </label>
          )}
          {game === "ripple" && (
            <label className="inline">
              <input type="checkbox" name="power" checked={power} onChange={(e) => setPower(e.target.checked)} /> power
              stones
            </label>
          )}
          {game === "mandragora" && (
            <>
              <label>
                Pattern{" "}
                <select name="pattern" value={pattern} onChange={(e) => setPattern(e.target.value)}>
                  {"ABCDE".split("").map((p) => (
                    <option key={p}>{p}</option>
                  ))}
                </select>
              </label>
              <label>
                First to move{" "}
                <select name="first" value={first} onChange={(e) => setFirst(e.target.value)}>
                  <option value="player">me (areas 1, 3, 5)</option>
                  <option value="opponent">the opponent</option>
                </select>
              </label>
            </>
          )}
          {game === "uncovered" && (
            <>
              <label>
                Variant{" "}
                <select name="variant" value={variant} onChange={(e) => setVariant(e.target.value)}>
                  <option value="beginner">beginner</option>
                  <option value="intermediate">intermediate</option>
                  <option value="advanced">advanced (3+ players)</option>
                </select>
              </label>
              <label>
                Players{" "}
                <input
                  type="number"
                  name="players"
                  min={2}
                  max={6}
                  value={players}
                  onChange={(e) => setPlayers(Number(e.target.value))}
                />
              </label>
              <label>
                of them computers{" "}
                <input
                  type="number"
                  name="computers"
                  min={0}
                  max={5}
                  value={computers}
                  onChange={(e) => setComputers(Number(e.target.value))}
                />
              </label>
            </>
          )}
        </>
      )}
      {game === "orapa" && (
        <>
          <fieldset>
            <legend>Mode</legend>
            {(["solo", "duel", "table"] as Mode[]).map((m) => (
              <label key={m} className="inline">
                <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                {m === "solo"
                  ? "Solo (the computer hides a mine)"
                  : m === "duel"
                    ? "Duel (each hides a mine)"
                    : "Table (one director, 2-4 explorers)"}
              </label>
            ))}
          </fieldset>
          <label>
            Gem set{" "}
            <select name="gems" value={gems} onChange={(e) => setGems(e.target.value)}>
              {Object.keys(GEM_SETS).map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>Rules</legend>
            <label className="inline">
              <input type="checkbox" name="mirror" checked={mirror} onChange={(e) => setMirror(e.target.checked)} />{" "}
              mirror images allowed
            </label>
            <label className="inline">
              <input
                type="checkbox"
                name="visibility"
                checked={visibility}
                onChange={(e) => setVisibility(e.target.checked)}
              />{" "}
              every gem visible
            </label>
            <label className="inline">
              gems may touch{" "}
              <select
                name="touching"
                value={touching}
                onChange={(e) => setTouching(e.target.value as "corner" | "any")}
              >
                <option value="corner">at corners only</option>
                <option value="any">anyhow</option>
              </select>
            </label>
            <label className="inline">
              a shot is answered with{" "}
              <select
                name="answer"
                value={answerKind}
                onChange={(e) => setAnswerKind(e.target.value as "colour" | "bounces" | "both")}
              >
                <option value="colour">its exit and colour</option>
                <option value="bounces">its exit and number of bounces (Playte 2024)</option>
                <option value="both">exit, colour and bounces (study)</option>
              </select>
            </label>
            <label className="inline">
              a guess wins when{" "}
              <select
                name="guess"
                value={guessRule}
                onChange={(e) => setGuessRule(e.target.value as "mine" | "consistent")}
              >
                <option value="mine">it is the hidden mine</option>
                <option value="consistent">it fits every answer given (Black Box)</option>
              </select>
            </label>
            <label className="inline">
              <input type="checkbox" name="reveal" checked={reveal} onChange={(e) => setReveal(e.target.checked)} /> a
              wrong guess is shown one telling answer
            </label>
          </fieldset>
          <label className="inline">
            port labels (in this browser){" "}
            <select
              name="labels"
              value={labels}
              onChange={(e) => {
                setLabels(e.target.value as LabelScheme);
                setLabelScheme(e.target.value as LabelScheme);
              }}
            >
              <option value="sheet">as on the printed sheet</option>
              <option value="bga">as on Board Game Arena</option>
            </select>
          </label>
          <label className="inline">
            <input type="checkbox" name="hints" checked={hints} onChange={(e) => setHints(e.target.checked)} /> training
            mode (hints on)
          </label>
          {mode === "duel" && (
            <label>
              Opponent{" "}
              <select
                name="opponent"
                value={opponent === "hotseat" ? "human" : opponent}
                onChange={(e) => setOpponent(e.target.value as Opponent)}
              >
                <option value="computer">the computer</option>
                <option value="human">a friend (share the code)</option>
              </select>
            </label>
          )}
          {mode === "table" && (
            <>
              <label>
                I play{" "}
                <select
                  name="tableRole"
                  value={tableRole}
                  onChange={(e) => setTableRole(e.target.value as "explorer" | "director")}
                >
                  <option value="explorer">an explorer (the computer directs)</option>
                  <option value="director">the director</option>
                </select>
              </label>
              <label>
                Explorers{" "}
                <input
                  type="number"
                  name="explorers"
                  min={2}
                  max={4}
                  value={explorers}
                  onChange={(e) => setExplorers(Number(e.target.value))}
                />
              </label>
              <label>
                of them computers{" "}
                <input
                  type="number"
                  name="computerExplorers"
                  min={0}
                  max={4}
                  value={computerExplorers}
                  onChange={(e) => setComputerExplorers(Number(e.target.value))}
                />
              </label>
            </>
          )}
          {mode !== "solo" && (
            <label>
              Clock{" "}
              <select name="clock" value={clock} onChange={(e) => setClock(e.target.value)}>
                {Object.entries(CLOCK_CHOICES).map(([k, c]) => (
                  <option key={k} value={k}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
          )}
        </>
      )}
      <label>
        Computer strength{" "}
        <select name="level" value={level} onChange={(e) => setLevel(e.target.value as Level)}>
          <option value="easy">easy</option>
          <option value="normal">normal</option>
          <option value="strong">strong</option>
        </select>
      </label>
      <button type="submit" disabled={busy}>
        Create game
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function JoinForm(): JSX.Element {
  const [link, setLink] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const m = /(?:games\/)?([^/?#\s]+)(?:\?code=(\w+))?\s*$/.exec(link.trim());
    let id = m?.[1] ?? "";
    const theCode = (code.trim() || m?.[2] || "").toUpperCase();
    try {
      if (!id) {
        const found = await api.byCode(theCode);
        if (!found.games.length) throw new Error(`code: no game with the code ${theCode}`);
        id = String(found.games[0].id);
      }
      const out = await api.join(id, theCode);
      navigate(`/games/${out.game.id}`);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 404 ? `no game ${id}` : (err as Error).message);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-label="join a game">
      <h2>Join a game</h2>
      <label>
        Game link or id (or leave empty) <input name="game" value={link} onChange={(e) => setLink(e.target.value)} />
      </label>
      <label>
        Code{" "}
        <input
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="K7QX2M"
          required={!link}
        />
      </label>
      <button type="submit">Join</button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function MyGames({ player }: { player: string }): JSX.Element {
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
  if (games === null) return <p>Loading my games…</p>;
  const running = games.filter((g) => g.status !== "over");
  const finished = games.filter((g) => g.status === "over");
  const row = (g: GameRecord) => (
    <li key={g.id}>
      <Link to={`/games/${g.id}`}>
        {GAME_TITLES[g.game] ?? g.game}
        {g.mode ? ` ${g.mode}` : ""}
      </Link>{" "}
      <span className="muted">
        {g.status}
        {g.result ? ` · ${g.result}` : ""}
        {g.questions !== null && g.status === "over" ? ` · ${g.questions} questions` : ""}
        {(g.ended ?? g.started) ? ` · ${(g.ended ?? g.started ?? "").slice(0, 10)}` : ""}
      </span>
    </li>
  );
  return (
    <section className="card" aria-label="my games">
      <h2>My games</h2>
      <h3>Running</h3>
      {running.length ? <ul>{running.map(row)}</ul> : <p className="muted">none</p>}
      <h3>Finished</h3>
      {finished.length ? <ul>{finished.map(row)}</ul> : <p className="muted">none</p>}
    </section>
  );
}

/** This browser's players: switch to one, or forget one. */
function Players({ onChange }: { onChange: () => void }): JSX.Element | null {
  const list = browserPlayers();
  const current = me();
  const others = list.filter((p) => String(p.id) !== String(current?.id));
  if (others.length === 0) return null;
  return (
    <section className="card players-here" aria-label="players on this browser">
      <h2>Players on this browser</h2>
      <ul>
        {others.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => {
                switchPlayer(String(p.id));
                onChange();
              }}
            >
              Play as <span className="player-name">{p.name}</span>
            </button>{" "}
            <button
              type="button"
              className="link"
              onClick={() => {
                forgetPlayer(String(p.id));
                onChange();
              }}
            >
              forget
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The solo base game a newcomer gets from "Play now": the computer hides a base mine, the
 * placement rules at their defaults, normal strength, no hints. */
export const PLAY_NOW: CreateBody = {
  game: "orapa",
  mode: "solo",
  gems: "base",
  rules: { ...DEFAULT_RULES },
  hints: false,
  seats: seatsFor("solo", {
    level: "normal",
    opponent: "computer",
    tableRole: "explorer",
    explorers: 2,
    computerExplorers: 1,
  }),
};

/** First contact: what this site is, the four games with a picture and a line, "Play now". */
function Welcome({ signedIn }: { signedIn: boolean }): JSX.Element {
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
      <h1 id="welcome-title">Four deduction and strategy games, in your browser</h1>
      <p>
        Play alone against the computer, with a friend on this screen, or online with a game code. New here? Read how a
        game is played, or take the short Orapa Mine tutorial.
      </p>
      <ul className="game-intros">
        {GAMES.map((g) => (
          <li key={g.id} data-game={g.id}>
            <GamePicture game={g.id} />
            <div>
              <h2>{g.title}</h2>
              <p>{g.line}</p>
              <Link to={`/learn/${g.id}`}>How to play {g.title}</Link>
            </div>
          </li>
        ))}
      </ul>
      <p className="welcome-actions">
        {signedIn ? (
          <button type="button" className="play-now" onClick={playNow} disabled={busy}>
            Play now
          </button>
        ) : (
          <span>
            Pick a name below, then press <b>Play now</b> for a solo Orapa Mine game.
          </span>
        )}{" "}
        <Link to="/learn/orapa/tutorial">
          {tutorialDone() ? "First-game tutorial (done)" : "New to Orapa Mine? Take the first-game tutorial"}
        </Link>
      </p>
      {signedIn && (
        <p className="muted">
          Play now starts a solo Orapa Mine game with the base gems: the computer hides the mine, you find it.
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

export function Lobby(): JSX.Element {
  const [, setVersion] = useState(0);
  const player = me();
  const next = new URLSearchParams(window.location.search).get("next");
  const back = () => {
    // signed in from a game's page: back to that game
    if (next && next.startsWith("/") && !next.startsWith("//")) navigate(next);
    else setVersion((v) => v + 1);
  };
  const refresh = () => setVersion((v) => v + 1);
  if (!player)
    return (
      <div className="lobby">
        <Welcome signedIn={false} />
        <Players onChange={back} />
        <NameForm onDone={back} />
      </div>
    );
  return (
    <div className="lobby">
      <Welcome signedIn />
      <p>
        Welcome, <b className="player-name">{player.name}</b>.{" "}
        <button
          type="button"
          className="link"
          onClick={() => {
            newPlayer();
            refresh();
          }}
        >
          Not you?
        </button>
      </p>
      <Players onChange={refresh} />
      <div className="columns">
        <CreateForm />
        <div>
          <JoinForm />
          <MyGames player={String(player.id)} />
        </div>
      </div>
    </div>
  );
}
