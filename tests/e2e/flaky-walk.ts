/**
 * The private cash sale of journey-private-cash.spec.ts, walked by clicking only, with the named
 * points of flaky-schedule.ts between its moves: at each, `flaky.at` does what the seed says (or
 * nothing) around what the person does next. Every wait is for what the person would see.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { FlakyConnection, Party } from './flaky-connection';
import type { Disruption } from './flaky-schedule';
import type { Journey } from './journey-helpers';
import { centsOf, linkBankOnHostedPage } from './sale-helpers';
import { checksId, signOnProvidersPage } from './signing-helpers';
import { fillAddress, photo, verifyInWidget } from './transaction-helpers';

export interface Sale {
  seller: Party;
  buyer: Party;
  flaky: FlakyConnection;
  journey: Journey;
}

/** What the two write to each other, in the order the thread must hold them. */
export const MESSAGES = {
  buyer: 'Is the spare key included?',
  seller: ['Yes, both keys and the manual.', 'I can hand it over on Saturday morning.'],
} as const;

const heading = (page: Page, name: string) => page.getByRole('heading', { name });
const pending = (page: Page) => page.getByText(/\d actions? pending/);
const textbox = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name });

/** Whether the page was loaded again after the person acted at a point: what it showed of the act is gone with it. */
const reloadedAfter = (struck: Disruption | undefined) =>
  struck === 'act offline, reload' || struck === 'act offline, reopen' || struck === 'drop after act';

/**
 * Waits for the screen the other side's (or a provider's) move leads to. An open page follows by itself; a page opened
 * again while waiting, once the move has landed, opened on a step now done and leaves the person there (they may have
 * come to read it), saying whose turn it is: they follow `callout`, the way it offers.
 */
async function followsOn(page: Page, struck: Disruption | undefined, next: Locator, callout: string) {
  const reopened = struck === 'reload offline' || struck === 'reopen offline' || struck === 'reopen online';
  const onward = page.getByRole('status').filter({ hasText: 'Your turn' }).getByRole('link', { name: callout });
  if (reopened) {
    // A page that opened on the step as it stood follows the answer (a moment after its new copy shows, once the
    // navigation lands); one that opened on the step answered stays. The person waits a moment, then takes the way.
    const followed = await next.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (!followed) await onward.click();
  }
  await expect(next).toBeVisible({ timeout: 30_000 });
}

/** Presses a step's main button and waits for the screen it leads to (offline too: the device folds in what waits to be sent). */
async function press(page: Page, button: string | RegExp, next: Locator) {
  await page.getByRole('button', { name: button }).click();
  await expect(next).toBeVisible();
}

/** The seller prices the car by its VIN and e-mails the offer to the buyer, then watches their offers. */
export async function sellerOffers({ seller, flaky }: Sale, buyerEmail: string) {
  await seller.page.getByRole('link', { name: 'Start a sale' }).click();
  const typed = async (page: Page) => {
    await expect(textbox(page, /VIN/)).toHaveValue('1G4AH59H45G118341');
    await expect(textbox(page, 'Mileage')).toHaveValue(/^84,?000$/);
    await expect(textbox(page, 'Asking price')).toHaveValue(/^18,?500$/);
  };
  await flaky.at(seller, 'while the seller types the offer', {
    screen: (page) => textbox(page, /VIN/),
    act: async (page) => {
      await textbox(page, /VIN/).fill('1G4AH59H45G118341');
      await textbox(page, 'Mileage').fill('84000');
      await textbox(page, 'Asking price').fill('18500');
    },
    typed: ['1G4AH59H45G118341'],
    kept: typed,
  });
  await expect(seller.page.getByText('2005 Buick')).toBeVisible();
  await seller.page.getByRole('radio', { name: 'E-mail it to them' }).check();
  await textbox(seller.page, 'Their e-mail').fill(buyerEmail);
  const struck = await flaky.at(seller, 'when the seller sends the offer', {
    screen: (page) => page.getByRole('button', { name: 'Send offer' }),
    held: async (page) => {
      await typed(page);
      await expect(textbox(page, 'Their e-mail')).toHaveValue(buyerEmail);
    },
    act: async (page) => {
      await page.getByRole('button', { name: 'Send offer' }).click();
      await expect(page.getByRole('heading', { name: /^Your offer is (out|saved)$/ })).toBeVisible();
    },
  });
  // The success screen is the page's own moment: after a reload (or a new page) the person finds the offer among theirs.
  if (reloadedAfter(struck)) await seller.page.goto('/dashboard/caramel-offers');
  else {
    await expect(heading(seller.page, 'Your offer is out')).toBeVisible();
    await seller.page.getByRole('link', { name: 'Go to your offers' }).click();
  }
  await expect(
    seller.page
      .getByRole('region', { name: /Waiting for the other side/ })
      .getByText(/2005 Buick/)
      .first(),
  ).toBeVisible();
}

