// The server's error answers in the reader's language (issue 34): the line a person reads is
// chosen by the body's `code` through the `errors` namespace; where the server's line names a
// specific the code cannot (which gem, which field), English keeps that line and French puts it
// after its own sentence. The 429 retry of hints and the Retry-After seconds still work.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, errorText, retryAfterSeconds, whenFree } from "../src/api";
import { reviewApi } from "../src/components/review/reviewApi";
import en from "../src/locales/en/errors.json";
import fr from "../src/locales/fr/errors.json";
import i18n from "../src/i18n";
import { memoryStorage } from "./memoryStorage";

/** Every code docs/interface.md lists, from its paragraph "Beside `error`, every error body has `code`". */
function documentedCodes(): string[] {
  const doc = readFileSync(new URL("../../../docs/interface.md", import.meta.url), "utf8");
  const start = doc.indexOf("Beside `error`, every error body has `code`");
  const paragraph = doc.slice(start, doc.indexOf("\n\n", start));
  return [...paragraph.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).filter((c) => c !== "error" && c !== "code");
}

const DETAILED = ["illegal_move", "malformed", "bad_input", "invalid", "time_limit"];
const LINE = "gem 2: overlaps gem 1";

describe("error lines by code", () => {
  const codes = documentedCodes();

  it("has a sentence for every documented code, in English and French", () => {
    expect(codes.length).toBeGreaterThanOrEqual(24);
    expect(codes).toContain("not_your_turn");
    expect(Object.keys(en.codes).sort()).toEqual([...new Set(codes)].sort());
    expect(Object.keys(fr.codes).sort()).toEqual(Object.keys(en.codes).sort());
  });

  it.each(Object.keys(en.codes))("%s reads as a player's sentence in both languages", (code) => {
    const english = errorText(code, LINE, 409, "en");
    const french = errorText(code, LINE, 409, "fr");
    if (DETAILED.includes(code)) {
      expect(english).toBe(LINE); // English: the server's line as it always was
      expect(french).toBe(`${fr.codes[code as keyof typeof fr.codes]} Précision du serveur (en anglais) : ${LINE}`);
    } else {
      expect(english).toBe(en.codes[code as keyof typeof en.codes]);
      expect(french).toBe(fr.codes[code as keyof typeof fr.codes]);
      expect(french).not.toContain(LINE);
    }
    expect(french).not.toBe(english);
    expect(english).not.toMatch(/\{\{|errors:|codes\./);
    expect(french).not.toMatch(/\{\{|errors:|codes\./);
  });

  it("says whose turn it is not in French, with what to do", () => {
    expect(errorText("not_your_turn", "seat 1: not your turn (seat 2 to move)", 409, "fr")).toMatch(
      /^Ce n’est pas votre tour .*: attendez/,
    );
  });

  it("keeps the server's line after a general sentence for a code it does not know", () => {
    expect(errorText("gems_on_fire", "mine: the gems are on fire", 422, "en")).toBe("mine: the gems are on fire");
    expect(errorText("gems_on_fire", "mine: the gems are on fire", 422, "fr")).toBe(
      `${fr.unknown} Précision du serveur (en anglais) : mine: the gems are on fire`,
    );
    // a code that is no key name is not looked up
    expect(errorText("codes.busy", "x", 409, "fr")).toBe(`${fr.unknown} Précision du serveur (en anglais) : x`);
  });

  it("reads a body without a code by its status, keeping the line", () => {
    expect(errorText(null, "502 Bad Gateway", 502, "en")).toBe("502 Bad Gateway");
    expect(errorText(null, "token: unknown token", 401, "en")).toBe("token: unknown token");
    expect(errorText(null, "token: unknown token", 401, "fr")).toBe(
      `${fr.codes.unauthorized} Précision du serveur (en anglais) : token: unknown token`,
    );
    expect(errorText(undefined, "502 Bad Gateway", 502, "fr")).toContain(fr.unknown);
  });

  it("follows the app's language when none is given", async () => {
    await i18n.changeLanguage("fr");
    try {
      expect(new ApiError(409, "game: another move was recorded first", "busy").message).toBe(fr.codes.busy);
      expect(new ApiError(422, LINE, "illegal_move").message).toContain(LINE);
    } finally {
      await i18n.changeLanguage("en");
    }
    const err = new ApiError(422, LINE, "illegal_move");
    expect(err.message).toBe(LINE);
    expect(err.serverMessage).toBe(LINE);
    expect(err.code).toBe("illegal_move");
  });
});

/** A stand-in fetch answering each call with the next of `answers`. */
function answering(...answers: { status: number; body: string; headers?: Record<string, string> }[]) {
  const fetch = vi.fn(async () => {
    const a = answers.shift()!;
    return new Response(a.body, { status: a.status, headers: a.headers });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("the API's errors", () => {
  beforeEach(() => {
    vi.stubGlobal("localStorage", memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("throws an ApiError with the code's line, the server's line and Retry-After", async () => {
    const body = JSON.stringify({ error: "seat 1: not your turn (seat 2 to move)", code: "not_your_turn" });
    answering(
      { status: 409, body },
      { status: 503, body: '{"error": "db", "code": "storage_unavailable"}', headers: { "Retry-After": "5" } },
    );
    const turn = await api.game("7").catch((e: unknown) => e);
    expect(turn).toBeInstanceOf(ApiError);
    expect((turn as ApiError).status).toBe(409);
    expect((turn as ApiError).message).toBe(en.codes.not_your_turn);
    expect((turn as ApiError).serverMessage).toBe("seat 1: not your turn (seat 2 to move)");
    expect((turn as ApiError).retryAfter).toBeNull();
    const storage = (await api.game("7").catch((e: unknown) => e)) as ApiError;
    expect([storage.code, storage.retryAfter, storage.message]).toEqual([
      "storage_unavailable",
      5,
      en.codes.storage_unavailable,
    ]);
  });

  it("keeps the status line for an answer that is not JSON", async () => {
    answering({ status: 502, body: "<html>bad gateway</html>" });
    const err = (await api.game("7").catch((e: unknown) => e)) as ApiError;
    expect(err.message).toMatch(/^502/);
    expect(err.code).toBeNull();
  });

  it("answers the review's calls as every other call, through the same request", async () => {
    answering(
      { status: 429, body: '{"error": "review: busy", "code": "busy"}', headers: { "Retry-After": "5" } },
      { status: 502, body: "<html>bad gateway</html>" },
    );
    const busy = (await reviewApi.review("7").catch((e: unknown) => e)) as ApiError;
    expect([busy.status, busy.code, busy.retryAfter, busy.message]).toEqual([429, "busy", 5, en.codes.busy]);
    const gateway = (await reviewApi.why("7", "E4").catch((e: unknown) => e)) as ApiError;
    expect(gateway).toBeInstanceOf(ApiError);
    expect(gateway.message).toMatch(/^502/);
  });

  it("reads Retry-After as seconds or as a date", () => {
    expect(retryAfterSeconds("12")).toBe(12);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds("soon")).toBeNull();
    expect(retryAfterSeconds("Thu, 26 Nov 2026 00:00:30 GMT", Date.parse("2026-11-26T00:00:00Z"))).toBe(30);
  });

  it("still retries a hint that is being worked out, whatever the language", async () => {
    vi.useFakeTimers();
    await i18n.changeLanguage("fr");
    try {
      const busy = JSON.stringify({
        error: "hints: your previous hint is still being worked out; wait for it before asking again",
        code: "too_many_requests",
      });
      const fetch = answering(
        { status: 429, body: busy, headers: { "Retry-After": "1" } },
        { status: 429, body: busy },
        { status: 200, body: '{"count": 3, "exact": true, "cells": {}}' },
      );
      const asked = whenFree(() => api.hintDeductions("7"));
      await vi.runAllTimersAsync();
      expect((await asked).count).toBe(3);
      expect(fetch).toHaveBeenCalledTimes(3);
      // another 429 (too many messages) is not retried
      answering({ status: 429, body: '{"error": "chat: too many messages from you", "code": "too_many_requests"}' });
      const refused = (await whenFree(() => api.hintDeductions("7")).catch((e: unknown) => e)) as ApiError;
      expect(refused.message).toBe(fr.codes.too_many_requests);
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
