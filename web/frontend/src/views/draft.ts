// A draft kept in this browser (the explorer's sketch, the director's half-placed mine): it
// survives a reload, and two tabs of one player keep it in step (each edit reaches the other
// tab through the storage event), so no edit is lost to a silent "last one wins".
import { useCallback, useEffect, useState } from "react";
import { GemJSON } from "../orapa/layout";
import { Notes, parseNotes } from "../orapa/sketch";

function read(key: string): GemJSON[] {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? (value as GemJSON[]) : [];
  } catch {
    return [];
  }
}

export function useDraft(key: string): [GemJSON[], (g: GemJSON[]) => void] {
  const [gems, setGems] = useState<GemJSON[]>(() => read(key));
  useEffect(() => setGems(read(key)), [key]);
  useEffect(() => {
    const other = (e: StorageEvent) => {
      if (e.key === key) setGems(read(key));
    };
    window.addEventListener("storage", other);
    return () => window.removeEventListener("storage", other);
  }, [key]);
  const change = useCallback(
    (next: GemJSON[]) => {
      localStorage.setItem(key, JSON.stringify(next));
      setGems(next);
    },
    [key],
  );
  return [gems, change];
}

/** The notes sheet of one seat of one game, kept in this browser beside the sketch. */
export function notesKey(game: string | number, seat: string | number): string {
  return `orapa.notes.${game}.${seat}`;
}

/** The notes as stored now (for the replay: what the player left on the sheet). */
export function readNotes(key: string): Notes {
  try {
    return parseNotes(JSON.parse(localStorage.getItem(key) ?? "null"));
  } catch {
    return parseNotes(null);
  }
}

/** Notes kept like the sketch: survive a reload, follow edits made in another tab. */
export function useNotes(key: string): [Notes, (n: Notes) => void] {
  const [notes, setNotes] = useState<Notes>(() => readNotes(key));
  useEffect(() => setNotes(readNotes(key)), [key]);
  useEffect(() => {
    const other = (e: StorageEvent) => {
      if (e.key === key) setNotes(readNotes(key));
    };
    window.addEventListener("storage", other);
    return () => window.removeEventListener("storage", other);
  }, [key]);
  const change = useCallback(
    (next: Notes) => {
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        /* storage full or off: kept for this page only */
      }
      setNotes(next);
    },
    [key],
  );
  return [notes, change];
}
