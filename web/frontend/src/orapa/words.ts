// The game's words in the reader's language: colours, gems and cell contents as a person reads
// them (the machine names stay English in every format; only what is shown goes through here).
import i18n from "../i18n";
import { canonicalColor } from "./colors";

/** A colour or cell content in words: "purple" / "violet", "light blue", "empty", "absorbed". */
export function colorWord(name: string): string {
  const c = canonicalColor(name);
  if (c === "empty" || c === "absorbed") return i18n.t(`game:contents.${c}`);
  return i18n.t(`common:colors.${c}`, { defaultValue: c });
}

/** A gem kind in words: "blue large triangle" / "grand triangle bleu". */
export function gemWords(kind: { color: string; shape: string }): string {
  return i18n.t("game:gem", {
    color: colorWord(kind.color),
    shape: i18n.t(`common:shapes.${kind.shape}`, { defaultValue: kind.shape.replace("-", " ") }),
  });
}
