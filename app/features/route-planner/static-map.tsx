/**
 * The route drawn as an inline SVG: the stops and the line, projected into a box. Needs no tiles
 * and no script, so it always prints.
 */
import type { LatLng } from "~/domain/routing/optimize";
import type { MapMarker } from "./route-map.client";

const WIDTH = 640;
const HEIGHT = 400;
const MARGIN = 28;

/**
 * A plain equirectangular projection, longitudes narrowed by the cosine of the middle latitude so
 * that a day's drive keeps its shape, fitted and centred in the box.
 */
function projector(points: readonly LatLng[]) {
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const [south, north] = [Math.min(...lats), Math.max(...lats)];
  const [west, east] = [Math.min(...lngs), Math.max(...lngs)];
  const squeeze = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * squeeze, 1e-6);
  const spanY = Math.max(north - south, 1e-6);
  const scale = Math.min((WIDTH - 2 * MARGIN) / spanX, (HEIGHT - 2 * MARGIN) / spanY);
  const offsetX = (WIDTH - spanX * scale) / 2;
  const offsetY = (HEIGHT - spanY * scale) / 2;
  return (point: LatLng) => ({
    x: offsetX + (point.lng - west) * squeeze * scale,
    y: offsetY + (north - point.lat) * scale,
  });
}

export function StaticMap(props: {
  markers: readonly MapMarker[];
  line: readonly [number, number][];
}) {
  const line = props.line.map(([lat, lng]) => ({ lat, lng }));
  const all = [...props.markers, ...line];
  if (all.length === 0) return null;
  const project = projector(all);
  const path = line
    .map(project)
    .map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`)
    .join(" ");
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Map of the route: ${props.markers.map((marker) => marker.label).join(", ")}`}
      className="h-auto max-h-[10cm] w-full border border-gray-400"
    >
      <polyline points={path} fill="none" stroke="#333" strokeWidth={2.5} />
      {props.markers.map((marker) => {
        const { x, y } = project(marker);
        const text =
          marker.kind === "stop" ? String(marker.number) : marker.kind === "start" ? "S" : "E";
        return (
          <g key={`${marker.kind}-${marker.id}`}>
            <circle
              cx={x}
              cy={y}
              r={11}
              fill={marker.kind === "stop" ? "#fff" : "#000"}
              stroke="#000"
              strokeWidth={marker.late ? 3 : 1.5}
              strokeDasharray={marker.late ? "3 2" : undefined}
            />
            <text
              x={x}
              y={y}
              textAnchor="middle"
              dominantBaseline="central"
              fontSize={11}
              fontWeight={700}
              fill={marker.kind === "stop" ? "#000" : "#fff"}
            >
              {text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
