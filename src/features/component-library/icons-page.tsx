import { Icon, ICONS, type IconName } from '../../ui/icon';
import { Example, ShowcasePage } from './showcase';

export function Component() {
  return (
    <ShowcasePage title="Icons" intro="The app's SVG icon set. Icons are decorative unless they carry a label.">
      <Example title="Set">
        <ul className="showcase-icons">
          {(Object.keys(ICONS) as IconName[]).map((name) => (
            <li key={name}>
              <Icon name={name} size="1.5em" />
              <code>{name}</code>
            </li>
          ))}
        </ul>
      </Example>
      <Example title="With a label (announced)">
        <Icon name="check-circle" label="Verified" size="2em" />
      </Example>
    </ShowcasePage>
  );
}
