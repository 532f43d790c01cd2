import { Popover } from '../../ui/popover';
import { Example, ShowcasePage } from './showcase';

export function Component() {
  return (
    <ShowcasePage title="Popover" intro="A small dialog next to its button, 8 px away; Escape or a click outside closes it.">
      <Example title="Explaining a fee">
        <Popover label="What is the title fee?" title="Title fee">
          <p>Your state charges this to put the car in the buyer’s name. We pass it on at cost.</p>
        </Popover>
      </Example>
    </ShowcasePage>
  );
}
