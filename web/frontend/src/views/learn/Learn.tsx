// How to play: the list of games (/learn) and one page per game (/learn/{game}), in our words.
import { useState } from "react";
import { Link, NoSuchPage } from "../../components/Link";
import { OrapaRules } from "./OrapaRules";
import { RippleBoard, rippleSteps } from "./RippleSteps";
import { GAMES, GamePicture, isGame } from "./games";

function Mandragora(): JSX.Element {
  const player = [1, 2, 3, 4, 5, 0, 6, 4, 7, 2, 8];
  const opponent = [6, 4, 7, 2, 8, 9, 1, 2, 3, 4, 5];
  return (
    <article className="card learn-page" aria-labelledby="learn-title">
      <h1 id="learn-title">How to play Mandragora Mania</h1>
      <p>
        Two players share a board of eight areas and two bases. Each area starts with a stack of three pieces. On your
        turn you lift a whole stack and drop its pieces one by one along your own loop. Pieces that land in your base
        score for you. The game ends when the player to move has nothing to sow; the higher score wins.
      </p>
      <h2>The board</h2>
      <pre
        className="mandragora-board"
        role="img"
        tabIndex={0}
        aria-label="the areas: top row 9 (the opponent's base), 8, 7, 6; middle row 2 and 4 (shared); bottom row 1, 3, 5 and 0 (your base)"
      >
        {`[9]  [8]  [7]  [6]      the opponent's areas
       [2]  [4]         shared areas
   [1]  [3]  [5]  [0]   your areas and your base`}
      </pre>
      <p>
        You may sow from areas 1, 3 and 5 and the shared 2 and 4; your opponent from 6, 7, 8 and also 2 and 4. Bases are
        never sown from.
      </p>
      <h2>The sowing loop</h2>
      <p>
        Each side follows its own loop, round and round. Your base comes up in yours, the opponent's base never does:
      </p>
      <ol className="loop" aria-label="your loop">
        {player.map((a, i) => (
          <li key={i} className={a === 0 ? "base" : ""}>
            {a === 0 ? "0 (your base)" : a}
          </li>
        ))}
        <li>back to 1</li>
      </ol>
      <ol className="loop" aria-label="the opponent's loop">
        {opponent.map((a, i) => (
          <li key={i} className={a === 9 ? "base" : ""}>
            {a === 9 ? "9 (their base)" : a}
          </li>
        ))}
        <li>back to 6</li>
      </ol>
      <p>
        The shared areas appear twice in each loop: sowing from one starts after its first appearance (for you, from 2
        the first piece goes to 3, from 4 to 5). The top piece of the stack is dropped first, and each piece goes on top
        of its new area. If the last piece lands in your own base, you play again.
      </p>
      <h2>Piece values</h2>
      <table className="values">
        <thead>
          <tr>
            <th scope="col">piece</th>
            <th scope="col">for the player who moved first</th>
            <th scope="col">for the player who moved second</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>M, mandragora</td>
            <td>1</td>
            <td>1</td>
          </tr>
          <tr>
            <td>K, korrigan; P, pachypodium</td>
            <td>2</td>
            <td>3</td>
          </tr>
          <tr>
            <td>C, citrullus; A, adenium</td>
            <td>3</td>
            <td>4</td>
          </tr>
        </tbody>
      </table>
      <p>
        Pieces left on the board at the end score nothing. A position seen for the third time with the same player to
        move ends the game as it stands.
      </p>
    </article>
  );
}

const RIPPLE_START = [
  { row: 3, col: 5, color: "red" },
  { row: 1, col: 2, color: "red" },
  { row: 5, col: 3, color: "red" },
  { row: 6, col: 3, color: "blue" },
  { row: 2, col: 3, color: "blue" },
];

