import { LegalContentLayout } from '../../ui/layout/legal-content-layout';

const SECTIONS = [
  {
    id: 'scope',
    label: 'What this covers',
    text: 'This sample shows how long legal documents are laid out: sections with headings, and a table of contents that stays in view on wide screens.',
  },
  {
    id: 'copies',
    label: 'Paper copies',
    text: 'Each section is a heading the table of contents links to, so readers and screen-reader users can jump straight to it.',
  },
  { id: 'withdraw', label: 'Withdrawing consent', text: 'On phones the table of contents sits above the text instead of beside it.' },
];

export function Component() {
  return (
    <LegalContentLayout title="Legal content layout" updated="November 1, 2026" toc={SECTIONS.map(({ id, label }) => ({ id, label }))}>
      <title>Legal content layout · Component library</title>
      <div className="content">
        {SECTIONS.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>{section.label}</h2>
            <p>{section.text}</p>
          </section>
        ))}
      </div>
    </LegalContentLayout>
  );
}
