import { GameState, Seat } from "../api";

/** Who sits where, whose turn it is and how many guesses each has left. */
export function SeatList({ state, me }: { state: GameState; me: Seat | null }): JSX.Element {
  return (
    <ol className="seats" aria-label="seats">
      {state.seats.map((s) => {
        const turn = state.status === "playing" && state.to_move === s.seat;
        const left = state.guesses_left?.[String(s.seat)];
        return (
          <li key={s.seat} className={`${turn ? "turn" : ""}${me?.seat === s.seat ? " mine" : ""}`} data-seat={s.seat}>
            <span className="seat-name">{s.name || (s.kind === "computer" ? "computer" : "open seat")}</span>{" "}
            <span className="muted">
              {s.role}
              {s.kind === "computer" && !(s.name ?? "").includes("computer")
                ? ` · computer${s.level ? ` (${s.level})` : ""}`
                : ""}
            </span>
            {me?.seat === s.seat && <span className="badge">you</span>}
            {turn && <span className="badge turn-badge">to play</span>}
            {left !== undefined && (
              <span className="muted">
                {" "}
                · {left} guess{left === 1 ? "" : "es"} left
              </span>
            )}
            {(state.winners ?? []).includes(s.seat) && <span className="badge win">winner</span>}
          </li>
        );
      })}
    </ol>
  );
}
