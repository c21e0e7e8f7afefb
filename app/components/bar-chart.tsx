/**
 * A bar chart that downloads Chart.js only when it scrolls into view (a page's first load carries
 * none of it), holding its height from the server's render on so nothing below it moves.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { BarChartProps } from "./bar-chart.client";
import { Skeleton } from "./skeleton";

const DrawnChart = lazy(() => import("./bar-chart.client"));

/** The height a chart takes when its caller names none (bar-chart.client.tsx draws it so). */
const DEFAULT_HEIGHT = 224;

export function BarChart(props: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const seen = new IntersectionObserver(([entry]) => {
      if (!entry?.isIntersecting) return;
      setShown(true);
      seen.disconnect();
    });
    seen.observe(element);
    return () => seen.disconnect();
  }, []);
  return (
    <div ref={box} style={{ minHeight: props.height ?? DEFAULT_HEIGHT }}>
      {shown && (
        <Suspense fallback={<Skeleton variant="card" compact />}>
          <DrawnChart {...props} />
        </Suspense>
      )}
    </div>
  );
}
