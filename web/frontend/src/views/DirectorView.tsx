// The director's view: place the mine by dragging gems, with every O3 rule broken shown as you
// go and the server's 422 shown when it refuses; then watch the explorers' questions live.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { seatName } from "../i18n";
import { ApiError, GameState, Observation, Seat, api, eventObservation } from "../api";
import { Board } from "../components/Board";
import { SketchEditor } from "../components/SketchEditor";
import { Rules, DEFAULT_RULES, gemSet, inWords, violations } from "../orapa/layout";
import { LiveGame } from "../live";
import { AnswerLog } from "./explorer/AnswerLog";
import { questionMarks, wavePaths } from "./explorer/marks";
import { ExplorerView } from "./ExplorerView";
import { useDraft } from "./draft";

export function DirectorView({ live, seat }: { live: LiveGame; seat: Seat }): JSX.Element {
  const { t } = useTranslation("game");
  const state = live.state as GameState;
  const placed = state.mines[String(seat.seat)];
  const [gems, setGems] = useDraft(`orapa.mine.${state.id}.${seat.seat}`);
  const [serverError, setServerError] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const rules: Rules = { ...DEFAULT_RULES, ...state.rules };
  const set = gemSet(state.gems as string);
  const local = violations({ gems }, rules).map(inWords);
  const named = [...local, ...serverError.map(inWords)].flatMap((v) => v.gems);
  useEffect(() => setServerError([]), [gems]);

  if (placed && state.mode === "duel") return <ExplorerView live={live} seat={seat} />;
  if (placed) {
    // Every question as it happens, with who asked it; the director sees the paths on the mine.
    const asked = live.events.map((e) => ({ seat: e.seat, o: eventObservation(e) })).filter((x) => x.o !== null);
    const obs = asked.map((x) => x.o as Observation);
    const { ports, cells } = questionMarks(obs);
    return (
      <div className="director">
        <p className="status" aria-live="polite">
          {state.status === "waiting"
            ? t("director.placed")
            : t("director.toPlay", { name: seatName(state.seats[state.to_move ?? 0]) || t("director.anExplorer") })}
        </p>
        <div className="boards">
          <section aria-label={t("director.theirQuestions")}>
            <h2>{t("director.mineAndQuestions")}</h2>
            <Board
              label={t("director.board")}
              gems={placed.gems}
              portMarks={ports}
              cellMarks={cells}
              waves={wavePaths(placed, obs, true).slice(-1)}
            />
          </section>
          <section aria-label={t("log.label")}>
            <h2>{t("director.given")}</h2>
            <AnswerLog observations={obs} state={state} seats={asked.map((x) => x.seat)} />
          </section>
        </div>
      </div>
    );
  }
  const submit = async () => {
    setBusy(true);
    try {
      const out = await api.placeMine(state.id, { gems });
      live.setState(out.game);
    } catch (err) {
      const msg = (err as Error).message;
      setServerError(err instanceof ApiError && err.status === 422 ? msg.split("; ") : [msg]);
    } finally {
      setBusy(false);
    }
  };
  const complete = gems.length === set.length;
  return (
    <div className="director">
      <p className="status">{t(state.mode === "duel" ? "director.hide" : "director.direct", { count: set.length })}</p>
      <div className="boards">
        <section aria-label={t("director.place")}>
          <SketchEditor
            label={t("director.mineBoard")}
            name="mine board"
            gemSet={set}
            gems={gems}
            onChange={setGems}
            flagged={named}
          />
        </section>
        <section aria-label={t("director.rules")}>
          <h2>{t("director.rulesCheck")}</h2>
          {local.length === 0 && complete && (
            <p className="ok-text" data-testid="legal">
              {t("director.legal")}
            </p>
          )}
          {!complete && <p className="muted">{t("director.toPlace", { count: set.length - gems.length })}</p>}
          {local.length > 0 && (
            <ul className="violations" data-testid="violations" aria-live="polite">
              {local.map((v) => (
                <li key={v.text}>{v.text}</li>
              ))}
            </ul>
          )}
          {serverError.length > 0 && (
            <div role="alert" className="error" data-testid="server-refusal">
              <p>{t("director.refused")}</p>
              <ul>
                {serverError.map((v) => (
                  <li key={v}>{inWords(v).text}</li>
                ))}
              </ul>
            </div>
          )}
          <button type="button" className="primary" disabled={busy || gems.length === 0} onClick={submit}>
            {t("director.placeThis")}
          </button>
        </section>
      </div>
    </div>
  );
}
