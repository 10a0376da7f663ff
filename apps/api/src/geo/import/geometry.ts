/** GeoJSON geometry types the importers read. */
export type GeometryType = 'Point' | 'LineString' | 'MultiLineString' | 'Polygon' | 'MultiPolygon';

export interface GeometryCheck {
  /** Longitude/latitude bounds are checked only for EPSG:4326 input. */
  geographic: boolean;
}

type Position = number[];

/**
 * Checks a GeoJSON geometry before it reaches PostGIS, so that bad input names its feature:
 * the type, then positions of finite numbers (within lon/lat bounds in EPSG:4326), lines of 2
 * positions or more, closed rings of 4 positions or more. Returns the French reason, or null.
 */
export function geometryProblem(
  geometry: unknown,
  allowed: readonly GeometryType[],
  check: GeometryCheck,
): string | null {
  if (geometry === null || geometry === undefined) return 'géométrie absente.';
  if (typeof geometry !== 'object') return 'géométrie illisible.';
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (typeof type !== 'string' || !(allowed as readonly string[]).includes(type)) {
    return `géométrie de type « ${String(type)} », attendu ${allowed.join(' ou ')}.`;
  }
  if (!Array.isArray(coordinates)) return 'coordonnées absentes.';
  switch (type as GeometryType) {
    case 'Point':
      return positionProblem(coordinates, check);
    case 'LineString':
      return lineProblem(coordinates, check);
    case 'MultiLineString':
      return listProblem(coordinates, 'ligne', (line) => lineProblem(line, check));
    case 'Polygon':
      return polygonProblem(coordinates, check);
    case 'MultiPolygon':
      return listProblem(coordinates, 'polygone', (polygon) => polygonProblem(polygon, check));
  }
}

function listProblem(
  items: unknown[],
  what: string,
  problem: (item: unknown) => string | null,
): string | null {
  if (items.length === 0) return `aucun${what === 'ligne' ? 'e' : ''} ${what}.`;
  for (const item of items) {
    const found = problem(item);
    if (found) return found;
  }
  return null;
}

function positionProblem(position: unknown, check: GeometryCheck): string | null {
  if (!Array.isArray(position) || position.length < 2)
    return 'position mal formée (attendu [longitude, latitude]).';
  for (const value of position as unknown[]) {
    if (typeof value !== 'number' || !Number.isFinite(value))
      return `coordonnée non numérique (${JSON.stringify(value)}).`;
  }
  const [lon, lat] = position as Position;
  if (check.geographic && (Math.abs(lon!) > 180 || Math.abs(lat!) > 90)) {
    return `coordonnées hors des bornes longitude/latitude (${lon}, ${lat}) : fichier en Lambert-93 ? Indiquez --srid 2154.`;
  }
  return null;
}

function lineProblem(line: unknown, check: GeometryCheck): string | null {
  if (!Array.isArray(line)) return 'ligne mal formée.';
  if (line.length < 2) return 'une ligne a moins de 2 positions.';
  for (const position of line) {
    const found = positionProblem(position, check);
    if (found) return found;
  }
  return null;
}

function polygonProblem(polygon: unknown, check: GeometryCheck): string | null {
  if (!Array.isArray(polygon) || polygon.length === 0) return 'polygone sans contour.';
  for (const ring of polygon as unknown[]) {
    if (!Array.isArray(ring)) return 'contour mal formé.';
    if (ring.length < 4) return 'un contour a moins de 4 positions.';
    for (const position of ring) {
      const found = positionProblem(position, check);
      if (found) return found;
    }
    const first = ring[0] as Position;
    const last = ring[ring.length - 1] as Position;
    if (first[0] !== last[0] || first[1] !== last[1])
      return 'contour non fermé (la dernière position doit répéter la première).';
  }
  return null;
}
