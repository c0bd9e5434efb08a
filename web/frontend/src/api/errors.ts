// The server's error answers (docs/interface.md, "Errors") as an ApiError whose message a person
// reads in their own language, and the retry of a hint the server is still working out.
import i18n, { currentLanguage } from "../i18n";

/** The codes whose server line names a specific (which gem, which field, which rule) that the
 * code alone cannot say: their line is kept (docs/interface.md lists every code). */
const DETAILED_CODES = new Set(["illegal_move", "malformed", "bad_input", "invalid", "time_limit"]);

/** The code of an answer known only by its status, as the server gives it (web/errors.py). */
const STATUS_CODES: Record<number, string> = {
  400: "malformed",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "too_large",
  422: "invalid",
  429: "too_many_requests",
  500: "internal",
  503: "unavailable",
};

/** Whether the `errors` namespace has a sentence for this code. */
function knownCode(code: string | null | undefined): code is string {
  return !!code && /^[a-z_]+$/.test(code) && i18n.exists(`errors:codes.${code}`, { lng: "en" });
}

/** What a person reads for an error answer: chosen by its `code`, in the reader's language.
 * A code with its own sentence (not_your_turn, busy, ...) reads that sentence. The server speaks
 * English only, so where its line carries a specific the code cannot say (DETAILED_CODES, a
 * code this app does not know, a body without a code) English keeps the server's line as it is,
 * and another language says the code's sentence (or the status's) followed by the server's line. */
export function errorText(
  code: string | null | undefined,
  serverLine: string,
  status = 0,
  language: string = currentLanguage(),
): string {
  const lng = language;
  if (knownCode(code) && !DETAILED_CODES.has(code)) return i18n.t(`errors:codes.${code}`, { lng });
  if (lng === "en") return serverLine;
  const fallback = code ? code : STATUS_CODES[status];
  const sentence = knownCode(fallback)
    ? i18n.t(`errors:codes.${fallback}`, { lng })
    : i18n.t("errors:unknown", { lng });
  return serverLine ? i18n.t("errors:withDetail", { lng, sentence, detail: serverLine }) : sentence;
}

/** An error answer of the API: its status, its `code`, the server's own line (English) and, as
 * `message`, the line a person reads (`errorText`, in the reader's language); `retryAfter` is
 * the `Retry-After` header's seconds, when the answer has one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly code: string | null = null,
    readonly retryAfter: number | null = null,
  ) {
    super(errorText(code, serverMessage, status));
  }
}

/** The seconds of a `Retry-After` header (a number of seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The ApiError of a failed answer: its body's `error` and `code` (when it is JSON and has them). */
export function apiErrorOf(res: Response, data: unknown): ApiError {
  const body = (data && typeof data === "object" ? data : {}) as { error?: unknown; code?: unknown };
  const line = typeof body.error === "string" ? body.error : `${res.status} ${res.statusText}`;
  const code = typeof body.code === "string" ? body.code : null;
  return new ApiError(res.status, line, code, retryAfterSeconds(res.headers.get("Retry-After")));
}

/** A hint request that waits its turn: the server works on one hint per player at a time (the
 * training counts ask for one after every answer), so "busy" is retried for up to a minute. */
export async function whenFree<T>(ask: () => Promise<T>, tries = 60): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await ask();
    } catch (err) {
      if (
        !(err instanceof ApiError && err.status === 429 && /still being worked out/.test(err.serverMessage)) ||
        i >= tries
      )
        throw err;
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}
