import { expect, type Page } from '@playwright/test';
import type { Cerfa14023Input, Cerfa14024Input, IndividualAlignmentRequestInput } from '@voirie/domain';
import { findDemoAddress, squareAround, type DemoAddress } from '../support/geo.ts';
import { DEMO } from '../support/texts.ts';

// Files a networks request (kind 1) as the signed-in applicant, through the API the wizard
// calls (POST /api/request, multipart, docs/api-filing.md) with the page's session: the wizard
// itself is walked by filing/file-requests.spec.ts; here the request is only the start of the
// instruction journey.

/**
 * A signed order as a signatory returns it: a whole one-page PDF (catalog, pages, a page with its
 * text, the cross-reference table), which the publication can stamp and convert — `pdfFile`'s
 * bytes pass the upload's content check but are no document.
 */
export function signedPdfFile(name: string) {
  const text = `Arrete signe ${name.replace(/[^\w .-]/g, '')}`;
  const stream = `BT /F1 12 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** The mandatory pieces of a networks request in the seeded type_document (migration 0002). */
const MANDATORY_PIECES = [1, 3, 6, 8, 9, 85];

/** A small but real PDF (the server checks the content); distinct per label. */
export function pdfFile(name: string) {
  const body = `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${name}\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) };
}

interface AddressProperties {
  label: string;
  housenumber?: string;
  street?: string;
  postcode?: string;
  city?: string;
}

export interface FiledRequest {
  id: number;
  publicId: string;
}

/** The site address fields from a BAN-like feature: 'Rue des Pins' -> 'Rue' + 'des Pins'. */
function siteAddress(properties: AddressProperties) {
  const street = properties.street ?? properties.label;
  const [first = 'Rue', ...rest] = street.split(' ');
  const known = ['Rue', 'Avenue', 'Chemin', 'Allée', 'Impasse', 'Route', 'Place', 'Boulevard'];
  return {
    addressNum: properties.housenumber ?? '',
    addressType: known.includes(first) ? first : 'Rue',
    addressName: known.includes(first) && rest.length > 0 ? rest.join(' ') : street,
    addressCity: properties.city ?? '',
    addressPostalCode: properties.postcode ?? '',
  };
}

/**
 * What a filing may add to the networks request: its works form, the alignment asked with it and
 * the traffic-police order (cerfa 14024) — the acts instructed together.
 */
export interface FilingExtras {
  cerfa1402301?: Partial<Cerfa14023Input>;
  individualAlignmentRequest?: Partial<IndividualAlignmentRequestInput> | null;
  cerfa14024?: Partial<Cerfa14024Input> | null;
}

/** The footprint drawn around the demo address: by default a square of about ±15 m. */
export type FootprintAround = (address: DemoAddress) => { type: 'GeometryCollection'; geometries: object[] };

/** Files a networks request on a demo address (managed road, parcels around); null without demo geography. */
export async function fileNetworksRequest(
  page: Page,
  extras: FilingExtras = {},
  options: { site?: 2 | 3; footprint?: FootprintAround } = {},
): Promise<FiledRequest | null> {
  // Away from the filing journey's address (the first), and each journey on its own site: the
  // list journey clicks the applicant's newest request in the middle of the map, where two
  // requests on one spot would overlap.
  const first = await findDemoAddress(page);
  const second = first && (await findDemoAddress(page, { awayFrom: [first] }));
  const address =
    options.site === 3 && first && second
      ? await findDemoAddress(page, { awayFrom: [first, second] })
      : second;
  if (!address) return null;
  const search = await page.request.get(`/api/address/search?q=${encodeURIComponent(address.label)}&limit=1`);
  const feature = ((await search.json()) as { features: { properties: AddressProperties }[] }).features[0];
  const geom = options.footprint?.(address) ?? squareAround(address.lon, address.lat);
  const plots = await page.request.post('/api/plots', { data: { dep: '40', geom } });
  const found = ((await plots.json()) as { data: { plots: string[]; sections?: string[] | string } }).data;
  const payload = {
    type: 1,
    location: {
      ...siteAddress(feature?.properties ?? { label: address.label }),
      plotNumbers: found.plots.join(','),
      sections: Array.isArray(found.sections) ? found.sections.join(',') : (found.sections ?? ''),
      wayType: address.typevoie,
      theGeom: geom,
      lon: address.lon,
      lat: address.lat,
      adresses: [],
    },
    parties: {
      petitioner: {
        nature: 'Particulier',
        title: 'Madame',
        lastName: DEMO.demandeur.lastName,
        firstName: DEMO.demandeur.firstName,
        email: DEMO.demandeur.email,
        phone: '0558000000',
      },
      isbeneficiaire: false,
    },
    cerfa1402301: { themes: 'pose_compteur' },
    individualAlignmentRequest: null,
    ...extras,
    dates: { dateStart: '2027-02-01', dateEnd: '2027-02-10' },
    attestation: {
      accuracyInformation: true,
      madeIn: 'Capbreton',
      madeLastName: DEMO.demandeur.lastName,
      madeFirstName: DEMO.demandeur.firstName,
      madeFonction: 'Propriétaire',
    },
  };
  const multipart: Record<string, string | ReturnType<typeof pdfFile>> = { request: JSON.stringify(payload) };
  for (const type of MANDATORY_PIECES)
    multipart[`document-${String(type)}`] = pdfFile(`piece-${String(type)}.pdf`);
  const response = await page.request.post('/api/request', { multipart });
  const body = (await response.json()) as { message?: string; data?: FiledRequest; errors?: unknown };
  expect(response.status(), `POST /api/request : ${JSON.stringify(body)}`).toBe(201);
  return { id: body.data!.id, publicId: body.data!.publicId };
}
