// The new-game form: the game, its options, the seats and the computer's strength.
import { CLOCK_CHOICES, clockChoiceLabel } from "../../components/Clock";
import { FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Level, addHotSeat, api } from "../../api";
import { GEM_SETS } from "../../orapa/layout";
import { LabelScheme, labelScheme, setLabelScheme } from "../../orapa/board";
import { navigate } from "../../router";
import { Game, Mode, Opponent, otherGameBody, seatsFor } from "./bodies";
import { CheckField, SeatCounts, SelectField } from "./fields";

export function CreateForm(): JSX.Element {
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
      <SelectField label={t("create.game")} name="game" value={game} onChange={setGame}>
        <option value="orapa">Orapa Mine</option>
        <option value="ripple">Ripple</option>
        <option value="mandragora">Mandragora Mania</option>
        <option value="uncovered">Uncovered!</option>
      </SelectField>
      {game !== "orapa" && (
        <>
          {game !== "uncovered" && (
            <SelectField label={t("create.opponent")} name="otherOpponent" value={opponent} onChange={setOpponent}>
              <option value="computer">{t("create.opponents.computer")}</option>
              <option value="human">{t("create.opponents.online")}</option>
              <option value="hotseat">{t("create.opponents.hotseat")}</option>
            </SelectField>
          )}
          {game !== "uncovered" && opponent === "hotseat" && (
            <label>
              {t("create.friendName")}{" "}
              <input name="friend" value={friend} onChange={(e) => setFriend(e.target.value)} maxLength={40} />
            </label>
          )}
          {game === "mandragora" && (
            <CheckField label={t("create.mandragoraHints")} name="hints" checked={hints} onChange={setHints} />
          )}
          {game === "ripple" && (
            <CheckField label={t("create.power")} name="power" checked={power} onChange={setPower} />
          )}
          {game === "mandragora" && (
            <>
              <SelectField label={t("create.pattern")} name="pattern" value={pattern} onChange={setPattern}>
                {"ABCDE".split("").map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </SelectField>
              <SelectField label={t("create.first")} name="first" value={first} onChange={setFirst}>
                <option value="player">{t("create.firsts.player")}</option>
                <option value="opponent">{t("create.firsts.opponent")}</option>
              </SelectField>
            </>
          )}
          {game === "uncovered" && (
            <>
              <SelectField label={t("create.variant")} name="variant" value={variant} onChange={setVariant}>
                <option value="beginner">{t("create.variants.beginner")}</option>
                <option value="intermediate">{t("create.variants.intermediate")}</option>
                <option value="advanced">{t("create.variants.advanced")}</option>
              </SelectField>
              <SeatCounts
                seats={{
                  label: t("create.players"),
                  name: "players",
                  min: 2,
                  max: 6,
                  value: players,
                  onChange: setPlayers,
                }}
                computers={{ name: "computers", max: 5, value: computers, onChange: setComputers }}
              />
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
          <SelectField label={t("create.gemSet")} name="gems" value={gems} onChange={setGems}>
            {Object.keys(GEM_SETS).map((g) => (
              <option key={g} value={g}>
                {t(`create.gemSets.${g}`, { defaultValue: g })}
              </option>
            ))}
          </SelectField>
          <fieldset>
            <legend>{t("create.rules")}</legend>
            <CheckField label={t("create.mirror")} name="mirror" checked={mirror} onChange={setMirror} />
            <CheckField
              label={t("create.visibility")}
              name="visibility"
              checked={visibility}
              onChange={setVisibility}
            />
            <SelectField label={t("create.touching")} name="touching" value={touching} onChange={setTouching} inline>
              <option value="corner">{t("create.touchings.corner")}</option>
              <option value="any">{t("create.touchings.any")}</option>
            </SelectField>
            <SelectField label={t("create.answer")} name="answer" value={answerKind} onChange={setAnswerKind} inline>
              <option value="colour">{t("create.answers.colour")}</option>
              <option value="bounces">{t("create.answers.bounces")}</option>
              <option value="both">{t("create.answers.both")}</option>
            </SelectField>
            <SelectField label={t("create.guess")} name="guess" value={guessRule} onChange={setGuessRule} inline>
              <option value="mine">{t("create.guesses.mine")}</option>
              <option value="consistent">{t("create.guesses.consistent")}</option>
            </SelectField>
            <CheckField label={t("create.reveal")} name="reveal" checked={reveal} onChange={setReveal} />
          </fieldset>
          <SelectField
            label={t("create.labels")}
            name="labels"
            value={labels}
            onChange={(v: LabelScheme) => {
              setLabels(v);
              setLabelScheme(v);
            }}
            inline
          >
            <option value="sheet">{t("create.labelSchemes.sheet")}</option>
            <option value="bga">{t("create.labelSchemes.bga")}</option>
          </SelectField>
          <CheckField label={t("create.hints")} name="hints" checked={hints} onChange={setHints} />
          {mode === "duel" && (
            <SelectField
              label={t("create.opponent")}
              name="opponent"
              value={opponent === "hotseat" ? "human" : opponent}
              onChange={setOpponent}
            >
              <option value="computer">{t("create.opponents.computer")}</option>
              <option value="human">{t("create.opponents.friend")}</option>
            </SelectField>
          )}
          {mode === "table" && (
            <>
              <SelectField label={t("create.iPlay")} name="tableRole" value={tableRole} onChange={setTableRole}>
                <option value="explorer">{t("create.tableRoles.explorer")}</option>
                <option value="director">{t("create.tableRoles.director")}</option>
              </SelectField>
              <SeatCounts
                seats={{
                  label: t("create.explorers"),
                  name: "explorers",
                  min: 2,
                  max: 4,
                  value: explorers,
                  onChange: setExplorers,
                }}
                computers={{
                  name: "computerExplorers",
                  max: 4,
                  value: computerExplorers,
                  onChange: setComputerExplorers,
                }}
              />
            </>
          )}
          {mode !== "solo" && (
            <SelectField label={t("create.clock")} name="clock" value={clock} onChange={setClock}>
              {Object.keys(CLOCK_CHOICES).map((k) => (
                <option key={k} value={k}>
                  {clockChoiceLabel(k)}
                </option>
              ))}
            </SelectField>
          )}
        </>
      )}
      <SelectField label={t("create.level")} name="level" value={level} onChange={setLevel}>
        <option value="easy">{t("common:levels.easy")}</option>
        <option value="normal">{t("common:levels.normal")}</option>
        <option value="strong">{t("common:levels.strong")}</option>
      </SelectField>
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
