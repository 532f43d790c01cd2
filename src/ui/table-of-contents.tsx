export interface TocEntry {
  id: string;
  label: string;
}

/** "On this page" links to the headings of a long document. */
export function TableOfContents({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <nav aria-label="On this page" className="ui-toc">
      <p className="ui-toc-title">On this page</p>
      <ol>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.label}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
