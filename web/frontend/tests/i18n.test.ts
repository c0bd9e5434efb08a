// The i18n set-up (issue 34): every namespace of src/locales is loaded for both languages, French
// has every key English has (and no stray one), and the switch is remembered.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import i18n, { LANGUAGE_KEY, chooseLanguage, collectResources, currentLanguage, seatName } from "../src/i18n";
import { installLocalStorage } from "./memoryStorage";

type Tree = { [key: string]: string | Tree };

/** The dotted keys of a namespace, with i18next's plural suffixes folded into one key. */
function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const name = prefix + k.replace(/_(zero|one|two|few|many|other)$/, "_plural");
    return typeof v === "string" ? [name] : keys(v, name + ".");
  });
}

/** The keys given twice in one object of a JSON text (JSON.parse silently keeps the last one). */
export function duplicateKeys(text: string): string[] {
  const seen: Set<string>[] = [];
  const found: string[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{") {
      seen.push(new Set());
      expectKey = true;
    } else if (c === "}") seen.pop();
    else if (c === ",") expectKey = seen.length > 0;
    else if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const word = text.slice(i + 1, j);
      if (expectKey) {
        const keys = seen[seen.length - 1];
        if (keys.has(word)) found.push(word);
        keys.add(word);
        expectKey = false;
      }
      i = j;
    } else if (c === "[") expectKey = false;
  }
  return found;
}

const store = installLocalStorage();

afterEach(async () => {
  store.clear();
  await i18n.changeLanguage("en");
});

describe("i18n", () => {
  it("reads language and namespace from a locale file's path", () => {
    const r = collectResources({ "./locales/fr/lobby.json": { a: "b" }, "./other.json": {} });
    expect(r).toEqual({ fr: { lobby: { a: "b" } } });
  });

  it("has the same keys in English and French in every namespace", () => {
    const en = i18n.options.resources!.en as Record<string, Tree>;
    const fr = i18n.options.resources!.fr as Record<string, Tree>;
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const ns of Object.keys(en)) {
      expect([ns, ...new Set(keys(fr[ns]))].sort()).toEqual([ns, ...new Set(keys(en[ns]))].sort());
    }
  });

  it("gives no key twice in one object of a locale file", () => {
    expect(duplicateKeys('{"a": "x", "b": {"a": "y"}, "a": {"c": "z"}}')).toEqual(["a"]);
    const dir = join(__dirname, "..", "src", "locales");
    for (const lang of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()))
      for (const file of readdirSync(join(dir, lang.name)).filter((f) => f.endsWith(".json")))
        expect(duplicateKeys(readFileSync(join(dir, lang.name, file), "utf8")), `${lang.name}/${file}`).toEqual([]);
  });

  it("has no empty text", () => {
    for (const lang of ["en", "fr"]) {
      const all = i18n.options.resources![lang] as Record<string, Tree>;
      for (const [ns, tree] of Object.entries(all)) {
        const walk = (t: Tree, at: string): void =>
          Object.entries(t).forEach(([k, v]) =>
            typeof v === "string" ? expect(v.trim(), `${lang}/${ns}:${at}${k}`).not.toBe("") : walk(v, `${at}${k}.`),
          );
        walk(tree, "");
      }
    }
  });

  it("runs the tests in English", () => {
    expect(currentLanguage()).toBe("en");
    expect(i18n.t("nav.lobby")).toBe("Lobby");
  });

  it("says the server's computer seat names in the reader's language, never a player's own name", () => {
    expect(seatName({ name: "computer (normal)", kind: "computer" })).toBe("computer (normal)");
    chooseLanguage("fr");
    expect(seatName({ name: "computer (normal)", kind: "computer" })).toBe("ordinateur (normal)");
    expect(seatName({ name: "computer 2 (easy)", kind: "computer" })).toBe("ordinateur 2 (facile)");
    expect(seatName({ name: "computer (easy)", kind: "human" })).toBe("computer (easy)");
    expect(seatName({ name: "Ann", kind: "human" })).toBe("Ann");
    expect(seatName(undefined)).toBe("");
  });

  it("switches to French and remembers it", () => {
    chooseLanguage("fr");
    expect(currentLanguage()).toBe("fr");
    expect(store.get(LANGUAGE_KEY)).toBe("fr");
    expect(i18n.t("nav.learn")).toBe("Comment jouer");
  });
});
