/** Tables of the requests, parties, forms, documents and geography (see migrations 0002+). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the data-model migration
export interface ModelTables {}
