import { Icon } from '../../ui/icon';
import * as ICONS from '../../ui/icons';
import { Example, ShowcasePage } from './showcase';

/** `FileTextIcon` → `file-text`, the way designers name them. */
const displayName = (exportName: string) =>
  exportName
    .replace(/Icon$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

export function Component() {
  return (
    <ShowcasePage title="Icons" intro="The app's SVG icon set (src/ui/icons.ts). Icons are decorative unless they carry a label.">
      <Example title="Set">
        <ul className="showcase-icons">
          {Object.entries(ICONS).map(([name, svg]) => (
            <li key={name}>
              <Icon icon={svg} size="1.5em" />
              <code>{displayName(name)}</code>
            </li>
          ))}
        </ul>
      </Example>
      <Example title="With a label (announced)">
        <Icon icon={ICONS.CheckCircleIcon} label="Verified" size="2em" />
      </Example>
    </ShowcasePage>
  );
}
