// A draft kept in this browser (the explorer's sketch, the director's half-placed mine): it
// survives a reload, and two tabs of one player keep it in step (each edit reaches the other
// tab through the storage event), so no edit is lost to a silent "last one wins".
import { useCallback, useEffect, useState } from "react";
import { GemJSON } from "../orapa/layout";

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
    const other = (e: StorageEvent) => { if (e.key === key) setGems(read(key)); };
    window.addEventListener("storage", other);
    return () => window.removeEventListener("storage", other);
  }, [key]);
  const change = useCallback((next: GemJSON[]) => {
    localStorage.setItem(key, JSON.stringify(next));
    setGems(next);
  }, [key]);
  return [gems, change];
}
