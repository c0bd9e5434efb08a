// The Ripple, Mandragora and Uncovered! pages' shared top (the turn line, the Resign button and
// the error line, with the ending's reason asked for only once the game is over) and
// Uncovered!'s swaps in words.
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { GameState, Seat } from "../src/api";
import { GameHead } from "../src/views/others/common";
import { swapWords } from "../src/views/others/Uncovered";
import { installLocalStorage } from "./memoryStorage";

beforeEach(() => void installLocalStorage());

const seats: Seat[] = [
  { seat: 0, role: "player", kind: "human", name: "Ann", player: "p1" },
  { seat: 1, role: "player", kind: "human", name: "Ben", player: "p2" },
];

function game(over: Partial<GameState>): GameState {
  return {
    id: "7",
    game: "ripple",
    mode: "duel",
    gems: "base",
    rules: {},
    hints: false,
    seats,
    status: "playing",
    to_move: 0,
    observations: {},
    guesses_left: {},
    outcome: null,
    winners: [],
    mines: {},
    ...over,
  };
}

const act = async () => undefined;

describe("the head of the other games' pages", () => {
  it("says whose turn it is and offers to resign, without asking why the game ended", () => {
    const why = vi.fn(() => "never shown");
    const html = renderToStaticMarkup(<GameHead state={game({})} seat={seats[0]} act={act} error="" why={why} />);
    expect(html).toContain("Your turn");
    expect(html).toContain("Resign");
    expect(html).not.toContain('role="alert"');
    expect(why).not.toHaveBeenCalled();
  });

  it("gives the ending with its reason once the game is over, and the last error", () => {
    const over = game({ status: "over", to_move: null, outcome: "win", winners: [1] });
    const html = renderToStaticMarkup(
      <GameHead
        state={over}
        seat={seats[0]}
        act={act}
        error="That cell is taken."
        why={() => "Ben 3 points to Ann 1"}
      />,
    );
    expect(html).toContain("Ben won");
    expect(html).toContain("Ben 3 points to Ann 1");
    expect(html).not.toContain("Resign");
    expect(html).toContain("That cell is taken.");
  });

  it("names a resignation rather than the scores", () => {
    const resigned = game({ status: "over", to_move: null, outcome: "win", winners: [1], resigned: 0 });
    const why = vi.fn(() => "Ben 3 points to Ann 1");
    const html = renderToStaticMarkup(<GameHead state={resigned} seat={seats[0]} act={act} error="" why={why} />);
    expect(html).toContain("Ann resigned");
    expect(html).not.toContain("3 points");
  });
});

describe("a swap in words", () => {
  it("names the players, never their seat numbers", () => {
    expect(swapWords(seats, [1, 1, 0, 4])).toBe("Ben swapped position 1 with Ann's position 4.");
  });
});
