import { useTranslation } from "react-i18next";
import { GameState, Seat } from "../api";
import { seatName } from "../i18n";

/** Who sits where, whose turn it is and how many guesses each has left. */
export function SeatList({ state, me }: { state: GameState; me: Seat | null }): JSX.Element {
  const { t } = useTranslation();
  return (
    <ol className="seats" aria-label={t("seats.label")}>
      {state.seats.map((s) => {
        const turn = state.status === "playing" && state.to_move === s.seat;
        const left = state.guesses_left?.[String(s.seat)];
        return (
          <li key={s.seat} className={`${turn ? "turn" : ""}${me?.seat === s.seat ? " mine" : ""}`} data-seat={s.seat}>
            <span className="seat-name">
              {seatName(s) || (s.kind === "computer" ? t("seats.computer") : t("seats.open"))}
            </span>{" "}
            <span className="muted">
              {t(`roles.${s.role}`, { defaultValue: s.role })}
              {s.kind === "computer" && !(s.name ?? "").includes("computer")
                ? ` · ${t("seats.computer")}${s.level ? ` (${t(`levels.${s.level}`, { defaultValue: s.level })})` : ""}`
                : ""}
            </span>
            {me?.seat === s.seat && <span className="badge">{t("seats.you")}</span>}
            {turn && <span className="badge turn-badge">{t("seats.toPlay")}</span>}
            {left !== undefined && <span className="muted"> · {t("seats.guessesLeft", { count: left })}</span>}
            {(state.winners ?? []).includes(s.seat) && <span className="badge win">{t("seats.winner")}</span>}
          </li>
        );
      })}
    </ol>
  );
}
