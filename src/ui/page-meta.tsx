import { BRAND } from '../domain/brand';

/** The page's title and description; React places them in the document head. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const fullTitle = title.includes(BRAND.name) ? title : `${title} · ${BRAND.name}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
    </>
  );
}
