// One request per game for its review, shared by every explorer's panel on the page.
import { useEffect, useState } from "react";
import { ApiError } from "../../api";
import { Review, reviewApi } from "./reviewApi";
import i18n from "../../i18n";

const asked = new Map<string, Promise<{ reviews: Record<string, Review> }>>();

export function useReviews(id: string): { reviews: Record<string, Review> | null; error: string } {
  const [reviews, setReviews] = useState<Record<string, Review> | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    let live = true;
    let p = asked.get(id);
    if (!p) {
      p = reviewApi.review(id);
      asked.set(id, p);
      p.catch(() => asked.delete(id)); // a later visit asks again
    }
    p.then((r) => live && setReviews(r.reviews)).catch((e) => {
      if (!live) return;
      setError(e instanceof ApiError && e.status === 401 ? i18n.t("review:signIn") : (e as Error).message);
    });
    return () => {
      live = false;
    };
  }, [id]);
  return { reviews, error };
}
