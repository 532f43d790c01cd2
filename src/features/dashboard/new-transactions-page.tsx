import { StartChoices } from './start-choices';

/** `/dashboard/new-transactions`: start a sale as a buyer or as a seller. */
export function Component() {
  return (
    <section aria-labelledby="new-transaction">
      <title>New transaction</title>
      <h1 id="new-transaction" className="title">
        Start a new transaction
      </h1>
      <p className="mb-5">Are you buying or selling? Either way the other side answers your offer, and you both go on from the deal.</p>
      <StartChoices />
    </section>
  );
}
