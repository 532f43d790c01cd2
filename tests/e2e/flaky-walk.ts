/**
 * The private cash sale of journey-private-cash.spec.ts, walked by clicking only, with the named
 * points of flaky-schedule.ts between its moves: at each, `flaky.at` does what the seed says (or
 * nothing) around what the person does next. Every wait is for what the person would see. Here: what
 * both sides' walks share, and the offer, the question and its answers, the deal; each side's steps
 * after it are in flaky-walk-seller.ts and flaky-walk-buyer.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { FlakyConnection, Party } from './flaky-connection';
import type { Disruption } from './flaky-schedule';
import type { Journey } from './journey-helpers';
import { photo } from './transaction-helpers';

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

export const heading = (page: Page, name: string) => page.getByRole('heading', { name });
export const pending = (page: Page) => page.getByText(/\d actions? pending/);
export const textbox = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name });

/** Whether the page was loaded again after the person acted at a point: what it showed of the act is gone with it. */
export const reloadedAfter = (struck: Disruption | undefined) =>
  struck === 'act offline, reload' || struck === 'act offline, reopen' || struck === 'drop after act';

/**
 * Waits for the screen the other side's (or a provider's) move leads to. An open page follows by itself; a page opened
 * again while waiting, once the move has landed, opened on a step now done and leaves the person there (they may have
 * come to read it), saying whose turn it is: they follow `callout`, the way it offers.
 */
export async function followsOn(page: Page, struck: Disruption | undefined, next: Locator, callout: string) {
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
export async function press(page: Page, button: string | RegExp, next: Locator) {
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
  const unsent = (page: Page) => page.getByText(/^Accepting the offer: not sent yet/);
  const toDeal = (page: Page) => page.getByRole('link', { name: /^Go to your deal/ });
  const made = (page: Page) => heading(page, 'You made a deal');
  const struck = await flaky.at(buyer, 'when the buyer presses Accept', {
    screen: accept,
    act: async (page) => {
      await accept(page).click();
      // The line while it goes, the deal's link once the server has it (both for a moment), or, online, the deal itself:
      // the page the press was made on goes on to it by itself, sometimes before either was seen.
      await expect(unsent(page).or(toDeal(page)).or(made(page)).first()).toBeVisible();
    },
    kept: (page) => expect(unsent(page)).toBeVisible(),
  });
  // A page loaded since the press (the press is not its own) offers the way to the deal; dropped just after the press,
  // the page may have gone on to the deal before it was loaded again, and shows the deal.
  if (reloadedAfter(struck)) {
    await expect(toDeal(buyer.page).or(made(buyer.page)).first()).toBeVisible();
    if (await toDeal(buyer.page).isVisible()) await toDeal(buyer.page).click();
  }
  await expect(made(buyer.page)).toBeVisible();
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

export async function addressKept(page: Page, address: { line1: string; city: string; state: string; postalCode: string }) {
  await expect(textbox(page, 'Street address')).toHaveValue(address.line1);
  await expect(textbox(page, 'City')).toHaveValue(address.city);
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue(address.state);
  await expect(textbox(page, 'ZIP code')).toHaveValue(address.postalCode);
}

/** Files chosen for their fields at `point` (offline, the uploads wait for the connection), then each uploaded. */
export async function uploads(
  party: Party,
  flaky: FlakyConnection,
  point: Parameters<FlakyConnection['at']>[1],
  files: Record<string, string>,
) {
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
