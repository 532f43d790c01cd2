import { useDeferredValue, useState } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import * as v from 'valibot';
import { fetchContentEntry } from '../../data/api/content';
import { runtimeConfig } from '../../data/api/runtime-config';
import { Accordion } from '../../ui/accordion';
import { TextField } from '../../ui/form/text-field';
import { PageMeta } from '../../ui/page-meta';

const faqSchema = v.object({
  title: v.string(),
  description: v.string(),
  intro: v.string(),
  questions: v.pipe(
    v.array(
      v.object({
        step: v.string(),
        question: v.string(),
        answer: v.string(),
        /** Where the answer leads in the app, shown after it. */
        link: v.optional(v.object({ to: v.pipe(v.string(), v.startsWith('/')), text: v.string() })),
      }),
    ),
    v.minLength(1),
  ),
});

export const loader = () => fetchContentEntry('help/faq', faqSchema);

/** Questions whose step, question or answer contain every word of the query. */
function matches(query: string, entry: v.InferOutput<typeof faqSchema>['questions'][number]) {
  const haystack = `${entry.step} ${entry.question} ${entry.answer}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** `/help`: a searchable FAQ covering every transaction step, and the external help centre. */
export function Component() {
  const faq = useLoaderData<typeof loader>();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const found = faq.questions.filter((entry) => matches(deferred, entry));
  return (
    <div className="section container is-max-desktop">
      <PageMeta title={faq.title} description={faq.description} />
      <h1 className="title is-2">{faq.title}</h1>
      <p className="mb-5">
        {faq.intro} {/* Without an external help centre, this page is the help centre. */}
        {!runtimeConfig().helpCentreUrl.startsWith('/') && (
          <a href={runtimeConfig().helpCentreUrl} rel="noopener" target="_blank">
            Visit the help centre (opens in a new tab)
          </a>
        )}
      </p>
      <search>
        <TextField
          label="Search questions"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
      </search>
      <p role="status" className="text-muted mb-3">
        {deferred ? `${found.length} of ${faq.questions.length} questions match “${deferred}”.` : `${faq.questions.length} questions`}
      </p>
      {found.length > 0 ? (
        <Accordion
          key={deferred}
          headingLevel={2}
          items={found.map((entry) => ({
            title: entry.question,
            content: (
              <>
                <p>{entry.answer}</p>
                {entry.link && (
                  <p className="mt-2">
                    <Link to={entry.link.to}>{entry.link.text}</Link>
                  </p>
                )}
              </>
            ),
          }))}
        />
      ) : (
        <p>No question matches that search. Try fewer words, or ask the help centre.</p>
      )}
    </div>
  );
}
