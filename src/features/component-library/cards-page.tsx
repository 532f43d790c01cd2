import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Example, ShowcasePage } from './showcase';

export function Component() {
  return (
    <ShowcasePage title="Cards" intro="Grouped content with an optional title, media and actions.">
      <Example title="Variants">
        <div className="columns is-multiline">
          <div className="column is-half-tablet">
            <Card title="2019 Honda Civic EX">
              <p>32,400 miles · Asking $18,500</p>
            </Card>
          </div>
          <div className="column is-half-tablet">
            <Card
              title="Offer received"
              footer={
                <>
                  <Button size="small">Accept</Button>
                  <Button size="small" variant="outlined">
                    Counter
                  </Button>
                </>
              }
            >
              <p>Jordan offered $17,900 for your Civic. The offer expires in 2 days.</p>
            </Card>
          </div>
          <div className="column is-half-tablet">
            <Card>
              <p>A card with content only, for short notes such as “Your documents were received.”</p>
            </Card>
          </div>
        </div>
      </Example>
    </ShowcasePage>
  );
}
