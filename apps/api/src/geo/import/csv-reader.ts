import { ImportError, lineError } from './errors.ts';
import type { OpenedSource } from './source.ts';

export interface CsvRecord {
  /** Physical line where the record starts (the header is line 1). */
  line: number;
  /** Values by column name. */
  values: Record<string, string>;
}

export interface CsvOptions {
  separator: string;
  /** Columns that must be in the header. */
  required: readonly string[];
}

/**
 * Records of a delimited UTF-8 text file (RFC 4180 quoting: "a;b" and "" inside quotes; CRLF
 * or LF; a leading BOM is dropped), streamed. Each record must have as many fields as the
 * header, else the import stops at that line.
 */
export async function* readCsvRecords(
  opened: OpenedSource,
  options: CsvOptions,
): AsyncGenerator<CsvRecord[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parser = new CsvParser(options.separator);
  let header: string[] | null = null;
  const batch: CsvRecord[] = [];
  const accept = (fields: string[], line: number) => {
    if (!header) {
      header = checkHeader(fields, options);
      return;
    }
    if (fields.length === 1 && fields[0] === '') return; // blank line
    if (fields.length !== header.length) {
      throw lineError(
        line,
        `${fields.length} colonne${fields.length > 1 ? 's' : ''} au lieu de ${header.length} (séparateur « ${options.separator} »).`,
      );
    }
    const values: Record<string, string> = {};
    for (let i = 0; i < header.length; i += 1) values[header[i]!] = fields[i]!;
    batch.push({ line, values });
  };
  let text: string;
  for await (const chunk of opened.chunks) {
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw lineError(parser.line, 'encodage invalide (UTF-8 attendu).');
    }
    parser.push(text, accept);
    if (batch.length) yield batch.splice(0);
  }
  parser.end(accept);
  if (batch.length) yield batch.splice(0);
  if (!header) throw new ImportError('Le fichier CSV est vide (ligne d’en-tête absente).');
}

function checkHeader(fields: string[], options: CsvOptions): string[] {
  const header = fields.map((field) => field.trim());
  if (header.length === 1 && options.separator !== ',' && header[0]!.includes(',')) {
    throw lineError(1, `séparateur « ${options.separator} » attendu (en-tête séparé par des virgules).`);
  }
  const missing = options.required.filter((column) => !header.includes(column));
  if (missing.length)
    throw lineError(
      1,
      `colonne${missing.length > 1 ? 's' : ''} obligatoire${missing.length > 1 ? 's' : ''} absente${missing.length > 1 ? 's' : ''} : ${missing.join(', ')}.`,
    );
  return header;
}

/** An incremental RFC 4180 parser. */
class CsvParser {
  /** Current physical line (1-based). */
  line = 1;
  private recordLine = 1;
  private fields: string[] = [];
  private field = '';
  private quoted = false;
  /** Inside quotes, the previous character was a quote (end of quotes, or the first of ""). */
  private quotePending = false;
  private atFieldStart = true;
  private skipLf = false;
  private first = true;

  constructor(private readonly separator: string) {}

  push(text: string, emit: (fields: string[], line: number) => void) {
    let start = 0;
    if (this.first && text.length) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) start = 1;
    }
    const sep = this.separator;
    for (let i = start; i < text.length; i += 1) {
      const c = text[i]!;
      if (this.skipLf) {
        this.skipLf = false;
        if (c === '\n') continue;
      }
      if (this.quoted) {
        if (this.quotePending) {
          this.quotePending = false;
          if (c === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false; // closing quote: fall through to the unquoted handling of c
        } else if (c === '"') {
          this.quotePending = true;
          continue;
        } else {
          if (c === '\n') this.line += 1;
          else if (c === '\r') {
            this.line += 1;
            this.skipLf = true;
          }
          this.field += c;
          continue;
        }
      }
      if (c === sep) {
        this.fields.push(this.field);
        this.field = '';
        this.atFieldStart = true;
      } else if (c === '\n' || c === '\r') {
        this.endRecord(emit);
        this.line += 1;
        this.recordLine = this.line;
        if (c === '\r') this.skipLf = true;
      } else if (c === '"' && this.atFieldStart) {
        this.quoted = true;
        this.atFieldStart = false;
      } else {
        // Unquoted: copy up to the next separator or line end (a quote inside is literal).
        let j = i + 1;
        while (j < text.length) {
          const d = text[j]!;
          if (d === sep || d === '\n' || d === '\r') break;
          j += 1;
        }
        this.field += text.slice(i, j);
        this.atFieldStart = false;
        i = j - 1;
      }
    }
  }

  end(emit: (fields: string[], line: number) => void) {
    if (this.quoted && !this.quotePending)
      throw lineError(this.recordLine, 'guillemets non fermés en fin de fichier.');
    this.quoted = false;
    this.quotePending = false;
    if (this.fields.length || this.field !== '') this.endRecord(emit);
  }

  private endRecord(emit: (fields: string[], line: number) => void) {
    this.fields.push(this.field);
    const fields = this.fields;
    this.fields = [];
    this.field = '';
    this.atFieldStart = true;
    emit(fields, this.recordLine);
  }
}
