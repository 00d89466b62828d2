/**
 * True inside a frame (also when the parent is on another origin and cannot be read): the
 * embedded shop of spec §4 'Cart', where the browser keeps no cookie of ours.
 */
export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
