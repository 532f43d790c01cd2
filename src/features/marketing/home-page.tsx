import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from '../../domain/brand';

const STEPS = [
  {
    title: 'Agree a price',
    text: 'Make an offer or counter one. Either side can accept, counter or decline — by e-mail link if they have no account yet.',
  },
  {
    title: 'Verify and finance',
    text: 'Both sides verify their identity. Buyers can apply for a loan and compare protection and insurance.',
  },
  {
    title: 'Pay safely',
    text: 'Money moves through a linked bank account, never cash in a car park. Any loan on the car is paid off first.',
  },
  {
    title: 'Title, transport, done',
    text: 'We prepare the title paperwork, collect e-signatures and arrange open or closed transport to the buyer.',
  },
] as const;

/** `/`: what the product is, how a private sale works here, and why it is safe. */
export function Component() {
  useEffect(() => {
    document.title = `${BRAND.name} — ${BRAND.tagline}`;
  }, []);
  return (
    <>
      <section className="hero is-medium is-primary">
        <div className="hero-body container">
          <h1 className="title is-1">{BRAND.tagline}</h1>
          <p className="subtitle">
            {BRAND.name} walks buyers and sellers through every step of a private car sale — identity, financing, insurance, transport,
            payment and title — so the deal closes without the usual risk.
          </p>
          <Link to="/sign-in" className="button is-light is-medium">
            Sign in to your deals
          </Link>
        </div>
      </section>
      <section className="section container" aria-labelledby="how-heading">
        <h2 id="how-heading" className="title is-3">
          How a private sale works here
        </h2>
        <ol className="columns is-multiline">
          {STEPS.map((step, index) => (
            <li key={step.title} className="column is-6-tablet is-3-desktop">
              <div className="box" style={{ height: '100%' }}>
                <p className="has-text-weight-bold mb-2">
                  {index + 1}. {step.title}
                </p>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section className="section container" aria-labelledby="trust-heading">
        <h2 id="trust-heading" className="title is-3">
          Trust and safety
        </h2>
        <div className="content">
          <ul>
            <li>Every buyer and seller passes an identity check before money or keys change hands.</li>
            <li>Payments go bank to bank through the transaction — never by gift card, wire to a stranger or cash.</li>
            <li>Title and lien payoff are handled with the lender and the DMV paperwork, so ownership transfers cleanly.</li>
          </ul>
        </div>
      </section>
    </>
  );
}
