/**
 * Loads `url` as a new document, as a link or a GET form does without JavaScript (a module of its
 * own, so tests can stand in for the browser's navigation).
 */
export function openDocument(url: string): void {
  window.location.assign(url);
}
