/**
 * Content entries are requested without an extension (`/content/legal/terms-of-use`) but
 * precached as the files the build holds (`….md`, `….json`): try those names on lookup.
 */
export function contentEntryVariants({ url }: { url: URL }): URL[] {
  if (!url.pathname.startsWith('/content/') || /\.\w+$/.test(url.pathname)) return [];
  return ['.json', '.md'].map((extension) => new URL(`${url.origin}${url.pathname}${extension}`));
}