/** While someone's page waits for the other party's move, the point `point` (what that page shows is its main region). */
export const waits = ({ flaky, ...parties }: Sale, party: 'seller' | 'buyer', point: Parameters<FlakyConnection['at']>[1]) =>
  flaky.at(parties[party], point, { screen: (page) => page.getByRole('main') });

/** The offer reaches the buyer's open dashboard; they ask the seller a question in the thread, then accept. */
export async function buyerAccepts({ buyer, flaky }: Sale) {
  await expect(buyer.page.getByText(/2005 Buick/).first()).toBeVisible();
  await buyer.page.getByRole('link', { name: 'Answer' }).click();
  await buyer.page.getByRole('link', { name: /^Messages with the seller/ }).click();
  await expect(heading(buyer.page, 'Messages about the 2005 Buick')).toBeVisible();
  await flaky.at(buyer, 'while the buyer writes to the seller', {
    screen: (page) => heading(page, 'Messages about the 2005 Buick'),
    act: (page) => write(page, MESSAGES.buyer),
    typed: [MESSAGES.buyer],
    kept: (page) => expect(conversation(page).getByText(MESSAGES.buyer)).toBeVisible(),
  });
  await expect(conversation(buyer.page).getByText(/You · .* · (Sent|Delivered|Read)$/)).toBeVisible();
  await buyer.page.goto('/dashboard/caramel-offers');
  const accept = (page: Page) => page.getByRole('button', { name: 'Accept $18,500' });
  const struck = await flaky.at(buyer, 'when the buyer presses Accept', {
    screen: accept,
    act: async (page) => {
      await accept(page).click();
      await expect(
        page.getByText(/^Accepting the offer: not sent yet/).or(page.getByRole('link', { name: /^Go to your deal/ })),
      ).toBeVisible();
    },
    kept: (page) => expect(page.getByText(/^Accepting the offer: not sent yet/)).toBeVisible(),
  });
  // Once the server has the acceptance the page it was pressed on goes on to the deal by itself; a page loaded since
  // (the press is not its own) offers the way to it.
  if (reloadedAfter(struck)) await buyer.page.getByRole('link', { name: /^Go to your deal/ }).click();
  await expect(heading(buyer.page, 'You made a deal')).toBeVisible();
}

const conversation = (page: Page) => page.getByRole('list', { name: 'Conversation' });

async function write(page: Page, text: string) {
  await textbox(page, 'Message').fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(conversation(page).getByText(text)).toBeVisible();
}

/** The seller's offers show the deal by themselves; they answer the buyer's question in the thread and go on to the sale. */
export async function sellerAnswers({ seller, flaky }: Sale) {
  await expect(seller.page.getByText(/you made a deal/i).first()).toBeVisible();
  await seller.page.getByRole('link', { name: /^Messages with the buyer/ }).click();
  await expect(conversation(seller.page).getByText(MESSAGES.buyer)).toBeVisible();
  await flaky.at(seller, 'while the seller answers the buyer', {
    screen: (page) => conversation(page).getByText(MESSAGES.buyer),
    act: async (page) => {
      for (const text of MESSAGES.seller) await write(page, text);
    },
    typed: MESSAGES.seller,
    kept: async (page) => {
      for (const text of MESSAGES.seller) await expect(conversation(page).getByText(text)).toBeVisible();
    },
  });
  await expect(conversation(seller.page).getByText(/You · .* · (Sent|Delivered|Read)$/)).toHaveCount(MESSAGES.seller.length);
  await seller.page.getByRole('link', { name: 'Go to the sale' }).click();
}

