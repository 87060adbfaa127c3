/**
 * A notice for the sign-in page to show when it is drawn ('Token has expired'): the 401 that ends a session may
 * come before /login's chunk has loaded, and a toast shown then would spend its 3 s on the page the user leaves.
 */
let pending: string | null = null;

export function setLoginNotice(text: string): void {
  pending = text;
}

/** The notice waiting for the sign-in page, once (null when none). */
export function takeLoginNotice(): string | null {
  const text = pending;
  pending = null;
  return text;
}
