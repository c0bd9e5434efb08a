// i18next's <Trans> fills components named in a text; a void HTML name (link, br, img) would be
// read as self-closing and leave its text outside, so the app's texts name their links <go>.
import { renderToStaticMarkup } from "react-dom/server";
import { Trans } from "react-i18next";
import { describe, expect, it } from "vitest";
import i18n from "../src/i18n";

type Tree = { [key: string]: string | Tree };
const VOID = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"];

describe("texts with components", () => {
  it("put the link's words inside the link", () => {
    const t = i18n.getFixedT("fr", "together");
    const html = renderToStaticMarkup(
      <Trans t={t} i18nKey="rematch.askedJoin" values={{ name: "Ann" }} components={{ go: <a href="/x" /> }} />,
    );
    expect(html).toBe('Ann propose une revanche : <a href="/x">rejoindre la revanche</a>');
  });
  it("never name a component after a void HTML element", () => {
    for (const lang of ["en", "fr"]) {
      const walk = (tree: Tree): string[] =>
        Object.values(tree).flatMap((v) => (typeof v === "string" ? [v] : walk(v)));
      const texts = walk(i18n.options.resources![lang] as unknown as Tree);
      for (const text of texts)
        for (const tag of VOID) expect(text.includes(`<${tag}>`), `${lang}: ${text}`).toBe(false);
    }
  });
});
