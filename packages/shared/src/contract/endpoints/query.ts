export type QueryValue = string | number | boolean | null | undefined;
/** The generic table's query (page, perPage, sortBy, descending, search) and a page's filters. */
export type PageQuery = { page?: number; perPage?: number; sortBy?: string; descending?: boolean; search?: string };
export type Filters = Record<string, QueryValue>;
