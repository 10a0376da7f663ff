import { ColumnHead, type Column } from './table-parts';

/** A table's caption, above it (its accessible name), and its row of column headers. */
export function TableCaptionHead({ caption, columns }: { caption: string; columns: readonly Column[] }) {
  return (
    <>
      <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>{caption}</caption>
      <ColumnHead columns={columns} />
    </>
  );
}
