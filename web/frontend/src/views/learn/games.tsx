// The four games as a newcomer meets them: a small picture drawn here and one line each.
import { SCREEN_COLORS } from "../../orapa/colors";

export type GameId = "orapa" | "mandragora" | "ripple" | "uncovered";

export interface GameIntro {
  id: GameId;
  title: string;
}

/** The games in the order the lobby shows them (each one's line is learn:games.{id}.line). */
export const GAMES: GameIntro[] = [
  {
    id: "orapa",
    title: "Orapa Mine",
  },
  {
    id: "mandragora",
    title: "Mandragora Mania",
  },
  {
    id: "ripple",
    title: "Ripple",
  },
  {
    id: "uncovered",
    title: "Uncovered!",
  },
];

export function isGame(id: string): id is GameId {
  return GAMES.some((g) => g.id === id);
}

/** A small decorative picture of a game (the title next to it names it). */
export function GamePicture({ game }: { game: GameId }): JSX.Element {
  const common = {
    className: "game-picture",
    viewBox: "0 0 100 70",
    "aria-hidden": true as const,
    focusable: "false" as const,
  };
  if (game === "orapa") {
    return (
      <svg {...common}>
        <rect x="10" y="5" width="80" height="60" fill="#fbf8ef" stroke="#5a513a" strokeWidth="1.5" />
        {[20, 30, 40, 50, 60, 70, 80].map((x) => (
          <line key={x} x1={x} y1="5" x2={x} y2="65" stroke="#d8d0bb" strokeWidth="0.6" />
        ))}
        {[15, 25, 35, 45, 55].map((y) => (
          <line key={y} x1="10" y1={y} x2="90" y2={y} stroke="#d8d0bb" strokeWidth="0.6" />
        ))}
        <polygon points="40,25 60,25 40,45" fill={SCREEN_COLORS.yellow} stroke="#333" strokeWidth="0.8" />
        <polygon points="60,45 80,45 70,55" fill={SCREEN_COLORS.blue} stroke="#333" strokeWidth="0.8" />
        <polyline
          points="0,35 50,35 50,70"
          fill="none"
          stroke={SCREEN_COLORS.yellow}
          strokeWidth="2.5"
          strokeDasharray="4 2"
        />
      </svg>
    );
  }
  if (game === "mandragora") {
    const pits = [
      [20, 52],
      [40, 52],
      [60, 52],
      [30, 35],
      [50, 35],
      [70, 35],
      [40, 18],
      [60, 18],
    ];
    return (
      <svg {...common}>
        <rect x="2" y="5" width="96" height="60" rx="8" fill="#efe3c8" stroke="#7a5c2e" strokeWidth="1.2" />
        {pits.map(([x, y], i) => (
          <circle key={i} cx={x} cy={y} r="8" fill="#d9c297" stroke="#7a5c2e" strokeWidth="0.8" />
        ))}
        <ellipse cx="88" cy="52" rx="7" ry="10" fill="#c9a86b" stroke="#7a5c2e" />
        <ellipse cx="12" cy="18" rx="7" ry="10" fill="#c9a86b" stroke="#7a5c2e" />
        <circle cx="40" cy="52" r="3" fill="#2e6b3a" />
        <circle cx="60" cy="52" r="3" fill="#9b3b2a" />
        <circle cx="50" cy="35" r="3" fill="#2e6b3a" />
        <path d="M20,44 Q30,30 30,27" fill="none" stroke="#333" strokeWidth="1" />
      </svg>
    );
  }
  if (game === "ripple") {
    const dots = [];
    for (let r = 0; r < 7; r++)
      for (let c = 0; c < 7; c++)
        dots.push(<circle key={`${r}-${c}`} cx={23 + 9 * c} cy={8 + 9 * r} r="1" fill="#999" />);
    return (
      <svg {...common}>
        <rect x="18" y="3" width="64" height="64" fill="#eef3f8" stroke="#345" strokeWidth="1" />
        {dots}
        <circle cx="50" cy="35" r="4" fill={SCREEN_COLORS.red} stroke="#333" strokeWidth="0.6" />
        <circle cx="50" cy="35" r="10" fill="none" stroke={SCREEN_COLORS.red} strokeWidth="0.8" />
        <circle cx="50" cy="35" r="17" fill="none" stroke={SCREEN_COLORS.red} strokeWidth="0.5" />
        <circle cx="68" cy="17" r="4" fill={SCREEN_COLORS.red} stroke="#333" strokeWidth="0.6" />
        <circle cx="32" cy="53" r="4" fill={SCREEN_COLORS.blue} stroke="#333" strokeWidth="0.6" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      {[1, 2, 3, 4].map((n, i) => (
        <g key={n} transform={`translate(${12 + 20 * i},${i % 2 ? 14 : 10})`}>
          <rect width="17" height="26" rx="2.5" fill={i === 2 ? "#3b4a6b" : "#fff"} stroke="#333" strokeWidth="0.8" />
          {i !== 2 && (
            <text x="8.5" y="18" textAnchor="middle" fontSize="13" fill="#222">
              {n}
            </text>
          )}
        </g>
      ))}
      <path d="M30,50 Q50,64 70,50" fill="none" stroke="#333" strokeWidth="1" />
      <path d="M66,47 L70,50 L65,52" fill="none" stroke="#333" strokeWidth="1" />
    </svg>
  );
}
