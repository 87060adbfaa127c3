/** Limits of request input, shared by the body parsers (multipart.ts) and the error handler (errors.ts). */

/** `a[b][c][d][e][f]`: a form key's name and at most this many bracketed segments. */
export const FORM_MAX_DEPTH = 5;
/** Fields of one form (urlencoded pairs or multipart fields). */
export const FORM_MAX_KEYS = 500;
/** Nesting of any parsed body (JSON included). */
export const BODY_MAX_DEPTH = 32;

/**
 * The files a route reads from a multipart body, declared on the route (`config: { upload: { files: 2 } }`).
 * A route without one reads no file: a multipart body to it may carry text fields only.
 */
export interface UploadBound {
  /** How many file parts at most. */
  files: number;
  /** Bytes of each file at most; the server's UPLOAD_MAX_BYTES when absent, and never more than it. */
  fileSize?: number;
}

export const NO_UPLOAD: UploadBound = Object.freeze({ files: 0 });

/**
 * The text fields of one multipart body together, part headers and boundaries included: a form's texts
 * (a chat message, a complaint's description, a captain's fields) are a few kilobytes.
 */
export const FORM_TEXT_MAX_BYTES = 1024 * 1024;
/** Headers and boundaries around one file part (its name, filename and type). */
export const FILE_PART_OVERHEAD_BYTES = 8 * 1024;

/**
 * JSON and urlencoded bodies of public routes (the login, the password reset, a survey's answers): a few
 * kilobytes. They take no multipart body at all.
 */
export const PUBLIC_BODY_MAX_BYTES = 256 * 1024;

/** The largest file a route reads: its declared size, within the server's UPLOAD_MAX_BYTES. */
export const fileSizeOf = (bound: UploadBound, uploadMaxBytes: number): number =>
  Math.min(bound.fileSize ?? uploadMaxBytes, uploadMaxBytes);

/** The largest multipart body a route reads: its files at their largest and the form's texts. */
export const multipartBodyMax = (bound: UploadBound, uploadMaxBytes: number): number =>
  bound.files * (fileSizeOf(bound, uploadMaxBytes) + FILE_PART_OVERHEAD_BYTES) + FORM_TEXT_MAX_BYTES;