/** From the deal to the seller's payout account: identity, address, reports, title photos, the car's photos, the title desk, the bank. */
export async function sellerToPayout({ seller, flaky }: Sale) {
  await expect(heading(seller.page, 'Verify your identity')).toBeVisible();
  await flaky.at(seller, 'before the seller verifies their identity', { screen: (page) => heading(page, 'Verify your identity') });
  await verifyInWidget(seller.page, 'Approve verification');
  await expect(heading(seller.page, 'Enter your home address')).toBeVisible();
  const home = { line1: '12 Elm St', city: 'Portland', state: 'OR', postalCode: '97201' };
  await flaky.at(seller, 'while the seller types their home address', {
    screen: (page) => heading(page, 'Enter your home address'),
    act: (page) => fillAddress(page, home),
    typed: [home.line1, home.city],
    kept: (page) => addressKept(page, home),
  });
  await seller.page.getByRole('button', { name: 'Confirm address' }).click();
  await expect(heading(seller.page, 'Where is the car?')).toBeVisible();
  await flaky.at(seller, 'when the seller finishes the identity step', {
    screen: (page) => heading(page, 'Where is the car?'),
    act: (page) => press(page, 'Finish identity step', heading(page, "Your vehicle's reports")),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(heading(seller.page, "Your vehicle's reports")).toBeVisible();
  await seller.page.getByRole('button', { name: 'Continue to title' }).click();
  await expect(heading(seller.page, 'Your title')).toBeVisible();
  await seller.page.getByRole('button', { name: 'No, I own it outright' }).click();
  await uploads(seller, flaky, 'mid-upload of the title photos', {
    'Front of the title': 'title-front.jpg',
    'Back of the title': 'title-back.jpg',
  });
  await seller.page.getByRole('radio', { name: 'Yes' }).check();
  await flaky.at(seller, 'when the seller sends the title photos', {
    screen: (page) => page.getByRole('button', { name: 'Send the title photos' }),
    held: (page) => expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked(),
    act: (page) => press(page, 'Send the title photos', heading(page, 'The VIN plate and the odometer')),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(heading(seller.page, 'The VIN plate and the odometer')).toBeVisible();
  await uploads(seller, flaky, 'mid-upload of the car photos', { 'VIN plate photo': 'vin-plate.jpg', 'Odometer photo': 'odometer.jpg' });
  const reading = (page: Page) => textbox(page, 'Odometer reading (miles)');
  await flaky.at(seller, 'while the seller types the odometer reading', {
    screen: reading,
    act: (page) => reading(page).fill('84,100'),
    typed: ['84,100'],
    kept: (page) => expect(reading(page)).toHaveValue('84,100'),
  });
  await flaky.at(seller, 'when the seller sends the car photos', {
    screen: (page) => page.getByRole('button', { name: 'Send for review' }),
    held: (page) => expect(reading(page)).toHaveValue('84,100'),
    act: (page) =>
      press(page, 'Send for review', heading(page, 'Our title desk is checking your documents').or(heading(page, 'Your payout'))),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  const checked = await flaky.at(seller, 'while the title desk checks', { screen: (page) => page.getByRole('main') });
  await followsOn(seller.page, checked, heading(seller.page, 'Your payout'), 'Go to payment');
  const payoutCents = centsOf(
    (await seller.page
      .getByRole('row', { name: /^You'll be paid/ })
      .getByRole('cell')
      .textContent())!,
  );
  await flaky.at(seller, 'when the seller accepts the payout', {
    screen: (page) => page.getByRole('button', { name: 'This looks right' }),
    act: (page) => press(page, 'This looks right', heading(page, 'Where should we pay you?')),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(heading(seller.page, 'Where should we pay you?')).toBeVisible();
  await linkBankOnHostedPage(seller.page, 'user_good');
  const account = (page: Page) => page.getByRole('radio', { name: /First Platypus Bank.*6789/ });
  await account(seller.page).check();
  await flaky.at(seller, 'when the seller chooses the payout account', {
    screen: account,
    act: async (page) => {
      await account(page).check();
      await press(page, 'Use this account', heading(page, 'Payout account saved'));
    },
    // A success screen, drawn without the step's status line: the choice it shows is what is kept.
    kept: (page) => expect(heading(page, 'Payout account saved')).toBeVisible(),
  });
  await expect(seller.page.getByText('Your payout goes to First Platypus Bank Everyday Checking ••6789.')).toBeVisible();
  await seller.page.getByRole('link', { name: 'Next: sign your documents' }).click();
  return payoutCents;
}

async function addressKept(page: Page, address: { line1: string; city: string; state: string; postalCode: string }) {
  await expect(textbox(page, 'Street address')).toHaveValue(address.line1);
  await expect(textbox(page, 'City')).toHaveValue(address.city);
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue(address.state);
  await expect(textbox(page, 'ZIP code')).toHaveValue(address.postalCode);
}

/** Files chosen for their fields at `point` (offline, the uploads wait for the connection), then each uploaded. */
async function uploads(party: Party, flaky: FlakyConnection, point: Parameters<FlakyConnection['at']>[1], files: Record<string, string>) {
  const items = (page: Page) => Object.values(files).map((name) => page.getByRole('listitem', { name }));
  await flaky.at(party, point, {
    screen: (page) => page.getByLabel(`${Object.keys(files)[0]}: choose files`),
    act: async (page) => {
      for (const [field, name] of Object.entries(files)) await page.getByLabel(`${field}: choose files`).setInputFiles(photo(name));
      for (const item of items(page)) await expect(item).toBeVisible();
    },
    kept: async (page) => {
      for (const item of items(page)) await expect(item).toBeVisible();
    },
  });
  for (const item of items(party.page)) await expect(item.getByText('Uploaded')).toBeVisible({ timeout: 30_000 });
}

/** From the deal to transport: identity, home address, details, cash, no protection, their own insurance. */
export async function buyerToTransport({ buyer, flaky }: Sale) {
  await buyer.page.getByRole('link', { name: 'Continue to your transaction' }).click();
  await expect(heading(buyer.page, 'Verify your identity')).toBeVisible();
  await flaky.at(buyer, 'before the buyer verifies their identity', { screen: (page) => heading(page, 'Verify your identity') });
  await verifyInWidget(buyer.page, 'Approve verification');
  await expect(heading(buyer.page, 'Enter your home address')).toBeVisible();
  const home = { line1: '400 Pine St', city: 'Seattle', state: 'WA', postalCode: '98101' };
  await flaky.at(buyer, 'while the buyer types their home address', {
    screen: (page) => heading(page, 'Enter your home address'),
    act: (page) => fillAddress(page, home),
    typed: [home.line1, home.city],
    kept: (page) => addressKept(page, home),
  });
  await buyer.page.getByRole('button', { name: 'Confirm address' }).click();
  await expect(heading(buyer.page, 'A few more details')).toBeVisible();
  const details = { 'Years at this address': '3', Employer: 'Acme', 'Yearly income before tax': /^85,?000$/ } as const;
  await flaky.at(buyer, 'while the buyer fills in their details', {
    screen: (page) => heading(page, 'A few more details'),
    act: async (page) => {
      await page.getByRole('radio', { name: 'Rent' }).check();
      await textbox(page, 'Years at this address').fill('3');
      await textbox(page, 'Employer').fill('Acme');
      await textbox(page, 'Yearly income before tax').fill('85000');
    },
    typed: ['Acme'],
    kept: async (page) => {
      await expect(page.getByRole('radio', { name: 'Rent' })).toBeChecked();
      for (const [field, value] of Object.entries(details)) await expect(textbox(page, field)).toHaveValue(value);
    },
  });
  await buyer.page.getByRole('button', { name: 'Finish identity step' }).click();
  await expect(heading(buyer.page, 'How will you pay?')).toBeVisible();
  await flaky.at(buyer, 'when the buyer chooses cash', {
    screen: (page) => heading(page, 'How will you pay?'),
    act: (page) => press(page, 'I’ll pay cash', heading(page, 'Protect your car')),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(heading(buyer.page, 'Protect your car')).toBeVisible();
  await buyer.page.getByRole('button', { name: 'Skip protection' }).click();
  await expect(heading(buyer.page, 'Insure your new car')).toBeVisible();
  await buyer.page.getByRole('button', { name: 'I already have insurance for this car' }).click();
  const insurer = (page: Page) => textbox(page, 'Your insurance company (optional)');
  await flaky.at(buyer, 'while the buyer names their insurer', {
    screen: insurer,
    act: (page) => insurer(page).fill('Lighthouse Mutual'),
    typed: ['Lighthouse Mutual'],
    kept: (page) => expect(insurer(page)).toHaveValue('Lighthouse Mutual'),
  });
  await buyer.page.getByRole('button', { name: 'Skip insurance' }).click();
}

/** Delivery to the buyer's door from the cheapest quote, then the breakdown accepted and the payment authorised. */
export async function buyerBooksAndPays({ buyer, flaky }: Sale) {
  const door = (page: Page) => page.getByRole('radio', { name: /^Delivery to my door/ });
  await expect(door(buyer.page)).toBeVisible();
  await flaky.at(buyer, 'before the buyer asks for delivery quotes', { screen: door });
  await door(buyer.page).check();
  await buyer.page.getByRole('button', { name: 'Get delivery quotes' }).click();
  const book = buyer.page.getByRole('button', { name: /^Book RunBuggy, open carrier for/ });
  const deliveryCents = centsOf((await book.textContent())!);
  await book.click();
  await expect(buyer.page.getByText('The seller’s car is verified')).toBeVisible();
  const onward = (page: Page) => page.getByRole('button', { name: 'Continue to payment' });
  await flaky.at(buyer, 'when the buyer continues to payment', {
    screen: onward,
    act: (page) => press(page, 'Continue to payment', heading(page, 'Review your price breakdown')),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(heading(buyer.page, 'Review your price breakdown')).toBeVisible();
  const dueCents = centsOf(
    (await buyer.page
      .getByRole('row', { name: /^Due at signing/ })
      .getByRole('cell')
      .textContent())!,
  );
  const accept = (page: Page) => page.getByRole('button', { name: /^Accept and pay/ });
  await flaky.at(buyer, 'when the buyer accepts the breakdown', {
    screen: accept,
    act: (page) => press(page, /^Accept and pay/, page.getByRole('heading', { name: /^Pay \$/ })),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(buyer.page.getByRole('heading', { name: /^Pay \$/ })).toBeVisible();
  await linkBankOnHostedPage(buyer.page, 'user_good');
  const account = (page: Page) => page.getByRole('radio', { name: /First Platypus Bank.*6789/ });
  await expect(account(buyer.page)).toBeVisible();
  // The account and the authorisation are given at the press: a reload before it asks for them again (consent is given once, when paying).
  await flaky.at(buyer, 'when the buyer authorises the payment', {
    screen: account,
    act: async (page) => {
      await account(page).check();
      await page.getByRole('checkbox', { name: /I authorise Caramel to take/ }).check();
      await press(page, /^Authorise \$/, heading(page, 'Payment authorised'));
    },
    kept: (page) => expect(heading(page, 'Payment authorised')).toBeVisible(),
  });
  return { deliveryCents, dueCents };
}

/** The seller, on their signing page, waits for the buyer's payment: the page offers the documents by itself. */
export async function sellerWaitsToSign(sale: Sale) {
  const { seller } = sale;
  await expect(
    seller.page
      .getByText('Your documents are made once the buyer has finished their payment step')
      .or(seller.page.getByRole('button', { name: 'Review and sign' })),
  ).toBeVisible();
  await waits(sale, 'seller', 'while the seller waits for the buyer to pay');
}

/** The buyer's ID check and signature on the provider's page. */
export async function buyerSigns({ buyer, flaky }: Sale) {
  await buyer.page.getByRole('link', { name: 'Next: sign your documents' }).click();
  await buyer.page.getByRole('button', { name: 'Start' }).click();
  const onward = buyer.page.getByRole('button', { name: 'Continue to the ID check' });
  await expect(onward.or(buyer.page.getByRole('button', { name: 'Check my ID' }))).toBeVisible();
  if (await onward.isVisible()) await onward.click();
  await expect(heading(buyer.page, 'Check your ID before signing')).toBeVisible();
  await flaky.at(buyer, 'before the buyer checks their ID', { screen: (page) => heading(page, 'Check your ID before signing') });
  await checksId(buyer.page, 'Approve verification');
  await expect(heading(buyer.page, 'Sign your documents')).toBeVisible({ timeout: 30_000 });
  await signOnProvidersPage(buyer.page, 'seller', true);
  await expect(heading(buyer.page, 'You signed your documents')).toBeVisible({ timeout: 30_000 });
}

/** The seller's self-inspection: seven photos, a dent described, the report read. */
export async function sellerInspects({ seller, flaky }: Sale) {
  const page = () => seller.page;
  await expect(heading(page(), 'Inspect your car (optional)')).toBeVisible();
  const shots = {
    front: 'front.jpg',
    back: 'back-scratch.jpg',
    'driver side': 'driver.jpg',
    'passenger side': 'passenger.jpg',
    interior: 'interior.jpg',
    odometer: 'odometer.jpg',
    tyres: 'tyre.jpg',
  };
  const [first, ...rest] = Object.entries(shots);
  await uploads(seller, flaky, 'mid-upload of the inspection photos', { [`Inspection: ${first![0]}`]: first![1] });
  for (const [area, file] of rest) await page().getByLabel(`Inspection: ${area}: choose files`).setInputFiles(photo(file));
  await expect(page().getByRole('status').filter({ hasText: '7 of 7 photos done' })).toBeVisible({ timeout: 30_000 });
  await page().getByLabel('Damage photos: choose files').setInputFiles(photo('door-dent.jpg'));
  // What the photo shows is asked once it is in.
  await expect(page().getByRole('listitem', { name: 'door-dent.jpg' }).getByText('Uploaded')).toBeVisible({ timeout: 30_000 });
  const note = (page: Page) => textbox(page, 'What is in door-dent.jpg?');
  await flaky.at(seller, 'while the seller describes the damage', {
    screen: note,
    act: (page) => note(page).fill('A dent in the driver door'),
    typed: ['A dent in the driver door'],
    kept: (page) => expect(note(page)).toHaveValue('A dent in the driver door'),
  });
  await page().getByRole('button', { name: 'Send for the report' }).click();
  await expect(heading(page(), 'Your inspection is ready')).toBeVisible({ timeout: 30_000 });
  await page().getByRole('button', { name: 'Done' }).click();
  await expect(heading(page(), 'Your steps are done')).toBeVisible();
}

/** The buyer follows the car to their door and confirms delivery once it is handed over. */
export async function buyerConfirmsDelivery(sale: Sale) {
  const { buyer, flaky } = sale;
  await buyer.page.getByRole('link', { name: 'Follow the car’s delivery' }).click();
  await expect(heading(buyer.page, 'Your delivery')).toBeVisible();
  const panel = (page: Page) => page.getByRole('region', { name: 'Delivery confirmation' });
  await waits(sale, 'buyer', 'while the car is on its way');
  await expect(panel(buyer.page).getByText(/The seller is paid in 47 h \d+ min unless you raise a problem\./)).toBeVisible({
    timeout: 120_000,
  });
  const secondHalf = (page: Page) => page.getByRole('row', { name: /Paid to the seller \(on delivery\)/ });
  await expect(secondHalf(buyer.page)).toContainText('To come');
  await flaky.at(buyer, 'at handover, before the buyer confirms delivery', {
    screen: (page) => panel(page).getByRole('button', { name: 'Confirm delivery' }),
  });
  await panel(buyer.page).getByRole('button', { name: 'Confirm delivery' }).click();
  await panel(buyer.page).getByRole('button', { name: 'Yes, the car is as described' }).click();
  await expect(panel(buyer.page).getByText('Delivery is confirmed.')).toBeVisible();
  await expect(secondHalf(buyer.page)).not.toContainText('To come');
}
