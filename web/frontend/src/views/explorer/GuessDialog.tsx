// The guess: a button that says what is missing from the sketch, and a dialog that asks once
// more before the sketch is sent (guesses are few, and a wrong one can end the game).
import { useTranslation } from "react-i18next";
import { GemKind } from "../../orapa/layout";
import { gemWords } from "../../orapa/words";

export function GuessDialog({
  gems,
  missing,
  left,
  differs,
  enabled,
  open,
  onOpen,
  onGuess,
  onCancel,
}: {
  /** How many gems the sketch holds. */
  gems: number;
  /** The gems of the set not yet on the sketch: the guess waits for them. */
  missing: GemKind[];
  /** Guesses left to this explorer. */
  left: number;
  /** How many answers heard the sketch does not give (a warning, not a refusal). */
  differs: number;
  /** May the explorer guess now (their turn)? */
  enabled: boolean;
  /** Is the dialog open? (Shown only while `enabled`: a guess off turn can only be refused.) */
  open: boolean;
  onOpen: () => void;
  onGuess: () => void;
  onCancel: () => void;
}): JSX.Element {
  const { t } = useTranslation("game");
  const label =
    missing.length > 0
      ? t("guess.placeMore", { count: missing.length, gems: missing.map(gemWords).join(", ") })
      : t("guess.button");
  return (
    <>
      <button
        type="button"
        className="primary"
        data-testid="guess-button"
        disabled={!enabled || missing.length > 0}
        onClick={onOpen}
      >
        {label}
      </button>
      {open && enabled && (
        <div className="confirm" role="dialog" aria-label={t("guess.dialog")}>
          <p>
            {t("guess.question", { count: gems })} {t("guess.left", { count: left })}
            {differs > 0 ? t("guess.differs", { count: differs }) : ""}.
          </p>
          <button type="button" className="primary" onClick={onGuess} autoFocus>
            {t("guess.yes")}
          </button>
          <button type="button" onClick={onCancel}>
            {t("common:actions.cancel")}
          </button>
        </div>
      )}
    </>
  );
}
