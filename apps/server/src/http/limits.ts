/** Limits of request input, shared by the body parsers (multipart.ts) and the error handler (errors.ts). */

/** `a[b][c][d][e][f]`: a form key's name and at most this many bracketed segments. */
export const FORM_MAX_DEPTH = 5;
/** Fields of one form (urlencoded pairs or multipart fields). */
export const FORM_MAX_KEYS = 500;
/** Nesting of any parsed body (JSON included). */
export const BODY_MAX_DEPTH = 32;
