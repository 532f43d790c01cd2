/**
 * `/transaction/title/status` and `/transaction/title`: the seller's title step. Which view shows
 * is the status (SPEC §4.2) read with what the title desk has said so far: the lien question and
 * its forms first; then the VIN plate and odometer; then the review — under way, another photo
 * needed, or approved. A paused verification is its own screen (the guard sends the seller there).
 */
import { useState } from 'react';
import type { ViewOf } from '../../../domain/transaction-steps';
import type { TransactionDetail } from '../../../domain/transaction-contract';
import { useUploads } from '../../../data/device/uploads';
import { Button } from '../../../ui/button';
import { stepView, useTransactionContext, type StepViews } from '../transaction-context';
import { LienForm } from './lien-form';
import { TitlePhotos, VehiclePhotos } from './title-documents';
import { AnotherPhoto, TitleReadOnly, UnderReview } from './title-review';

/** The title's photos, which only a seller who owns the car outright sends. */
const TITLE_SLOTS: readonly string[] = ['title-front', 'title-back'];

/**
 * "Is there a loan or lease on this car?", then its forms. The answer is the screen's own, but a seller whose title
 * photos are already on their way answered "no": after a reload they come back to those photos, not the question.
 */
function TitleStart() {
  const { detail } = useTransactionContext();
  const tasks = useUploads(detail.id);
  const [chosen, setLien] = useState<boolean | null>();
  if (chosen === undefined && tasks === undefined) return null;
  const photosStarted = tasks?.some((task) => TITLE_SLOTS.includes(task.slot) && task.status !== 'cancelled');
  const lien = chosen === undefined ? (photosStarted ? false : null) : chosen;
  if (lien === true) return <LienForm onCancel={() => setLien(false)} />;
  if (lien === false) return <TitlePhotos onBack={() => setLien(null)} />;
  return (
    <section aria-labelledby="title-start">
      <h1 id="title-start" className="title is-4">
        Your title
      </h1>
      <p className="mb-4">
        The buyer gets the car's title once they have paid and you have both signed. If a loan or lease is still on the car, the lender
        holds the title: we pay it off first from the buyer's money and the lender sends the title on.
      </p>
      <h2 className="title is-5">Is there a loan or lease on this car?</h2>
      <div className="buttons">
        <Button onClick={() => setLien(true)}>Yes, there is a loan or lease</Button>
        <Button variant="outlined" onClick={() => setLien(false)}>
          No, I own it outright
        </Button>
      </div>
    </section>
  );
}

/** The view the step is at, from its status and the title desk's last word. */
function titleView(detail: TransactionDetail): ViewOf<'title'> {
  const view = stepView(detail, 'title', 'status');
  if (view === 'read only' || detail.status === 'identity_done') return view === 'read only' ? view : 'status';
  const review = detail.data.title.review?.state;
  if (review === 'pending' || review === 'approved') return 'status';
  if (review === 'needs photo') return 'doc upload';
  if (review === 'paused') return 'pause';
  return 'vehicle doc upload';
}

function Status() {
  const { detail } = useTransactionContext();
  return detail.status === 'identity_done' ? <TitleStart /> : <UnderReview />;
}

const VIEWS: StepViews<'title'> = {
  status: Status,
  // The lien's forms open from the question, which is where a seller who left them comes back to.
  'add lender details': TitleStart,
  'add lending amount details': TitleStart,
  'doc upload': AnotherPhoto,
  'ownership doc upload': AnotherPhoto,
  'vehicle doc upload': VehiclePhotos,
  // The guard shows the pause screen itself; this step says where to go if it is opened meanwhile.
  pause: UnderReview,
  'read only': TitleReadOnly,
};

export function Component() {
  const { detail } = useTransactionContext();
  const View = VIEWS[titleView(detail)];
  return (
    <>
      <title>Title · Your transaction</title>
      <View />
    </>
  );
}
