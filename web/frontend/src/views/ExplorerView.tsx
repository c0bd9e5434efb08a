// The explorer's view: the question board (click or type a port to shoot, a cell to ask), the
// answer log, whose turn it is, the sketch board traced in the browser, and the guess. What the
// explorer does is in useExplorerActions; the guess dialog and the duel and table panels are
// components of views/explorer/.
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { seatName } from "../i18n";
import { GameState, Observation, Seat, eventObservation } from "../api";
import { Board, PortMark, WavePath } from "../components/Board";
import { SketchEditor } from "../components/SketchEditor";
import { gemSet } from "../orapa/layout";
import { checkSketch, fillSettled, remaining } from "../orapa/sketch";
import { LiveGame } from "../live";
import { targetSeat } from "../seats";
import { AnswerLog } from "./explorer/AnswerLog";
import { AskBox } from "./explorer/AskBox";
import { GuessDialog } from "./explorer/GuessDialog";
import { questionMarks, wavePaths } from "./explorer/marks";
import { DuelPanel, TablePanel } from "./explorer/Panels";
import { useExplorerActions } from "./explorer/useExplorerActions";
import { useTurnTitle } from "./explorer/useTurnTitle";
import { notesKey, useDraft, useNotes } from "./draft";
import { Overlay, TrainingPanel, withOverlay } from "./TrainingPanel";
import { ConfirmButton } from "./others/common";

