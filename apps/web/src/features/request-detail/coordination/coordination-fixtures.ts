import type { CoordinationReport } from '@voirie/domain';

// A request's coordination as GET request/{id}/conflicts answers it, for the component tests.

const square = (lon: number, lat: number) => ({
  type: 'GeometryCollection' as const,
  geometries: [
    {
      type: 'Polygon' as const,
      coordinates: [
        [
          [lon, lat],
          [lon + 0.0002, lat],
          [lon + 0.0002, lat + 0.0002],
          [lon, lat + 0.0002],
          [lon, lat],
        ] as [number, number][],
      ],
    },
  ],
});

/** Two works in conflict, one recent resurfacing, the search at filing. */
export function aCoordinationReport(overrides: Partial<CoordinationReport> = {}): CoordinationReport {
  return {
    requestId: 42,
    notice: null,
    settings: { distanceMetres: 50, resurfacingYears: 3 },
    reference: '2026-06-10',
    conflicts: [
      {
        id: 57,
        publicId: 'b9a3c7e2-0000-4000-8000-000000000057',
        numaffaire: '2026-C003',
        type: 1,
        stateId: 4,
        stateName: 'En attente de réception',
        status: 'inForce',
        address: '30 Avenue des Lacs, Seignosse',
        dateStart: '2026-06-05',
        dateEnd: '2026-06-22',
        distanceMetres: 20.4,
        overlapDays: 11,
        geometry: square(-1.38, 43.69),
      },
      {
        id: 61,
        publicId: 'b9a3c7e2-0000-4000-8000-000000000061',
        numaffaire: null,
        type: 3,
        stateId: 3,
        stateName: 'Transférée pour instruction',
        status: 'underInstruction',
        address: '4 Avenue des Lacs, Seignosse',
        dateStart: '2026-06-20',
        dateEnd: '2026-06-20',
        distanceMetres: 0,
        overlapDays: 1,
        geometry: square(-1.381, 43.69),
      },
    ],
    resurfacings: [
      {
        source: 'reception',
        id: 33,
        publicId: 'b9a3c7e2-0000-4000-8000-000000000033',
        label: 'Travaux réceptionnés, demande n° 33 : réfection en pleine largeur',
        resurfacedOn: '2025-08-14',
        distanceMetres: 0,
        geometry: square(-1.3805, 43.6901),
      },
    ],
    limited: false,
    checks: [
      {
        trigger: 'filing',
        checkedAt: '2026-05-20T08:15:00.000Z',
        checkedBy: null,
        conflictCount: 2,
        resurfacingCount: 1,
      },
    ],
    abilities: { search: true },
    ...overrides,
  };
}
