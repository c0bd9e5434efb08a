// Uncovered!: every hand as this seat may see it (U5), the turn counter, swaps by choosing one
// of your cards and another player's, declare, and the scoring screen with a shortest win.
import { useCallback, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { GameEvent, GameState, Seat } from "../../api";
import i18n, { seatName } from "../../i18n";
import { Banner, ConfirmButton, GameHead, OtherProps, useAct, useFlash, useNewEvents } from "./common";

interface UncoveredPosition {
  variant: string;
  win: string;
  players: number;
  turn: number;
  to_move: number;
  hands: (number | null)[][];
  over: boolean;
  won: boolean | null;
  swaps: unknown[];
}
interface UncoveredView {
  position: UncoveredPosition;
  initial?: number[][];
  optimum?: number;
  best_swaps?: [number, number, number, number][];
  score?: number | null;
}

/** The hands after the first `k` swaps of a sequence [player, own, other, position]. */
export function afterSwaps(initial: number[][], swaps: [number, number, number, number][], k: number): number[][] {
  const hands = initial.map((h) => [...h]);
  for (const [p, own, other, pos] of swaps.slice(0, k)) {
    const a = hands[p][own - 1];
    hands[p][own - 1] = hands[other][pos - 1];
    hands[other][pos - 1] = a;
  }
  return hands;
}

/** A swap [player, own card, other player, their card] in words, with the players' names. */
export function swapWords(seats: Seat[], [p, a, q, b]: number[]): string {
  const name = (n: number) => seatName(seats[n]) || i18n.t("others:turn.player", { n });
  return i18n.t("others:uncovered.swapped", { who: name(p), a, other: name(q), b });
}

function Hand({
  cards,
  label,
  pick,
  picked,
  flash,
  seat,
}: {
  cards: (number | null)[];
  label: string;
  seat: number;
  pick?: (pos: number) => void;
  picked?: number | null;
  flash?: number[];
}): JSX.Element {
  const { t } = useTranslation("others");
  return (
    <div className="hand" data-hand={seat}>
      <span className="hand-name">{label}</span>
      {cards.map((v, i) => (
        <button
          key={i}
          type="button"
          className={`ucard${v === null ? " hidden" : ""}${picked === i + 1 ? " picked" : ""}${flash?.includes(i + 1) ? " flash" : ""}`}
          data-card={`${seat}-${i + 1}`}
          disabled={!pick}
          onClick={pick ? () => pick(i + 1) : undefined}
          aria-label={t("uncovered.card", { label, n: i + 1, value: v === null ? t("uncovered.faceDown") : v })}
        >
          {v === null ? "?" : v}
        </button>
      ))}
    </div>
  );
}

function ScoreScreen({ state }: { state: GameState & UncoveredView }): JSX.Element {
  const { t } = useTranslation("others");
  const best = state.best_swaps ?? [];
  const [k, setK] = useState(0);
  const initial = state.initial ?? [];
  const hands = initial.length ? afterSwaps(initial, best, k) : [];
  return (
    <section className="card score-screen" aria-label={t("uncovered.scoreLabel")} data-testid="score-screen">
      <h2>{state.position.won ? t("uncovered.won") : t("uncovered.lost")}</h2>
      <p className="big">
        {state.position.won ? (
          <Trans
            t={t}
            i18nKey="uncovered.score"
            count={state.position.swaps.length}
            values={{ score: state.score, optimum: state.optimum }}
            components={{ b: <b data-testid="score" /> }}
          />
        ) : (
          <>{t("uncovered.noScore", { optimum: state.optimum })}</>
        )}
      </p>
      {initial.length > 0 && (
        <>
          <h3>{t("uncovered.shortest", { count: best.length })}</h3>
          <div className="buttons">
            <button type="button" onClick={() => setK(0)}>
              |◀
            </button>
            <button type="button" onClick={() => setK(Math.max(0, k - 1))}>
              ◀
            </button>
            <span data-testid="best-step">{t("uncovered.stepOf", { k, of: best.length })}</span>
            <button type="button" onClick={() => setK(Math.min(best.length, k + 1))}>
              ▶
            </button>
          </div>
          {k > 0 && (
            <p className="muted" data-testid="best-swap">
              {swapWords(state.seats, best[k - 1])}
            </p>
          )}
          {hands.map((h, p) => (
            <Hand
              key={p}
              seat={p}
              cards={h}
              label={seatName(state.seats[p]) || t("turn.player", { n: p })}
              flash={
                k > 0 ? [best[k - 1][0] === p ? best[k - 1][1] : 0, best[k - 1][2] === p ? best[k - 1][3] : 0] : []
              }
            />
          ))}
        </>
      )}
    </section>
  );
}

export function UncoveredPage({ live, seat }: OtherProps): JSX.Element {
  const { t } = useTranslation("others");
  const state = live.state as GameState & UncoveredView;
  const [act, error] = useAct(live);
  const [own, setOwn] = useState<number | null>(null);
  const [flash, setFlash] = useFlash<Record<number, number[]>>({}, 1500);
  const pos = state.position;
  const myTurn = seat !== null && state.status === "playing" && state.to_move === seat.seat;
  const [said, setSaid] = useState("");
  const onEvent = useCallback(
    (e: GameEvent) => {
      if (e.type !== "swap" || !Array.isArray(e.swap)) return;
      const [p, a, q, b] = e.swap as number[];
      setFlash({ [p]: [a], [q]: [b] });
      setSaid(swapWords(state.seats, e.swap as number[]));
    },
    [state.seats, setFlash],
  );
  useNewEvents(live, onEvent);
  /** whether the declaration was right, and at which turn */
  const verdict = () =>
    t(`uncovered.${pos.won ? "right" : "wrong"}${pos.win === "ordered" ? "Ordered" : "Same"}`, { turn: pos.turn });
  return (
    <div className="uncovered">
      <GameHead state={state} seat={seat} act={act} error={error} why={verdict} cooperative />
      <p>
        {t("uncovered.turn")} <b data-testid="turn-counter">{pos.turn}</b> ·{" "}
        {t(`lobby:create.variants.${pos.variant}`, { defaultValue: pos.variant })} ·{" "}
        {pos.win === "ordered" ? t("uncovered.mustOrdered") : t("uncovered.mustSame")}
      </p>
      <Banner testId="last-swap">{said}</Banner>
      {myTurn && (
        <p className="muted">{own === null ? t("uncovered.choose") : t("uncovered.chooseOther", { n: own })}</p>
      )}
      <div className="hands">
        {pos.hands.map((cards, p) => (
          <Hand
            key={p}
            seat={p}
            cards={cards}
            label={`${seatName(state.seats[p]) || t("turn.player", { n: p })}${seat?.seat === p ? ` ${t("uncovered.you")}` : ""}`}
            flash={flash[p]}
            picked={seat?.seat === p ? own : null}
            pick={
              myTurn
                ? (i) => {
                    if (p === seat?.seat) setOwn(own === i ? null : i);
                    else if (own !== null) {
                      act({ swap: [own, p, i] });
                      setOwn(null);
                    }
                  }
                : undefined
            }
          />
        ))}
      </div>
      {myTurn && (
        <ConfirmButton
          className="primary"
          label={t("uncovered.declare")}
          yes={t("uncovered.yesDeclare")}
          question={t("uncovered.declareQuestion")}
          onConfirm={() => act({ declare: true })}
        />
      )}
      {state.status === "over" && typeof state.resigned !== "number" && <ScoreScreen state={state} />}
    </div>
  );
}
