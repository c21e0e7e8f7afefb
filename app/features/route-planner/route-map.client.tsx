/**
 * The route on a Leaflet map: numbered markers for the stops in the order visited, the start and
 * the end, and the line between them. Loaded lazily and only in the browser (Leaflet reads
 * `window` as it loads), so neither the sign-in page nor the server render carries it.
 */
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useMemo, useRef } from "react";
import {
  MapContainer,
  Marker,
  Polyline,
  Popup,
  TileLayer,
  useMap,
  useMapEvents,
} from "react-leaflet";
import { escapeXml } from "~/domain/routing/gpx";
import type { LatLng } from "~/domain/routing/optimize";

export interface MapMarker {
  id: string;
  kind: "start" | "stop" | "end";
  /** The stop's place in the order (1-based); start and end have none. */
  number?: number;
  label: string;
  lat: number;
  lng: number;
  /** "Arrive 9:42 AM" */
  eta?: string;
  /** "Late by 12 min" */
  late?: string;
}

export interface RouteMapProps {
  tileUrl: string;
  attribution: string;
  markers: readonly MapMarker[];
  /** [lat, lng] pairs: straight legs, or the roads' line. */
  line: readonly [number, number][];
  selected: string | null;
  onSelect: (id: string) => void;
  /** What a click on the map places ("12 Oak St"), while pinning. */
  pinning: string | null;
  onPin: (point: LatLng) => void;
}

/** The contiguous United States, before there is anything to show. */
const NOTHING_YET = { center: [39.5, -98.35] as [number, number], zoom: 4 };

const ICON_SIZE = 28;
/** Icons by their HTML: a marker keeps its element (and its focus) while its icon stays the same. */
const icons = new Map<string, L.DivIcon>();

/** A round numbered marker, named for screen readers ("Stop 2: 12 Oak St, Arrive 9:42 AM"). */
function markerIcon(marker: MapMarker, selected: boolean) {
  const text = marker.kind === "stop" ? String(marker.number) : marker.kind === "start" ? "S" : "E";
  const name = [
    marker.kind === "stop"
      ? `Stop ${marker.number}: ${marker.label}`
      : `${marker.kind === "start" ? "Start" : "End"}: ${marker.label}`,
    marker.eta,
    marker.late,
  ]
    .filter(Boolean)
    .join(", ");
  const tone = marker.late
    ? "bg-[var(--danger-fill)] text-white"
    : marker.kind === "stop"
      ? "bg-accent text-accent-fg"
      : "bg-fg text-canvas";
  const ring = selected ? "ring-4 ring-white scale-125" : "ring-2 ring-canvas";
  const html = `<span class="grid size-7 place-items-center rounded-full text-sm font-bold shadow-lg transition ${tone} ${ring}"><span aria-hidden="true">${text}</span><span class="sr-only">${escapeXml(name)}</span></span>`;
  let icon = icons.get(html);
  if (!icon) {
    icon = L.divIcon({
      className: "route-marker",
      html,
      iconSize: [ICON_SIZE, ICON_SIZE],
      iconAnchor: [ICON_SIZE / 2, ICON_SIZE / 2],
      popupAnchor: [0, -ICON_SIZE / 2],
    });
    icons.set(html, icon);
  }
  return icon;
}

/** Frames every marker whenever the set of places changes (not when only the order does). */
function FitToMarkers(props: { points: readonly LatLng[] }) {
  const map = useMap();
  const key = props.points
    .map((point) => `${point.lat},${point.lng}`)
    .sort()
    .join(";");
  useEffect(() => {
    const points = key ? key.split(";").map((pair) => pair.split(",").map(Number)) : [];
    if (points.length === 1) map.setView(points[0] as [number, number], 14);
    else if (points.length > 1)
      map.fitBounds(L.latLngBounds(points as [number, number][]), {
        padding: [32, 32],
        maxZoom: 15,
      });
  }, [key, map]);
  return null;
}

function PinOnClick(props: { onPin: (point: LatLng) => void }) {
  useMapEvents({ click: (event) => props.onPin({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

/**
 * Pinning without a pointer: pan the map with the arrow keys (Leaflet's keyboard support), then
 * place the pin at its centre. The button's clicks stay off the map, or they would pin twice.
 */
function PinAtCentre(props: { label: string; onPin: (point: LatLng) => void }) {
  const map = useMap();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (button.current) L.DomEvent.disableClickPropagation(button.current);
  }, []);
  return (
    <button
      ref={button}
      type="button"
      className="btn-secondary absolute bottom-8 left-2 z-[1000] text-sm shadow"
      onClick={() => {
        const centre = map.getCenter();
        props.onPin({ lat: centre.lat, lng: centre.lng });
      }}
    >
      Pin {props.label} at the map&apos;s centre
    </button>
  );
}

export default function RouteMap(props: RouteMapProps) {
  const refs = useRef(new Map<string, L.Marker>());
  const { selected } = props;

  useEffect(() => {
    if (!selected) return;
    const marker = refs.current.get(selected);
    if (marker) marker.openPopup();
  }, [selected]);

  const points = useMemo(
    () => props.markers.map(({ lat, lng }) => ({ lat, lng })),
    [props.markers],
  );

  return (
    <section
      aria-label="Map of the route"
      className={`h-full ${props.pinning ? "[&_.leaflet-container]:cursor-crosshair! [&_.leaflet-grab]:cursor-crosshair!" : ""}`}
    >
      <MapContainer
        center={NOTHING_YET.center}
        zoom={NOTHING_YET.zoom}
        className="h-full min-h-80 w-full rounded-2xl"
      >
        <TileLayer url={props.tileUrl} attribution={props.attribution} />
        <FitToMarkers points={points} />
        {props.pinning && <PinOnClick onPin={props.onPin} />}
        {props.pinning && <PinAtCentre label={props.pinning} onPin={props.onPin} />}
        {props.line.length > 1 && (
          <Polyline
            positions={props.line as [number, number][]}
            pathOptions={{ color: "#4453e6", weight: 4, opacity: 0.85 }}
          />
        )}
        {props.markers.map((marker) => (
          <Marker
            key={`${marker.kind}-${marker.id}`}
            position={[marker.lat, marker.lng]}
            icon={markerIcon(marker, marker.id === selected)}
            zIndexOffset={marker.id === selected ? 1000 : marker.kind === "stop" ? 100 : 0}
            eventHandlers={{ click: () => props.onSelect(marker.id) }}
            ref={(instance) => {
              if (instance) refs.current.set(marker.id, instance);
              else refs.current.delete(marker.id);
            }}
          >
            <Popup>
              <strong>
                {marker.kind === "stop"
                  ? `${marker.number}. ${marker.label}`
                  : `${marker.kind === "start" ? "Start" : "End"}: ${marker.label}`}
              </strong>
              {marker.eta && <div>{marker.eta}</div>}
              {marker.late && <div className="font-semibold text-red-700">{marker.late}</div>}
            </Popup>
          </Marker>
        ))}
      </MapContainer>
    </section>
  );
}
