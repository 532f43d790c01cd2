import { Alert } from '../../ui/alert';
import { Example, ShowcasePage } from './showcase';

export function Component() {
  return (
    <ShowcasePage title="Alerts" intro="Messages inside the page. Warnings and errors are announced at once; others politely.">
      <Example title="Kinds">
        <Alert kind="info" title="Heads up">
          Your buyer is choosing a transport option.
        </Alert>
        <Alert kind="success">Your identity is verified.</Alert>
        <Alert kind="warning" title="Action needed">
          Upload the back of your title to continue.
        </Alert>
        <Alert kind="danger">We could not reach your bank. Try again in a few minutes.</Alert>
      </Example>
      <Example title="Dismissible">
        <Alert kind="info" dismissible>
          New: track your delivery from the dashboard.
        </Alert>
      </Example>
    </ShowcasePage>
  );
}
