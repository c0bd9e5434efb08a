// The lobby: a name (the token stays in this browser), a new game, joining one, my games.
import { CLOCK_CHOICES, clockChoiceLabel } from "../components/Clock";
import { FormEvent, useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
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
import { formatDate } from "../i18n";
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
  const { t } = useTranslation("lobby");
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
  const [friend, setFriend] = useState(() => t("create.friendDefault"));
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
        await addHotSeat(String(out.game.id), out.code, friend.trim() || t("create.friendDefault"));
      navigate(`/games/${out.game.id}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-label={t("create.label")}>
      <h2>{t("create.title")}</h2>
      <label>
        {t("create.game")}{" "}
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
              {t("create.opponent")}{" "}
              <select name="otherOpponent" value={opponent} onChange={(e) => setOpponent(e.target.value as Opponent)}>
                <option value="computer">{t("create.opponents.computer")}</option>
                <option value="human">{t("create.opponents.online")}</option>
                <option value="hotseat">{t("create.opponents.hotseat")}</option>
              </select>
            </label>
          )}
          {game !== "uncovered" && opponent === "hotseat" && (
            <label>
              {t("create.friendName")}{" "}
              <input name="friend" value={friend} onChange={(e) => setFriend(e.target.value)} maxLength={40} />
            </label>
          )}
          {game === "mandragora" && (
            <label className="inline">
              <input type="checkbox" name="hints" checked={hints} onChange={(e) => setHints(e.target.checked)} />{" "}
              {t("create.mandragoraHints")}
            </label>
          )}
          {game === "ripple" && (
            <label className="inline">
              <input type="checkbox" name="power" checked={power} onChange={(e) => setPower(e.target.checked)} />{" "}
              {t("create.power")}
            </label>
          )}
          {game === "mandragora" && (
            <>
              <label>
                {t("create.pattern")}{" "}
                <select name="pattern" value={pattern} onChange={(e) => setPattern(e.target.value)}>
                  {"ABCDE".split("").map((p) => (
                    <option key={p}>{p}</option>
                  ))}
                </select>
              </label>
              <label>
                {t("create.first")}{" "}
                <select name="first" value={first} onChange={(e) => setFirst(e.target.value)}>
                  <option value="player">{t("create.firsts.player")}</option>
                  <option value="opponent">{t("create.firsts.opponent")}</option>
                </select>
              </label>
            </>
          )}
          {game === "uncovered" && (
            <>
              <label>
                {t("create.variant")}{" "}
                <select name="variant" value={variant} onChange={(e) => setVariant(e.target.value)}>
                  <option value="beginner">{t("create.variants.beginner")}</option>
                  <option value="intermediate">{t("create.variants.intermediate")}</option>
                  <option value="advanced">{t("create.variants.advanced")}</option>
                </select>
              </label>
              <label>
                {t("create.players")}{" "}
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
                {t("create.ofThemComputers")}{" "}
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
            <legend>{t("create.mode")}</legend>
            {(["solo", "duel", "table"] as Mode[]).map((m) => (
              <label key={m} className="inline">
                <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                {t(`create.modes.${m}`)}
              </label>
            ))}
          </fieldset>
          <label>
            {t("create.gemSet")}{" "}
            <select name="gems" value={gems} onChange={(e) => setGems(e.target.value)}>
              {Object.keys(GEM_SETS).map((g) => (
                <option key={g} value={g}>
                  {t(`create.gemSets.${g}`, { defaultValue: g })}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>{t("create.rules")}</legend>
            <label className="inline">
              <input type="checkbox" name="mirror" checked={mirror} onChange={(e) => setMirror(e.target.checked)} />{" "}
              {t("create.mirror")}
            </label>
            <label className="inline">
              <input
                type="checkbox"
                name="visibility"
                checked={visibility}
                onChange={(e) => setVisibility(e.target.checked)}
              />{" "}
              {t("create.visibility")}
            </label>
            <label className="inline">
              {t("create.touching")}{" "}
              <select
                name="touching"
                value={touching}
                onChange={(e) => setTouching(e.target.value as "corner" | "any")}
              >
                <option value="corner">{t("create.touchings.corner")}</option>
                <option value="any">{t("create.touchings.any")}</option>
              </select>
            </label>
            <label className="inline">
              {t("create.answer")}{" "}
              <select
                name="answer"
                value={answerKind}
                onChange={(e) => setAnswerKind(e.target.value as "colour" | "bounces" | "both")}
              >
                <option value="colour">{t("create.answers.colour")}</option>
                <option value="bounces">{t("create.answers.bounces")}</option>
                <option value="both">{t("create.answers.both")}</option>
              </select>
            </label>
            <label className="inline">
              {t("create.guess")}{" "}
              <select
                name="guess"
                value={guessRule}
                onChange={(e) => setGuessRule(e.target.value as "mine" | "consistent")}
              >
                <option value="mine">{t("create.guesses.mine")}</option>
                <option value="consistent">{t("create.guesses.consistent")}</option>
              </select>
            </label>
            <label className="inline">
              <input type="checkbox" name="reveal" checked={reveal} onChange={(e) => setReveal(e.target.checked)} />{" "}
              {t("create.reveal")}
            </label>
          </fieldset>
          <label className="inline">
            {t("create.labels")}{" "}
            <select
              name="labels"
              value={labels}
              onChange={(e) => {
                setLabels(e.target.value as LabelScheme);
                setLabelScheme(e.target.value as LabelScheme);
              }}
            >
              <option value="sheet">{t("create.labelSchemes.sheet")}</option>
              <option value="bga">{t("create.labelSchemes.bga")}</option>
            </select>
          </label>
          <label className="inline">
            <input type="checkbox" name="hints" checked={hints} onChange={(e) => setHints(e.target.checked)} />{" "}
            {t("create.hints")}
          </label>
          {mode === "duel" && (
            <label>
              {t("create.opponent")}{" "}
              <select
                name="opponent"
                value={opponent === "hotseat" ? "human" : opponent}
                onChange={(e) => setOpponent(e.target.value as Opponent)}
              >
                <option value="computer">{t("create.opponents.computer")}</option>
                <option value="human">{t("create.opponents.friend")}</option>
              </select>
            </label>
          )}
          {mode === "table" && (
            <>
              <label>
                {t("create.iPlay")}{" "}
                <select
                  name="tableRole"
                  value={tableRole}
                  onChange={(e) => setTableRole(e.target.value as "explorer" | "director")}
                >
                  <option value="explorer">{t("create.tableRoles.explorer")}</option>
                  <option value="director">{t("create.tableRoles.director")}</option>
                </select>
              </label>
              <label>
                {t("create.explorers")}{" "}
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
                {t("create.ofThemComputers")}{" "}
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
              {t("create.clock")}{" "}
              <select name="clock" value={clock} onChange={(e) => setClock(e.target.value)}>
                {Object.keys(CLOCK_CHOICES).map((k) => (
                  <option key={k} value={k}>
                    {clockChoiceLabel(k)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </>
      )}
      <label>
        {t("create.level")}{" "}
        <select name="level" value={level} onChange={(e) => setLevel(e.target.value as Level)}>
          <option value="easy">{t("common:levels.easy")}</option>
          <option value="normal">{t("common:levels.normal")}</option>
          <option value="strong">{t("common:levels.strong")}</option>
        </select>
      </label>
      <button type="submit" disabled={busy}>
        {t("create.submit")}
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
  const { t } = useTranslation("lobby");
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
        if (!found.games.length) throw new Error(t("join.noCode", { code: theCode }));
        id = String(found.games[0].id);
      }
      const out = await api.join(id, theCode);
      navigate(`/games/${out.game.id}`);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 404 ? t("join.noGame", { id }) : (err as Error).message);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-label={t("join.label")}>
      <h2>{t("join.title")}</h2>
      <label>
        {t("join.link")} <input name="game" value={link} onChange={(e) => setLink(e.target.value)} />
      </label>
      <label>
        {t("join.code")}{" "}
        <input
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="K7QX2M"
          required={!link}
        />
      </label>
      <button type="submit">{t("join.submit")}</button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function MyGames({ player }: { player: string }): JSX.Element {
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

/** This browser's players: switch to one, or forget one. */
function Players({ onChange }: { onChange: () => void }): JSX.Element | null {
  const { t } = useTranslation("lobby");
  const list = browserPlayers();
  const current = me();
  const others = list.filter((p) => String(p.id) !== String(current?.id));
  if (others.length === 0) return null;
  return (
    <section className="card players-here" aria-label={t("players.label")}>
      <h2>{t("players.title")}</h2>
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
              <Trans
                t={t}
                i18nKey="players.playAs"
                values={{ name: p.name }}
                components={{ name: <span className="player-name" /> }}
              />
            </button>{" "}
            <button
              type="button"
              className="link"
              onClick={() => {
                forgetPlayer(String(p.id));
                onChange();
              }}
            >
              {t("players.forget")}
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

export function Lobby(): JSX.Element {
  const { t } = useTranslation("lobby");
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
        <Trans
          t={t}
          i18nKey="welcome.hello"
          values={{ name: player.name }}
          components={{ b: <b className="player-name" /> }}
        />{" "}
        <button
          type="button"
          className="link"
          onClick={() => {
            newPlayer();
            refresh();
          }}
        >
          {t("welcome.notYou")}
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
