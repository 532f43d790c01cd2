/** The dealer's sale form as a dealer fills it in Chromium (dealer-financing.spec.ts and the dealer journey). */
import type { Page } from '@playwright/test';
import { uniqueEmail } from './identity-helpers';
import { photo } from './transaction-helpers';

/** The sale form opened and filled up to its credit application. */
export async function fillSale(page: Page, customer: string, email: string) {
  await page.getByRole('link', { name: 'Submit a sale' }).click();
  await page.getByRole('textbox', { name: 'VIN' }).fill('1G4AH59H45G118341');
  await page.getByRole('textbox', { name: 'Mileage' }).fill('84000');
  await page.getByRole('textbox', { name: 'Sale price' }).fill('18500');
  await page.getByRole('textbox', { name: 'Customer’s name' }).fill(customer);
  await page.getByRole('textbox', { name: 'Customer’s e-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Customer’s mobile' }).fill('4155550134');
}

/** The sale form filled with a typed credit application; `ssn` decides the sandbox lender's answer (docs/sandboxes.md). */
export async function submitFinancedSale(page: Page, customer: string, ssn: string, email = uniqueEmail('customer')) {
  await fillSale(page, customer, email);
  await page.getByRole('textbox', { name: 'Annual income' }).fill('72000');
  await page.getByLabel('Housing', { exact: true }).selectOption('rent');
  await page.getByRole('textbox', { name: 'Monthly housing payment' }).fill('1500');
  await page.getByRole('textbox', { name: 'Employer', exact: true }).fill('Acme Corp');
  await page.getByRole('textbox', { name: 'Years at this employer' }).fill('4');
  await page.getByRole('textbox', { name: 'Social Security number' }).fill(ssn);
  await page.getByLabel('The customer agrees to a credit check').check();
}

/** The lender's stipulations and the car's photos, each chosen on the sale's documents page. */
export async function uploadLenderDocuments(page: Page) {
  for (const label of [
    'Proof of income',
    'Proof of residence',
    'Proof of insurance',
    'Front of the title',
    'VIN plate photo',
    'Odometer photo',
  ])
    await page.getByLabel(`${label}: choose files`).setInputFiles(photo(`${label.toLowerCase().replaceAll(' ', '-')}.jpg`));
}
