import { Link, useLoaderData } from 'react-router-dom';
import * as v from 'valibot';
import { fetchContentEntry } from '../../data/api/content';
import { buttonClass } from '../../ui/button';
import { PageMeta } from '../../ui/page-meta';

const linkSchema = v.object({ to: v.string(), text: v.string() });
const blockSchema = v.object({ title: v.string(), text: v.string() });
const homeSchema = v.object({
  title: v.string(),
  description: v.string(),
  hero: v.object({ heading: v.string(), text: v.string(), primary: linkSchema, secondary: linkSchema }),
  stepsHeading: v.string(),
  steps: v.array(blockSchema),
  trustHeading: v.string(),
  trust: v.array(blockSchema),
  closing: v.object({ heading: v.string(), text: v.string(), cta: linkSchema }),
});

export const loader = () => fetchContentEntry('pages/home', homeSchema);

/** `/`: what the product is, how a private sale works here, trust and safety, start a sale. */
export function Component() {
  const home = useLoaderData<typeof loader>();
  return (
    <>
      <PageMeta title={home.title} description={home.description} />
      <section className="hero is-primary home-hero">
        <div className="hero-body container">
          <h1 className="title is-1 is-spaced">{home.hero.heading}</h1>
          <p className="subtitle">{home.hero.text}</p>
          <div className="buttons">
            <Link to={home.hero.primary.to} className="button is-light is-medium">
              {home.hero.primary.text}
            </Link>
            <Link to={home.hero.secondary.to} className="button is-primary is-inverted is-outlined is-medium">
              {home.hero.secondary.text}
            </Link>
          </div>
        </div>
      </section>
      <section className="section container" aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="title is-3">
          {home.stepsHeading}
        </h2>
        <ol className="columns is-multiline home-steps">
          {home.steps.map((step, index) => (
            <li key={step.title} className="column is-6-tablet is-3-desktop">
              <div className="box home-step">
                <span className="home-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="title is-5">{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section className="section container" aria-labelledby="trust-heading">
        <h2 id="trust-heading" className="title is-3">
          {home.trustHeading}
        </h2>
        <div className="columns">
          {home.trust.map((item) => (
            <div key={item.title} className="column">
              <h3 className="title is-5">{item.title}</h3>
              <p>{item.text}</p>
            </div>
          ))}
        </div>
      </section>
      <section className="section container has-text-centered" aria-labelledby="closing-heading">
        <h2 id="closing-heading" className="title is-3">
          {home.closing.heading}
        </h2>
        <p className="mb-5">{home.closing.text}</p>
        <Link to={home.closing.cta.to} className={buttonClass({ size: 'medium' })}>
          {home.closing.cta.text}
        </Link>
      </section>
    </>
  );
}
