import { describe, expect, test } from 'vitest';
import { checkLibraryFile, libraryFileName, libraryFileType, LibraryDocumentFormSchema } from './library.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);

describe('library files, checked by their content', () => {
  test('PDF by its magic bytes; office formats by their zip entries', () => {
    expect(libraryFileType({ head: bytes('%PDF-1.7\n') })).toBe('pdf');
    expect(libraryFileType({ head: ZIP, zipEntries: ['[Content_Types].xml', 'word/document.xml'] })).toBe(
      'docx',
    );
    expect(libraryFileType({ head: ZIP, zipEntries: ['[Content_Types].xml', 'xl/workbook.xml'] })).toBe(
      'xlsx',
    );
    expect(
      libraryFileType({
        head: ZIP,
        zipEntries: ['mimetype'],
        odfMimeType: 'application/vnd.oasis.opendocument.text',
      }),
    ).toBe('odt');
    expect(
      libraryFileType({
        head: ZIP,
        zipEntries: ['mimetype'],
        odfMimeType: 'application/vnd.oasis.opendocument.spreadsheet',
      }),
    ).toBe('ods');
  });

  test('anything else is refused: an image, a plain zip, a renamed text', () => {
    expect(
      libraryFileType({ head: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) }),
    ).toBeNull();
    expect(libraryFileType({ head: ZIP, zipEntries: ['readme.txt'] })).toBeNull();
    expect(libraryFileType({ head: bytes('word/document.xml') })).toBeNull();
    expect(checkLibraryFile({ head: bytes('MZ'), size: 10 })).toEqual({
      ok: false,
      message:
        'Le contenu du fichier ne correspond pas à un format accepté. Formats acceptés : PDF, Word (DOCX), Excel (XLSX), OpenDocument texte (ODT), OpenDocument tableur (ODS).',
    });
    expect(checkLibraryFile({ head: bytes('%PDF-'), size: 0 })).toEqual({
      ok: false,
      message: 'Le fichier est vide.',
    });
    expect(checkLibraryFile({ head: bytes('%PDF-'), size: 2048 }, 1024)).toEqual({
      ok: false,
      message: 'Le fichier dépasse la taille maximale de 0 Mo.',
    });
  });

  test('the download name carries the checked format', () => {
    expect(libraryFileName('Règlement de voirie.PDF', 'pdf')).toBe('Règlement de voirie.pdf');
    expect(libraryFileName('formulaire.exe', 'docx')).toBe('formulaire.docx');
    expect(libraryFileName('.pdf', 'pdf')).toBe('document.pdf');
  });

  test('the form: a title and a category', () => {
    expect(LibraryDocumentFormSchema.safeParse({ title: '  ', category: 'guide' }).success).toBe(false);
    expect(
      LibraryDocumentFormSchema.safeParse({ title: 'Guide', category: 'inconnue' }).error?.issues[0]?.message,
    ).toBe('Veuillez choisir une catégorie.');
  });
});
