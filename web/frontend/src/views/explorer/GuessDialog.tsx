// The guess: a button that says what is missing from the sketch, and a dialog that asks once
// more before the sketch is sent (guesses are few, and a wrong one can end the game).
import { GemKind } from "../../orapa/layout";

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
  /** Is the dialog open? */
  open: boolean;
  onOpen: () => void;
  onGuess: () => void;
  onCancel: () => void;
}): JSX.Element {
  const label =
    missing.length > 0
      ? `Place ${missing.length} more gem${missing.length === 1 ? "" : "s"} to guess (${missing.map((g) => `${g.color} ${g.shape}`).join(", ")})`
      : "Guess with this sketch…";
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
      {open && (
        <div className="confirm" role="dialog" aria-label="confirm the guess">
          <p>
            Guess with this sketch of {gems} gem{gems === 1 ? "" : "s"}? You have {left} guess
            {left === 1 ? "" : "es"} left
            {differs > 0 ? `, and the sketch does not give ${differs} of the answers heard` : ""}.
          </p>
          <button type="button" className="primary" onClick={onGuess} autoFocus>
            Yes, guess
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
    </>
  );
}
