import { Example, ShowcasePage } from './showcase';

export function Component() {
  return (
    <ShowcasePage title="Typography" intro="The type scale, body text and the styles long-form content uses.">
      <Example title="Headings">
        {([1, 2, 3, 4, 5, 6] as const).map((size) => (
          <p key={size} className={`title is-${size}`}>
            Title {size} — Sell your car
          </p>
        ))}
      </Example>
      <Example title="Content">
        <div className="content">
          <p>
            Body text reads at 16 px with a comfortable line length. <strong>Strong text</strong> marks what matters, <em>emphasis</em> a
            shift in tone, and <a href="#main">links</a> look like links.
          </p>
          <ul>
            <li>Lists keep their bullets</li>
            <li>and their spacing</li>
          </ul>
          <blockquote>“The paperwork was done for me.”</blockquote>
          <p className="text-muted">Muted text for secondary details such as “saved 2 minutes ago”.</p>
        </div>
      </Example>
    </ShowcasePage>
  );
}
