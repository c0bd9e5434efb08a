// Gem colours and wave colours (RULINGS O4): a wave's colour is a set of four basic colours.

export const RED = 1;
export const YELLOW = 2;
export const BLUE = 4;
export const WHITE = 8;

export const GEM_COLORS = ["red", "yellow", "blue", "white", "transparent", "black"] as const;
export type GemColor = (typeof GEM_COLORS)[number];

export const GEM_COLOR_BITS: Record<GemColor, number> = {
  red: RED,
  yellow: YELLOW,
  blue: BLUE,
  white: WHITE,
  transparent: 0,
  black: 0,
};

export const WAVE_COLOR_NAMES: Record<number, string> = {
  0: "transparent",
  [RED]: "red",
  [YELLOW]: "yellow",
  [BLUE]: "blue",
  [WHITE]: "white",
  [RED | YELLOW]: "orange",
  [RED | BLUE]: "purple",
  [YELLOW | BLUE]: "green",
  [RED | YELLOW | BLUE]: "black",
  [RED | WHITE]: "pink",
  [YELLOW | WHITE]: "light yellow",
  [BLUE | WHITE]: "light blue",
  [RED | YELLOW | WHITE]: "light orange",
  [RED | BLUE | WHITE]: "light purple",
  [YELLOW | BLUE | WHITE]: "light green",
  [RED | YELLOW | BLUE | WHITE]: "grey",
};

const ALIASES: Record<string, string> = {
  violet: "purple",
  "light red": "pink",
  lemon: "light yellow",
  "sky blue": "light blue",
  "light violet": "light purple",
  gray: "grey",
  clear: "transparent",
};

export function colorName(bits: number): string {
  return WAVE_COLOR_NAMES[bits];
}

/** Canonical wave colour name for a name or alias (unknown names come back unchanged). */
export function canonicalColor(text: string): string {
  const name = text.trim().toLowerCase().replace(/[-_]/g, " ").split(/\s+/).join(" ");
  return ALIASES[name] ?? name;
}

/** Fill colours for drawing gems and wave colours on screen. */
export const SCREEN_COLORS: Record<string, string> = {
  red: "#d7263d",
  yellow: "#f5c518",
  blue: "#1f5fd1",
  white: "#f4f4f0",
  transparent: "#bfe8ec",
  black: "#222222",
  orange: "#f08a24",
  purple: "#7b3fa0",
  green: "#2e9e4f",
  pink: "#f4a3b5",
  "light yellow": "#faf0a0",
  "light blue": "#a9c9f5",
  "light orange": "#f9c891",
  "light purple": "#c7a6dd",
  "light green": "#a8dcb3",
  grey: "#8a8a8a",
  empty: "#ffffff",
  absorbed: "#222222",
};

/** One letter per gem colour, drawn on the gem for colour-blind players. */
export const COLOR_LETTERS: Record<string, string> = {
  red: "R",
  yellow: "Y",
  blue: "B",
  white: "W",
  transparent: "T",
  black: "K",
};
