import { useEffect, useRef } from 'react';

/**
 * A bar chart drawn with Chart.js, loaded only when a chart is shown (the admin's other screens
 * do not pay for it). The canvas is an image with a summary for screen readers; the same numbers
 * stand in a table next to it.
 */
export function BarChart({
  labels,
  values,
  label,
  summary,
  horizontal = false,
}: {
  labels: string[];
  values: number[];
  /** The series name, e.g. 'Umsatz in €'. */
  label: string;
  summary: string;
  horizontal?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('chart.js').then(({ Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip }) => {
      if (cancelled || !canvas.current) return;
      Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: { labels, datasets: [{ label, data: values, backgroundColor: '#c2410c' }] },
        options: {
          indexAxis: horizontal ? 'y' : 'x',
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          locale: 'de-DE',
          plugins: { tooltip: { enabled: true } },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [labels, values, label, horizontal]);
  return (
    <div className={`admin-chart${horizontal ? ' admin-chart--horizontal' : ''}`}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
