/** MUI Pagination's item labels in French (« Page suivante », « Page précédente », « Page 3 »). */
export function paginationLabel(type: string, value: number | null): string {
  if (type === 'page') return `Page ${String(value)}`;
  if (type === 'next') return 'Page suivante';
  if (type === 'previous') return 'Page précédente';
  return type;
}