function Ripple(): JSX.Element {
  const steps = rippleSteps(RIPPLE_START, { row: 3, col: 3, color: "red" });
  const [at, setAt] = useState(0);
  return (
    <article className="card learn-page" aria-labelledby="learn-title">
      <h1 id="learn-title">How to play Ripple</h1>
      <p>
        Two players take turns to put a stone of any colour (red, blue, green or yellow) on an empty square of a 7 by 7
        board. Every stone remembers who placed it.
      </p>
      <h2>A ripple, step by step</h2>
      <p>
        The new stone pushes every other stone of its colour one square straight away from it, the farthest stone first.
        A stone only moves onto an empty square of the board; otherwise it stays.
      </p>
      <div className="ripple-steps" data-testid="ripple-steps">
        <RippleBoard step={steps[at]} />
        <p aria-live="polite" data-testid="ripple-text">
          Step {at + 1} of {steps.length}: {steps[at].text}
        </p>
        <p>
          <button type="button" onClick={() => setAt((a) => Math.max(0, a - 1))} disabled={at === 0}>
            Previous step
          </button>{" "}
          <button
            type="button"
            onClick={() => setAt((a) => Math.min(steps.length - 1, a + 1))}
            disabled={at === steps.length - 1}
          >
            Next step
          </button>
        </p>
      </div>
      <h2>Groups and winning</h2>
      <p>
        Three or more stones of one colour touching across sides or corners make a group. It belongs to the player who
        placed more of its stones (nobody's on a tie) and is worth 3 points for 3 stones, 6 for 4, 10 for 5, and 15 plus
        3 for each stone beyond 6. Scores are counted again after every move, so a group only scores while it lasts.
      </p>
      <p>
        Owning a group of 5 or more stones wins at once; otherwise reaching 15 points wins; if the board fills up, the
        higher score wins. With power stones (an option) each player has two stones that push twice as far.
      </p>
    </article>
  );
}

function Uncovered(): JSX.Element {
  return (
    <article className="card learn-page" aria-labelledby="learn-title">
      <h1 id="learn-title">How to play Uncovered!</h1>
      <p>
        A cooperative game for 2 to 6 players. Everyone holds four cards, numbered 1 to 4, dealt at random. You all win
        together when every hand reads 1, 2, 3, 4 in order. On your turn you either swap one of your cards with any card
        of another player, or declare that the table is done. Declaring too soon loses the game for everybody.
      </p>
      <p>A won game is scored by how many swaps it took beyond the fewest possible from the deal: 0 is perfect.</p>
      <h2>What each variant lets you see</h2>
      <table className="values">
        <thead>
          <tr>
            <th scope="col">variant</th>
            <th scope="col">your own hand</th>
            <th scope="col">the other hands</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>beginner</td>
            <td>seen</td>
            <td>seen</td>
          </tr>
          <tr>
            <td>intermediate</td>
            <td>hidden, but a card that reaches its own place is marked settled</td>
            <td>seen</td>
          </tr>
          <tr>
            <td>advanced (3 or more players)</td>
            <td>seen</td>
            <td>hidden</td>
          </tr>
        </tbody>
      </table>
      <p>
        Every swap is made face up, so a card that has moved is known to everybody, in every variant. After a
        declaration all cards are shown.
      </p>
    </article>
  );
}

/** /learn: every game with its picture; /learn/{game}: that game's rules. */
export function LearnPage({ game }: { game: string | null }): JSX.Element {
  if (game === null) {
    return (
      <section className="card learn-index" aria-labelledby="learn-title">
        <h1 id="learn-title">How to play</h1>
        <ul className="game-intros">
          {GAMES.map((g) => (
            <li key={g.id}>
              <GamePicture game={g.id} />
              <div>
                <h2>
                  <Link to={`/learn/${g.id}`}>{g.title}</Link>
                </h2>
                <p>{g.line}</p>
              </div>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/learn/orapa/tutorial">Orapa Mine: your first game, guided</Link>
        </p>
      </section>
    );
  }
  if (!isGame(game)) return <NoSuchPage what={`There are no rules for ${game}.`} />;
  return (
    <div className="learn">
      <nav className="learn-nav" aria-label="rules of the games">
        {GAMES.map((g) => (
          <Link key={g.id} to={`/learn/${g.id}`} className={g.id === game ? "current" : undefined}>
            {g.title}
          </Link>
        ))}
        <Link to="/learn/orapa/tutorial">Tutorial</Link>
      </nav>
      {game === "orapa" && <OrapaRules />}
      {game === "mandragora" && <Mandragora />}
      {game === "ripple" && <Ripple />}
      {game === "uncovered" && <Uncovered />}
    </div>
  );
}