export function ExplorerView({ live, seat }: { live: LiveGame; seat: Seat | null }): JSX.Element {
  const { t } = useTranslation("game");
  // "the mine of NAME": a computer seat's name takes an article ("de l’ordinateur"), a
  // seat without a name its role's own sentence
  const aboutSeat = (seat: Seat | undefined, key: "waitingFor" | "mineOf", nameless: string): string => {
    const name = seatName(seat);
    if (!name) return t(`explorer.${nameless}`);
    return t(seat?.kind === "computer" ? `explorer.${key}Computer` : `explorer.${key}`, { name });
  };
  const state = live.state as GameState;
  const mine = seat?.seat ?? state.seats.find((s) => s.role === "explorer")?.seat ?? 0;
  const observations = state.observations[String(mine)] ?? [];
  const [sketch, setSketch] = useDraft(`orapa.sketch.${state.id}.${mine}`);
  const [notes, setNotes] = useNotes(notesKey(state.id, mine));
  const [showAll, setShowAll] = useState(false);
  const act = useExplorerActions(live, observations, sketch);
  const { ask, setConfirming } = act;
  const myTurn = seat !== null && state.status === "playing" && state.to_move === seat.seat;
  useEffect(() => {
    if (!myTurn) setConfirming(false); // the turn has passed (a clock ran out): nothing to confirm
  }, [myTurn, setConfirming]);
  const left = state.guesses_left[String(mine)] ?? 0;
  const set = gemSet(state.gems as string);
  const missing = remaining(set, sketch);
  useTurnTitle(myTurn);
  const askedBy = (state.asked_by as Record<string, number[]> | undefined)?.[String(mine)];
  const marks = useMemo(() => checkSketch({ gems: sketch }, observations), [sketch, observations]);
  const { ports, cells } = questionMarks(observations);
  const [overlay, setOverlay] = useState<Overlay>({ cells: {}, ports: {} });
  const takeOverlay = useCallback((o: Overlay) => setOverlay(o), []);
  // training: the deduction map and the advisor's question drawn over the question board
  const boardCells = withOverlay(cells, overlay.cells, (mine) => mine);
  const boardPorts = withOverlay(ports, overlay.ports, (mine, theirs) => ({
    ...mine,
    title: `${mine.title}${t("board.and")}${theirs.title}`,
  }));

  // The sketch's paths, each in the colour the sketch gives it: the latest shot animated, or
  // every shot heard.
  const shots = observations.filter((o) => o.shot);
  const waves: WavePath[] = wavePaths({ gems: sketch }, showAll ? shots : shots.slice(-1), !showAll).map((w) => ({
    ...w,
    key: `${w.key}-${showAll}`,
  }));
  const sketchPorts: Record<string, PortMark> = {};
  observations.forEach((o, i) => {
    if (o.shot) sketchPorts[o.shot] = { ...ports[o.shot], state: marks[i] ? "ok" : "bad" };
  });
  const target = targetSeat(state, mine);
  // In a duel my mine is the other player's target: their questions on it, live.
  const myMine = seat && state.mode === "duel" ? state.mines[String(seat.seat)] : undefined;
  const theirObs: Observation[] =
    target === null
      ? []
      : (state.observations[String(target)] ??
        live.events
          .filter((e) => e.seat === target)
          .map(eventObservation)
          .filter((o): o is Observation => o !== null));

  return (
    <div className="explorer">
      <p className="status" aria-live="polite" data-testid="turn">
        {state.status === "waiting"
          ? t("explorer.waitingPlayers")
          : myTurn
            ? t("explorer.yourTurn")
            : seat
              ? aboutSeat(state.seats[state.to_move ?? 0], "waitingFor", "waitingForOthers")
              : t("explorer.watching")}
      </p>
      {act.verdict && (
        <p className="verdict" role="status">
          {act.verdict}
        </p>
      )}
      {act.known && (
        <p className="known" role="status" data-testid="already-known">
          {act.known}
        </p>
      )}
      {act.error && (
        <p className="error" role="alert">
          {act.error}
        </p>
      )}
      <div className="boards">
        <section aria-label={t("explorer.questions")}>
          <h2>
            {target !== null ? aboutSeat(state.seats[target], "mineOf", "mineOfDirector") : t("explorer.theMine")}
          </h2>
          <Board
            label={t("explorer.questionBoard")}
            portMarks={boardPorts}
            cellMarks={boardCells}
            onPort={myTurn ? (p) => ask({ shot: p }) : undefined}
            onCell={myTurn ? act.pickCell : undefined}
          />
          <AskBox act={act} myTurn={myTurn} />
          <h3>{t("explorer.answers")}</h3>
          <AnswerLog
            observations={observations}
            marks={sketch.length ? marks : undefined}
            state={state}
            seats={state.mode === "table" ? askedBy : undefined}
          />
          {myMine && (
            <DuelPanel
              name={seatName(state.seats[target as number]) || t("explorer.opponent")}
              mine={myMine}
              asked={theirObs}
            />
          )}
          {state.mode === "table" && <TablePanel state={state} seat={mine} mine={observations} />}
        </section>
        {seat && (
          <section aria-label={t("explorer.sketch")}>
            <h2>{t("explorer.mySketch")}</h2>
            <SketchEditor
              label={t("explorer.sketchBoard")}
              name="sketch board"
              gemSet={set}
              gems={sketch}
              onChange={setSketch}
              portMarks={sketchPorts}
              waves={waves}
              notes={notes}
              onNotes={setNotes}
            />
            <p>
              <span data-testid="sketch-score">
                {t("explorer.reproduced", { count: marks.filter(Boolean).length, total: observations.length })}
              </span>{" "}
              <label className="inline">
                <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />{" "}
                {t("explorer.showAll")}
              </label>
            </p>
            <GuessDialog
              gems={sketch.length}
              missing={missing}
              left={left}
              differs={marks.filter((m) => !m).length}
              enabled={myTurn}
              open={act.confirming}
              onOpen={() => act.setConfirming(true)}
              onGuess={act.guess}
              onCancel={() => act.setConfirming(false)}
            />
            {state.status === "playing" && !(state.mode === "table" && left === 0) && (
              <div className="resign">
                <ConfirmButton
                  label={t("explorer.resign")}
                  yes={t("explorer.resignYes")}
                  onConfirm={() => ask({ resign: true })}
                  question={
                    state.mode === "duel"
                      ? t("explorer.resignDuel")
                      : state.mode === "solo"
                        ? t("explorer.resignSolo")
                        : t("explorer.resignTable")
                  }
                />
              </div>
            )}
            {state.hints && (
              <TrainingPanel
                state={state}
                sketch={sketch}
                onOverlay={takeOverlay}
                onFill={(settled) => setNotes(fillSettled(notes, settled))}
              />
            )}
          </section>
        )}
      </div>
    </div>
  );
}
