/** What an importer loads. */
export type ImportKind = 'roads' | 'parcels' | 'addresses' | 'zones' | 'resurfacing' | 'consultations';

/** Where bad input was found: a CSV line (1 = header) or a GeoJSON feature (1 = first). */
export interface ImportLocation {
  unit: 'ligne' | 'entité';
  number: number;
}

/**
 * Bad input: the import stops, its transaction is rolled back (the previous data stays) and
 * the message — French, with the line or feature number — is shown to the operator.
 */
export class ImportError extends Error {
  readonly location: ImportLocation | undefined;
  readonly reason: string;

  constructor(reason: string, location?: ImportLocation) {
    super(location ? `${describeLocation(location)} : ${reason}` : reason);
    this.name = 'ImportError';
    this.reason = reason;
    this.location = location;
  }
}

/**
 * Several records refused at once (option `reportProblems` of an import): the import is rolled
 * back as for one, and each refusal keeps its own message.
 */
export class ImportProblems extends ImportError {
  readonly problems: readonly ImportError[];

  constructor(problems: readonly ImportError[]) {
    super(problems.map((problem) => problem.message).join(' '));
    this.name = 'ImportProblems';
    this.problems = problems;
  }
}

export function describeLocation(location: ImportLocation): string {
  return location.unit === 'ligne' ? `Ligne ${location.number}` : `Entité n° ${location.number}`;
}

/** The error at a GeoJSON feature (numbered from 1). */
export function featureError(number: number, reason: string): ImportError {
  return new ImportError(reason, { unit: 'entité', number });
}

/** The error at a CSV line (numbered from 1, the header is line 1). */
export function lineError(number: number, reason: string): ImportError {
  return new ImportError(reason, { unit: 'ligne', number });
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
