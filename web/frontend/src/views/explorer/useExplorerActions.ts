// What an explorer does on the game page, apart from how it is drawn: ask a port or a cell
// (clicked, tapped twice or typed), resign, and guess with the sketch; with the lines the page
// shows about it (the error, "already known", the guess's verdict).
import { FormEvent, useState } from "react";
import { GameState, Observation, api } from "../../api";
import i18n from "../../i18n";
import { GemJSON } from "../../orapa/layout";
import { describe, parseQuestion, settledAnswer } from "../../orapa/sketch";
import { LiveGame } from "../../live";

/** A question or a resignation, as the actions endpoint takes it. */
export type Ask = { shot: string } | { cell: string } | { resign: true };

export interface ExplorerActions {
  /** The question being typed in the box. */
  typed: string;
  setTyped: (text: string) => void;
  /** The last refusal (the server's one line, or a typed question that names nothing). */
  error: string;
  /** The answer a question already has (RULINGS O5): asked again, it is free and keeps the turn. */
  known: string;
  /** The guess's verdict, once the server has judged it. */
  verdict: string;
  /** Is the guess dialog open? */
  confirming: boolean;
  setConfirming: (open: boolean) => void;
  /** The cell picked by a first tap on the question board, asked by a second. */
  picked: string | null;
  setPicked: (cell: string | null) => void;
  ask: (q: Ask) => Promise<void>;
  submitTyped: (e: FormEvent) => void;
  pickCell: (cell: string) => void;
  guess: () => Promise<void>;
}

/** The explorer's actions on game `live` for the answers `observations` heard so far, guessing
 * with `sketch`. */
export function useExplorerActions(live: LiveGame, observations: Observation[], sketch: GemJSON[]): ExplorerActions {
  const state = live.state as GameState;
  const [typed, setTyped] = useState("");
  const [error, setError] = useState("");
  const [known, setKnown] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [verdict, setVerdict] = useState("");
  const [picked, setPicked] = useState<string | null>(null);

  const ask = async (q: Ask) => {
    setError("");
    setVerdict("");
    const settled = "resign" in q ? null : settledAnswer(observations, q);
    if (settled) {
      // O5: answered from the record, free; nothing to send
      setKnown(i18n.t("game:explorer.known", { answer: describe(settled) }));
      return;
    }
    setKnown("");
    try {
      const out = await api.act(state.id, q);
      live.setState(out.game); // the answer is in the reply: no second request
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const submitTyped = (e: FormEvent) => {
    e.preventDefault();
    const q = parseQuestion(typed);
    if (!q) return setError(i18n.t("game:explorer.notAQuestion", { typed }));
    setTyped("");
    ask(q);
  };
  // the cell board: the first tap on a cell selects it, the second (or the button) asks
  const pickCell = (c: string) => {
    if (picked === c) {
      setPicked(null);
      ask({ cell: c });
    } else setPicked(c);
  };
  const guess = async () => {
    setConfirming(false);
    setError("");
    setKnown("");
    setVerdict("");
    try {
      const out = await api.act(state.id, { guess: { gems: sketch } });
      const told = out.event.reveal as Observation | undefined; // O7 reveal: one telling answer
      setVerdict(
        out.event.correct
          ? i18n.t("game:explorer.correct")
          : i18n.t("game:explorer.wrong") +
              (told ? " " + i18n.t("game:explorer.told", { answer: describe(told) }) : ""),
      );
      // The game after the guess comes with the verdict, in the same render: a wrong guess
      // passes the turn and uses a guess, so the page must not show "Your turn" and an open
      // Guess button beside the verdict while a refetch is on its way.
      live.setState(out.game);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return {
    typed,
    setTyped,
    error,
    known,
    verdict,
    confirming,
    setConfirming,
    picked,
    setPicked,
    ask,
    submitTyped,
    pickCell,
    guess,
  };
}
