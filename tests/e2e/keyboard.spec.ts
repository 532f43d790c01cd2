import { expect, test } from './fixtures';

test('modal: opens from the keyboard, traps Tab, closes with Escape and returns focus', async ({ page }) => {
  await page.goto('/component-library/modals');
  const opener = page.getByRole('button', { name: 'Decline offer' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Decline this offer?' });
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.classList.contains('is-clipped'))).toBe(true);
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // The dialog's close event, which unlocks scrolling, is dispatched in a task after it hides.
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('is-clipped'))).toBe(false);
});

test('a modal closed with Escape opens again at once, even before the browser has dispatched its close event', async ({ page }) => {
  await page.goto('/component-library/modals');
  const opener = page.getByRole('button', { name: 'Decline offer' });
  const dialog = page.getByRole('dialog', { name: 'Decline this offer?' });
  await opener.click();
  await expect(dialog).toBeVisible();
  // The browser dispatches a dialog's close event in a task after it hides, and a press can come first: hold the
  // event back until the opener has been pressed again, as a busy page does.
  await page.evaluate(() => {
    const held: EventTarget[] = [];
    const hold = (event: Event) => {
      if (!event.isTrusted) return;
      event.stopImmediatePropagation();
      held.push(event.target!);
    };
    window.addEventListener('close', hold, true);
    Object.assign(window, {
      releaseClose: () => {
        window.removeEventListener('close', hold, true);
        for (const target of held) target.dispatchEvent(new Event('close'));
      },
    });
  });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.evaluate(() => (window as unknown as { releaseClose: () => void }).releaseClose());
  await expect(dialog).toBeVisible();
  await page.getByRole('button', { name: 'Keep offer' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('dropdown: arrows, Home, End, a letter and Enter choose; Escape returns to the button', async ({ page }) => {
  await page.goto('/component-library/dropdown');
  const button = page.getByRole('button', { name: 'Offer actions' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Accept' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Counter' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Share link' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.getByRole('menuitem', { name: 'Accept' })).toBeFocused();
  await page.keyboard.press('d');
  await expect(page.getByRole('menuitem', { name: 'Decline' })).toBeFocused();
  await page.keyboard.press('ArrowDown'); // skips the disabled "Withdraw"
  await expect(page.getByRole('menuitem', { name: 'Share link' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Chosen: Share link')).toBeVisible();
  await expect(page.getByRole('menu')).toBeHidden();
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(button).toBeFocused();
});

test('accordion: Enter toggles, arrows move between titles', async ({ page }) => {
  await page.goto('/component-library/accordion');
  const first = page.getByRole('button', { name: 'When do I get paid?' });
  await first.focus();
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'When do I get paid?' })).toContainText('one business day');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: 'Who pays for transport?' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('button', { name: 'What if I still owe money on the car?' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(first).toBeFocused();
  await page.keyboard.press(' ');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
});

test('tooltip: appears on keyboard focus, hides on Escape', async ({ page }) => {
  await page.goto('/component-library/tooltip');
  await page.getByRole('button', { name: 'Copy link' }).focus();
  await expect(page.getByRole('tooltip')).toHaveText('Copy the share link');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();
});

test('OTP: digits move forward, Backspace moves back, a pasted code fills every box', async ({ page }) => {
  await page.goto('/component-library/otp');
  const box = (n: number) => page.getByRole('textbox', { name: `Digit ${n} of 6` });
  await box(1).focus();
  await page.keyboard.type('12a');
  await expect(box(1)).toHaveValue('1');
  await expect(box(2)).toHaveValue('2');
  await expect(box(3)).toBeFocused();
  await expect(box(3)).toHaveValue('');
  await page.keyboard.press('Backspace');
  await expect(box(2)).toBeFocused();
  await expect(box(2)).toHaveValue('');
  await box(4).focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text', '987 654');
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  for (const [n, digit] of ['9', '8', '7', '6', '5', '4'].entries()) await expect(box(n + 1)).toHaveValue(digit);
  await expect(page.getByText('Entered: 987654')).toBeVisible();
  expect(await box(1).getAttribute('autocomplete')).toBe('one-time-code');
});

test('masked input: formats while typing, deletes across a literal and takes a paste', async ({ page }) => {
  await page.goto('/component-library/form-inputs');
  const plate = page.getByRole('textbox', { name: 'License plate' });
  await plate.focus();
  await page.keyboard.type('ab1c234567');
  await expect(plate).toHaveValue('abc-2345');
  const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
  await phone.focus();
  await page.keyboard.type('5551234567');
  await expect(phone).toHaveValue('(555) 123-4567');
  await phone.evaluate((input: HTMLInputElement) => input.setSelectionRange(6, 6)); // right after ") "
  await page.keyboard.press('Backspace'); // the literal stays; the digit before it goes
  await expect(phone).toHaveValue('(551) 234-567');
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  await phone.evaluate((input: HTMLInputElement) => input.setSelectionRange(7, 7)); // after "(551) 2"
  await page.keyboard.press('Backspace'); // deleting inside shifts the rest left
  await expect(phone).toHaveValue('(551) 345-67');
  await phone.fill('');
  await page.keyboard.insertText('+1 (800) 555-0199');
  await expect(phone).toHaveValue('(180) 055-5019');
  await plate.fill('');
  await plate.focus();
  await page.keyboard.insertText('XYZ-9876');
  await expect(plate).toHaveValue('XYZ-9876');
});

test('a validated form shows errors on submit, focuses the first invalid field and submits once', async ({ page }) => {
  await page.goto('/component-library/form-inputs');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.focus();
  await page.keyboard.press('Tab'); // leaving a field shows its error
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(name).toBeFocused();
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-describedby', /error/);
  await name.fill('Ada Lovelace');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('5551234567');
  await page.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
  const send = page.getByRole('button', { name: 'Send' });
  // Three clicks in one task, as a double-click or an impatient tap can land before any re-render.
  await send.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
    button.click();
  });
  await expect(page.getByText('Sent 1 time.')).toBeVisible();
  // Every sending the clicks started has finished once the button is no longer busy: still one.
  await expect(send).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('status').filter({ hasText: /^Sent / })).toHaveText('Sent 1 time.');
});
