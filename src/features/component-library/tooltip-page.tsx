import { Icon } from '../../ui/icon';
import { DocumentIcon } from '../../ui/icons';
import { Tooltip } from '../../ui/tooltip';
import { Example, ShowcasePage } from './showcase';

export function Component() {
  return (
    <ShowcasePage title="Tooltip" intro="A short description on hover or keyboard focus, 6 px from its target.">
      <Example title="On an icon button">
        <Tooltip text="Copy the share link">
          <button type="button" className="button" aria-label="Copy link">
            <Icon icon={DocumentIcon} />
          </button>
        </Tooltip>
      </Example>
      <Example title="On a text button">
        <Tooltip text="Buyer protection covers the first 30 days">
          <button type="button" className="button is-text">
            Protection
          </button>
        </Tooltip>
      </Example>
    </ShowcasePage>
  );
}
