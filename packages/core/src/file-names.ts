/**
 * Text made safe inside a file name on every system (PL-92): every character but letters, digits,
 * '.', '-' and ' ' becomes '_'.
 */
export function fileNamePart(text: string): string {
  return text.replace(/[^\p{L}\p{N}. -]/gu, '_');
}

/**
 * The name of an exported file, '{name}_{what}.{extension}' (PL-92's '{plan name}_subnets.csv'), the
 * name made safe; an empty name gives `fallback`.
 */
export function exportFileName(name: string, what: string, extension: string, fallback: string): string {
  const safe = fileNamePart(name);
  return `${safe === '' ? fallback : safe}_${what}.${extension}`;
}

/** PL-113: an attachment header with an ASCII fallback name and the exact name as RFC 5987 `filename*`. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
