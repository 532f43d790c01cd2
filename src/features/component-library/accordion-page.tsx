import { Accordion } from '../../ui/accordion';
import { Example, ShowcasePage } from './showcase';

export function Component() {
  return (
    <ShowcasePage title="Accordion" intro="Sections that open and close; arrow keys move between titles.">
      <Example title="Questions">
        <Accordion
          headingLevel={3}
          items={[
            { title: 'When do I get paid?', content: <p>Within one business day after the buyer signs and the funds clear.</p> },
            { title: 'Who pays for transport?', content: <p>The buyer chooses and pays for open or closed transport during checkout.</p> },
            {
              title: 'What if I still owe money on the car?',
              content: <p>We pay your lender first from the sale price and send you the rest.</p>,
            },
          ]}
        />
      </Example>
    </ShowcasePage>
  );
}
