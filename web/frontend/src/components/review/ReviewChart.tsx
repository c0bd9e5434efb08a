// The review's chart: the layouts left after every question on a log scale (hollow dots are
// estimates), and each question's skill as a bar underneath.
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n";
import { Review } from "./reviewApi";
import { portText } from "../../orapa/board";

export function ReviewChart({ review, label }: { review: Review; label: string }): JSX.Element {
  const { t } = useTranslation("review");
  const qs = review.questions;
  const left = 46;
  const right = 590;
  const n = Math.max(qs.length, 1);
  const x = (i: number) => left + (i / n) * (right - left); // i = states 0..n
  const points = qs.length ? [qs[0].before, ...qs.map((q) => q.after)] : [];
  const top = Math.max(1, ...points.map((p) => Math.log10(Math.max(1, p.count))));
  const ceil = Math.max(1, Math.ceil(top));
  const y = (count: number) => 150 - (Math.log10(Math.max(1, count)) / ceil) * 125;
  const bar = (skill: number) => (skill / 100) * 60;
  const w = (right - left) / n;
  return (
    <svg
      className="chart"
      viewBox="0 0 600 270"
      role="img"
      aria-label={t("chart.label", { label })}
      data-testid="review-chart"
    >
      <text x={4} y={14} className="axis" style={{ textAnchor: "start" }}>
        {t("chart.layouts")}
      </text>
      {Array.from({ length: ceil + 1 }, (_, k) => k)
        .filter((k) => ceil <= 6 || k % 2 === ceil % 2)
        .map((k) => (
          <g key={k}>
            <line x1={left} x2={right} y1={y(10 ** k)} y2={y(10 ** k)} stroke="#ddd" strokeWidth={1} />
            <text x={left - 4} y={y(10 ** k) + 4} className="axis" style={{ textAnchor: "end" }}>
              {k === 0
                ? "1"
                : k < 4
                  ? String(10 ** k)
                  : k < 6
                    ? `${10 ** (k - 3)}k`
                    : k < 9
                      ? `${10 ** (k - 6)}M`
                      : `${10 ** (k - 9)}G`}
            </text>
          </g>
        ))}
      <polyline
        fill="none"
        stroke="#1f5fd1"
        strokeWidth={2}
        points={points.map((p, i) => `${x(i)},${y(p.count)}`).join(" ")}
      />
      {points.map((p, i) => (
        <circle
          key={i}
          cx={x(i)}
          cy={y(p.count)}
          r={4}
          fill={p.exact ? "#1f5fd1" : "#fffdf7"}
          stroke="#1f5fd1"
          strokeWidth={2}
        >
          <title>
            {t(p.exact ? "chart.point" : "chart.pointAbout", {
              when: i === 0 ? t("atStart") : t("afterQuestion", { n: i }),
              n: formatNumber(Math.round(p.count)),
              count: Math.round(p.count),
            })}
          </title>
        </circle>
      ))}
      <text x={4} y={178} className="axis" style={{ textAnchor: "start" }}>
        {t("chart.skill")}
      </text>
      {qs.map((q, i) => (
        <g key={q.number}>
          <rect
            x={x(i) + w * 0.15}
            y={245 - bar(q.skill)}
            width={w * 0.7}
            height={Math.max(1, bar(q.skill))}
            fill={q.skill >= 90 ? "#2e9e4f" : q.skill >= 60 ? "#d1a01f" : "#c0392b"}
          >
            <title>{t("chart.bar", { n: q.number, question: portText(q.question), skill: Math.round(q.skill) })}</title>
          </rect>
          {(w >= 14 || i % 5 === 4) && (
            <text x={x(i) + w / 2} y={262} className="axis">
              {q.number}
            </text>
          )}
        </g>
      ))}
      <line x1={left} y1={245} x2={right} y2={245} stroke="#555" strokeWidth={1} />
    </svg>
  );
}
