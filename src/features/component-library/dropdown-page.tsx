import { useState } from 'react';
import { Dropdown } from '../../ui/dropdown';
import { Example, ShowcasePage } from './showcase';

export function Component() {
  const [chosen, setChosen] = useState('none yet');
  const item = (label: string, disabled = false) => ({ label, disabled, onSelect: () => setChosen(label) });
  return (
    <ShowcasePage title="Dropdown" intro="A menu you can use with the keyboard alone: arrows, Home, End, a letter, Enter, Escape.">
      <Example title="Offer actions">
        <Dropdown
          label="Offer actions"
          items={[item('Accept'), item('Counter'), item('Decline'), item('Withdraw', true), item('Share link')]}
        />
        <p role="status" className="mt-3">
          Chosen: {chosen}
        </p>
      </Example>
    </ShowcasePage>
  );
}
