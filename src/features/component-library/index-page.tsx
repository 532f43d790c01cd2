import { Link } from 'react-router-dom';
import { Carousel } from '../../ui/carousel';
import { StepProgress } from '../../ui/step-progress';
import { TableOfContents } from '../../ui/table-of-contents';
import { LAYOUT_PAGES, SHOWCASE_PAGES } from './pages';
import { Example, ShowcasePage } from './showcase';

const title = (page: string) => page.charAt(0).toUpperCase() + page.slice(1).replaceAll('-', ' ');

export function Component() {
  return (
    <ShowcasePage title="Component library" intro="Every part the product's screens are built from, in every variant and state.">
      <Example title="Components">
        <ul className="showcase-index">
          {SHOWCASE_PAGES.map((page) => (
            <li key={page}>
              <Link to={page}>{title(page)}</Link>
            </li>
          ))}
        </ul>
      </Example>
      <Example title="Layouts">
        <ul className="showcase-index">
          {LAYOUT_PAGES.map((page) => (
            <li key={page}>
              <Link to={`layouts/${page}`}>{title(page)}</Link>
            </li>
          ))}
        </ul>
      </Example>
      <Example title="Carousel">
        <Carousel
          label="What buyers say"
          slides={[
            { label: 'Priya', content: <p>“The title transfer was done before the car even arrived.” — Priya, Austin</p> },
            { label: 'Marcus', content: <p>“I sold my truck for $3,000 more than the dealer offered.” — Marcus, Denver</p> },
            { label: 'Elena', content: <p>“Paying through the app meant no cashier’s check and no worry.” — Elena, Tampa</p> },
          ]}
        />
      </Example>
      <Example title="Transaction progress">
        <StepProgress
          steps={[
            { id: 'identity', label: 'Identity', state: 'done', to: '/component-library' },
            { id: 'financing', label: 'Financing', state: 'done', to: '/component-library' },
            { id: 'insurance', label: 'Insurance', state: 'current' },
            { id: 'transport', label: 'Transport', state: 'upcoming' },
            { id: 'payment', label: 'Payment', state: 'upcoming' },
          ]}
        />
      </Example>
      <Example title="Table of contents">
        <TableOfContents
          entries={[
            { id: 'scope', label: 'Scope of consent' },
            { id: 'paper-copies', label: 'Paper copies' },
            { id: 'withdrawing', label: 'Withdrawing consent' },
          ]}
        />
      </Example>
    </ShowcasePage>
  );
}
