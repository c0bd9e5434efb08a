// The explorer's ways to ask besides clicking a port: a cell picked by a first tap, asked by a
// second tap or the button, and the box where a port or a cell is typed (in the player's port
// labels, RULINGS O10).
import { ExplorerActions } from "./useExplorerActions";

/** The picked cell's bar and the typed question's form; both idle unless `myTurn`. */
export function AskBox({ act, myTurn }: { act: ExplorerActions; myTurn: boolean }): JSX.Element {
  return (
    <>
      {myTurn && act.picked && (
        <p className="pick" data-testid="picked-cell">
          Cell {act.picked} selected:{" "}
          <button
            type="button"
            onClick={() => {
              act.setPicked(null);
              act.ask({ cell: act.picked as string });
            }}
          >
            Ask {act.picked}
          </button>{" "}
          <button type="button" className="link" onClick={() => act.setPicked(null)}>
            cancel
          </button>{" "}
          (or tap it again)
        </p>
      )}
      <form className="ask" onSubmit={act.submitTyped}>
        <label>
          Port or cell{" "}
          <input
            name="question"
            value={act.typed}
            onChange={(e) => act.setTyped(e.target.value)}
            disabled={!myTurn}
            placeholder="15 or E4"
          />
        </label>
        <button type="submit" disabled={!myTurn}>
          Ask
        </button>
      </form>
    </>
  );
}
