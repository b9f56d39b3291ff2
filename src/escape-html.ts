/**
 * Text made safe to write into HTML, between tags or in a quoted attribute: for the HTML written by
 * hand (the build's head tags, the server's plain answer page), where React does not escape it.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
