// A small router over the History API: the pages of INTERFACE.md ("/", "/games/{id}",
// "/players/{id}", "/daily", plus "/learn", "/learn/{game}" and "/learn/orapa/tutorial"), which the server answers with the app (SPA fallback).
import { useEffect, useState } from "react";

/** The base path the app is served under behind a proxy (`orapa serve --root-path /orapa`:
 * the server says it in `<meta name="orapa-root">`), or "" at the root of the host. Page
 * addresses, API calls and the live socket all go under it. */
export const ROOT: string =
  typeof document === "undefined"
    ? ""
    : (document.querySelector('meta[name="orapa-root"]')?.getAttribute("content") ?? "");

/** The app's own path of an address (the base path taken off). */
export function appPath(pathname: string): string {
  if (!ROOT || !pathname.startsWith(ROOT)) return pathname;
  return pathname.slice(ROOT.length) || "/";
}

export type Route =
  | { page: "lobby" }
  | { page: "game"; id: string }
  | { page: "player"; id: string }
  | { page: "daily" }
  | { page: "learn"; game: string | null }
  | { page: "tutorial" }
  | { page: "missing"; path: string };

export function parseRoute(path: string): Route {
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { page: "lobby" };
  // game and player ids are whole numbers: anything else is a page the app does not have
  if (parts[0] === "games" && parts.length === 2 && /^[0-9]{1,15}$/.test(parts[1]))
    return { page: "game", id: parts[1] };
  if (parts[0] === "players" && parts.length === 2 && /^[0-9]{1,15}$/.test(parts[1]))
    return { page: "player", id: parts[1] };
  if (parts[0] === "daily" && parts.length === 1) return { page: "daily" };
  // how to play: /learn (the list), /learn/{game}, and /learn/orapa/tutorial
  if (parts[0] === "learn" && parts.length === 1) return { page: "learn", game: null };
  if (parts[0] === "learn" && parts.length === 2 && ["orapa", "mandragora", "ripple", "uncovered"].includes(parts[1]))
    return { page: "learn", game: parts[1] };
  if (parts[0] === "learn" && parts.length === 3 && parts[1] === "orapa" && parts[2] === "tutorial")
    return { page: "tutorial" };
  return { page: "missing", path };
}

export function navigate(path: string): void {
  history.pushState(null, "", ROOT + path);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(appPath(window.location.pathname)));
  useEffect(() => {
    const update = () => setRoute(parseRoute(appPath(window.location.pathname)));
    window.addEventListener("popstate", update);
    return () => window.removeEventListener("popstate", update);
  }, []);
  return route;
}
